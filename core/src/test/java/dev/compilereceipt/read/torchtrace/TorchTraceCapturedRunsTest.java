package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.ReceiptExport;
import dev.compilereceipt.Traces;
import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.BreakDetail;
import dev.compilereceipt.trace.BreakKind;
import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.CompileStages;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.GuardMiss;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.Trace;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.TreeMap;
import java.util.Map;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The two captured runs (print-bridge, int-spec): their TORCH_TRACE logs imported with the
 * compile_receipt_call markers, checked against values read by hand from the logs, against the
 * matching trace.json, and against PyTorch's own counts in truth.json.
 */
class TorchTraceCapturedRunsTest {

    private static CompileStages stages(double dynamo, double aotAutograd, double inductor, double codegen) {
        return new CompileStages(Map.of(CompileStages.DYNAMO, dynamo, CompileStages.AOT_AUTOGRAD, aotAutograd,
                CompileStages.INDUCTOR, inductor, CompileStages.CODEGEN, codegen));
    }

    private static final String PRINT = "Unsupported: builtin: print [<class 'torch._dynamo.variables.constant.ConstantVariable'>] True";
    /** 2.6 writes free text, whose "User code traceback:" has the one frame File "/rt/scenarios.py", line 31, in f. */
    private static final BreakDetail PRINT_FRAME = BreakDetail.NONE.withUserFrame(Optional.of("/rt/scenarios.py:31"));

    @Test
    void printBridgeBaselineCompileLog() {
        Trace trace = Traces.read(Fixtures.path("print-bridge/torch_trace.log"));
        CompileLog log = trace.run("baseline").orElseThrow().compileLog().orElseThrow();
        // compilation_metrics at lines 1441 (0/0, attempt 1 after the print break), 2797 (1/0, the resume
        // frame), 4278 (0/1, cache_size 1) and 5674 (1/1, cache_size 1): all has_guarded_code true.
        assertThat(log.compiles()).containsExactly("0/0", "1/0", "0/1", "1/1");
        assertThat(log.recompiles()).containsExactly("0/1", "1/1");
        assertThat(log.fallbacks()).isEmpty();
        assertThat(log.graphs()).containsExactly("0/0", "1/0", "0/1", "1/1");
        // dynamo_graph_break_reason at lines 47 (0/0) and 2932 (0/1): "Graph break in user code at /rt/scenarios.py:31".
        assertThat(log.breakSites()).containsExactly(new CompileLog.Site("/rt/scenarios.py:31", PRINT, 2, PRINT_FRAME));
        // "builtin: print" in 2.6's free text: printing is a Python side effect.
        assertThat(log.breakSites().get(0).kind()).isEqualTo(BreakKind.PYTHON_SIDE_EFFECT);
        assertThat(log.breakSites().get(0).causeKind()).isEmpty();
        // recompile_reasons at lines 2879 (0/1) and 4326 (1/1).
        assertThat(log.recompileReasons()).containsExactly(
                new CompileLog.RecompileReason("0/1", "0/0: tensor 'L['x']' size mismatch at index 0. expected 8, actual 16"),
                new CompileLog.RecompileReason("1/1", "1/0: tensor 'L['y']' size mismatch at index 0. expected 8, actual 16"));
        // entire_frame_compile_time_s: 1.726614 + 1.055157 + 1.091842 + 1.063501 s = 4937.114 ms.
        assertThat(log.compileMs()).hasValue(4937.114);
        // fx_graph_cache_miss at lines 1071, 2433, 3906, 5308; no aotautograd cache artifacts.
        assertThat(log.artifactCache()).isEqualTo(new CompileLog.ArtifactCache(
                new CompileLog.CacheCounts(0, 4, 0), CompileLog.CacheCounts.NONE));
        assertThat(trace.badLines()).hasValue(List.of());
    }

