package dev.compilereceipt.read.torchlogs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.Traces;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Trace;
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
                "site_crossings", "warm_start", "warm_start_wall_ms", "fx_graph_cache", "aotautograd_cache", "recompile_causes");
        assertThat(trace.measured(Measure.BREAK_SITES)).isTrue();
    }

    @Test
    void aTextWithAResumeFrameAndNoGraphBreakLineDoesNotMeasureBreakSites() {
        Trace trace = read("loggers-off/2.6-print-bridge-recompiles-only");
        Receipt receipt = Receipt.of(trace);

        assertThat(trace.run("baseline").orElseThrow().compileLog().orElseThrow().breakSites()).isEmpty();
        assertThat(receipt.limits().notMeasured()).containsExactly("calls", "wall_ms", "region_ms", "eager_island_ms",
                "cache_hits", "breaks", "compiles", "graphs_compiled", "compile_ms", "compile_stages", "artifact_cache",
                "site_crossings", "warm_start", "warm_start_wall_ms", "fx_graph_cache", "aotautograd_cache", "break_sites");
        assertThat(trace.measured(Measure.RECOMPILE_CAUSES)).isTrue();
    }

    @Test
    void theTextWithBothLoggersOnMeasuresBoth() {
        Trace trace = read("torch-logs/2.6-print-bridge");

        assertThat(trace.measured(Measure.RECOMPILE_CAUSES)).isTrue();
        assertThat(trace.measured(Measure.BREAK_SITES)).isTrue();
    }
}
