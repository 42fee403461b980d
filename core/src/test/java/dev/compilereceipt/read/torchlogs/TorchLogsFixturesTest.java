package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.ReceiptExport;
import dev.compilereceipt.Traces;
import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.trace.Coverage;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.ReceiptLimits;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.BreakDetail;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.Trace;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The TORCH_LOGS texts of {@code fixtures/torch-logs/}, PyTorch 2.6 and 2.14, each beside the
 * TORCH_TRACE log of the same process. Every figure is worked out by hand from the text (line
 * numbers are the file's), and the text must agree with the log on what both show: the recompiles
 * (ids, in order), the guard failures of each, the distinct break sites with their reasons, and
 * the fallbacks the text states. The log has markers, so it splits baseline and candidate; the
 * text has none, so its one run holds both, in log order (ids start again after the reset).
 */
class TorchLogsFixturesTest {

    private static final String SIZE_X_26 = "0/0: tensor 'L['x']' size mismatch at index 0. expected 8, actual 16";
    private static final String SIZE_Y_26 = "1/0: tensor 'L['y']' size mismatch at index 0. expected 8, actual 16";
    private static final String SIZE_X_214 = "0/0: tensor 'x' size mismatch at index 0. expected 8, actual 16";
    private static final String SIZE_Y_214 = "1/0: tensor 'y' size mismatch at index 0. expected 8, actual 16";
    private static final String PRINT_26 = "Unsupported: builtin: print [<class 'torch._dynamo.variables.constant.ConstantVariable'>] True";
    private static final BreakDetail PRINT_214 = new BreakDetail(Optional.of("GB0059"),
            Optional.of("Dynamo does not know how to trace builtin operator `print` with argument types ['str'] (has_kwargs True)"),
            List.of("Avoid calling builtin `print` with argument types ['str']. Consider using an equivalent alternative function/method to `print`.",
                    "If you are attempting to call a logging function (e.g. `print`), you can try adding it to `torch._dynamo.config.reorderable_logging_functions`.",
                    "Please report an issue to PyTorch."),
            // the innermost frame of "User code traceback:": File "/rtl/scenarios.py", line 31, in f
            Optional.of("/rtl/scenarios.py:31"), false);
    private static final BreakDetail FRAME_26 = BreakDetail.NONE.withUserFrame(Optional.of("/rtl/scenarios.py:31"));

    static Stream<String> folders() {
        return Stream.of("2.6-print-bridge", "2.14-print-bridge", "2.6-int-spec", "2.14-int-spec", "2.6-fallback", "2.14-fallback");
    }

    private static Trace text(String folder) {
        return Fixtures.trace("torch-logs/" + folder + "/torch_logs.txt");
    }

    private static CompileLog log(Trace trace) {
        assertThat(trace.runs()).extracting(Run::label).containsExactly(Run.BASELINE);
        assertThat(trace.runs().get(0).calls()).isEmpty();
        return trace.runs().get(0).compileLog().orElseThrow();
    }

    @Test
    void printBridge26() {
        Trace trace = text("2.6-print-bridge");
        CompileLog log = log(trace);
        // L1 [0/0] break at scenarios.py:31 (Reason on L2); L9 Recompiling f [0/1], its guard on L12; L13 [0/1]
        // "details suppressed" break, same site and reason; L17 [1/1] the resume frame, guard on L20; after the
        // reset, L25 [0/1] again, guard on L28. The warnings between them (L7, L15, ...) are other output.
        assertThat(log.recompiles()).containsExactly("0/1", "1/1", "0/1");
        assertThat(log.fallbacks()).isEmpty();
        assertThat(log.recompileReasons()).containsExactly(new CompileLog.RecompileReason("0/1", SIZE_X_26),
                new CompileLog.RecompileReason("1/1", SIZE_Y_26), new CompileLog.RecompileReason("0/1", SIZE_X_26));
        assertThat(log.breakSites()).containsExactly(new CompileLog.Site("/rtl/scenarios.py:31", PRINT_26, 2, FRAME_26));
        assertThat(trace.badLines()).contains(List.of());
        // Ids the text names: 0/0 and 0/1 (breaks, recompiles), 1/1, and 1/0 in the guard of L20.
        assertThat(Receipt.of(trace).run("baseline").graphs()).containsExactly(
                new GraphId(0, 0), new GraphId(0, 1), new GraphId(1, 0), new GraphId(1, 1));
    }

    @Test
    void printBridge214() {
        Trace trace = text("2.14-print-bridge");
        CompileLog log = log(trace);
        // L1-L7 profiler lines; L8 [0/0] break, context L9, type L11, explanation L12, hints L13-L15, link gb0059 L19,
        // then the traceback; L53 Recompiling f [0/1] (guard L56); L57 [0/1] the duplicate-break form, same type;
        // L69 [1/1] (guard L72); after the reset L103 [0/1] (guard L106).
        assertThat(log.recompiles()).containsExactly("0/1", "1/1", "0/1");
        assertThat(log.fallbacks()).isEmpty();
        assertThat(log.recompileReasons()).containsExactly(new CompileLog.RecompileReason("0/1", SIZE_X_214),
                new CompileLog.RecompileReason("1/1", SIZE_Y_214), new CompileLog.RecompileReason("0/1", SIZE_X_214));
        assertThat(log.breakSites()).containsExactly(
                new CompileLog.Site("/rtl/scenarios.py:31", "Failed to trace builtin operator", 2, PRINT_214));
        assertThat(trace.badLines()).contains(List.of());
    }

    @Test
    void intSpec26() {
        Trace trace = text("2.6-int-spec");
        CompileLog log = log(trace);
        // L1, L7, L16, L28, L43, L61, L82: Recompiling f [0/1] .. [0/7], with 1, 2, ... 7 "guard N failures:" blocks;
        // L106 [0/8] with 8 blocks, then L131 [0/8] "hit config.cache_size_limit (8)": 0/8 made no variant.
        assertThat(log.recompiles()).containsExactly("0/1", "0/2", "0/3", "0/4", "0/5", "0/6", "0/7");
        assertThat(log.fallbacks()).containsExactly("0/8");
        assertThat(log.recompileReasons()).hasSize(36);
        // The blocks of 0/3 (L16-L27), newest variant first; the padding after each guard is trimmed.
        assertThat(reasonsOf(log, "0/3")).containsExactly("0/2: L['n'] == 3", "0/1: L['n'] == 2", "0/0: L['n'] == 1");
        assertThat(reasonsOf(log, "0/8")).hasSize(8).startsWith("0/7: L['n'] == 8").endsWith("0/0: L['n'] == 1");
        assertThat(log.breakSites()).isEmpty();
        assertThat(trace.badLines()).contains(List.of());
    }

    @Test
    void intSpec214() {
        Trace trace = text("2.14-int-spec");
        CompileLog log = log(trace);
        // L10 .. L154: Recompiling f [0/1] .. [0/7]; L199 [0/8], then L248 [0/8] "hit config.recompile_limit (8)".
        assertThat(log.recompiles()).containsExactly("0/1", "0/2", "0/3", "0/4", "0/5", "0/6", "0/7");
        assertThat(log.fallbacks()).containsExactly("0/8");
        assertThat(log.recompileReasons()).hasSize(36);
        // L13-L16: one guard whose four lines each carry their own "- " bullet is one failure of four lines.
        assertThat(reasonsOf(log, "0/1")).containsExactly(
                "0/0: n == 1                                                   # return (x * n).sum(-1) if not as_tensor else"
                        + " (x * n.to(x.dtype)).sum(-1)  # tl/scenarios.py:65 in f\n"
                        + "User stack trace:\n"
                        + "  File \"/rtl/scenarios.py\", line 65, in f\n"
                        + "    return (x * n).sum(-1) if not as_tensor else (x * n.to(x.dtype)).sum(-1)");
        assertThat(log.breakSites()).isEmpty();
        assertThat(trace.badLines()).contains(List.of());
    }

    @Test
    void fallback26() {
        Trace trace = text("2.6-fallback");
        CompileLog log = log(trace);
        // L1 WON'T CONVERT gelu_gate (the backend raised), no trace id, its traceback to L160 under the same prefix;
        // after the reset (the candidate, Inductor) L161 Recompiling gelu_gate [0/1] on the size change (guard L164).
        assertThat(log.fallbacks()).containsExactly("gelu_gate@/capture/tests/scenarios.py:67");
        assertThat(log.recompiles()).containsExactly("0/1");
        assertThat(log.recompileReasons()).containsExactly(new CompileLog.RecompileReason("0/1", SIZE_X_26));
        assertThat(log.breakSites()).isEmpty();
        assertThat(trace.badLines()).contains(List.of());
    }

    @Test
    void fallback214() {
        Trace trace = text("2.14-fallback");
        CompileLog log = log(trace);
        // L6 WON'T CONVERT gelu_gate among profiler lines; L206 Recompiling gelu_gate [0/1] (guard L209).
        assertThat(log.fallbacks()).containsExactly("gelu_gate@/capture/tests/scenarios.py:67");
        assertThat(log.recompiles()).containsExactly("0/1");
        assertThat(log.recompileReasons()).containsExactly(new CompileLog.RecompileReason("0/1", SIZE_X_214));
        assertThat(trace.badLines()).contains(List.of());
    }

    @ParameterizedTest
    @MethodSource("folders")
    void theTextAgreesWithTheTorchTraceLogOfTheSameProcess(String folder) {
        CompileLog text = log(text(folder));
        List<CompileLog> logs = Fixtures.trace("torch-logs/" + folder + "/torch_trace.log").runs().stream()
                .map(run -> run.compileLog().orElseThrow()).toList();
        assertThat(text.recompiles()).isEqualTo(concat(logs, CompileLog::recompiles));
        assertThat(text.recompileReasons()).isEqualTo(concat(logs, CompileLog::recompileReasons));
        Map<String, String> sites = new TreeMap<>();
        logs.forEach(log -> log.breakSites().forEach(site -> sites.putIfAbsent(site.site(), site.reason())));
        assertThat(text.breakSites()).extracting(CompileLog.Site::site, CompileLog.Site::reason)
                .containsExactlyElementsOf(sites.entrySet().stream().map(e -> org.assertj.core.groups.Tuple.tuple(e.getKey(), e.getValue())).toList());
        List<String> fallbacks = concat(logs, CompileLog::fallbacks);
        // The limit states its compile id; WON'T CONVERT states the frame only (the log's fallback is 0/0).
        assertThat(text.fallbacks()).hasSameSizeAs(fallbacks);
        for (int i = 0; i < fallbacks.size(); i++) {
            String stated = text.fallbacks().get(i);
            assertThat(stated.equals(fallbacks.get(i)) || stated.startsWith("gelu_gate@")).as(stated).isTrue();
        }
    }

    @ParameterizedTest
    @MethodSource("folders")
    void theReceiptHasTheCompileSideAndDeclaresTheRest(String folder) {
        Receipt receipt = Receipt.of(text(folder));
        assertThat(receipt.limits().notMeasured()).containsExactly("calls", "wall_ms", "region_ms", "eager_island_ms",
                "cache_hits", "breaks", "compiles", "graphs_compiled", "compile_ms", "compile_stages", "artifact_cache",
                "site_crossings", "warm_start", "warm_start_wall_ms", "fx_graph_cache", "aotautograd_cache", "output_checks",
                "phase_stages");
        // 2.14's print-bridge text breaks with a registry id, which only 2.8 and later write: its fallbacks are all there.
        // Every other text shows no such sign, so what it logs is the least number of fallbacks there were.
        assertThat(receipt.limits().coverage(Measure.FALLBACKS)).as(folder)
                .isEqualTo(folder.equals("2.14-print-bridge") ? Coverage.MEASURED : Coverage.LOWER_BOUND);
        // The texts have no compile_receipt_run markers: their one run holds both runs of the capture, and says so.
        assertThat(receipt.limits().notEstablished()).endsWith(ReceiptLimits.SILENT_FRAME_SKIPS, ReceiptLimits.RUNS_MERGED);
        RunFigures run = receipt.run("baseline");
        assertThat(run.hasPhases()).isFalse();
        String json = ReceiptExport.canonicalJson(receipt);
        assertThat(json).contains("\"compiles\":null", "\"graphs\":null", "\"graphs_compiled\":null", "\"graphless_variants\":null", "\"compile_ms\":null", "\"artifact_cache\":null");
        assertThat(run.compileLog().orElseThrow().compileMs()).isEmpty();
    }

    @Test
    void aTorchTraceLogNamesNoTextSourceLimit() {
        Receipt receipt = Receipt.of(Fixtures.trace("torch-logs/2.6-print-bridge/torch_trace.log"));
        assertThat(receipt.limits().notEstablished()).isEqualTo(ReceiptLimits.NOT_ESTABLISHED);
        assertThat(receipt.limits().notMeasured()).doesNotContain("compiles", "compile_ms", "artifact_cache");
    }

    @Test
    void eachFolderIsReadAsTheTorchTraceLogItHolds() {
        // The folder holds two files PyTorch wrote; only torch_trace.log is a TORCH_TRACE log by content.
        Path dir = Fixtures.path("torch-logs/2.6-print-bridge");
        assertThat(Traces.read(dir).sha256()).isEqualTo(Fixtures.trace("torch-logs/2.6-print-bridge/torch_trace.log").sha256());
    }

    private static List<String> reasonsOf(CompileLog log, String graph) {
        return log.recompileReasons().stream().filter(r -> r.graph().equals(graph)).map(CompileLog.RecompileReason::guard).toList();
    }

    private static <T> List<T> concat(List<CompileLog> logs, java.util.function.Function<CompileLog, List<T>> part) {
        List<T> all = new ArrayList<>();
        logs.forEach(log -> all.addAll(part.apply(log)));
        return all;
    }
}
