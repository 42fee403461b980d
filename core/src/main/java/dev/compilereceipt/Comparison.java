package dev.compilereceipt;

import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Baseline against candidate in one phase: the two medians and their ratio (candidate /
 * baseline, from the rounded medians, to 6 significant digits), or the failure that stopped the
 * comparison: {@link FailureCode.Kind#UNEQUAL_PHASE_SAMPLES} when the runs have different call counts.
 *
 * <p>Example: {@code receipt.comparison(Phase.STEADY).filter(Comparison::compared).map(c -> c.ratio().getAsDouble())}.
 */
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
