package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static dev.compilereceipt.assertj.Messages.lines;
import static dev.compilereceipt.trace.Phase.CHANGED;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.compilereceipt.junit.TraceFixture;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.BreakKind;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;
import org.opentest4j.AssertionFailedError;

/**
 * Issue #28's four green tests that had to be red, as a user's test class runs them on the Jupiter
 * engine: a check on a figure its source did not measure, or gives only as a bound that does not
 * decide it, fails with what would measure it.
 *
 * <ol>
 *   <li>fixtures/break-kinds/2.6-break-in-loop/torch_logs.txt: Dynamo skipped the frame (the
 *       torch_trace.log of the same process has the fallback 0/0), and 2.6's text says nothing of it;</li>
 *   <li>fixtures/print-bridge/torch_trace.log: the log records the print break in the 2 calls that
 *       compiled it, where trace.json shows 12 calls crossing it, once each;</li>
 *   <li>a TORCH_LOGS text: the site's kind is measured there, its calls are not;</li>
 *   <li>fixtures/break-kinds/2.6-break-in-loop/trace.json: the changed phase has no calls.</li>
 * </ol>
 */
class HonestFiguresEngineTest {

    private static final String BREAK_IN_LOOP_TEXT = "break-kinds/2.6-break-in-loop/torch_logs.txt";
    private static final String LAYERS = "/capture/tests/mymodel/layers.py:32";

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
    void eachOfTheFourIsRedWithWhatWouldMeasureIt() {
        Events tests = run(FourCases.class);
        tests.assertStatistics(stats -> stats.started(7).succeeded(0).failed(7));
        failsWith(tests, "noFallbacksOnA26Text", """

                Expecting
                  2.6-break-in-loop receipt (runs baseline)
                to have no fallbacks
                but the frames that fell back to eager were not measured by this source, only bounded (at least 0: \
                PyTorch 2.6's TORCH_LOGS text writes no line when Dynamo skips a frame whose graph break is inside a loop, \
                so the fallbacks it logs are the least there were);
                what would measure it: a TORCH_TRACE log of the same run (its compilation_metrics say has_guarded_code \
                false for a skipped frame), a compile-trace/1 capture, or TORCH_LOGS text of PyTorch 2.8 or later""");
        failsWith(tests, "noFrameSkipsOnA26Text", """

                Expecting
                  2.6-break-in-loop receipt (runs baseline)
                to have no graph breaks of kind frame-skip
                but the frames that fell back to eager were not measured by this source, only bounded (at least 0: \
                PyTorch 2.6's TORCH_LOGS text writes no line when Dynamo skips a frame whose graph break is inside a loop, \
                so the fallbacks it logs are the least there were);
                what would measure it: a TORCH_TRACE log of the same run (its compilation_metrics say has_guarded_code \
                false for a skipped frame), a compile-trace/1 capture, or TORCH_LOGS text of PyTorch 2.8 or later""");
        String crossings = """

                Expecting
                  break site /rt/scenarios.py:31 of run baseline of the print-bridge receipt
                to %s
                but the calls that crossed this site and the crossings per call were not measured by this source, \
                only bounded (at least %s: a TORCH_TRACE log records a break in the call that compiles it, not in the \
                calls that cross it afterwards);
                what would measure it: a compile-trace/1 capture, which records every break a call crosses""";
        failsWith(tests, "twelveCallsOnAMarkedLog", crossings.formatted("have been crossed by 12 calls", 2));
        failsWith(tests, "twoCallsOnAMarkedLog", crossings.formatted("have been crossed by 2 calls", 2));
        failsWith(tests, "oncePerCallOnAMarkedLog", crossings.formatted("have been crossed at most 1 time by any call", 1));
        failsWith(tests, "callsOfASiteInText", """

                Expecting
                  break site %s of run baseline of the 2.6-break-in-loop receipt
                to have been crossed by 1 call
                but the calls that crossed this site and the crossings per call were not measured by this source \
                (not_measured: site_crossings);
                what would measure it: a compile-trace/1 capture, which records every break a call crosses""".formatted(LAYERS));
        failsWith(tests, "medianOfAPhaseWithoutCalls", """

                Expecting
                  phase changed (0 calls) of run baseline of the break-in-loop receipt
                to have a median wall time of at most 0.001 ms
                but there are no calls in phase changed: a phase without calls has no timing""");
    }

