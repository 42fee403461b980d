package dev.compilereceipt.assertj;

import static dev.compilereceipt.trace.Phase.CHANGED;
import static dev.compilereceipt.trace.Phase.STEADY;
import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static dev.compilereceipt.assertj.Messages.lines;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.compilereceipt.receipt.Receipt;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** Baseline against candidate: medians, breaks per call, and the refusal of unequal samples. */
class ComparisonChecksTest {

    private final Receipt printBridge = Fixtures.printBridge();
    private final Receipt intSpec = Fixtures.intSpec();
    private final Receipt unequal = Fixtures.printBridgeWithoutC11();

    @Test
    void candidateMedianPassesWithinTheFactor() {
        // print-bridge steady medians: baseline (0.088 + 0.0941) / 2 = 0.09105 -> 0.091,
        // candidate (0.0616 + 0.0669) / 2 = 0.06425 -> 0.0643; 0.0643 <= 1 x 0.091
        assertThat(printBridge).candidateMedianIsAtMost(STEADY, 1.0);
        // int-spec steady: 0.0722 <= 0.0001 x 1033.4795 = 0.1033
        assertThat(intSpec).candidateMedianIsAtMost(STEADY, 0.0001);
    }

    @Test
    void candidateMedianFailsOverTheFactorWithADiff() {
        // int-spec changed: baseline (0.0636 + 0.0418) / 2 = 0.0527, candidate (0.1546 + 0.0599) / 2 = 0.10725 -> 0.1072
        assertThatThrownBy(() -> assertThat(intSpec).candidateMedianIsAtMost(CHANGED, 1.0))
                .isInstanceOfSatisfying(AssertionFailedError.class, error -> {
                    org.assertj.core.api.Assertions.assertThat(error.getActual().getValue())
                            .isEqualTo("candidate changed median: 0.1072 ms");
                    org.assertj.core.api.Assertions.assertThat(error.getExpected().getValue())
                            .isEqualTo("candidate changed median: at most 0.0527 ms");
                })
                .hasMessage(lines("""

                        Expecting
                          int-spec receipt (runs baseline, candidate)
                        to have a candidate median of at most 1 x the baseline median in changed
                          1 x 0.0527 ms = 0.0527 ms
                        but it was 0.1072 ms (ratio 2.0342)"""));
    }

    @Test
    void candidateMedianRefusesUnequalSamples() {
        assertThatThrownBy(() -> assertThat(unequal).candidateMedianIsAtMost(STEADY, 1.0))
                .hasMessage(lines("""

                        Expecting
                          print-bridge receipt (runs baseline, candidate)
                        to have a candidate median of at most 1 x the baseline median in steady
                        but the baseline has 8 calls in steady and the candidate 7 calls (UNEQUAL_PHASE_SAMPLES:steady):
                        medians of unequal samples are not compared; give both runs the same number of steady calls"""));
    }

    @Test
    void fewerBreaksPerCallPassesWhenTheCandidateDropsTheBreak() {
        // steady breaks: baseline 8 in 8 calls (1 per call), candidate 0 in 8
        assertThat(printBridge).candidateHasFewerBreaksPerCallIn(STEADY);
    }

    @Test
    void fewerBreaksPerCallFailsWhenNeitherRunBreaks() {
        assertThatThrownBy(() -> assertThat(intSpec).candidateHasFewerBreaksPerCallIn(STEADY))
                .hasMessage(lines("""

                        Expecting
                          int-spec receipt (runs baseline, candidate)
                        to have fewer breaks per call in the candidate than in the baseline in steady
                        but the baseline crossed 0 breaks in 10 calls (0 per call), the candidate 0 breaks in 10 calls (0 per call)"""));
    }

    @Test
    void fewerBreaksPerCallRefusesUnequalSamples() {
        assertThatThrownBy(() -> assertThat(unequal).candidateHasFewerBreaksPerCallIn(STEADY))
                .hasMessage(lines("""

                        Expecting
                          print-bridge receipt (runs baseline, candidate)
                        to have fewer breaks per call in the candidate than in the baseline in steady
                        but the baseline has 8 calls in steady and the candidate 7 calls (UNEQUAL_PHASE_SAMPLES:steady):
                        medians of unequal samples are not compared; give both runs the same number of steady calls"""));
    }

    @Test
    void comparisonIsComparedAndWithinRatio() {
        // print-bridge steady ratio 0.0643 / 0.091 = 0.7066
        assertThat(printBridge).comparison(STEADY).isCompared().hasRatioAtMost(0.7066);
    }

    @Test
    void comparisonRatioFailsOverTheLimit() {
        assertThatThrownBy(() -> assertThat(intSpec).comparison(CHANGED).hasRatioAtMost(1))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessage(lines("""

                        Expecting
                          comparison of changed of the int-spec receipt
                        to have a median ratio (candidate / baseline) of at most 1
                        but it was 2.0342 (0.1072 ms / 0.0527 ms)"""));
    }

    @Test
    void comparisonRefusesUnequalSamples() {
        assertThatThrownBy(() -> assertThat(unequal).comparison(STEADY).isCompared())
                .hasMessage(lines("""

                        Expecting
                          comparison of steady of the print-bridge receipt
                        to be compared
                        but the baseline has 8 calls in steady and the candidate 7 calls (UNEQUAL_PHASE_SAMPLES:steady):
                        medians of unequal samples are not compared; give both runs the same number of steady calls"""));
    }

    @Test
    void comparisonOfASingleRunFails() {
        Receipt baselineOnly = Receipt.of(Fixtures.printBridgeTrace().withRuns(
                java.util.List.of(Fixtures.printBridgeTrace().run("baseline").orElseThrow())));
        assertThatThrownBy(() -> assertThat(baselineOnly).comparison(STEADY))
                .hasMessage(lines("""

                        Expecting
                          print-bridge receipt (runs baseline)
                        to have a comparison of steady
                        but it has only run baseline: there is nothing to compare"""));
    }
}
