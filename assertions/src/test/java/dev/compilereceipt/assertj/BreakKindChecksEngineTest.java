package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static dev.compilereceipt.assertj.Messages.lines;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.compilereceipt.trace.BreakKind;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.junit.TraceFixture;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;
import org.opentest4j.AssertionFailedError;

/**
 * The break-kind checks as a user's test class runs them, on the Jupiter engine with the fixture
 * injected by {@code @TraceFixture}: passing, and failing with the whole message (a TORCH_LOGS
 * text is named after its file, {@code torch_logs}). The 2.6 capture
 * (fixtures/break-kinds/2.6-break-kinds/torch_trace.log) breaks at layers.py:14 (Unsupported:
 * Tensor.item), :16 (builtin: print), :18 (skip function graph_break) and inside
 * torch/distributions/distribution.py:62 (skip function is_dependent), called from layers.py:19.
 */
class BreakKindChecksEngineTest {

    private static Events run(Class<?> cases) {
        return EngineTestKit.engine("junit-jupiter").selectors(selectClass(cases))
                .configurationParameter(TraceFixture.FIXTURES_ROOT, Fixtures.dir().toString())
                .execute().testEvents();
    }

    @Test
    void aModelThatOnlyBreaksOnPurposePasses() {
        run(PassingCases.class).assertStatistics(stats -> stats.started(2).succeeded(2).failed(0));
    }

    @Test
    void aDeviceSyncInTheUsersPackageFailsWithTheSiteAndItsUserFrame() {
        Events tests = run(FailingCases.class);
        tests.assertStatistics(stats -> stats.started(2).succeeded(0).failed(2));
        String layers = "/capture/tests/mymodel/layers.py";
        tests.assertThatEvents().haveExactly(1, event(test(), displayName("noDeviceSyncs(Receipt)"),
                finishedWithFailure(instanceOf(AssertionFailedError.class), message(lines("""

                        Expecting
                          run baseline of the 2.6-break-kinds receipt
                        to have no graph breaks of kind device-sync
                        but 1 site is of that kind:
                          baseline %s:14  device-sync  reported by 1 compile  Unsupported: Tensor.item\
                        """.formatted(layers))))));
        tests.assertThatEvents().haveExactly(1, event(test(), displayName("noBreaksInMyModel(Receipt)"),
                finishedWithFailure(instanceOf(AssertionFailedError.class), message(text -> text.contains(
                        "  baseline /usr/lib/python3/dist-packages/torch/distributions/distribution.py:62  unsupported-call  user frame "
                                + layers + ":19  reported by 1 compile  Unsupported: 'skip function is_dependent in file "
                                + "/usr/lib/python3/dist-packages/torch/distributions/constraints.py'")))));
    }

    static class PassingCases {
        @Test
        void candidateIsClean(@TraceFixture("break-kinds/2.6-break-kinds/torch_trace.log") Receipt receipt) {
            assertThat(receipt).run("candidate").hasBreaksOnlyOfKinds().hasNoBreaksUnder("mymodel/");
        }

        @Test
        void baselineHasNoCopiesOrSkips(@TraceFixture("break-kinds/2.6-break-kinds/torch_trace.log") Receipt receipt) {
            assertThat(receipt).run("baseline").hasNoBreaksOfKind(BreakKind.DATA_COPY, BreakKind.FRAME_SKIP);
        }
    }

    static class FailingCases {
        @Test
        void noDeviceSyncs(@TraceFixture("break-kinds/2.6-break-kinds/torch_logs.txt") Receipt receipt) {
            assertThat(receipt).run("baseline").hasNoBreaksOfKind(BreakKind.DEVICE_SYNC);
        }

        @Test
        void noBreaksInMyModel(@TraceFixture("break-kinds/2.6-break-kinds/torch_logs.txt") Receipt receipt) {
            assertThat(receipt).run("baseline").hasNoBreaksUnder("mymodel/");
        }
    }
}
