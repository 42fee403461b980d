package dev.compilereceipt.receipt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.Traces;
import dev.compilereceipt.json.CanonicalJson;
import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.trace.CodeFrame;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.view.text.RecompileCauseText;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The frame each recompile cause names, worked out by hand from the fixtures of both releases. int-spec's
 * {@code f(x, n)} starts at line 64 of {@code scenarios.py} and multiplies by {@code n} on line 65: every
 * {@code compilation_metrics} of its logs says {@code "co_name": "f", "co_firstlineno": 64} with
 * {@code co_filename} {@code /rt/scenarios.py} (the captures of {@code int-spec/} and {@code torch-2.14/}) or
 * {@code /rtl/scenarios.py} (those of {@code torch-logs/}), and every recompile message of the texts says
 * {@code Recompiling function f in /rtl/scenarios.py:64}. Variant {@code 0/8} fell back at the limit and logged
 * no metrics: its frame is frame 0's. The guard's own line is 2.14's alone ({@code User stack trace:} ...
 * {@code line 65}); compile-trace/1 records no frame.
 */
class RecompileCauseFramesTest {

    private static final CodeFrame F_RT = new CodeFrame("f", "/rt/scenarios.py", OptionalInt.of(64));
    private static final CodeFrame F_RTL = new CodeFrame("f", "/rtl/scenarios.py", OptionalInt.of(64));

    @TempDir
    Path temp;

    private static RecompileCause onlyCause(String fixture) {
        List<RecompileCause> causes = Receipt.of(Fixtures.trace(fixture)).run("baseline").recompileCauses();
        assertThat(causes).as(fixture).hasSize(1);
        return causes.get(0);
    }

    @Test
    void torchTraceLogsOfBothReleasesNameTheFrameFromTheirMetrics() {
        RecompileCause of26 = onlyCause("int-spec/torch_trace.log");
        assertThat(of26.frame()).contains(F_RT);
        assertThat(of26.guardLine()).as("2.6 names no line in a guard failure").isEmpty();
        RecompileCause of214 = onlyCause("torch-2.14/int-spec/torch_trace.log");
        assertThat(of214.frame()).contains(F_RT);
        assertThat(of214.guardLine()).contains("/rt/scenarios.py:65");
        // 0/8, the limit's fallback without metrics, joined its frame's cause rather than making one of its own
        assertThat(of214.graphs()).endsWith(new GraphId(0, 8));
    }

    @Test
    void torchLogsTextsOfBothReleasesNameTheFrameOfTheirRecompilingLine() {
        RecompileCause of26 = onlyCause("torch-logs/2.6-int-spec/torch_logs.txt");
        assertThat(of26.frame()).contains(F_RTL);
        assertThat(of26.guardLine()).isEmpty();
        RecompileCause of214 = onlyCause("torch-logs/2.14-int-spec/torch_logs.txt");
        assertThat(of214.frame()).contains(F_RTL);
        assertThat(of214.guardLine()).contains("/rtl/scenarios.py:65");
    }

    @Test
    void compileTraceRecordsNoFrame() {
        assertThat(onlyCause("int-spec/trace.json").frame()).isEmpty();
        assertThat(onlyCause("torch-2.14/int-spec/trace.json").frame()).isEmpty();
        assertThat(onlyCause("torch-2.14/int-spec/trace.json").guardLine()).contains("/rt/scenarios.py:65");
    }

    @Test
    void eachFrameOfPrintBridgeIsACauseOfItsOwn() {
        // f (line 28) recompiles on x as 0/1, its resume frame after the print (line 31) on y as 1/1
        for (String fixture : List.of("print-bridge/torch_trace.log", "torch-2.14/print-bridge/torch_trace.log")) {
            List<RecompileCause> causes = Receipt.of(Fixtures.trace(fixture)).run("baseline").recompileCauses();
            assertThat(causes).as(fixture).extracting(cause -> cause.frame().map(CodeFrame::described).orElse("none"))
                    .containsExactly("`f` (scenarios.py:28)", "`torch_dynamo_resume_in_f_at_31` (scenarios.py:31)");
        }
    }

    @Test
    void oneGuardInTwoFramesIsTwoCauses() {
        CodeFrame outer = new CodeFrame("forward", "/src/model.py", OptionalInt.of(41));
        CodeFrame inner = new CodeFrame("block", "/src/model.py", OptionalInt.of(12));
        List<RecompileCauses.Failure> failures = List.of(
                new RecompileCauses.Failure(Optional.empty(), Optional.empty(), new GraphId(0, 1), "0/0: L['n'] == 1"),
                new RecompileCauses.Failure(Optional.empty(), Optional.empty(), new GraphId(3, 1), "3/0: L['n'] == 1"));
        List<RecompileCause> causes = RecompileCauses.of(failures, Set.of(), false,
                graph -> Optional.of(graph.frame() == 0 ? outer : inner));
        assertThat(causes).extracting(RecompileCause::frame).containsExactly(Optional.of(outer), Optional.of(inner));
        assertThat(RecompileCauseText.line(causes.get(0)))
                .isEqualTo("1 recompile in `forward` (model.py:41) because `L['n']` (a Python int) changed");
    }

