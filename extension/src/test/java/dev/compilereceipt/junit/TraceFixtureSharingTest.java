package dev.compilereceipt.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.ledger.Ledger;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Trace;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/** Each fixture file is read once per test run, however many tests and classes use it. */
class TraceFixtureSharingTest {

    static class FiftyTestsCases {
        @TraceFixture("print-bridge/trace.json")
        Ledger ledger;

        @RepeatedTest(48)
        void receipt(@TraceFixture("print-bridge/trace.json") Receipt receipt) {
            assertThat(receipt.fixture().name()).isEqualTo("print-bridge");
        }

        @Test
        void trace(@TraceFixture("print-bridge/trace.json") Trace trace) {
            assertThat(trace.runs()).hasSize(2);
        }

        @Test
        void ledger() {
            assertThat(ledger.rows()).hasSize(30);
        }
    }

    static class AnotherClassCases {
        @Test
        void sameFixture(@TraceFixture("print-bridge/trace.json") Receipt receipt) {
            assertThat(receipt.fixture().name()).isEqualTo("print-bridge");
        }

        @Test
        void sameFileThroughAnotherSpellingOfItsPath(@TraceFixture("./print-bridge/../print-bridge/trace.json") Trace trace) {
            assertThat(trace.fixture().name()).isEqualTo("print-bridge");
        }
    }

    @Test
    void aClassWithFiftyTestsOnOneFixtureReadsItOnce() {
        int before = SharedFixtures.READS.get();

        var events = EngineRun.withFixturesRoot().execute(FiftyTestsCases.class).testEvents();

        events.assertStatistics(stats -> stats.started(50).succeeded(50).failed(0));
        assertThat(SharedFixtures.READS.get() - before).isEqualTo(1);
    }

    @Test
    void classesOfOneRunShareTheFixture() {
        int before = SharedFixtures.READS.get();

        var events = EngineRun.withFixturesRoot().execute(FiftyTestsCases.class, AnotherClassCases.class).testEvents();

        events.assertStatistics(stats -> stats.started(52).succeeded(52).failed(0));
        // one file, reached by two spellings of its path: read once
        assertThat(SharedFixtures.READS.get() - before).isEqualTo(1);
    }

    @Test
    void eachRunReadsItsFixturesAfresh() {
        int before = SharedFixtures.READS.get();

        EngineRun.withFixturesRoot().execute(AnotherClassCases.class).testEvents().assertStatistics(stats -> stats.succeeded(2));
        EngineRun.withFixturesRoot().execute(AnotherClassCases.class).testEvents().assertStatistics(stats -> stats.succeeded(2));

        assertThat(SharedFixtures.READS.get() - before).isEqualTo(2);
    }

    static class CombinedAndSingleCases {
        @Test
        void combined(@TraceFixture(baseline = "traces/before.json", candidate = "traces/after.json") Receipt receipt) {
            assertThat(receipt.runs()).hasSize(2);
        }

        @Test
        void baselineAlone(@TraceFixture("traces/before.json") Receipt receipt) {
            assertThat(receipt.runs()).hasSize(1);
        }

        @Test
        void candidateAlone(@TraceFixture("traces/after.json") Trace trace) {
            assertThat(trace.fixture().name()).isEqualTo("tiny-after");
        }
    }

    @Test
    void aCombinationReusesTheFilesItCombines() {
        int before = SharedFixtures.READS.get();

        EngineRun.withFixturesRoot().execute(CombinedAndSingleCases.class).testEvents()
                .assertStatistics(stats -> stats.started(3).succeeded(3));

        // before.json and after.json, each once
        assertThat(SharedFixtures.READS.get() - before).isEqualTo(2);
    }
}
