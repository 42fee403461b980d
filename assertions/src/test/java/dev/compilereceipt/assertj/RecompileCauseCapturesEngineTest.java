package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static dev.compilereceipt.assertj.Messages.lines;
import static dev.compilereceipt.trace.Phase.STEADY;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.compilereceipt.junit.TraceFixture;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.RecompileKind;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;
import org.opentest4j.AssertionFailedError;

/**
 * The recompile-cause checks on the shape-churn and bool-arg captures of both releases, as a user's test
 * class runs them, with whole messages. shape-churn ({@code dynamic=False}) takes sizes 4, 8, 16 in steady
 * and 32 in changed: one shape cause, variants {@code 0/1 … 0/3}, 6 guard failures; its candidate
 * ({@code dynamic=True}) never recompiles. bool-arg flips a Python bool: one recompile at b03, a value
 * cause on 2.14 ({@code flag == True}) and an identity on 2.6 ({@code ___check_obj_id(L['flag'], 10519872)}).
 * grad-mode turns grad off at b03: one global-state cause, the same on both releases.
 */
class RecompileCauseCapturesEngineTest {

    private static Events run(Class<?> cases) {
        return EngineTestKit.engine("junit-jupiter").selectors(selectClass(cases))
                .configurationParameter(TraceFixture.FIXTURES_ROOT, Fixtures.dir().toString())
                .execute().testEvents();
    }

    private static final String SHAPE_HINT = "hint: torch._dynamo.mark_dynamic(x, dim) or torch.compile(dynamic=True) compiles one graph"
            + " for many sizes";

    @Test
    void causesThatAreAllowedPass() {
        run(PassingCases.class).assertStatistics(stats -> stats.started(5).succeeded(5).failed(0));
    }

    @Test
    void everyFailingCheckNamesItsCauseOnTheCapturesOfBothReleases() {
        Events tests = run(FailingCases.class);
        tests.assertStatistics(stats -> stats.started(6).succeeded(0).failed(6));
        failsWith(tests, "atMostTwoSizes(Receipt)", """

                Expecting
                  recompile cause `L['x'].size()[0]` (tensor 'L['x']' size mismatch at index 0. expected <int>, actual <int>) of run baseline of the shape-churn receipt
                to have at most 2 values
                but it had 4 (4, 8, 16, 32):
                  3 recompiles in steady and changed because `L['x'].size()[0]` (a tensor size) took 3 new values (8, 16, 32)""");
        failsWith(tests, "noRecompilesCausedByTheSizeFromText(Receipt)", """

                Expecting
                  run baseline of the 2.14-shape-churn receipt
                to have no recompiles caused by `x.size()[0]`
                but 1 recompile cause is about it:
                  baseline: 3 recompiles in `churn_scale` (scenarios.py:231) because `x.size()[0]` (a tensor size) took 3 new values (8, 16, 32)
                    0/1  0/0: tensor 'x' size mismatch at index 0. expected 4, actual 8
                    0/2  0/1: tensor 'x' size mismatch at index 0. expected 8, actual 16
                    0/3  0/2: tensor 'x' size mismatch at index 0. expected 16, actual 32
                    … 3 more guard failures in the receipt JSON
                    %s""".formatted(SHAPE_HINT));
        failsWith(tests, "onlyShapesButABool(Receipt)", """

                Expecting
                  run baseline of the bool-arg receipt
                to recompile only on guards of kinds shape
                but 1 recompile cause is of other kinds:
                  baseline: 1 recompile in steady because `flag` (a Python bool, scenarios.py:246) changed
                    b03 -> 0/1  0/0: flag == True
                    hint: each value of a Python number is a constant of its own graph: pass it as a tensor to compile one graph for all""");
        failsWith(tests, "noRecompilesInSteadyOn26(Receipt)", """

                Expecting
                  run baseline of the bool-arg receipt
                not to recompile in steady
                but 1 call recompiled:
                  baseline: 1 recompile in steady because `L['flag']` (an object's identity or attribute) changed
                    b03 -> 0/1  0/0: ___check_obj_id(L['flag'], 10519872)
                    hint: the frame is specialized to this object or attribute: keep it the same, or pass what varies as a tensor
                  run       call  phase   family  graphs  cache    compile ms
                  baseline  b03   steady  base    0/1     compile  51.473""");
        failsWith(tests, "aBoolOn26IsNoPythonValue(Receipt)", """

                Expecting
                  recompile cause `L['flag']` (___check_obj_id(L['flag'], <id>)) in `flagged` (scenarios.py:245) of run baseline of the 2.6-bool-arg receipt
                to have kind python-value
                but its kind was object, from its guard ___check_obj_id(L['flag'], <id>)""");
        failsWith(tests, "noRecompilesOnGradMode(Receipt)", """

                Expecting
                  run baseline of the grad-mode receipt
                to have no recompiles caused by `grad_mode`
                but 1 recompile cause is about it:
                  baseline: 1 recompile in steady because `grad_mode` (global state) changed
                    b03 -> 0/1  0/0: GLOBAL_STATE changed: grad_mode
                    hint: each grad mode (or other global state) is its own graph: compile per mode""");
    }

