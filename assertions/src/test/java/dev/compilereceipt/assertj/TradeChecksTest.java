package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static dev.compilereceipt.assertj.Messages.lines;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.TraceRequest;
import dev.compilereceipt.Traces;
import dev.compilereceipt.trace.Trace;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * The trade checks on fixtures/decision (warmup 545 -> 1057 ms, steady medians 0.3708 -> 0.3438 ms:
 * 512 ms more cold, 0.027 ms saved per call, ⌈512 / 0.027⌉ = ⌈18962.96⌉ = 18963 calls; a worker of
 * 50,000 calls costs 545 + 50000 × 0.3708 = 19085 ms on the baseline, 1057 + 50000 × 0.3438 =
 * 18247 ms on the candidate), on print-bridge (cheaper cold and faster steady: 0 calls, no decision)
 * and on the 2.6 fallback capture (slower steady: never).
 */
class TradeChecksTest {

    private final Receipt decision = Receipt.of(Traces.read(Fixtures.dir().resolve("decision/trace.json")));
    private final Receipt printBridge = Fixtures.printBridge();
    private final Receipt slowerSteady = Receipt.of(Traces.read(Fixtures.dir().resolve("torch-logs/2.6-fallback/torch_trace.log")));

    @Test
    void paysBackWithinTheBreakEvenPoint() {
        assertThat(decision).trade().paysBackWithin(18_963).isCheaperOverWorkerLifetime();
        assertThat(printBridge).trade().paysBackWithin(0);
    }

    @Test
    void paysBackWithinFailsBeforeTheBreakEvenPointWithTheArithmetic() {
        assertThatThrownBy(() -> assertThat(decision).trade().paysBackWithin(1_000))
                .isInstanceOfSatisfying(AssertionFailedError.class, error -> {
                    org.assertj.core.api.Assertions.assertThat(error.getActual().getValue()).isEqualTo("break_even_calls: 18963");
                    org.assertj.core.api.Assertions.assertThat(error.getExpected().getValue()).isEqualTo("break_even_calls: at most 1000");
                })
                .hasMessage(lines("""

                        Expecting
                          trade of the comparison of the autotune-trade receipt
                        to pay back its extra cold cost within 1,000 steady calls
                        but it pays back after 18,963 calls:
                          extra_cold_ms    = candidate cold_ms - baseline cold_ms = 1057 - 545 = 512 ms
                          steady_saving_ms = baseline steady median - candidate steady median = 0.3708 - 0.3438 = 0.027 ms
                          break_even_calls = ceil(extra_cold_ms / steady_saving_ms) = ceil(512 / 0.027) = 18963"""));
        // one call short of the break-even point fails too
        assertThatThrownBy(() -> assertThat(decision).trade().paysBackWithin(18_962)).isInstanceOf(AssertionFailedError.class);
    }

    @Test
    void aCandidateSlowerSteadyNeverPaysBack() {
        // 2.6-fallback: warmup 79.9231 -> 1237.2417 ms, steady medians 0.1599 -> 0.2092 ms
        assertThatThrownBy(() -> assertThat(slowerSteady).trade().paysBackWithin(Long.MAX_VALUE))
                .isInstanceOfSatisfying(AssertionFailedError.class, error -> org.assertj.core.api.Assertions
                        .assertThat(error.getActual().getValue()).isEqualTo("break_even_calls: null (worse-steady)"))
                .hasMessage(lines("""

                        Expecting
                          trade of the comparison of the 2.6-fallback receipt
                        to pay back its extra cold cost within 9,223,372,036,854,775,807 steady calls
                        but it never pays back (worse steady: the candidate's steady median is higher):
                          extra_cold_ms    = candidate cold_ms - baseline cold_ms = 1237.2417 - 79.9231 = 1157.3186 ms
                          steady_saving_ms = baseline steady median - candidate steady median = 0.1599 - 0.2092 = -0.0493 ms
                          break_even_calls = null: steady_saving_ms < 0"""));
    }

