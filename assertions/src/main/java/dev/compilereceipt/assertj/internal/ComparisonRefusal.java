package dev.compilereceipt.assertj.internal;

import static dev.compilereceipt.assertj.internal.FigureText.count;

import dev.compilereceipt.receipt.Comparison;
import dev.compilereceipt.receipt.FailureCode;
import org.apiguardian.api.API;

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
        return "the baseline has " + count(comparison.baselineCalls(), "call") + " in " + comparison.phase()
                + " and the candidate " + count(comparison.candidateCalls(), "call") + " ("
                + comparison.failure().map(FailureCode::code).orElse("") + "):" + FigureText.NL
                + "medians of unequal samples are not compared; give both runs the same number of "
                + comparison.phase() + " calls";
    }
}