    private static void failsWith(Events tests, String name, String whole) {
        tests.assertThatEvents().haveExactly(1, event(test(), displayName(name),
                finishedWithFailure(instanceOf(AssertionFailedError.class), message(lines(whole)))));
    }

    static class PassingCases {
        @Test
        void gradModeIsGlobalState(@TraceFixture("torch-logs/2.6-grad-mode/torch_trace.log") Receipt receipt) {
            assertThat(receipt).hasRecompileCausesOnlyOfKinds(RecompileKind.GLOBAL_STATE);
            // flag is no cause here: a check on it would ask nothing, so it fails naming the causes
            assertThatThrownBy(() -> assertThat(receipt).hasNoRecompilesCausedBy("flag")).hasMessageEndingWith("the causes are on `grad_mode`");
            assertThat(receipt).run("baseline").recompileCause("grad_mode").hasKind(RecompileKind.GLOBAL_STATE).hasAtMostValues(0)
                    .didNotEndInRecompileLimit();
        }

        @Test
        void fourSizesOfOneShape(@TraceFixture("torch-logs/2.14-shape-churn/torch_trace.log") Receipt receipt) {
            assertThat(receipt).hasRecompileCausesOnlyOfKinds(RecompileKind.SHAPE);
            assertThatThrownBy(() -> assertThat(receipt).hasNoRecompilesCausedBy("flag")).hasMessageEndingWith("the causes are on `x.size()[0]`");
            assertThat(receipt).run("baseline").recompileCause("x.size()[0]").hasAtMostValues(4).hasKind(RecompileKind.SHAPE)
                    .didNotEndInRecompileLimit();
        }

        @Test
        void dynamicTrueRecompilesOnNoGuard(@TraceFixture("torch-logs/2.6-shape-churn/trace.json") Receipt receipt) {
            assertThat(receipt).run("candidate").hasRecompileCausesOnlyOfKinds().hasNoRecompilesCausedBy("x.size()[0]");
        }

        @Test
        void aBoolOn214IsAPythonValue(@TraceFixture("torch-logs/2.14-bool-arg/torch_logs.txt") Receipt receipt) {
            assertThat(receipt).run("baseline").recompileCause("flag").hasKind(RecompileKind.PYTHON_VALUE).hasAtMostValues(1)
                    .didNotEndInRecompileLimit();
        }

        @Test
        void aBoolOn26IsAnObjectIdentity(@TraceFixture("torch-logs/2.6-bool-arg/torch_trace.log") Receipt receipt) {
            assertThat(receipt).run("baseline").recompileCause("flag").hasKind(RecompileKind.OBJECT).hasAtMostValues(1);
            assertThat(receipt).hasRecompileCausesOnlyOfKinds(RecompileKind.OBJECT);
        }
    }

    static class FailingCases {
        @Test
        void noRecompilesOnGradMode(@TraceFixture("torch-logs/2.14-grad-mode/trace.json") Receipt receipt) {
            assertThat(receipt).run("baseline").hasNoRecompilesCausedBy("grad_mode");
        }

        @Test
        void atMostTwoSizes(@TraceFixture("torch-logs/2.6-shape-churn/trace.json") Receipt receipt) {
            assertThat(receipt).run("baseline").recompileCause("x.size()[0]").hasAtMostValues(2);
        }

        @Test
        void noRecompilesCausedByTheSizeFromText(@TraceFixture("torch-logs/2.14-shape-churn/torch_logs.txt") Receipt receipt) {
            assertThat(receipt).run("baseline").hasNoRecompilesCausedBy("x.size()[0]");
        }

        @Test
        void onlyShapesButABool(@TraceFixture("torch-logs/2.14-bool-arg/trace.json") Receipt receipt) {
            assertThat(receipt).run("baseline").hasRecompileCausesOnlyOfKinds(RecompileKind.SHAPE);
        }

        @Test
        void noRecompilesInSteadyOn26(@TraceFixture("torch-logs/2.6-bool-arg/trace.json") Receipt receipt) {
            assertThat(receipt).run("baseline").hasNoRecompilesIn(STEADY);
        }

        @Test
        void aBoolOn26IsNoPythonValue(@TraceFixture("torch-logs/2.6-bool-arg/torch_logs.txt") Receipt receipt) {
            assertThat(receipt).run("baseline").recompileCause("flag").hasKind(RecompileKind.PYTHON_VALUE);
        }
    }
}
