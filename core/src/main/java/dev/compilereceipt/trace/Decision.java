package dev.compilereceipt.trace;

import java.util.Optional;
import java.util.OptionalLong;
import org.apiguardian.api.API;

/**
 * The decision a comparison ends in, as the trace records it (its optional top-level
 * {@code decision}): the intervention chosen, the rollback trigger, the warmup policy, who owns
 * the trade and how many calls a worker serves in its life. The receipt carries it unchanged; with
 * {@link #workerLifetimeCalls()} the {@link dev.compilereceipt.receipt.Trade} also weighs the cold cost against the steady
 * saving over one worker's life.
 *
 * <p>Example: {@code new Decision("pass the int as a tensor", Optional.of("steady p90 over 1 ms"),
 * Optional.empty(), Optional.of("decoder team"), OptionalLong.of(50_000))}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record Decision(
        String intervention,
        Optional<String> rollbackTrigger,
        Optional<String> warmupPolicy,
        Optional<String> owner,
        OptionalLong workerLifetimeCalls) {

    /** The most calls a worker's lifetime may state: beyond 10^15 a count no longer fits a JSON number exactly. */
    public static final long MAX_WORKER_LIFETIME_CALLS = 1_000_000_000_000_000L;

    public Decision {
        if (intervention.isEmpty()) {
            throw new IllegalArgumentException("a decision names its intervention");
        }
        workerLifetimeCalls.ifPresent(calls -> {
            if (calls < 1 || calls > MAX_WORKER_LIFETIME_CALLS) {
                throw new IllegalArgumentException("worker_lifetime_calls must be 1.." + MAX_WORKER_LIFETIME_CALLS + ", found " + calls);
            }
        });
    }
}
