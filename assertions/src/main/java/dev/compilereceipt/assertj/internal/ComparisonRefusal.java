package dev.compilereceipt.assertj.internal;

import static dev.compilereceipt.assertj.internal.FigureText.count;

import dev.compilereceipt.receipt.Comparison;
import org.apiguardian.api.API;
import org.assertj.core.presentation.Representation;

/**
 * Why a phase of two runs with unequal call counts is not compared: what the comparison checks
 * and the trade's absence say.
 *
 * <p>Example: {@code ComparisonRefusal.of(receipt.comparison(Phase.STEADY).orElseThrow())}
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class ComparisonRefusal {

    private ComparisonRefusal() {
    }

    public static String of(Comparison comparison) {
        return of(comparison, FigureText.STANDARD);
    }

    /** The refusal with its phase and failure code written by {@code representation}. */
    public static String of(Comparison comparison, Representation representation) {
        String phase = representation.toStringOf(comparison.phase());
        return "the baseline has " + count(comparison.baselineCalls(), "call") + " in " + phase
                + " and the candidate " + count(comparison.candidateCalls(), "call") + " ("
                + comparison.failure().map(representation::toStringOf).orElse("") + "):" + FigureText.NL
                + "medians of unequal samples are not compared; give both runs the same number of " + phase + " calls";
    }
}
