package dev.compilereceipt.read.torchlogs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.compilereceipt.Traces;
import dev.compilereceipt.receipt.ReceiptJson;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.view.text.ReceiptSummary;
import org.junit.jupiter.api.Test;

/**
 * Issue #41: a TORCH_LOGS text taken with one logger off measures neither what that logger writes,
 * where the text shows it happened. The fixtures of {@code fixtures/loggers-off/} are the 2.6
 * print-bridge text with only its graph-break lines, or only its recompile lines.
 */
class TorchLogsLoggersOffTest {

    private static Trace read(String name) {
        return Traces.read(Fixtures.path(name + "/torch_logs.txt"));
    }

    @Test
    void aTextWithoutRecompileLinesForARecompiledVariantDoesNotMeasureRecompileCauses() {
        Trace trace = read("loggers-off/2.6-print-bridge-graph-breaks-only");
        Receipt receipt = Receipt.of(trace);

        // 0/1 is a recompile by the prefix of its break line, and no line says which guard failed
        assertThat(trace.run("baseline").orElseThrow().compileLog().orElseThrow().recompiles()).containsExactly("0/1");
        assertThat(trace.run("baseline").orElseThrow().compileLog().orElseThrow().recompileReasons()).isEmpty();
        assertThat(receipt.limits().notMeasured()).containsExactly("calls", "wall_ms", "region_ms", "eager_island_ms",
                "cache_hits", "breaks", "compiles", "graphs_compiled", "compile_ms", "compile_stages", "artifact_cache",
                "site_crossings", "warm_start", "warm_start_wall_ms", "fx_graph_cache", "aotautograd_cache", "recompile_causes",
                "output_checks", "phase_stages");
        assertThat(trace.measured(Measure.BREAK_SITES)).isTrue();
        assertThat(receipt.limits().missingEvidence(Measure.RECOMPILE_CAUSES))
                .hasValue("the text holds no recompile lines for 0/1: was the recompiles logger on?");
        // issue #41: what was not read is null in the receipt, not the empty list read; the break sites read stay
        JsonNode run = ReceiptJson.tree(receipt).at("/runs/baseline");
        assertThat(run.get("recompile_causes").isNull()).isTrue();
        assertThat(run.at("/compile_log/recompile_reasons").isNull()).isTrue();
        assertThat(run.get("break_sites").toString()).isEqualTo("[]");
        assertThat(run.at("/compile_log/break_sites").size()).isEqualTo(1);
    }

    @Test
    void aTextWithAResumeFrameAndNoGraphBreakLineDoesNotMeasureBreakSites() {
        Trace trace = read("loggers-off/2.6-print-bridge-recompiles-only");
        Receipt receipt = Receipt.of(trace);

        assertThat(trace.run("baseline").orElseThrow().compileLog().orElseThrow().breakSites()).isEmpty();
        assertThat(receipt.limits().notMeasured()).containsExactly("calls", "wall_ms", "region_ms", "eager_island_ms",
                "cache_hits", "breaks", "compiles", "graphs_compiled", "compile_ms", "compile_stages", "artifact_cache",
                "site_crossings", "warm_start", "warm_start_wall_ms", "fx_graph_cache", "aotautograd_cache", "break_sites",
                "output_checks", "phase_stages");
        assertThat(trace.measured(Measure.RECOMPILE_CAUSES)).isTrue();
        // the resume frame is seen only in its recompile line, [1/1]
        assertThat(receipt.limits().missingEvidence(Measure.BREAK_SITES)).hasValue("the text names the resume frame"
                + " torch_dynamo_resume_in_f_at_31 (1/1), which only a graph break makes, and holds no graph-break lines:"
                + " was the graph_breaks logger on?");
        JsonNode run = ReceiptJson.tree(receipt).at("/runs/baseline");
        assertThat(run.get("break_sites").isNull()).isTrue();
        assertThat(run.at("/compile_log/break_sites").isNull()).isTrue();
        // 0/1 twice and 1/1 once, each with its guard
        assertThat(run.get("recompile_causes").size()).isEqualTo(2);
        assertThat(run.at("/compile_log/recompile_reasons").size()).isEqualTo(3);
    }

    @Test
    void theTextWithBothLoggersOnMeasuresBoth() {
        Trace trace = read("torch-logs/2.6-print-bridge");

        assertThat(trace.measured(Measure.RECOMPILE_CAUSES)).isTrue();
        assertThat(trace.measured(Measure.BREAK_SITES)).isTrue();
        assertThat(trace.missingEvidence()).doesNotContainKeys(Measure.RECOMPILE_CAUSES, Measure.BREAK_SITES);
    }

    /** A measured empty list stays a list: the 2.6 int-spec text has both loggers on and no graph break. */
    @Test
    void aMeasuredEmptyListStaysEmpty() {
        Trace trace = read("torch-logs/2.6-int-spec");
        JsonNode run = ReceiptJson.tree(Receipt.of(trace)).at("/runs/baseline");

        assertThat(trace.measured(Measure.BREAK_SITES)).isTrue();
        assertThat(run.get("break_sites").toString()).isEqualTo("[]");
        assertThat(run.at("/compile_log/break_sites").toString()).isEqualTo("[]");
    }

    @Test
    void theSummaryOfEachTextSaysNotMeasuredWhereItsLoggerWasOffNeverNone() {
        String breaksOnly = ReceiptSummary.render(Receipt.of(read("loggers-off/2.6-print-bridge-graph-breaks-only")));
        assertThat(breaksOnly).contains("  break sites: none\n", "  recompile causes: n/m\n", "    recompile reasons: n/m\n",
                "      /rtl/scenarios.py:31  reported by 2 compiles", "failures: none found; output checks n/m\n")
                .doesNotContain("recompile causes: none", "recompile reasons: 0");

        String recompilesOnly = ReceiptSummary.render(Receipt.of(read("loggers-off/2.6-print-bridge-recompiles-only")));
        assertThat(recompilesOnly).contains("  break sites: n/m\n", "    breaks: n/m\n", "  recompile causes (")
                .doesNotContain("break sites: none");
    }
}
