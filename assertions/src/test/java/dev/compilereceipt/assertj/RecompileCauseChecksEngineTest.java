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
 * The recompile-cause checks and the rewritten recompile message as a user's test class runs them,
 * with whole messages. int-spec calls {@code f(x, n)} in steady with {@code n = 2 … 9}: one cause,
 * {@code n}, 7 variants {@code 0/1 … 0/7} and the fallback {@code 0/8} at the limit, 36 guard
 * failures; its candidate passes {@code n} as a tensor and never recompiles. print-bridge's batch
 * goes from 8 to 16 in changed: one shape cause per frame.
 */
class RecompileCauseChecksEngineTest {

    private static final String N_CAUSE = "7 recompiles in `f` (scenarios.py:64) in steady because `n` (a Python int, scenarios.py:65) took 7 new values (2…8);"
            + " at 0/8 the recompile limit was hit and the frame fell back to eager";
    /** The same cause read from the capture's trace.json, which records no frame. */
    private static final String N_CAUSE_OF_TRACE = N_CAUSE.replace(" in `f` (scenarios.py:64)", "");
    private static final String INT_HINT = "hint: each value of a Python number is a constant of its own graph: pass it as a tensor"
            + " to compile one graph for all";

    private static Events run(Class<?> cases) {
        return EngineTestKit.engine("junit-jupiter").selectors(selectClass(cases))
                .configurationParameter(TraceFixture.FIXTURES_ROOT, Fixtures.dir().toString())
                .execute().testEvents();
    }

    @Test
    void causesThatAreAllowedPass() {
        run(PassingCases.class).assertStatistics(stats -> stats.started(3).succeeded(3).failed(0));
    }

    @Test
    void everyFailingCheckNamesItsCausesInOneLineEach() {
        Events tests = run(FailingCases.class);
        tests.assertStatistics(stats -> stats.started(4).succeeded(0).failed(4));
        tests.assertThatEvents().haveExactly(1, event(test(), displayName("noRecompilesCausedByN(Receipt)"),
                finishedWithFailure(instanceOf(AssertionFailedError.class), message(lines("""

                        Expecting
                          run baseline of the int-spec receipt
                        to have no recompiles caused by `n`
                        but 1 recompile cause is about it:
                          baseline: %s
                            b04 -> 0/1  0/0: n == 1
                            b05 -> 0/2  0/1: n == 2
                            b06 -> 0/3  0/2: n == 3
                            … 33 more guard failures in the receipt JSON
                            %s""".formatted(N_CAUSE, INT_HINT))))));
        tests.assertThatEvents().haveExactly(1, event(test(), displayName("onlyShapesFromText(Receipt)"),
                finishedWithFailure(instanceOf(AssertionFailedError.class), message(lines("""

                        Expecting
                          run baseline of the 2.6-int-spec receipt
                        to recompile only on guards of kinds shape
                        but 1 recompile cause is of other kinds:
                          baseline: 7 recompiles in `f` (scenarios.py:64) because `L['n']` (a Python int) took 7 new values (2…8); at 0/8 the recompile limit was hit and the frame fell back to eager
                            0/1  0/0: L['n'] == 1
                            0/2  0/1: L['n'] == 2
                            0/3  0/2: L['n'] == 3
                            … 33 more guard failures in the receipt JSON
                            %s""".formatted(INT_HINT))))));
        tests.assertThatEvents().haveExactly(1, event(test(), displayName("atMostTwoValuesOfN(Receipt)"),
                finishedWithFailure(instanceOf(AssertionFailedError.class), message(lines("""

                        Expecting
                          recompile cause `n` (n == <int>) in `f` (scenarios.py:64) of run baseline of the int-spec receipt
                        to have at most 2 values
                        but it had 8 (1, 2, 3, 4, 5, 6, 7, 8):
                          %s""".formatted(N_CAUSE))))));
        tests.assertThatEvents().haveExactly(1, event(test(), displayName("noRecompilesInSteady(Receipt)"),
                finishedWithFailure(instanceOf(AssertionFailedError.class), message(lines("""

                        Expecting
                          run baseline of the int-spec receipt
                        not to recompile in steady
                        but 8 calls recompiled:
                          baseline: %s
                            b04 -> 0/1  0/0: n == 1
                            b05 -> 0/2  0/1: n == 2
                            b06 -> 0/3  0/2: n == 3
                            … 33 more guard failures in the receipt JSON
                            %s
                          run       call  phase   family  graphs  cache     compile ms
                          baseline  b04   steady  base    0/1     compile   833.109
                          baseline  b05   steady  base    0/2     compile   839.594
                          baseline  b06   steady  base    0/3     compile   623.453
                          baseline  b07   steady  base    0/4     compile   984.681
                          baseline  b08   steady  base    0/5     compile   943.833
                          baseline  b09   steady  base    0/6     compile   1193.195
                          baseline  b10   steady  base    0/7     compile   1022.41
                          baseline  b11   steady  base    0/8     fallback  18.877""".formatted(N_CAUSE_OF_TRACE, INT_HINT))))));
    }