    @Test
    void whatATextMeasuresOfASitePasses() {
        run(MeasuredCases.class).assertStatistics(stats -> stats.started(2).succeeded(2).failed(0));
    }

    @Test
    void aBoundThatDecidesTheCheckFailsItAsAMeasuredFigureWould() {
        Events tests = run(DecidedByTheBound.class);
        tests.assertStatistics(stats -> stats.started(1).succeeded(0).failed(1));
        failsWith(tests, "oneCallOnAMarkedLog", """

                Expecting
                  break site /rt/scenarios.py:31 of run baseline of the print-bridge receipt
                to have been crossed by 1 call
                but it was crossed by at least 2 calls""");
    }

    static class FourCases {
        @Test
        void noFallbacksOnA26Text(@TraceFixture(BREAK_IN_LOOP_TEXT) Receipt receipt) {
            assertThat(receipt).hasNoFallbacks();
        }

        @Test
        void noFrameSkipsOnA26Text(@TraceFixture(BREAK_IN_LOOP_TEXT) Receipt receipt) {
            assertThat(receipt).hasNoBreaksOfKind(BreakKind.FRAME_SKIP);
        }

        @Test
        void twelveCallsOnAMarkedLog(@TraceFixture("print-bridge/torch_trace.log") Receipt receipt) {
            assertThat(receipt).run("baseline").breakSite("scenarios.py:31").hasCalls(12);
        }

        @Test
        void twoCallsOnAMarkedLog(@TraceFixture("print-bridge/torch_trace.log") Receipt receipt) {
            assertThat(receipt).run("baseline").breakSite("scenarios.py:31").hasCalls(2);
        }

        @Test
        void oncePerCallOnAMarkedLog(@TraceFixture("print-bridge/torch_trace.log") Receipt receipt) {
            assertThat(receipt).run("baseline").breakSite("scenarios.py:31").hasAtMostCrossingsPerCall(1);
        }

        @Test
        void callsOfASiteInText(@TraceFixture(BREAK_IN_LOOP_TEXT) Receipt receipt) {
            assertThat(receipt).breakSite("layers.py:32").hasCalls(1);
        }

        @Test
        void medianOfAPhaseWithoutCalls(@TraceFixture("break-kinds/2.6-break-in-loop/trace.json") Receipt receipt) {
            assertThat(receipt).run("baseline").phase(CHANGED).hasMedianAtMost(0.001);
        }
    }

    static class MeasuredCases {
        @Test
        void theKindReasonAndUserFrameOfASiteInText(@TraceFixture(BREAK_IN_LOOP_TEXT) Receipt receipt) {
            assertThat(receipt).breakSite("layers.py:32").hasKind(BreakKind.DEVICE_SYNC).hasReasonContaining("Tensor.item")
                    .hasUserFrame("mymodel/layers.py:32");
        }

        @Test
        void theRegistryIdOfASiteIn214Text(@TraceFixture("torch-logs/2.14-print-bridge/torch_logs.txt") Receipt receipt) {
            assertThat(receipt).breakSite("scenarios.py:31").hasGbId("GB0059").hasKind(BreakKind.PYTHON_SIDE_EFFECT);
        }
    }

    static class DecidedByTheBound {
        @Test
        void oneCallOnAMarkedLog(@TraceFixture("print-bridge/torch_trace.log") Receipt receipt) {
            assertThat(receipt).run("baseline").breakSite("scenarios.py:31").hasCalls(1);
        }
    }
}
