package dev.compilereceipt.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.compilereceipt.Ranks;
import dev.compilereceipt.RanksVerdict;
import dev.compilereceipt.receipt.Receipt;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.platform.testkit.engine.Events;

/**
 * {@code @TraceFixture(value = DIR, ranks = ALL)}: every rank of a job injected as {@link Ranks}, read once per run,
 * on {@code fixtures/ranks-made/} (real 2.6 logs, one rank diverging per folder: its README). The break folder's rank
 * 2 ran time-builtin's baseline run where ranks 0, 1, 3 ran its candidate, so the verdict is two groups.
 */
class TraceFixtureRanksTest {

    private static final String CASES = "TraceFixtureRanksTest.";

    static class AllRanksCases {
        @TraceFixture(value = "ranks-made/break", ranks = RankScope.ALL)
        static Ranks shared;

        @TraceFixture(value = "ranks-made/alike", ranks = RankScope.ALL)
        Ranks alike;

        @BeforeAll
        static void theStaticFieldIsThereBeforeAll() {
            assertThat(shared.list()).containsExactly(0, 1, 2, 3);
        }

        @Test
        void parameter(@TraceFixture(value = "ranks-made/break", ranks = RankScope.ALL) Ranks ranks) {
            assertThat(ranks.verdict().kind()).isEqualTo(RanksVerdict.Kind.GRAPH);
            assertThat(ranks.verdict().groups()).isEqualTo(List.of(List.of(0, 1, 3), List.of(2)));
            assertThat(ranks.rank(2).fixture().name()).isEqualTo("break rank 2");
        }

        @Test
        void staticField() {
            assertThat(shared.verdict().groups()).isEqualTo(List.of(List.of(0, 1, 3), List.of(2)));
        }

        @Test
        void instanceField() {
            assertThat(alike.verdict().alike()).isTrue();
            assertThat(alike.list()).containsExactly(0, 1, 2);
        }

        @Test
        void oneRankAsBefore(@TraceFixture(value = "ranks-made/break", rank = 2) Receipt receipt) {
            assertThat(receipt.fixture().name()).isEqualTo("break rank 2");
        }
    }

    @Test
    void everyRankIsInjectedAndEachFolderIsReadOnce() {
        int before = SharedFixtures.READS.get();

        Events events = EngineRun.withFixturesRoot().execute(AllRanksCases.class).testEvents();

        events.assertStatistics(stats -> stats.started(4).succeeded(4));
        // the break folder (static field and parameter), the alike folder, and rank 2's log for the one-rank receipt
        assertThat(SharedFixtures.READS.get() - before).isEqualTo(3);
    }

    static class MisuseCases {
        @Test
        void receiptOfAllRanks(@TraceFixture(value = "ranks-made/break", ranks = RankScope.ALL) Receipt receipt) {
        }

        @Test
        void ranksOfOneRank(@TraceFixture("ranks-made/break") Ranks ranks) {
        }

        @Test
        void rankAndAllRanks(@TraceFixture(value = "ranks-made/break", rank = 1, ranks = RankScope.ALL) Ranks ranks) {
        }

        @Test
        void allRanksOfAComparison(@TraceFixture(baseline = "a.json", candidate = "b.json", ranks = RankScope.ALL) Ranks ranks) {
        }

        @Test
        void noSuchFolder(@TraceFixture(value = "ranks-made/nope", ranks = RankScope.ALL) Ranks ranks) {
        }
    }