    @Test
    void printBridgeCallsFromMarkers() {
        Trace trace = Traces.read(Fixtures.path("print-bridge/torch_trace.log"));
        Run baseline = trace.run("baseline").orElseThrow();
        // 30 markers per run (lines 1..5716 and 5718..8561): 15 calls b00..b14 and c00..c14.
        assertThat(baseline.calls()).hasSize(15);
        assertThat(trace.run("candidate").orElseThrow().calls()).hasSize(15);
        Call warmup = baseline.calls().get(3);
        assertThat(warmup.id()).isEqualTo("b03");
        assertThat(warmup.phase()).isEqualTo(Phase.WARMUP);
        assertThat(warmup.family()).isEqualTo("base");
        assertThat(warmup.wallMs()).isEqualTo(2793.634);
        // 0/0 compiled (1726.614 ms), its break at scenarios.py:31, then the resume frame 1/0 (1055.157 ms); each
        // compile's stages are its nested timers less the one inside (docs/compile-stages.md works 0/0 through);
        // each missed the FX graph cache (its fx_graph_cache_miss artifact).
        CompileLog.ArtifactCache fxMiss = new CompileLog.ArtifactCache(new CompileLog.CacheCounts(0, 1, 0), CompileLog.CacheCounts.NONE);
        assertThat(warmup.events()).containsExactly(
                new Event.Region(new GraphId(0, 0), Event.Cache.COMPILE, 0, 1726.614, List.of(),
                        stages(24.338, 97.126, 103.762, 1501.388), fxMiss),
                new Event.Break("/rt/scenarios.py:31", PRINT, 0, PRINT_FRAME),
                new Event.Region(new GraphId(1, 0), Event.Cache.COMPILE, 0, 1055.157, List.of(),
                        stages(8.564, 14.329, 12.169, 1020.095), fxMiss));
        Call changed = baseline.calls().get(12);
        assertThat(changed.family()).isEqualTo("n16");
        assertThat(changed.events()).extracting(Event::kind).containsExactly("region", "break", "region");
        assertThat(trace.notMeasured()).containsExactlyInAnyOrder(
                Measure.REGION_MS, Measure.EAGER_ISLAND_MS, Measure.CACHE_HITS, Measure.BREAKS, Measure.WARM_START,
                // 2.6 writes the AOTAutograd cache's outcomes only with TORCHINDUCTOR_AUTOGRAD_CACHE=1: none here, so unknown, not 0
                Measure.AOTAUTOGRAD_CACHE, Measure.OUTPUT_CHECKS);
    }

    @Test
    void intSpecRecompileLimit() {
        Trace trace = Traces.read(Fixtures.path("int-spec/torch_trace.log"));
        CompileLog log = trace.run("baseline").orElseThrow().compileLog().orElseThrow();
        // compilation_metrics for 0/0 .. 0/7 (lines 1414 .. 11057), cache_size 0 .. 7.
        assertThat(log.compiles()).containsExactly("0/0", "0/1", "0/2", "0/3", "0/4", "0/5", "0/6", "0/7");
        assertThat(log.recompiles()).containsExactly("0/1", "0/2", "0/3", "0/4", "0/5", "0/6", "0/7");
        // 0/8: recompile_reasons at line 11107 and no compilation_metrics: the limit (8) was hit.
        assertThat(log.fallbacks()).containsExactly("0/8");
        assertThat(log.fallbackGraphs()).containsExactly("0/8");
        // recompile_reasons of 0/V lists V guards: 1 + 2 + ... + 8 = 36, each trimmed of the spaces 2.6 pads it with.
        assertThat(log.recompileReasons()).hasSize(36);
        assertThat(log.recompileReasons().get(35)).isEqualTo(new CompileLog.RecompileReason("0/8",
                "0/0: L['n'] == 1"));
        // 1735.06 (0/0) + 985.806 + 1055.525 + 1055.991 + 1035.431 + 1047.873 + 1023.016 + 1069.271 = 9007.973 ms.
        assertThat(log.compileMs()).hasValue(9007.973);
        assertThat(log.artifactCache().fxGraph()).isEqualTo(new CompileLog.CacheCounts(0, 8, 0));
        Call b11 = trace.run("baseline").orElseThrow().calls().get(11);
        assertThat(b11.id()).isEqualTo("b11");
        assertThat(b11.events()).singleElement().isInstanceOfSatisfying(Event.Fallback.class, fallback -> {
            assertThat(fallback.graph()).isEqualTo(new GraphId(0, 8));
            assertThat(fallback.reason()).isEqualTo("recompile limit reached: the frame now runs eagerly");
            assertThat(fallback.compileMs()).isZero();
            assertThat(fallback.guardFailures()).hasSize(8);
        });
        CompileLog candidate = trace.run("candidate").orElseThrow().compileLog().orElseThrow();
        // After torch._dynamo.reset() the ids start again: 0/0 at line 12560, 0.965983 s.
        assertThat(candidate.compiles()).containsExactly("0/0");
        assertThat(candidate.compileMs()).hasValue(965.983);
    }

    /** Per run and phase, the compile figures of the log equal those of the matching trace.json. */
    @ParameterizedTest
    @ValueSource(strings = {"print-bridge", "int-spec", "torch-2.14/print-bridge", "torch-2.14/int-spec"})
    void logAndTraceJsonAgreeOnEveryPhase(String fixture) {
        Receipt fromLog = Receipt.of(Traces.read(Fixtures.path(fixture + "/torch_trace.log")));
        Receipt fromJson = Receipt.of(Traces.read(Fixtures.path(fixture + "/trace.json")));
        assertThat(fromLog.runs()).extracting(RunFigures::label).containsExactly("baseline", "candidate");
        for (RunFigures run : fromJson.runs()) {
            RunFigures logRun = fromLog.run(run.label());
            for (Phase phase : Phase.values()) {
                PhaseFigures expected = run.phase(phase);
                PhaseFigures actual = logRun.phase(phase);
                String where = fixture + " " + run.label() + " " + phase;
                assertThat(actual.calls()).as(where).isEqualTo(expected.calls());
                assertThat(actual.compiles()).as(where).isEqualTo(expected.compiles());
                assertThat(actual.fallbacks()).as(where).isEqualTo(expected.fallbacks());
                assertThat(actual.newGraphVariants()).as(where).isEqualTo(expected.newGraphVariants());
                assertThat(actual.compileMs()).as(where).isCloseTo(expected.compileMs(), within(1e-3));
                assertThat(actual.wallMs()).as(where).isEqualTo(expected.wallMs());
            }
            assertThat(guardText(logRun)).as(run.label()).isEqualTo(guardText(run));
        }
    }

