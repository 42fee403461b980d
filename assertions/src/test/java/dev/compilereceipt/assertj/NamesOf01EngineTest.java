package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.compilereceipt.BreakKind;
import dev.compilereceipt.Phase;
import dev.compilereceipt.PhaseFigures;
import dev.compilereceipt.Receipt;
import dev.compilereceipt.junit.MutantTest;
import dev.compilereceipt.junit.TraceFixture;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/**
 * A test written against 0.1's names ({@code dev.compilereceipt.Receipt}, {@code PhaseFigures},
 * {@code Phase.STEADY}, {@code BreakKind.DEVICE_SYNC}, {@code comparison()}) runs on the Jupiter
 * engine as it did: the receipt is injected into parameters, fields and a {@code @MutantTest} at its
 * old name, the checks take it, and a failure reads as at the new name.
 */
@SuppressWarnings("removal")
class NamesOf01EngineTest {

    static class WrittenFor01 {
        @TraceFixture("print-bridge/trace.json")
        Receipt field;

        @Test
        void parameter(@TraceFixture("print-bridge/trace.json") Receipt receipt) {
            assertThat(receipt).run("candidate").phase(Phase.WARMUP).hasCalls(1).hasCompiles(1);
            PhaseFigures warmup = receipt.run("candidate").phase(Phase.WARMUP);
            assertThat(warmup).hasCalls(1);
            org.assertj.core.api.Assertions.assertThat(warmup.current()).isSameAs(receipt.current().run("candidate").phase(Phase.WARMUP));
            assertThat(receipt).hasNoBreaksOfKind(BreakKind.DEVICE_SYNC, BreakKind.FRAME_SKIP)
                    .run("baseline").breakSite("scenarios.py:31").hasKind(BreakKind.PYTHON_SIDE_EFFECT);
        }

        @Test
        void fieldAndTrade() {
            assertThat(field).comparison().paysBackWithin(Long.MAX_VALUE);
            new SoftCompileAssertions().assertThat(field).hasNoNewGraphVariantsIn(Phase.STEADY);
        }

        @Test
        void failsAsAtTheNewName(@TraceFixture("print-bridge/trace.json") Receipt receipt) {
            assertThat(receipt).run("baseline").hasAtMostCompilesIn(Phase.CHANGED, 1);
        }

        @MutantTest
        void killsEveryMutant(@TraceFixture("print-bridge/trace.json") Receipt receipt) {
            assertThat(receipt).run("baseline").phase(Phase.STEADY).hasCalls(8).hasBreaks(8).hasCompiles(0).hasCacheHits(16);
            assertThat(receipt).run("candidate").phase(Phase.WARMUP).hasCompiles(1).hasMeanOfItsCalls();
            org.assertj.core.api.Assertions.assertThat(receipt.run("baseline").phase(Phase.STEADY).eagerIslandMs()).hasValue(0.1953);
            assertThat(receipt).candidateMedianIsAtMost(Phase.STEADY, 1.0);
        }
    }

    @Test
    void runsAsItDidIn01() {
        Events tests = EngineTestKit.engine("junit-jupiter").selectors(selectClass(WrittenFor01.class))
                .configurationParameters(Map.of(TraceFixture.FIXTURES_ROOT, Fixtures.dir().toAbsolutePath().normalize().toString()))
                .execute().testEvents();

        tests.assertStatistics(stats -> stats.started(9).succeeded(8).failed(1));
        tests.assertThatEvents().haveExactly(1, event(test("failsAsAtTheNewName"),
                finishedWithFailure(message(m -> m.contains("to compile at most 1 variant in changed")))));
    }
}
