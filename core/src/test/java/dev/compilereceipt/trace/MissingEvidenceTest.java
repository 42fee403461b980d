package dev.compilereceipt.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.testsupport.Fixtures;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue #41: a measure the shape could measure is not measured where the records that measure it were not read,
 * and the trace says which evidence was missing, for the not-measured sentence of a check. The counts are the
 * fixtures' own: print-bridge has 3 eager, 1 warmup, 8 steady and 3 changed calls per run (12 compiled, b03 the
 * first), int-spec 3/1/10/2 (13), the hand-made warm-start capture 1/2/2/0 (4, b01 the first).
 */
class MissingEvidenceTest {

    @Test
    void aCaptureWhoseCompiledCallsCarryNoCheckDoesNotMeasureOutputChecks() {
        Trace printBridge = Fixtures.trace("print-bridge/trace.json");

        assertThat(printBridge.measured(Measure.OUTPUT_CHECKS)).isFalse();
        assertThat(printBridge.missingEvidence()).containsExactly(Map.entry(Measure.OUTPUT_CHECKS, "calls in compiled phases"
                + " carry no check (whether the output matched eager's): 12 of 12 in run baseline (the first b03), 12 of 12 in"
                + " run candidate (the first c03)"));
        assertThat(Fixtures.trace("int-spec/trace.json").missingEvidence().get(Measure.OUTPUT_CHECKS)).isEqualTo("calls in"
                + " compiled phases carry no check (whether the output matched eager's): 13 of 13 in run baseline (the first"
                + " b03), 13 of 13 in run candidate (the first c03)");
        assertThat(Fixtures.trace("warm-start/hand-made/trace.json").missingEvidence().get(Measure.OUTPUT_CHECKS))
                .endsWith(": 4 of 4 in run baseline (the first b01), 4 of 4 in run candidate (the first c01)");
        assertThat(Receipt.of(printBridge).limits().notMeasured()).contains("output_checks");
    }

    @Test
    void aCaptureWhoseEveryCompiledCallCarriesItsCheckMeasuresOutputChecks() {
        // b01 to b06 and c01 to c06 carry {"max_abs_err": 0.0, "ok": true}; the eager b00 and c00 carry none, as the reference
        Trace decision = Fixtures.trace("decision/trace.json");

        assertThat(decision.measured(Measure.OUTPUT_CHECKS)).isTrue();
        assertThat(decision.missingEvidence()).isEmpty();
    }

    @Test
    void logsTextsAndProfilesRecordNoOutputCheck() {
        for (String source : new String[] {"print-bridge/torch_trace.log", "tlparse/comp_metrics.log",
                "torch-logs/2.6-print-bridge/torch_logs.txt", "torch-logs/2.14-print-bridge-marked/torch_logs.txt"}) {
            assertThat(Fixtures.trace(source).measured(Measure.OUTPUT_CHECKS)).as(source).isFalse();
        }
    }

    @Test
    void combinedTracesNameEachSidesMissingEvidenceByItsRun() {
        Trace combined = Trace.combine(Fixtures.trace("loggers-off/2.6-print-bridge-graph-breaks-only/torch_logs.txt"),
                Fixtures.trace("loggers-off/2.6-print-bridge-recompiles-only/torch_logs.txt"));

        assertThat(combined.missingEvidence()).containsOnly(
                Map.entry(Measure.RECOMPILE_CAUSES, "baseline: the text holds no recompile lines for 0/1: was the recompiles logger on?"),
                Map.entry(Measure.BREAK_SITES, "candidate: the text names the resume frame torch_dynamo_resume_in_f_at_31 (1/1),"
                        + " which only a graph break makes, and holds no graph-break lines: was the graph_breaks logger on?"));
        assertThat(combined.notMeasured()).contains(Measure.RECOMPILE_CAUSES, Measure.BREAK_SITES);
    }

    @Test
    void evidenceIsNamedOnlyForAMeasureNotMeasured() {
        Trace printBridge = Fixtures.trace("print-bridge/trace.json");

        assertThatThrownBy(() -> new Trace(printBridge.source(), printBridge.fixture(), printBridge.runs(), printBridge.sha256(),
                printBridge.limits(), java.util.Set.of(), printBridge.badLines(), printBridge.decision(), Map.of(), false,
                Map.of(Measure.CALLS, "no reason")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("missing evidence is named for measures not measured only: [CALLS]");
        // the hash pins what was read: the evidence is read from it, and changes nothing of it
        assertThat(printBridge.withMissingEvidence(Map.of(Measure.CALLS, "x")).sha256()).isEqualTo(printBridge.sha256());
    }
}