    @Test
    void theDiffOfAKindCheckNamesEachCauseWithItsFrame() {
        // 2.6's text names the frame of the recompile: Recompiling function f in /rtl/scenarios.py:64
        Receipt text = Receipt.of(dev.compilereceipt.Traces.read(Fixtures.dir().resolve("torch-logs/2.6-int-spec/torch_logs.txt")));
        assertThatThrownBy(() -> assertThat(text).run("baseline").hasRecompileCausesOnlyOfKinds(RecompileKind.SHAPE))
                .isInstanceOfSatisfying(AssertionFailedError.class, failure -> org.assertj.core.api.Assertions
                        .assertThat(failure.getActual().getStringRepresentation())
                        .isEqualTo("baseline: L['n'] (python-value) in `f` (scenarios.py:64)"));
    }

    static class PassingCases {
        @Test
        void candidatePassesNAsATensor(@TraceFixture("torch-2.14/int-spec/torch_trace.log") Receipt receipt) {
            assertThat(receipt).run("candidate").hasNoRecompilesCausedBy("n").hasRecompileCausesOnlyOfKinds();
        }

        @Test
        void aBatchChangeIsOnlyShapes(@TraceFixture("print-bridge/trace.json") Receipt receipt) {
            assertThat(receipt).hasRecompileCausesOnlyOfKinds(RecompileKind.SHAPE);
            // n is no cause here: a check on it would ask nothing, so it fails naming the causes
            assertThatThrownBy(() -> assertThat(receipt).hasNoRecompilesCausedBy("n")).hasMessageContaining("no recompile cause is on `n`");
        }

        @Test
        void theBatchTookOneNewSize(@TraceFixture("torch-2.14/print-bridge/torch_trace.log") Receipt receipt) {
            assertThat(receipt).run("baseline").recompileCause("x.size()[0]").hasAtMostValues(2).hasKind(RecompileKind.SHAPE)
                    .didNotEndInRecompileLimit();
        }
    }

    static class FailingCases {
        @Test
        void noRecompilesCausedByN(@TraceFixture("torch-2.14/int-spec/torch_trace.log") Receipt receipt) {
            assertThat(receipt).run("baseline").hasNoRecompilesCausedBy("n");
        }

        @Test
        void onlyShapesFromText(@TraceFixture("torch-logs/2.6-int-spec/torch_logs.txt") Receipt receipt) {
            assertThat(receipt).run("baseline").hasRecompileCausesOnlyOfKinds(RecompileKind.SHAPE);
        }

        @Test
        void atMostTwoValuesOfN(@TraceFixture("torch-2.14/int-spec/torch_trace.log") Receipt receipt) {
            assertThat(receipt).run("baseline").recompileCause("n").hasAtMostValues(2);
        }

        @Test
        void noRecompilesInSteady(@TraceFixture("torch-2.14/int-spec/trace.json") Receipt receipt) {
            assertThat(receipt).run("baseline").hasNoRecompilesIn(STEADY);
        }
    }
}