    @Test
    void misuseIsSaidWithTheAnnotationAndTheParameter() {
        Events events = EngineRun.withFixturesRoot().execute(MisuseCases.class).testEvents();

        events.assertStatistics(stats -> stats.started(5).failed(5));
        failsWith(events, "receiptOfAllRanks", "@TraceFixture(value = \"ranks-made/break\", ranks = ALL) on parameter [Receipt arg0]"
                + " of method " + CASES + "MisuseCases.receiptOfAllRanks(Receipt): ranks = ALL injects Ranks, not Receipt; one rank's"
                + " receipt is ranks.rank(n), or @TraceFixture(value = \"ranks-made/break\", rank = n)");
        failsWith(events, "ranksOfOneRank", "@TraceFixture(\"ranks-made/break\") on parameter [Ranks arg0] of method " + CASES
                + "MisuseCases.ranksOfOneRank(Ranks): Ranks are injected with ranks = ALL: @TraceFixture(value = \"ranks-made/break\","
                + " ranks = ALL)");
        failsWith(events, "rankAndAllRanks", "@TraceFixture(value = \"ranks-made/break\", ranks = ALL) on parameter [Ranks arg0]"
                + " of method " + CASES + "MisuseCases.rankAndAllRanks(Ranks): rank = 1 reads one rank and ranks = ALL every rank;"
                + " set one of them");
        failsWith(events, "allRanksOfAComparison", "@TraceFixture(value = \"\", ranks = ALL) on parameter [Ranks arg0] of method "
                + CASES + "MisuseCases.allRanksOfAComparison(Ranks): ranks = ALL reads the rank logs of one job, named by value alone"
                + " (a folder of per-rank TORCH_TRACE logs or fingerprints)");
        failsWith(events, "noSuchFolder", "@TraceFixture(value = \"ranks-made/nope\", ranks = ALL) on parameter [Ranks arg0] of method "
                + CASES + "MisuseCases.noSuchFolder(Ranks): no fixture \"ranks-made/nope\"; searched:\n"
                + "  classpath resource ranks-made/nope\n"
                + "  " + EngineRun.FIXTURES + "/ranks-made/nope (compilereceipt.fixtures.root = " + EngineRun.FIXTURES + ")");
    }

    static class RefusedCases {
        @Test
        void first(@TraceFixture(value = "decision", ranks = RankScope.ALL) Ranks ranks) {
        }

        @Test
        void second(@TraceFixture(value = "decision", ranks = RankScope.ALL) Ranks ranks) {
        }
    }

    @Test
    void aFolderThatIsNoJobIsRefusedOnceWithTheReadersMessage() {
        int before = SharedFixtures.READS.get();

        Events events = EngineRun.withFixturesRoot().execute(RefusedCases.class).testEvents();

        events.assertStatistics(stats -> stats.started(2).failed(2));
        // decision/ holds compile-trace/1 captures (JSON), none of them a rank's log, text or fingerprint
        failsWith(events, "first", "@TraceFixture(value = \"decision\", ranks = ALL) on parameter [Ranks arg0] of method " + CASES
                + "RefusedCases.first(Ranks): ranks refused: " + EngineRun.FIXTURES + "/decision: (document): holds no rank's input:"
                + " a TORCH_TRACE log, a TORCH_LOGS text with [rankN]: lines, a rank_<N> folder or a fingerprint file");
        assertThat(SharedFixtures.READS.get() - before).isEqualTo(1);
    }

    static class FinalFieldCases {
        @TraceFixture(value = "ranks-made/break", ranks = RankScope.ALL)
        final Ranks ranks = null;

        @Test
        void usesTheField() {
        }
    }

    @Test
    void aFinalFieldOfRanksIsAConfigurationError() {
        Events events = EngineRun.withFixturesRoot().execute(FinalFieldCases.class).testEvents();

        events.assertThatEvents().haveExactly(1, event(test("usesTheField"), finishedWithFailure(
                instanceOf(ExtensionConfigurationException.class),
                message("@TraceFixture(value = \"ranks-made/break\", ranks = ALL) on field " + CASES
                        + "FinalFieldCases.ranks: a final field cannot be injected"))));
    }

    private static void failsWith(Events events, String test, String expected) {
        events.assertThatEvents().haveExactly(1, event(test(test), finishedWithFailure(
                instanceOf(ParameterResolutionException.class), message(expected))));
    }
}
