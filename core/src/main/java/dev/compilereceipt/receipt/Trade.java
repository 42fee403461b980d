package dev.compilereceipt.receipt;

import dev.compilereceipt.trace.Millis;
import dev.compilereceipt.trace.Run;
import java.util.Optional;
import java.util.OptionalLong;
import org.apiguardian.api.API;

/**
 * What the candidate costs cold against what it saves steady, in a receipt of two runs:
 * {@code cold_ms} of each run (the total wall ms of its warmup phase), {@code extra_cold_ms}
 * (candidate − baseline), {@code steady_saving_ms} (baseline steady median − candidate steady
 * median) and {@code break_even_calls}, the steady calls after which the saving has paid for the
 * extra cold cost: 0 when the candidate is no dearer cold and no slower steady, ⌈extra_cold_ms /
 * steady_saving_ms⌉ when it is dearer cold and faster steady, and otherwise empty with the
 * {@link BreakEvenReason}. Every figure is exact arithmetic on the 4-decimal values the receipt
 * writes ({@link Millis#exact(double)}), so a recomputation from the receipt's own numbers agrees
 * to the call. The steady medians it was taken from are those of the steady comparison. With the decision's {@code worker_lifetime_calls}, {@link #workerLifetime()} is
 * the cost of one worker of each run.
 *
 * <p>Example: {@code receipt.trade().map(Trade::breakEvenCalls)} is {@code Optional[OptionalLong[18963]]} for
 * fixtures/decision.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record Trade(
        double baselineColdMs,
        double candidateColdMs,
        double baselineSteadyMedianMs,
        double candidateSteadyMedianMs,
        double extraColdMs,
        double steadySavingMs,
        OptionalLong breakEvenCalls,
        Optional<BreakEvenReason> breakEvenReason,
        Optional<WorkerLifetime> workerLifetime,
        Optional<WarmCaches> warmCaches) {

    /** A trade whose runs carry no warm start. */
    public Trade(double baselineColdMs, double candidateColdMs, double baselineSteadyMedianMs, double candidateSteadyMedianMs,
                 double extraColdMs, double steadySavingMs, OptionalLong breakEvenCalls, Optional<BreakEvenReason> breakEvenReason,
                 Optional<WorkerLifetime> workerLifetime) {
        this(baselineColdMs, candidateColdMs, baselineSteadyMedianMs, candidateSteadyMedianMs, extraColdMs, steadySavingMs,
                breakEvenCalls, breakEvenReason, workerLifetime, Optional.empty());
    }

    /**
     * The same trade for a worker that starts with warm caches: each run's
     * {@code cold_start.warm_caches_ms} in place of its cold cost, the same steady saving, and the
     * break-even by the same rule ({@code comparison.warm_caches} in the receipt).
     *
     * <p>Example: a candidate that costs 512 ms more cold may cost 3 ms more warm, and pay back after
     * 112 calls instead of 18,963.
     */
    public record WarmCaches(double baselineColdMs, double candidateColdMs, double extraColdMs, OptionalLong breakEvenCalls,
                             Optional<BreakEvenReason> breakEvenReason) {

        /** Whether a worker that starts warm has paid back its extra cost after at most {@code calls} steady calls. */
        public boolean paysBackWithin(long calls) {
            return breakEvenCalls.isPresent() && breakEvenCalls.getAsLong() <= calls;
        }
    }

    /** Whether the candidate has paid back its extra cold cost after at most {@code calls} steady calls. */
    public boolean paysBackWithin(long calls) {
        return breakEvenCalls.isPresent() && breakEvenCalls.getAsLong() <= calls;
    }

    /** Why a trade has no break-even point. */
    public enum BreakEvenReason {
        /** The candidate's steady median is above the baseline's: it never pays back, whatever its cold cost. */
        WORSE_STEADY("worse-steady", "worse steady: the candidate's steady median is higher"),
        /** The candidate costs more cold and its steady median is the baseline's: nothing ever pays the cold cost back. */
        WORSE_COLD_NO_STEADY_SAVING("worse-cold-no-steady-saving",
                "worse cold with no steady saving: the steady medians are equal");

        private final String id;
        private final String text;

        BreakEvenReason(String id, String text) {
            this.id = id;
            this.text = text;
        }

        /** The name in the receipt's {@code break_even_reason}, such as {@code worse-steady}. */
        public String id() {
            return id;
        }

        /** The reason in words, for messages and the report. */
        public String text() {
            return text;
        }
    }

    /**
     * The cost, in ms, of one worker of each run over {@code calls} steady calls: its cold cost plus
     * {@code calls} × its steady median; and which run is cheaper ({@code candidate}, {@code baseline}
     * or {@code neither} when they are equal), decided on the exact sums, as the receipt's
     * {@code cheaper_over_worker_lifetime} has it.
     */
    public record WorkerLifetime(long calls, double baselineCostMs, double candidateCostMs, String cheaper) {

        public static final String NEITHER = "neither";

        public boolean candidateIsCheaper() {
            return cheaper.equals(Run.CANDIDATE);
        }
    }
}
