package dev.compilereceipt.receipt;

import dev.compilereceipt.trace.Phase;
import java.util.Optional;
import java.util.OptionalDouble;
import org.apiguardian.api.API;

/**
 * Baseline against candidate in one phase: the two medians and their ratio (candidate /
 * baseline, from the rounded medians, to 6 significant digits), or the failure that stopped the
 * comparison: {@link FailureCode.Kind#UNEQUAL_PHASE_SAMPLES} when the runs have different call counts.
 *
 * <p>Example: {@code receipt.comparison(Phase.STEADY).filter(Comparison::compared).map(c -> c.ratio().getAsDouble())}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record Comparison(
        Phase phase,
        int baselineCalls,
        int candidateCalls,
        OptionalDouble baselineMedianMs,
        OptionalDouble candidateMedianMs,
        OptionalDouble ratio,
        Optional<FailureCode> failure) {

    public boolean compared() {
        return failure.isEmpty();
    }
}