    /**
     * The guard failures of a run, per call and graph, joined and trimmed: the captures behind these
     * trace.json files wrote guards untrimmed (2.6) and split 2.14's lone multi-line reason at its
     * line breaks, each line stripped (b04 of int-spec), where the log keeps each reason whole and trimmed.
     */
    private static Map<String, String> guardText(RunFigures run) {
        Map<String, String> text = new TreeMap<>();
        for (GuardMiss miss : run.guardMisses()) {
            String lines = miss.guard().lines().map(String::strip).collect(Collectors.joining("\n"));
            text.merge(miss.call() + " " + miss.graph(), lines, (a, b) -> a + "\n" + b);
        }
        return text;
    }

    /** truth.json: PyTorch's own record, per call, of the compile ids that made a variant and that gave up. */
    @ParameterizedTest
    @ValueSource(strings = {"print-bridge", "int-spec"})
    void everyCallMatchesPyTorchsOwnCount(String fixture) throws IOException {
        JsonNode truth = new ObjectMapper().readTree(Fixtures.path(fixture + "/truth.json").toFile());
        Trace trace = Traces.read(Fixtures.path(fixture + "/torch_trace.log"));
        for (Run run : trace.runs()) {
            JsonNode calls = truth.get("runs").get(run.label()).get("calls");
            assertThat(run.calls()).hasSize(calls.size());
            int compiled = 0;
            for (int i = 0; i < calls.size(); i++) {
                Call call = run.calls().get(i);
                JsonNode expected = calls.get(i);
                assertThat(call.id()).isEqualTo(expected.get("id").asText());
                assertThat(ids(call, Event.Region.class)).as(call.id()).isEqualTo(texts(expected.get("compiled")));
                assertThat(ids(call, Event.Fallback.class)).as(call.id()).isEqualTo(texts(expected.get("fallbacks")));
                compiled += expected.get("compiled").size();
            }
            // counters.frames: ok = frames that made a variant, total - ok = frames that gave up.
            JsonNode frames = truth.get("runs").get(run.label()).get("counters").get("frames");
            CompileLog log = run.compileLog().orElseThrow();
            assertThat(log.compiles()).hasSize(frames.get("ok").asInt()).hasSize(compiled);
            assertThat(log.fallbacks()).hasSize(frames.get("total").asInt() - frames.get("ok").asInt());
            assertThat(log.artifactCache().fxGraph().miss())
                    .isEqualTo(truth.get("runs").get(run.label()).get("counters").get("inductor").get("fxgraph_cache_miss").asInt());
            JsonNode breaks = truth.get("runs").get(run.label()).get("counters").get("graph_break");
            int breakCount = 0;
            if (breaks != null) {
                for (JsonNode count : breaks) {
                    breakCount += count.asInt();
                }
            }
            assertThat(log.breakSites().stream().mapToInt(CompileLog.Site::compiles).sum()).isEqualTo(breakCount);
        }
    }

    @Test
    void steadyPhaseAssertionsWorkOnAMarkedLog() {
        Receipt receipt = Receipt.of(Traces.read(Fixtures.path("int-spec/torch_trace.log")));
        assertThat(receipt.run("baseline").phase(Phase.STEADY).newGraphVariants()).extracting(GraphId::toString)
                .containsExactly("0/1", "0/2", "0/3", "0/4", "0/5", "0/6", "0/7");
        assertThat(receipt.run("candidate").phase(Phase.STEADY).newGraphVariants()).isEmpty();
        assertThat(receipt.run("baseline").phase(Phase.STEADY).cacheHits()).isEmpty();
        assertThat(receipt.limits().notMeasured()).containsExactly("region_ms", "eager_island_ms", "cache_hits", "breaks",
                "warm_start", "aotautograd_cache", "output_checks");
        assertThat(ReceiptExport.canonicalJson(receipt)).contains("\"bad_lines\":[]").contains("\"compile_log\":{");
    }

    private static List<String> ids(Call call, Class<? extends Event> kind) {
        List<String> ids = new ArrayList<>();
        for (Event event : call.events()) {
            if (event instanceof Event.Region region && kind == Event.Region.class) {
                ids.add(region.graph().toString());
            } else if (event instanceof Event.Fallback fallback && kind == Event.Fallback.class) {
                ids.add(fallback.graph().toString());
            }
        }
        return ids;
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(node -> out.add(node.asText()));
        return out;
    }

}
