package dev.compilereceipt.view.text;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.RecompileCause;
import dev.compilereceipt.receipt.RecompileCauses;
import dev.compilereceipt.receipt.RecompileKind;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Phase;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The summary's causes: one line each, at most three guard failures under it, never 2.14's stack trace inline. */
class RecompileCauseTextTest {

    private static String summary(String fixture) {
        return ReceiptSummary.render(Receipt.of(Fixtures.trace(fixture)));
    }

    /** The first run's causes: up to its compile log, or the next run where the source has no compile log. */
    private static String causesOf(String summary) {
        int start = summary.indexOf("  recompile causes");
        int log = summary.indexOf("  compile log:", start);
        int run = summary.indexOf("\nrun ", start);
        return summary.substring(start, log >= 0 && (run < 0 || log < run) ? log : run);
    }

    @Test
    void intSpecOn214IsOneLineWhereItWas36() {
        String summary = summary("torch-2.14/int-spec/torch_trace.log");
        assertThat(causesOf(summary)).isEqualTo("""
                  recompile causes (36 guard failures):
                    7 recompiles in `f` (scenarios.py:64) in steady because `n` (a Python int, scenarios.py:65) took 7 new values (2…8); at 0/8 the recompile limit was hit and the frame fell back to eager
                      b04 -> 0/1  0/0: n == 1
                      b05 -> 0/2  0/1: n == 2
                      b06 -> 0/3  0/2: n == 3
                      … 33 more guard failures in the receipt JSON
                      hint: each value of a Python number is a constant of its own graph: pass it as a tensor to compile one graph for all
                """);
        assertThat(summary).doesNotContain("\\u000a").doesNotContain("User stack trace").doesNotContain("guard misses");
    }

    @Test
    void theSameCaptureReadFromTraceJsonSaysTheSameButTheFrameItDoesNotRecord() {
        assertThat(causesOf(summary("torch-2.14/int-spec/trace.json")).stripTrailing())
                .isEqualTo(causesOf(summary("torch-2.14/int-spec/torch_trace.log")).stripTrailing()
                        .replace("7 recompiles in `f` (scenarios.py:64) in steady", "7 recompiles in steady"));
    }

    @Test
    void aTextLogWithoutCallsNamesNoCallNorPhase() {
        // One text of one process: the baseline's 0/0 -> 0/1 of x, y's 1/0 -> 1/1, then the candidate's 0/0 -> 0/1 of x again.
        assertThat(causesOf(summary("torch-logs/2.6-print-bridge/torch_logs.txt"))).isEqualTo("""
                  recompile causes (3 guard failures):
                    1 recompile in `f` (scenarios.py:28) because `L['x'].size()[0]` (a tensor size) took a new value (16)
                      0/1  0/0: tensor 'L['x']' size mismatch at index 0. expected 8, actual 16
                      … 1 more guard failure in the receipt JSON
                      hint: torch._dynamo.mark_dynamic(x, dim) or torch.compile(dynamic=True) compiles one graph for many sizes
                    1 recompile in `torch_dynamo_resume_in_f_at_31` (scenarios.py:31) because `L['y'].size()[0]` (a tensor size) took a new value (16)
                      1/1  1/0: tensor 'L['y']' size mismatch at index 0. expected 8, actual 16
                """);
    }

    @Test
    void globalStateThatChangedHasNoValuesToName() {
        RecompileCause cause = new RecompileCause("grad_mode", "GLOBAL_STATE changed: grad_mode", RecompileKind.GLOBAL_STATE,
                Optional.of("/src/train.py:58"), List.of(), List.of(new GraphId(4, 1), new GraphId(4, 2)),
                Optional.of(List.of(Phase.WARMUP, Phase.STEADY)), false, List.of(),
                List.of(new RecompileCause.Evidence(Optional.of("b02"), new GraphId(4, 1), "4/0: GLOBAL_STATE changed: grad_mode")));
        assertThat(RecompileCauseText.line(cause))
                .isEqualTo("2 recompiles in warmup and steady because `grad_mode` (global state, train.py:58) changed");
    }

    @Test
    void anAliasingCauseSaysWhatChangedAndItsHint() {
        String guard = "0/0: Duplicate tensors found: [\"L['a']\", \"G['G1']\"]";
        RecompileCause cause = RecompileCauses.of(List.of(new RecompileCauses.Failure(Optional.of("b03"), Optional.of(Phase.CHANGED),
                new GraphId(0, 1), guard)), Set.of(), true).get(0);
        assertThat(RecompileCauseText.block(cause, "", true)).isEqualTo("""
                1 recompile in changed because `L['a'], G['G1']` (whether tensor arguments share one tensor) changed
                  b03 -> 0/1  0/0: Duplicate tensors found: ["L['a']", "G['G1']"]
                  hint: each way the inputs alias is its own graph: pass distinct tensors, or the same one, on every call
                """);
    }
}
