package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static dev.compilereceipt.assertj.Messages.lines;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.compilereceipt.junit.TraceFixture;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.Stage;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;
import org.opentest4j.AssertionFailedError;

/**
 * Issue #41's checks that passed on evidence never read, as a user's test class runs them on the Jupiter engine:
 * {@code hasNoFailures()} on a marked TORCH_TRACE log and on a profile with its log (neither compares an output
 * with eager's), a phase's stage share on that profile (its compiles are timed by their spans, which no stage timer
 * splits), and the cause and site checks on a text taken with one logger off, each red with the evidence missing.
 * A capture whose every compiled call carries its check ({@code decision/trace.json}) stays green.
 */
class MissingEvidenceEngineTest {

    private static final String PROFILE = "profiler/2.14-graph-break/profile.json";
    private static final String PROFILE_LOG = "profiler/2.14-graph-break/torch_trace.log";
    private static final String OUTPUT_CHECKS = "output checks (whether each compiled call's output matched eager's) were not"
            + " measured by this source (not_measured: output_checks)";
    private static final String OUTPUT_REMEDY = "what would measure it: a compile-trace/1 capture whose every call in a compiled"
            + " phase carries its check (the capture helper compares each output with eager's, within --atol and --rtol)";

    private static Events run(Class<?> cases) {
        return EngineTestKit.engine("junit-jupiter").selectors(selectClass(cases))
                .configurationParameter(TraceFixture.FIXTURES_ROOT, Fixtures.dir().toString())
                .execute().testEvents();
    }

    private static void failsWith(Events tests, String method, String text) {
        tests.assertThatEvents().haveExactly(1, event(test(), displayName(method + "(Receipt)"),
                finishedWithFailure(instanceOf(AssertionFailedError.class), message(lines(text)))));
    }

    @Test
    void eachIsRedWithTheEvidenceItLacked() {
        Events tests = run(Cases.class);

        tests.assertStatistics(stats -> stats.started(6).succeeded(1).failed(5));
        tests.assertThatEvents().haveExactly(1, event(test(), displayName("noFailuresWhereEveryCompiledCallWasChecked(Receipt)"),
                finishedSuccessfully()));
        failsWith(tests, "noFailuresOnAMarkedLog", """

                Expecting
                  print-bridge receipt (runs baseline, candidate)
                to have no failures
                but %s;
                %s""".formatted(OUTPUT_CHECKS, OUTPUT_REMEDY));
        failsWith(tests, "noFailuresOnAProfileWithItsLog", """

                Expecting
                  profile receipt (runs baseline)
                to have no failures
                but %s;
                %s""".formatted(OUTPUT_CHECKS, OUTPUT_REMEDY));
        failsWith(tests, "noAotAutogradShareOnAProfile", """

                Expecting
                  compile stages of phase warmup of the profile receipt
                to spend at most 0.0 % of its compile time in stage aot_autograd
                but the phase's compile time by stage was not measured by this source (not_measured: phase_stages): no compile \
                of the profile's calls carries stage timers: a compile here is timed by its span in the profile, which the log's \
                timers do not split;
                what would measure it: a TORCH_TRACE log with per-call markers whose compiles carry stage timers (PyTorch 2.6 or \
                later), or a compile-trace/1 capture whose compile events carry stages; a torch.profiler trace times each compile \
                by its span, which its log's timers do not split""");
        failsWith(tests, "noShapeRecompilesWithoutTheRecompilesLogger", """

                Expecting
                  2.6-print-bridge-graph-breaks-only receipt (runs baseline)
                to recompile only on guards of kinds (none)
                but recompile causes (the guard failures behind each recompile) were not measured by this source \
                (not_measured: recompile_causes): the text holds no recompile lines for 0/1: was the recompiles logger on?;
                what would measure it: TORCH_LOGS text with the recompiles logger on (TORCH_LOGS=recompiles), or a TORCH_TRACE \
                log (its recompile_reasons artifacts)""");
        failsWith(tests, "noBreaksWithoutTheGraphBreaksLogger", """

                Expecting
                  2.6-print-bridge-recompiles-only receipt (runs baseline)
                to break only at []
                but break sites were not measured by this source (not_measured: break_sites): the text names the resume \
                frame torch_dynamo_resume_in_f_at_31 (1/1), which only a graph break makes, and holds no graph-break lines: \
                was the graph_breaks logger on?;
                what would measure it: TORCH_LOGS text with the graph_breaks logger on (TORCH_LOGS=graph_breaks), or a \
                TORCH_TRACE log (its dynamo_graph_break_reason artifacts)""");
    }

    static class Cases {
        @Test
        void noFailuresOnAMarkedLog(@TraceFixture("print-bridge/torch_trace.log") Receipt receipt) {
            assertThat(receipt).hasNoFailures();
        }

        @Test
        void noFailuresOnAProfileWithItsLog(@TraceFixture(value = PROFILE, log = PROFILE_LOG, callSpan = "compile_receipt_call",
                run = "baseline") Receipt receipt) {
            assertThat(receipt).hasNoFailures();
        }

        @Test
        void noAotAutogradShareOnAProfile(@TraceFixture(value = PROFILE, log = PROFILE_LOG, callSpan = "compile_receipt_call",
                run = "baseline") Receipt receipt) {
            assertThat(receipt).compileStages(Phase.WARMUP).hasShareAtMost(Stage.AOT_AUTOGRAD, 0.0);
        }

        @Test
        void noShapeRecompilesWithoutTheRecompilesLogger(
                @TraceFixture("loggers-off/2.6-print-bridge-graph-breaks-only/torch_logs.txt") Receipt receipt) {
            assertThat(receipt).hasRecompileCausesOnlyOfKinds();
        }

        @Test
        void noBreaksWithoutTheGraphBreaksLogger(
                @TraceFixture("loggers-off/2.6-print-bridge-recompiles-only/torch_logs.txt") Receipt receipt) {
            assertThat(receipt).hasBreaksOnlyAt();
        }

        @Test
        void noFailuresWhereEveryCompiledCallWasChecked(@TraceFixture("decision/trace.json") Receipt receipt) {
            assertThat(receipt).hasNoFailures();
        }
    }
}
