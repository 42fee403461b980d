package dev.compilereceipt.assertj;

import static dev.compilereceipt.trace.Phase.STEADY;
import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static dev.compilereceipt.assertj.Messages.lines;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.compilereceipt.TraceRequest;
import dev.compilereceipt.Traces;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.Stage;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** A figure the source did not measure fails the check with what would measure it; it never passes on a null. */
class NotMeasuredTest {

    private final Receipt withoutCalls = Fixtures.printBridgeWithoutCalls();
    private final Receipt markedLog = Fixtures.printBridgeMarkedLog();

    @Test
    void aLogWithoutMarkersCannotSayWhichPhaseCompiled() {
        assertThatThrownBy(() -> assertThat(withoutCalls).hasNoNewGraphVariantsIn(STEADY))
                .hasMessage(lines("""

                        Expecting
                          print-bridge receipt (runs baseline, candidate)
                        to have no new graph variants in steady
                        but calls and their phases were not measured by this source (not_measured: calls);
                        what would measure it: per-call markers (compile_receipt_call) in the TORCH_TRACE log, or a compile-trace/1 capture"""));
    }

    @Test
    void aLogWithoutMarkersOrCompileLogCannotSayWhereItBroke() {
        assertThatThrownBy(() -> assertThat(withoutCalls).run("baseline").hasBreaksOnlyAt("scenarios.py:31"))
                .hasMessage(lines("""

                        Expecting
                          run baseline of the print-bridge receipt
                        to break only at [scenarios.py:31]
                        but calls and their phases were not measured by this source (not_measured: calls);
                        what would measure it: per-call markers (compile_receipt_call) in the TORCH_TRACE log, or a compile-trace/1 capture"""));
    }

    @Test
    void eagerIslandTimeIsNotMeasuredByALog() {
        assertThatThrownBy(() -> assertThat(markedLog).hasEagerIslandTimeAtMost(STEADY, 1))
                .hasMessage(lines("""

                        Expecting
                          print-bridge receipt (runs baseline, candidate)
                        to have eager-island time in steady of at most 1 ms
                        but eager-island times were not measured by this source (not_measured: eager_island_ms);
                        what would measure it: a compile-trace/1 capture with torch.profiler spans (Torch-Compiled Region: F/V and graph_N_inductor_wrapper_call)"""));
    }

    @Test
    void eagerCallsAreNotToldFromHitsByALog() {
        assertThatThrownBy(() -> assertThat(markedLog).hasNoEagerCallsIn(STEADY))
                .hasMessage(lines("""

                        Expecting
                          print-bridge receipt (runs baseline, candidate)
                        to run compiled code in every steady call
                        but cache hits (which calls ran cached variants and which ran eagerly) were not measured by this source (not_measured: cache_hits);
                        what would measure it: a compile-trace/1 capture, which records every region that ran (a TORCH_TRACE log records compiles, not hits)"""));
    }

    @Test
    void breaksPerCallAreNotMeasuredByALog() {
        assertThatThrownBy(() -> assertThat(markedLog).hasAtMostBreaksPerCall(STEADY, 1))
                .hasMessage(lines("""

                        Expecting
                          print-bridge receipt (runs baseline, candidate)
                        to cross at most 1 break per call in steady
                        but breaks crossed per call were not measured by this source (not_measured: breaks);
                        what would measure it: a compile-trace/1 capture, which records every break a call crosses (a TORCH_TRACE log records a break once, when compiling)"""));
    }

    @Test
    void mediansAreNotMeasuredByALog() {
        assertThatThrownBy(() -> assertThat(markedLog).candidateMedianIsAtMost(STEADY, 1))
                .hasMessage(lines("""

                        Expecting
                          print-bridge receipt (runs baseline, candidate)
                        to have a candidate median of at most 1 x the baseline median in steady
                        but call wall times were not measured by this source (not_measured: wall_ms);
                        what would measure it: a compile-trace/1 capture (a device-synchronised wall_ms per call), or wall_ms on the end markers (compile_receipt_call) of a TORCH_TRACE log"""));
        assertThatThrownBy(() -> assertThat(markedLog).run("baseline").phase(STEADY).hasMedianAtMost(1))
                .hasMessageContaining("but call wall times were not measured by this source (not_measured: wall_ms)");
        assertThatThrownBy(() -> assertThat(markedLog).run("baseline").phase(STEADY).hasCacheHits(16))
                .hasMessageContaining("were not measured by this source (not_measured: cache_hits)");
    }

    @Test
    void compilesAreMeasuredByAMarkedLog() {
        // compiles and compile time come from compilation_metrics, so a marked log still checks them
        assertThat(markedLog).hasNoNewGraphVariantsIn(STEADY).hasAtMostCompilesIn(STEADY, 0).hasNoFallbacks();
    }

