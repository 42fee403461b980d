package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.junit.TraceFixture;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;
import org.opentest4j.AssertionFailedError;

/**
 * The trade checks as a user's compile-regression test runs them: {@code @TraceFixture} injects the
 * receipt of fixtures/decision and the checks pass or fail on the Jupiter engine, the failure with
 * its whole message.
 */
class TradeChecksEngineTest {

    static class DecisionTests {
        @Test
        void paysBackWithinTwentyThousandCalls(@TraceFixture("decision/trace.json") Receipt receipt) {
            assertThat(receipt).trade().paysBackWithin(20_000).isCheaperOverWorkerLifetime();
        }

        @Test
        void paysBackWithinAThousandCalls(@TraceFixture("decision/trace.json") Receipt receipt) {
            assertThat(receipt).trade().paysBackWithin(1_000);
        }
    }

    @Test
    void passesAndFailsOnTheEngineWithTheArithmetic() {
        Events tests = EngineTestKit.engine("junit-jupiter").selectors(selectClass(DecisionTests.class))
                .configurationParameters(Map.of(TraceFixture.FIXTURES_ROOT, Fixtures.dir().toAbsolutePath().normalize().toString()))
                .execute().testEvents();

        tests.assertStatistics(stats -> stats.started(2).succeeded(1).failed(1));
        tests.assertThatEvents()
                .haveExactly(1, event(test("paysBackWithinTwentyThousandCalls"), finishedSuccessfully()))
                .haveExactly(1, event(test("paysBackWithinAThousandCalls"), finishedWithFailure(instanceOf(AssertionFailedError.class),
                        message(Messages.lines("""

                                Expecting
                                  trade of the comparison of the autotune-trade receipt
                                to pay back its extra cold cost within 1,000 steady calls
                                but it pays back after 18,963 calls:
                                  extra_cold_ms    = candidate cold_ms - baseline cold_ms = 1057 - 545 = 512 ms
                                  steady_saving_ms = baseline steady median - candidate steady median = 0.3708 - 0.3438 = 0.027 ms
                                  break_even_calls = ceil(extra_cold_ms / steady_saving_ms) = ceil(512 / 0.027) = 18963""")))));
    }
}