    @Test
    void theReceiptJsonOfACauseFromA214TextHasItsFrameAndGuardLine() {
        Receipt receipt = Receipt.of(Fixtures.trace("torch-logs/2.14-int-spec/torch_logs.txt"));
        String json = CanonicalJson.write(ReceiptJson.tree(receipt).at("/runs/baseline/recompile_causes/0"));
        assertThat(json).startsWith("{\"ended_in_limit\":true,\"frame\":{\"file\":\"/rtl/scenarios.py\",\"function\":\"f\",\"line\":64},"
                        + "\"graphs\":[\"0/1\",\"0/2\",\"0/3\",\"0/4\",\"0/5\",\"0/6\",\"0/7\",\"0/8\"],"
                        + "\"guard\":\"n == <int>\",\"guard_line\":\"/rtl/scenarios.py:65\",\"kind\":\"python-value\",\"phases\":null,"
                        + "\"subject\":\"n\",\"user_line\":\"/rtl/scenarios.py:65\",");
        Receipt trace = Receipt.of(Fixtures.trace("int-spec/trace.json"));
        assertThat(CanonicalJson.write(ReceiptJson.tree(trace).at("/runs/baseline/recompile_causes/0/frame")))
                .as("compile-trace/1 records no frame").isEqualTo("null");
    }

    @Test
    void theSummaryLineOfEachSourceSaysWhereTheCauseHappened() {
        assertThat(RecompileCauseText.line(onlyCause("int-spec/torch_trace.log"))).isEqualTo("7 recompiles in `f` (scenarios.py:64) "
                + "in steady because `L['n']` (a Python int) took 7 new values (2…8); at 0/8 the recompile limit was hit and "
                + "the frame fell back to eager");
        assertThat(RecompileCauseText.line(onlyCause("torch-logs/2.14-int-spec/torch_logs.txt"))).isEqualTo("7 recompiles in `f` "
                + "(scenarios.py:64) because `n` (a Python int, scenarios.py:65) took 7 new values (2…8); at 0/8 the recompile "
                + "limit was hit and the frame fell back to eager");
        assertThat(RecompileCauseText.line(onlyCause("int-spec/trace.json"))).isEqualTo("7 recompiles in steady because `L['n']` "
                + "(a Python int) took 7 new values (2…8); at 0/8 the recompile limit was hit and the frame fell back to eager");
    }

    @Test
    void aLogFrozenBeforeTheFirstLineWasKeptNamesTheFrameWithoutIt() {
        // torch-logs/2.6-shape-churn's log was frozen before co_firstlineno was kept: churn_scale and its file only
        RecompileCause cause = onlyCause("torch-logs/2.6-shape-churn/torch_trace.log");
        assertThat(cause.frame()).contains(new CodeFrame("churn_scale", "/capture/tests/scenarios.py", OptionalInt.empty()));
        assertThat(cause.frame().orElseThrow().described()).isEqualTo("`churn_scale` (scenarios.py)");
    }

    @Test
    void aFrozenLogKeepsTheFirstLineAndCutsTheFolderFromTheFrame() throws Exception {
        Path frozen = temp.resolve("int-spec.log");
        Traces.freeze(Fixtures.path("torch-2.14/int-spec/torch_trace.log"), frozen, Optional.of(Path.of("/rt")));
        assertThat(Files.readString(frozen, StandardCharsets.UTF_8)).contains("\"co_firstlineno\":64")
                .contains("\"co_filename\":\"scenarios.py\"");
        RecompileCause cause = Receipt.of(Traces.read(frozen)).run("baseline").recompileCauses().get(0);
        assertThat(cause.frame()).contains(new CodeFrame("f", "scenarios.py", OptionalInt.of(64)));
        assertThat(cause.guardLine()).contains("scenarios.py:65");
    }

    @Test
    void aLocationWithoutALineIsNoFrame() {
        assertThat(CodeFrame.at("f", "/rtl/scenarios.py:64")).contains(F_RTL);
        assertThat(CodeFrame.at("f", "/rtl/scenarios.py")).isEmpty();
        assertThat(CodeFrame.at("", "/rtl/scenarios.py:64")).isEmpty();
        assertThat(F_RTL.location()).isEqualTo("/rtl/scenarios.py:64");
    }
}
