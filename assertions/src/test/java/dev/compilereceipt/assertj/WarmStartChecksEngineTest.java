package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
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
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;
import org.opentest4j.AssertionFailedError;

/**
 * The warm-start and compile-stage checks as a user's test runs them: {@code @TraceFixture} injects
 * real warm starts (a log pair named with {@code warm}, a folder of both, a compile-trace/1 capture)
 * and the hand-made one whose AOTAutograd cache misses, and each check passes or fails on the
 * Jupiter engine with its whole message.
 */
class WarmStartChecksEngineTest {

    static class WarmStartTests {
        @Test
        void twoFourteenHitsEveryCache(@TraceFixture("warm-start/2.14-print-bridge") Receipt receipt) {
            // baseline warm 2175.6354 ms, candidate 79.8988 ms; 0/0, 1/0 and the candidate's 0/0 hit both caches
            assertThat(receipt).warmStart().hasNoCacheMisses().hasColdStartAtMost(2200);
        }

        @Test
        void twoSixHitsTheFxGraphCache(@TraceFixture(value = "warm-start/2.6-print-bridge/torch_trace.log",
                warm = "warm-start/2.6-print-bridge/warm_torch_trace.log") Receipt receipt) {
            assertThat(receipt).warmStart().hasNoCacheMissesIn(Stage.INDUCTOR);
        }

        @Test
        void twoSixDoesNotSayItsAotAutogradOutcomes(@TraceFixture(value = "warm-start/2.6-print-bridge/torch_trace.log",
                warm = "warm-start/2.6-print-bridge/warm_torch_trace.log") Receipt receipt) {
            assertThat(receipt).warmStart().hasNoCacheMisses();
        }

        @Test
        void handMadeMissesAotAutograd(@TraceFixture("warm-start/hand-made/trace.json") Receipt receipt) {
            assertThat(receipt).warmStart().hasNoCacheMissesIn(Stage.INDUCTOR).hasNoCacheMissesIn(Stage.AOT_AUTOGRAD);
        }

        @Test
        void handMadeStartsWarmInMoreThan200Ms(@TraceFixture("warm-start/hand-made/trace.json") Receipt receipt) {
            assertThat(receipt).warmStart().hasColdStartAtMost(200);
        }

        @Test
        void handMadeBaselineSpendsAQuarterInDynamo(@TraceFixture("warm-start/hand-made/trace.json") Receipt receipt) {
            // warmup: dynamo 300 + 100 of compile_ms 990 + 590 = 1580: 25.3 %
            assertThat(receipt).run("baseline").compileStages(Phase.WARMUP).hasShareAtMost(Stage.DYNAMO, 0.3);
        }

        @Test
        void handMadeCandidateSpendsMoreInDynamo(@TraceFixture("warm-start/hand-made/trace.json") Receipt receipt) {
            assertThat(receipt).compileStages(Phase.WARMUP).hasShareAtMost(Stage.DYNAMO, 0.3);
        }

        @Test
        void printBridgeRanNoWarmStart(@TraceFixture("print-bridge/trace.json") Receipt receipt) {
            assertThat(receipt).warmStart().hasColdStartAtMost(5000);
        }
    }

    @Test
    void passesAndFailsOnTheEngineWithTheCompilesThatMissed() {
        Events tests = EngineTestKit.engine("junit-jupiter").selectors(selectClass(WarmStartTests.class))
                .configurationParameters(Map.of(TraceFixture.FIXTURES_ROOT, Fixtures.dir().toAbsolutePath().normalize().toString()))
                .execute().testEvents();

        tests.assertStatistics(stats -> stats.started(8).succeeded(3).failed(5));
        tests.assertThatEvents()
                .haveExactly(1, event(test("twoFourteenHitsEveryCache"), finishedSuccessfully()))
                .haveExactly(1, event(test("twoSixHitsTheFxGraphCache"), finishedSuccessfully()))
                .haveExactly(1, event(test("handMadeBaselineSpendsAQuarterInDynamo"), finishedSuccessfully()))
                .haveExactly(1, failed("twoSixDoesNotSayItsAotAutogradOutcomes", Messages.lines("""

                                Expecting
                                  warm start of the 2.6-print-bridge receipt
                                to have no cache misses
                                but AOTAutograd cache outcomes per compile were not measured by this source (not_measured: aotautograd_cache);
                                what would measure it: a TORCH_TRACE log with the AOTAutograd cache on (aotautograd_cache_* artifacts; on PyTorch 2.6 TORCHINDUCTOR_AUTOGRAD_CACHE=1, which writes autograd_cache_* chromium events), or artifact_cache on a compile-trace/1 capture's compile events""")))
                .haveExactly(1, failed("handMadeMissesAotAutograd", Messages.lines("""

                                Expecting
                                  warm start of the warm-start-hand-made receipt
                                to have no cache misses in the aotautograd cache
                                but 2 of its compiles did not load from the cache:
                                  run baseline: 0/0 missed aotautograd
                                  run candidate: 0/0 bypassed aotautograd""")))
                .haveExactly(1, failed("handMadeStartsWarmInMoreThan200Ms", Messages.lines("""

                                Expecting
                                  warm start of the warm-start-hand-made receipt
                                to have a cold start with warm caches (cold_start.warm_caches_ms) of at most 200 ms
                                but run baseline: 200.75 ms (with empty caches 1600.75 ms); run candidate: 203 ms (with empty caches 1704 ms)""")))
                .haveExactly(1, failed("handMadeCandidateSpendsMoreInDynamo", Messages.lines("""

                                Expecting
                                  compile stages of phase warmup of the warm-start-hand-made receipt
                                to spend at most 30.0 % of its compile time in stage dynamo
                                but:
                                  run candidate: dynamo 600 ms of compile_ms 1690 ms = 35.5 %""")))
                .haveExactly(1, failed("printBridgeRanNoWarmStart", Messages.lines("""

                                Expecting
                                  warm start of the print-bridge receipt
                                to have a cold start with warm caches (cold_start.warm_caches_ms) of at most 5000 ms
                                but a start with warm caches (a fresh process that reused the run's caches) was not measured by this source (not_measured: warm_start);
                                what would measure it: a compile-trace/1 capture with warm_start (the capture helper's --warm-start), or the TORCH_TRACE log of a fresh process that shared the run's TORCHINDUCTOR_CACHE_DIR beside the first (--warm WARMLOG, @TraceFixture(warm = ...))""")));
    }

    private static org.assertj.core.api.Condition<org.junit.platform.testkit.engine.Event> failed(String name, String text) {
        return event(test(name), finishedWithFailure(instanceOf(AssertionFailedError.class), message(text)));
    }
}