    @Test
    void isCheaperOverWorkerLifetimeNeedsALifetime() {
        assertThatThrownBy(() -> assertThat(printBridge).trade().isCheaperOverWorkerLifetime())
                .isInstanceOfSatisfying(AssertionFailedError.class, error -> org.assertj.core.api.Assertions
                        .assertThat(error.getActual().getValue()).isEqualTo("worker_lifetime_calls: none"))
                .hasMessage(lines("""

                        Expecting
                          trade of the comparison of the print-bridge receipt
                        to weigh a worker's lifetime
                        but the trace's decision records no worker_lifetime_calls (add "decision": {"intervention": ..., \
                        "worker_lifetime_calls": N} to the trace, or capture(..., decision={...}))"""));
    }

    @Test
    void isCheaperOverWorkerLifetimeFailsWhenTheBaselineCostsAWorkerLess() {
        // The decision fixture's runs swapped: the baseline is now the run of 1057 ms cold and 0.3438 ms steady.
        Receipt swapped = Receipt.of(Trace.combine(Traces.read(TraceRequest.of(Fixtures.dir().resolve("decision/candidate-only.json")).withLimits(dev.compilereceipt.trace.Limits.DEFAULT).asSide()), Traces.read(TraceRequest.of(Fixtures.dir().resolve("decision/baseline-only.json")).withLimits(dev.compilereceipt.trace.Limits.DEFAULT).asSide())));

        assertThatThrownBy(() -> assertThat(swapped).trade().isCheaperOverWorkerLifetime())
                .isInstanceOfSatisfying(AssertionFailedError.class, error -> {
                    org.assertj.core.api.Assertions.assertThat(error.getActual().getValue()).isEqualTo("cheaper_over_worker_lifetime: baseline");
                    org.assertj.core.api.Assertions.assertThat(error.getExpected().getValue()).isEqualTo("cheaper_over_worker_lifetime: candidate");
                })
                .hasMessage(lines("""

                        Expecting
                          trade of the comparison of the autotune-trade receipt
                        to cost less on the candidate over a worker's lifetime of 50,000 calls (cold_ms + lifetime x steady median)
                        but the baseline is cheaper:
                          candidate: 545 + 50000 x 0.3708 = 19085 ms
                          baseline:  1057 + 50000 x 0.3438 = 18247 ms"""));
    }

    @Test
    void softlyTheTradeChecksCollectTheirFailures() {
        SoftCompileAssertions softly = new SoftCompileAssertions();
        softly.assertThat(decision).trade().paysBackWithin(1_000).isCheaperOverWorkerLifetime();
        softly.assertThat(printBridge).trade().isCheaperOverWorkerLifetime();

        org.assertj.core.api.Assertions.assertThat(softly.errorsCollected()).extracting(error -> error.getMessage().lines()
                .filter(line -> line.startsWith("to ")).findFirst().orElseThrow())
                .containsExactly("to pay back its extra cold cost within 1,000 steady calls", "to weigh a worker's lifetime");
    }

    @Test
    void aNegativeNumberOfCallsIsAMistakeInTheTest() {
        assertThatThrownBy(() -> assertThat(decision).trade().paysBackWithin(-1))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a number of calls is at least 0, found -1");
    }

    @Test
    void aReceiptWithoutATradeSaysWhy() {
        Receipt baselineOnly = Receipt.of(Fixtures.printBridgeTrace().withRuns(List.of(Fixtures.printBridgeTrace().run("baseline").orElseThrow())));

        assertThatThrownBy(() -> assertThat(baselineOnly).trade())
                .isInstanceOf(AssertionFailedError.class)
                .hasMessage(lines("""

                        Expecting
                          print-bridge receipt (runs baseline)
                        to have a trade (cold cost against steady saving)
                        but it has only run baseline: there is nothing to compare;
                        what would measure it: a trace of both runs (the capture helper's baseline and candidate in one trace.json), \
                        or two single-run traces read as one comparison (@TraceFixture(baseline = ..., candidate = ...), Trace.combine)"""));
        assertThatThrownBy(() -> assertThat(Fixtures.printBridgeWithoutC11()).trade())
                .hasMessage(lines("""

                        Expecting
                          print-bridge receipt (runs baseline, candidate)
                        to have a trade (cold cost against steady saving)
                        but the steady phase was not compared: the baseline has 8 calls in steady and the candidate 7 calls \
                        (UNEQUAL_PHASE_SAMPLES:steady):
                        medians of unequal samples are not compared; give both runs the same number of steady calls"""));
    }
}
