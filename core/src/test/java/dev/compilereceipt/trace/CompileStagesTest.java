package dev.compilereceipt.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.Traces;
import dev.compilereceipt.testsupport.Fixtures;
import com.fasterxml.jackson.databind.JsonNode;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.ReceiptJson;
import dev.compilereceipt.view.text.ReceiptSummary;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compile time split by stage, on real logs of both releases: every figure below is worked by hand
 * from the {@code compilation_metrics} of the log named (docs/compile-stages.md has the nesting and
 * print-bridge's 2.6 {@code 0/0} as its worked example): {@code dynamo} = frame − backend,
 * {@code aot_autograd} = backend − Inductor, {@code inductor} = Inductor − codegen, {@code codegen}.
 */
class CompileStagesTest {

    private static final String PREFIX = "V1129 07:59:13.414000 21527 torch/_dynamo/utils.py:1318] ";

    @TempDir
    Path temp;

    private static CompileStages stages(double dynamo, double aotAutograd, double inductor, double codegen) {
        return new CompileStages(Map.of(CompileStages.DYNAMO, dynamo, CompileStages.AOT_AUTOGRAD, aotAutograd,
                CompileStages.INDUCTOR, inductor, CompileStages.CODEGEN, codegen));
    }

    private static CompileLog log(Trace trace, int run) {
        return trace.runs().get(run).compileLog().orElseThrow();
    }

    @Test
    void twoSixPrintBridgeSplitsEachCompileByItsNestedTimers() {
        // 0/0: entire_frame 1.726614 s ⊃ backend 1.702276 ⊃ inductor 1.60515 ⊃ code_gen 1.501388
        Trace trace = Fixtures.trace("print-bridge/torch_trace.log");
        CompileLog baseline = log(trace, 0);
        assertThat(baseline.compileTimes()).extracting(CompileLog.CompileTime::graph).containsExactly("0/0", "1/0", "0/1", "1/1");
        // dynamo 1726.614 − 1702.276, aot_autograd 1702.276 − 1605.150, inductor 1605.150 − 1501.388, codegen 1501.388
        // its one cache record, an fx_graph_cache_miss artifact; 2.6 looked nothing up in the AOTAutograd cache (off)
        assertThat(baseline.compileTimes().get(0)).isEqualTo(new CompileLog.CompileTime("0/0", OptionalDouble.of(1726.614),
                stages(24.338, 97.126, 103.762, 1501.388), new CompileLog.ArtifactCache(new CompileLog.CacheCounts(0, 1, 0),
                CompileLog.CacheCounts.NONE)));
        // 1/0: 1.055157 ⊃ 1.046593 ⊃ 1.032264 ⊃ 1.020095
        assertThat(baseline.compileTimes().get(1).stages()).isEqualTo(stages(8.564, 14.329, 12.169, 1020.095));
        // the run: the four compiles summed, 4937.114 ms, every millisecond claimed
        assertThat(baseline.stages()).isEqualTo(stages(70.852, 151.649, 147.499, 4567.114));
        assertThat(baseline.compileMs()).hasValue(4937.114);
        assertThat(baseline.stages().unattributedMs(4937.114)).isZero();
        // warmup compiled 0/0 and 1/0 (b03): 2781.771 ms
        PhaseFigures warmup = Receipt.of(trace).run("baseline").phases().get(Phase.WARMUP);
        assertThat(warmup.compileMs()).isEqualTo(2781.771);
        assertThat(warmup.compileStages()).contains(stages(32.902, 111.455, 115.931, 2521.483));
        assertThat(warmup.unattributedMs()).hasValue(0);
        assertThat(Receipt.of(trace).run("baseline").phases().get(Phase.STEADY).compileStages()).contains(CompileStages.NONE);
    }

    @Test
    void theSummaryGivesTheStagesOfTheRunAndOfEachPhaseThatCompiled() {
        String summary = ReceiptSummary.render(Receipt.of(Fixtures.trace("print-bridge/torch_trace.log")));
        assertThat(summary).contains("\n  warmup  compile stages: dynamo 32.902, aot_autograd 111.455, inductor 115.931,"
                        + " codegen 2521.483, unattributed 0 ms\n")
                .contains("\n  changed compile stages: dynamo 37.95, aot_autograd 40.194, inductor 31.568, codegen 2045.631,"
                        + " unattributed 0 ms\n")
                .doesNotContain("steady  compile stages")
                .contains("\n    compile stages: dynamo 70.852, aot_autograd 151.649, inductor 147.499, codegen 4567.114,"
                        + " unattributed 0 ms\n");
        assertThat(ReceiptSummary.render(Receipt.of(Fixtures.trace("print-bridge/trace.json")))).doesNotContain("compile stages");
        assertThat(ReceiptSummary.render(Receipt.of(Fixtures.trace("torch-logs/2.6-print-bridge/torch_logs.txt"))))
                .contains("\n    compile stages: n/m\n");
    }

    @Test
    void twoFourteenPrintBridgeSplitsTheSameWay() {
        // 0/0: 4.740027 s ⊃ 4.48964 ⊃ 3.217953 ⊃ 3.154725; the *_cumulative_compile_time_us fields say the same
        CompileLog baseline = log(Fixtures.trace("torch-2.14/print-bridge/torch_trace.log"), 0);
        // an fx_graph_cache_miss and an aotautograd_cache_miss artifact (and the chromium autograd_cache_miss, counted once)
        assertThat(baseline.compileTimes().get(0)).isEqualTo(new CompileLog.CompileTime("0/0", OptionalDouble.of(4740.027),
                stages(250.387, 1271.687, 63.228, 3154.725), new CompileLog.ArtifactCache(new CompileLog.CacheCounts(0, 1, 0),
                new CompileLog.CacheCounts(0, 1, 0))));
        // 1/0 spent as long in AOTAutograd as in codegen: 1.91807 ⊃ 1.828343 ⊃ 0.937488 ⊃ 0.890659
        assertThat(baseline.compileTimes().get(1).stages()).isEqualTo(stages(89.727, 890.855, 46.829, 890.659));
    }

    @Test
    void aTimerThatDidNotRunIsAZeroStage() {
        // 2.14: the candidate's looped_fixed hit the AOTAutograd cache (aotautograd_local_cache_hit_count 1): backend
        // 1.553872 s of a 1.596241 s frame, inductor and code_gen null
        Trace trace214 = Fixtures.trace("break-kinds/2.14-break-in-loop/torch_trace.log");
        assertThat(log(trace214, 1).compileTimes().get(0).stages()).isEqualTo(stages(42.369, 1553.872, 0, 0));
        // the baseline's looped gave up in Dynamo (has_guarded_code false): no backend ran, all 65.283 ms are Dynamo's
        assertThat(log(trace214, 0).compileTimes().get(0)).isEqualTo(new CompileLog.CompileTime("0/0",
                OptionalDouble.of(65.283), stages(65.283, 0, 0, 0)));
        // 2.6: an FX graph cache hit runs Inductor (1.499483 s) and no code generation (code_gen null)
        Trace trace26 = Fixtures.trace("break-kinds/2.6-break-in-loop/torch_trace.log");
        assertThat(log(trace26, 1).compileTimes().get(0).stages()).isEqualTo(stages(26.66, 225.868, 1499.483, 0));
    }

    @Test
    void sourcesWithoutStageTimersNameThemNotMeasured() {
        for (String source : List.of("print-bridge/trace.json", "torch-logs/2.6-print-bridge/torch_logs.txt",
                // cut by a freeze that kept only the frame's time
                "break-kinds/2.6-time-builtin/torch_trace.log")) {
            Trace trace = Fixtures.trace(source);
            assertThat(trace.measured(Measure.COMPILE_STAGES)).as(source).isFalse();
            JsonNode receipt = ReceiptJson.tree(Receipt.of(trace));
            assertThat(receipt.at("/limits/not_measured").toString()).as(source).contains("\"compile_stages\"");
            JsonNode run = receipt.at("/runs/baseline");
            if (run.get("phases").isObject()) {
                assertThat(run.at("/phases/warmup/stages").isNull()).as(source).isTrue();
                assertThat(run.at("/phases/warmup/unattributed_ms").isNull()).as(source).isTrue();
            }
            if (run.has("compile_log")) {
                assertThat(run.at("/compile_log/stages").isNull()).as(source).isTrue();
                assertThat(run.at("/compile_log/compile_times").isNull()).as(source).isTrue();
            }
        }
        assertThat(Fixtures.trace("print-bridge/torch_trace.log").measured(Measure.COMPILE_STAGES)).isTrue();
    }

    @Test
    void aCompileWhoseTimersAreMissingOrDoNotNestIsLeftUnattributed() throws IOException {
        Path file = temp.resolve("synthetic.log");
        Files.write(file, List.of(
                // all four levels, code_gen null: 10 ms ⊃ 6 ⊃ 2.5 ⊃ nothing
                metrics(0, "\"entire_frame_compile_time_s\": 0.01, \"backend_compile_time_s\": 0.006,"
                        + " \"inductor_compile_time_s\": 0.0025, \"code_gen_time_s\": null"),
                // no inductor field at all: an older release, not split
                metrics(1, "\"entire_frame_compile_time_s\": 0.004, \"backend_compile_time_s\": 0.001, \"code_gen_time_s\": null"),
                // the backend longer than the frame: the timers contradict each other, not split
                metrics(2, "\"entire_frame_compile_time_s\": 0.002, \"backend_compile_time_s\": 0.003,"
                        + " \"inductor_compile_time_s\": null, \"code_gen_time_s\": null"),
                // microseconds only (no seconds fields): 7 ms ⊃ 3 ⊃ 1 ⊃ 0.25
                metrics(3, "\"dynamo_cumulative_compile_time_us\": 7000, \"aot_autograd_cumulative_compile_time_us\": 3000,"
                        + " \"inductor_cumulative_compile_time_us\": 1000, \"inductor_code_gen_cumulative_compile_time_us\": 250")),
                StandardCharsets.UTF_8);
        Trace trace = Traces.read(file);
        CompileLog log = log(trace, 0);
        assertThat(log.compileTimes()).containsExactly(
                new CompileLog.CompileTime("0/0", OptionalDouble.of(10), stages(4, 3.5, 2.5, 0)),
                new CompileLog.CompileTime("1/0", OptionalDouble.of(4), CompileStages.NONE),
                new CompileLog.CompileTime("2/0", OptionalDouble.of(2), CompileStages.NONE),
                new CompileLog.CompileTime("3/0", OptionalDouble.of(7), stages(4, 2, 0.75, 0.25)));
        JsonNode json = ReceiptJson.tree(Receipt.of(trace)).at("/runs/baseline/compile_log");
        assertThat(json.at("/compile_times/1/stages").toString()).isEqualTo("{}");
        assertThat(json.at("/compile_times/1/unattributed_ms").asDouble()).isEqualTo(4);
        // the run: 23 ms, of which 1/0's 4 ms and 2/0's 2 ms no stage claims
        assertThat(json.get("compile_ms").asDouble()).isEqualTo(23);
        assertThat(json.get("stages").toString()).isEqualTo("{\"aot_autograd\":5.5,\"codegen\":0.25,\"dynamo\":8.0,\"inductor\":3.25}");
        assertThat(json.get("unattributed_ms").asDouble()).isEqualTo(6);
    }

    private Path compileTrace(String name, String warmupEvent) throws IOException {
        Path file = temp.resolve(name + ".json");
        Files.writeString(file, "{\"format\": \"compile-trace/1\", \"fixture\": {\"name\": \"" + name + "\"},\n"
                + "\"runs\": [{\"label\": \"baseline\", \"calls\": [\n"
                + "{\"id\": \"w0\", \"phase\": \"warmup\", \"wall_ms\": 12,\n \"events\": [" + warmupEvent + "]},\n"
                + "{\"id\": \"s0\", \"phase\": \"steady\", \"wall_ms\": 1, \"events\": ["
                + "{\"kind\": \"region\", \"graph\": \"0/0\", \"cache\": \"hit\", \"ms\": 0.5}]}]}]}\n", StandardCharsets.UTF_8);
        return file;
    }

    @Test
    void aCompileTraceMayCarryEachCompilesStages() throws IOException {
        Trace trace = Traces.read(compileTrace("staged", "{\"kind\": \"region\", \"graph\": \"0/0\", \"cache\": \"compile\","
                + " \"ms\": 1, \"compile_ms\": 10.5, \"stages\": {\"dynamo\": 2.25, \"inductor\": 8, \"autotune\": 0.125}}"));
        assertThat(trace.measured(Measure.COMPILE_STAGES)).isTrue();
        JsonNode warmup = ReceiptJson.tree(Receipt.of(trace)).at("/runs/baseline/phases/warmup");
        assertThat(warmup.get("stages").toString()).isEqualTo("{\"autotune\":0.125,\"dynamo\":2.25,\"inductor\":8.0}");
        // 10.5 − 2.25 − 8 − 0.125
        assertThat(warmup.get("unattributed_ms").asDouble()).isEqualTo(0.125);
        assertThat(ReceiptJson.tree(Receipt.of(trace)).at("/runs/baseline/phases/steady/stages").toString()).isEqualTo("{}");
    }

    @Test
    void stagesThatClaimMoreThanTheCompileOrAreNotStagesAreRefusedWithTheirPlace() throws IOException {
        String compile = "{\"kind\": \"region\", \"graph\": \"0/0\", \"cache\": \"compile\", \"ms\": 1, \"compile_ms\": 10, ";
        Map<String, String> refusals = new java.util.LinkedHashMap<>();
        refusals.put(compile + "\"stages\": {\"dynamo\": 4, \"inductor\": 6.0001}}", "/runs/0/calls/0/events/0/stages (line 4, column 105):"
                + " the stages add up to 10.0001 ms, more than compile_ms 10: a stage cannot claim time the compile did not take");
        refusals.put(compile + "\"stages\": {\"Dynamo\": 4}}", "/runs/0/calls/0/events/0/stages (line 4, column 105): a stage name"
                + " must be lower case letters, digits and underscores (as aot_autograd), at most 64 long, found \"Dynamo\"");
        refusals.put(compile + "\"stages\": {\"dynamo\": -1}}", "/runs/0/calls/0/events/0/stages/dynamo (line 4, column 116):"
                + " dynamo must be ≥ 0, found -1");
        refusals.put(compile + "\"stages\": [4, 6]}", "/runs/0/calls/0/events/0/stages (line 4, column 105):"
                + " stages must be an object of stage name to milliseconds");
        refusals.put("{\"kind\": \"region\", \"graph\": \"0/0\", \"cache\": \"hit\", \"ms\": 1, \"stages\": {}}",
                "/runs/0/calls/0/events/0/stages (line 4, column 83): stages are only allowed with cache \"compile\": nothing was compiled");
        int i = 0;
        for (Map.Entry<String, String> refusal : refusals.entrySet()) {
            Path file = compileTrace("refused" + i++, refusal.getKey());
            assertThatThrownBy(() -> Traces.read(file)).isInstanceOf(TraceRefusedException.class)
                    .hasMessage(file + ": " + refusal.getValue());
        }
    }

    private static String metrics(int frame, String times) {
        return PREFIX + "{\"compilation_metrics\": {\"co_name\": \"f" + frame + "\", \"co_filename\": \"m.py\", \"cache_size\": 0,"
                + " \"has_guarded_code\": true, " + times + "}, \"frame_id\": " + frame + ", \"frame_compile_id\": 0,"
                + " \"attempt\": 0}";
    }

    @Test
    void onEveryLogTheStagesAndTheUnattributedAddUpToTheCompileTimeAtEveryLevel() throws IOException {
        List<Path> logs = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Fixtures.DIR)) {
            files.filter(p -> p.toString().endsWith("torch_trace.log")).sorted().forEach(logs::add);
        }
        assertThat(logs).hasSizeGreaterThan(15);
        int split = 0;
        for (Path file : logs) {
            JsonNode receipt = ReceiptJson.tree(Receipt.of(Traces.read(file)));
            for (Iterator<JsonNode> runs = receipt.get("runs").elements(); runs.hasNext(); ) {
                JsonNode run = runs.next();
                JsonNode log = run.get("compile_log");
                addsUp(file + " compile_log", log);
                for (JsonNode compile : log.get("compile_times")) {
                    split += addsUp(file + " " + compile.get("graph"), compile) ? 1 : 0;
                }
                if (run.get("phases").isObject()) {
                    for (Iterator<Map.Entry<String, JsonNode>> phases = run.get("phases").properties().iterator(); phases.hasNext(); ) {
                        Map.Entry<String, JsonNode> phase = phases.next();
                        addsUp(file + " " + phase.getKey(), phase.getValue());
                    }
                }
            }
        }
        // all 84 compiles of the 14 raw logs of both releases are split (counted by a plain Python reading of the
        // logs), and the 2 x 6 of the print-bridge-marked logs (baseline 0/0 1/0 0/1 1/1, candidate 0/0 0/1), which
        // today's freeze cut with their timers; the 12 break-kinds logs cut by an older freeze kept no inner timer
        // and split none of theirs; the shape-churn (4 + 1 compiles), bool-arg (2 + 1) and grad-mode (2 + 1) logs
        // of both releases, frozen since, keep theirs: 22 more; the 18 of the 4 profiler captures (graph-break:
        // 4 baseline and 2 candidate compiles a release, fallback: 1 and 2); and the 42 of the twelve warm-start logs
        // (fixtures/warm-start: 4 + 2 and 3 + 3 a release for int-spec and print-bridge, 3 + 3 and 6 + 6 for the two
        // 2.6 captures with the AOTAutograd cache on); and the 24 of the 24 logs of fixtures/cache-keys (one compile each)
        assertThat(split).isEqualTo(84 + 12 + 22 + 18 + 42 + 24);
    }

    /** Whether the figures of {@code node} split its compile time: stages and unattributed_ms add up to compile_ms to the last decimal. */
    private static boolean addsUp(String where, JsonNode node) {
        JsonNode stages = node.get("stages");
        if (stages == null || stages.isNull()) {
            assertThat(node.get("unattributed_ms").isNull()).as(where).isTrue();
            return false;
        }
        BigDecimal sum = node.get("unattributed_ms").decimalValue();
        for (JsonNode stage : stages) {
            assertThat(stage.decimalValue().signum()).as(where).isGreaterThanOrEqualTo(0);
            sum = sum.add(stage.decimalValue());
        }
        assertThat(sum.compareTo(node.get("compile_ms").decimalValue())).as(where + " " + node).isZero();
        return !stages.isEmpty();
    }
}
