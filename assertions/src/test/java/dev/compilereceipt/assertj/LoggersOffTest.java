package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static dev.compilereceipt.assertj.Messages.lines;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.compilereceipt.Traces;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.BreakKind;
import org.junit.jupiter.api.Test;

/**
 * Issue #41: a TORCH_LOGS text taken with one logger off shows what that logger would have written
 * about (a recompiled {@code 0/1} in a break line's prefix; a resume frame made by a break) and none
 * of it, so the checks on it fail with the not-measured sentence where they passed on nothing read.
 * The texts are the 2.6 print-bridge text filtered to one logger's lines ({@code fixtures/loggers-off/}).
 */
class LoggersOffTest {

    private static Receipt read(String name) {
        return Receipt.of(Traces.read(Fixtures.dir().resolve("loggers-off/" + name + "/torch_logs.txt")));
    }

    private final Receipt breaksOnly = read("2.6-print-bridge-graph-breaks-only");
    private final Receipt recompilesOnly = read("2.6-print-bridge-recompiles-only");

    @Test
    void recompileKindsAreNotMeasuredWithoutTheRecompilesLogger() {
        assertThatThrownBy(() -> assertThat(breaksOnly).hasRecompileCausesOnlyOfKinds())
                .hasMessage(lines("""

                        Expecting
                          2.6-print-bridge-graph-breaks-only receipt (runs baseline)
                        to recompile only on guards of kinds (none)
                        but recompile causes (the guard failures behind each recompile) were not measured by this source (not_measured: recompile_causes): the text holds no recompile lines for 0/1: was the recompiles logger on?;
                        what would measure it: TORCH_LOGS text with the recompiles logger on (TORCH_LOGS=recompiles), or a TORCH_TRACE log (its recompile_reasons artifacts)"""));
    }

    @Test
    void recompileSubjectsAreNotMeasuredWithoutTheRecompilesLogger() {
        assertThatThrownBy(() -> assertThat(breaksOnly).hasNoRecompilesCausedBy("x.size()[0]"))
                .hasMessage(lines("""

                        Expecting
                          2.6-print-bridge-graph-breaks-only receipt (runs baseline)
                        to have no recompiles caused by `x.size()[0]`
                        but recompile causes (the guard failures behind each recompile) were not measured by this source (not_measured: recompile_causes): the text holds no recompile lines for 0/1: was the recompiles logger on?;
                        what would measure it: TORCH_LOGS text with the recompiles logger on (TORCH_LOGS=recompiles), or a TORCH_TRACE log (its recompile_reasons artifacts)"""));
    }

    @Test
    void breakSitesAreNotMeasuredWithoutTheGraphBreaksLogger() {
        assertThatThrownBy(() -> assertThat(recompilesOnly).hasBreaksOnlyAt())
                .hasMessage(lines("""

                        Expecting
                          2.6-print-bridge-recompiles-only receipt (runs baseline)
                        to break only at []
                        but break sites were not measured by this source (not_measured: break_sites): the text names the resume frame torch_dynamo_resume_in_f_at_31 (1/1), which only a graph break makes, and holds no graph-break lines: was the graph_breaks logger on?;
                        what would measure it: TORCH_LOGS text with the graph_breaks logger on (TORCH_LOGS=graph_breaks), or a TORCH_TRACE log (its dynamo_graph_break_reason artifacts)"""));
    }

    @Test
    void breakKindsAreNotMeasuredWithoutTheGraphBreaksLogger() {
        assertThatThrownBy(() -> assertThat(recompilesOnly).hasNoBreaksOfKind(BreakKind.PYTHON_SIDE_EFFECT))
                .hasMessage(lines("""

                        Expecting
                          2.6-print-bridge-recompiles-only receipt (runs baseline)
                        to have no graph breaks of kind python-side-effect
                        but break sites were not measured by this source (not_measured: break_sites): the text names the resume frame torch_dynamo_resume_in_f_at_31 (1/1), which only a graph break makes, and holds no graph-break lines: was the graph_breaks logger on?;
                        what would measure it: TORCH_LOGS text with the graph_breaks logger on (TORCH_LOGS=graph_breaks), or a TORCH_TRACE log (its dynamo_graph_break_reason artifacts)"""));
    }

    @Test
    void eachTextStillMeasuresWhatItsLoggerWrote() {
        assertThat(breaksOnly).hasBreaksOnlyAt("scenarios.py:31");
        assertThat(recompilesOnly).hasRecompileCausesOnlyOfKinds(dev.compilereceipt.receipt.RecompileKind.values());
    }
}
