package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.error.ShouldBeComparable.shouldBeComparable;
import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldBeMeasured;
import static dev.compilereceipt.assertj.error.ShouldHaveFigure.shouldHaveFigure;
import static dev.compilereceipt.assertj.internal.FigureFailures.diffFailure;
import static dev.compilereceipt.assertj.internal.FigureFailures.navigated;
import static dev.compilereceipt.assertj.internal.FigureFailures.notMeasured;
import static dev.compilereceipt.assertj.internal.FigureText.ms;

import dev.compilereceipt.receipt.Comparison;
import dev.compilereceipt.trace.Measure;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractObjectAssert;

/**
 * Assertions on the baseline/candidate comparison of one phase. A phase whose runs have unequal
 * call counts is not compared ({@code UNEQUAL_PHASE_SAMPLES}); every check refuses it.
 *
 * <p>Example: {@code assertThat(receipt).comparison(STEADY).isCompared().hasRatioAtMost(1.0);}
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public class ComparisonAssert extends AbstractObjectAssert<ComparisonAssert, Comparison> {

    /** Where this assert was navigated from, for its failure messages; empty when asserted directly. */
    String navigatedFrom = "";

    public ComparisonAssert(Comparison actual) {
        super(actual, ComparisonAssert.class);
    }

    /** Checks that the phase was compared: baseline and candidate have the same number of calls in it. */
    public ComparisonAssert isCompared() {
        compared("be compared");
        return myself;
    }

    /** Checks that candidate median / baseline median is at most {@code max}. */
    public ComparisonAssert hasRatioAtMost(double max) {
        String check = "have a median ratio (candidate / baseline) of at most " + ms(max);
        compared(check);
        if (actual.baselineMedianMs().isEmpty() || actual.candidateMedianMs().isEmpty()) {
            throw notMeasured(info, shouldBeMeasured(subject(), check, Measure.WALL_MS), Measure.WALL_MS);
        }
        if (actual.ratio().isEmpty()) {
            throw diffFailure(info, shouldHaveFigure(subject(), "a median ratio (candidate / baseline) of at most " + ms(max),
                    "the baseline median is 0 ms, so there is no ratio"), "ratio: none (baseline median 0 ms)", "ratio: at most " + ms(max));
        }
        double ratio = actual.ratio().getAsDouble();
        if (ratio > max) {
            throw diffFailure(info, shouldHaveFigure(subject(), "a median ratio (candidate / baseline) of at most " + ms(max),
                            "it was " + ms(ratio) + " (" + ms(actual.candidateMedianMs().getAsDouble()) + " ms / "
                                    + ms(actual.baselineMedianMs().getAsDouble()) + " ms)"),
                    "ratio: " + ms(ratio), "ratio: at most " + ms(max));
        }
        return myself;
    }

    private void compared(String check) {
        isNotNull();
        if (actual.failure().isPresent()) {
            throw diffFailure(info, shouldBeComparable(subject(), check, actual),
                    actual.phase() + ": not compared (" + actual.failure().get() + ")", actual.phase() + ": compared");
        }
    }

    /** Why a comparison was refused, in the words of the contract. */
    private String subject() {
        return navigated("comparison of " + actual.phase(), navigatedFrom);
    }
}