    /**
     * Issue #41: a profile's compiles are timed by their spans, which no stage timer splits; a 0 % share passed on
     * {@code stages: {}}. The phases' stages are their own measure: the log's compiles keep theirs.
     */
    @Test
    void compileStagesAreNotMeasuredWhereNoCompileOfTheCallsCarriesStageTimers() {
        Path dir = Fixtures.dir().resolve("profiler/2.14-graph-break");
        Receipt profiled = Receipt.of(Traces.read(TraceRequest.of(dir.resolve("profile.json")).withLog(dir.resolve("torch_trace.log"))
                .withCallSpan("compile_receipt_call").withRun("baseline")));

        assertThatThrownBy(() -> assertThat(profiled).compileStages(Phase.WARMUP).hasShareAtMost(Stage.AOT_AUTOGRAD, 0.0))
                .hasMessage(lines("""

                        Expecting
                          compile stages of phase warmup of the profile receipt
                        to spend at most 0.0 % of its compile time in stage aot_autograd
                        but the phase's compile time by stage was not measured by this source (not_measured: phase_stages): no compile of the profile's calls carries stage timers: a compile here is timed by its span in the profile, which the log's timers do not split;
                        what would measure it: a TORCH_TRACE log with per-call markers whose compiles carry stage timers (PyTorch 2.6 or later), or a compile-trace/1 capture whose compile events carry stages; a torch.profiler trace times each compile by its span, which its log's timers do not split"""));
        org.assertj.core.api.Assertions.assertThat(profiled.run("baseline").compileLog().orElseThrow().compileTimes().get(0).stages().ms())
                .containsEntry("aot_autograd", 3190.061);
    }

    /** Issue #41: a marked TORCH_TRACE log records no output check, so no mismatch there is no fact. */
    @Test
    void outputChecksAreNotMeasuredByAMarkedLog() {
        Receipt log = Receipt.of(Traces.read(Fixtures.dir().resolve("print-bridge/torch_trace.log")));

        assertThatThrownBy(() -> assertThat(log).hasNoFailures())
                .isInstanceOfSatisfying(AssertionFailedError.class, error -> {
                    org.assertj.core.api.Assertions.assertThat(error.getActual().getStringRepresentation())
                            .isEqualTo("output_checks: not measured by this source");
                    org.assertj.core.api.Assertions.assertThat(error.getExpected().getStringRepresentation())
                            .isEqualTo("output_checks: measured");
                })
                .hasMessage(lines("""

                        Expecting
                          print-bridge receipt (runs baseline, candidate)
                        to have no failures
                        but output checks (whether each compiled call's output matched eager's) were not measured by this source (not_measured: output_checks);
                        what would measure it: a compile-trace/1 capture whose every call in a compiled phase carries its check (the capture helper compares each output with eager's, within --atol and --rtol)"""));
    }

    /** Issue #41: a profile with its log compares no output either. */
    @Test
    void outputChecksAreNotMeasuredByAProfileWithItsLog() {
        Path dir = Fixtures.dir().resolve("profiler/2.14-graph-break");
        Receipt profiled = Receipt.of(Traces.read(TraceRequest.of(dir.resolve("profile.json")).withLog(dir.resolve("torch_trace.log"))
                .withCallSpan("compile_receipt_call").withRun("baseline")));

        assertThatThrownBy(() -> assertThat(profiled).hasNoFailures())
                .hasMessage(lines("""

                        Expecting
                          profile receipt (runs baseline)
                        to have no failures
                        but output checks (whether each compiled call's output matched eager's) were not measured by this source (not_measured: output_checks);
                        what would measure it: a compile-trace/1 capture whose every call in a compiled phase carries its check (the capture helper compares each output with eager's, within --atol and --rtol)"""));
    }

    /** Issue #41: a capture whose compiled calls carry no check says which and how many. */
    @Test
    void outputChecksAreNotMeasuredByACaptureWithoutChecks() {
        assertThatThrownBy(() -> assertThat(Fixtures.printBridge()).hasNoFailures())
                .hasMessage(lines("""

                        Expecting
                          print-bridge receipt (runs baseline, candidate)
                        to have no failures
                        but output checks (whether each compiled call's output matched eager's) were not measured by this source (not_measured: output_checks): calls in compiled phases carry no check (whether the output matched eager's): 12 of 12 in run baseline (the first b03), 12 of 12 in run candidate (the first c03);
                        what would measure it: a compile-trace/1 capture whose every call in a compiled phase carries its check (the capture helper compares each output with eager's, within --atol and --rtol)"""));
    }
}
