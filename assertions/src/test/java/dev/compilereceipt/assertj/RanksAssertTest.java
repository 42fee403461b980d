package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static dev.compilereceipt.assertj.Messages.lines;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.compilereceipt.Ranks;
import java.io.IOException;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * The checks of all ranks of a job, on the rank folders of {@code fixtures/ranks-made/} (real 2.6 logs of the
 * time-builtin and tolist scenarios, one rank diverging per folder; its README says how). The figures in the
 * messages, by hand from the logs: time-builtin's resume frame recompiles as {@code 1/1} (the float it guards) and
 * its restart {@code 1/2}, which the recompile folder's ranks 0, 2, 3 stop before; the break folder's rank 2 runs
 * the baseline run twice, so {@code 1/1} twice and the {@code time.time()} break at scenarios.py:159 in the second
 * run's {@code 0/0}; tolist's and time-builtin's logs hit the FX graph cache 7 times in all (the cache folder's rank
 * 3 reads its first hit as a miss, which is not a lookup the reader counts: 6).
 */
class RanksAssertTest {

    private static Ranks ranks(String folder) throws IOException {
        return Ranks.read(Fixtures.dir().resolve("ranks-made/" + folder));
    }

    @Test
    void ranksAlikePassEveryCheck() throws IOException {
        Ranks alike = ranks("alike");
        assertThat(alike).compiledAlike().haveNoRecompilesOnSomeRanksOnly().haveEqualCacheOutcomes();
    }

    @Test
    void ranksThatBrokeDifferentlyDidNotCompileAlike() throws IOException {
        assertThatThrownBy(() -> assertThat(ranks("break")).compiledAlike())
                .isInstanceOfSatisfying(AssertionFailedError.class, error -> {
                    Assertions.assertThat(error.getActual().getValue()).isEqualTo(lines("ranks 0, 1, 3\nrank 2"));
                    Assertions.assertThat(error.getExpected().getValue()).isEqualTo("ranks 0-3");
                })
                .hasMessage(lines("""

                        Expecting
                          4 ranks (0-3)
                        to have compiled alike
                        but 3 of 4 ranks agree; rank 2 broke at scenarios.py:159 in 0/0 where ranks 0, 1, 3 did not break
                          ranks 0, 1, 3
                          rank 2
                        first divergence (graph): rank 2 broke at scenarios.py:159 in 0/0 where ranks 0, 1, 3 did not break"""));
    }

    @Test
    void aRankWithAnExtraRecompileFailsAndNamesItsRecompiles() throws IOException {
        assertThatThrownBy(() -> assertThat(ranks("recompile")).haveNoRecompilesOnSomeRanksOnly())
                .isInstanceOfSatisfying(AssertionFailedError.class, error -> {
                    Assertions.assertThat(error.getActual().getValue())
                            .isEqualTo(lines("ranks 0, 2, 3: 1 recompile (1/1)\nrank 1: 2 recompiles (1/1, 1/2)"));
                    Assertions.assertThat(error.getExpected().getValue()).isEqualTo("ranks 0-3: 1 recompile (1/1)");
                })
                .hasMessage(lines("""

                        Expecting
                          4 ranks (0-3)
                        to recompile alike on every rank
                        but the ranks recompiled differently:
                          ranks 0, 2, 3: 1 recompile (1/1)
                          rank 1: 2 recompiles (1/1, 1/2)
                        the verdict: 3 of 4 ranks agree; rank 1 made no graph in 1/2 where ranks 0, 2, 3 fell back (recompile limit reached: the frame now runs eagerly)
                          ranks 0, 2, 3
                          rank 1
                        first divergence (graph): rank 1 made no graph in 1/2 where ranks 0, 2, 3 fell back (recompile limit reached: the frame now runs eagerly)"""));
    }

    @Test
    void aCacheDivergenceIsNoRecompileOnSomeRanksButUnequalCacheOutcomes() throws IOException {
        Ranks cache = ranks("cache");
        assertThat(cache).haveNoRecompilesOnSomeRanksOnly();
        assertThatThrownBy(() -> assertThat(cache).haveEqualCacheOutcomes())
                .isInstanceOfSatisfying(AssertionFailedError.class, error -> {
                    Assertions.assertThat(error.getActual().getValue())
                            .isEqualTo(lines("ranks 0-2: fx_graph 7 hit, aotautograd none\nrank 3: fx_graph 6 hit, aotautograd none"));
                    Assertions.assertThat(error.getExpected().getValue()).isEqualTo("ranks 0-3: fx_graph 7 hit, aotautograd none");
                })
                .hasMessage(lines("""

                        Expecting
                          4 ranks (0-3)
                        to have equal cache outcomes on every rank
                        but the ranks hit and missed the caches differently:
                          ranks 0-2: fx_graph 7 hit, aotautograd none
                          rank 3: fx_graph 6 hit, aotautograd none
                        the verdict: 3 of 4 ranks agree; rank 3 did not look up the fx_graph cache in 0/0 where ranks 0, 1, 2 hit
                          ranks 0, 1, 2
                          rank 3
                        first divergence (cache): rank 3 did not look up the fx_graph cache in 0/0 where ranks 0, 1, 2 hit"""));
    }

    @Test
    void threeDivergencesAtOnceAreFourGroups() throws IOException {
        Ranks all = ranks("all");
        assertThatThrownBy(() -> assertThat(all).compiledAlike())
                .isInstanceOfSatisfying(AssertionFailedError.class, error ->
                        Assertions.assertThat(error.getActual().getValue()).isEqualTo(lines("ranks 0, 2, 4\nrank 1\nrank 3\nrank 5")))
                .hasMessageStartingWith(lines("\nExpecting\n  6 ranks (0-5)\nto have compiled alike\nbut 3 of 6 ranks agree;"));
        // rank 5's cache outcome is no recompile: it recompiles as ranks 0, 2, 4 do
        assertThatThrownBy(() -> assertThat(all).haveNoRecompilesOnSomeRanksOnly())
                .hasMessageContaining(lines("""
                        but the ranks recompiled differently:
                          ranks 0, 2, 4, 5: 1 recompile (1/1)
                          rank 1: 2 recompiles (1/1, 1/2)
                          rank 3: 2 recompiles (1/1, 1/1)
                        the verdict:"""));
    }

    @Test
    void rankNavigatesToThatRanksReceipt() throws IOException {
        Ranks breaks = ranks("break");
        // time-builtin's time.time() at line 159, tolist's tolist() at line 123
        assertThat(breaks).rank(2).hasBreaksOnlyAt("scenarios.py:159", "scenarios.py:123");
        assertThatThrownBy(() -> assertThat(breaks).rank(2).hasBreaksOnlyAt("scenarios.py:123"))
                .hasMessageStartingWith(lines("\nExpecting\n  break rank 2 receipt (runs baseline)\nto break only at\n  scenarios.py:123\n"
                        + "but it broke at scenarios.py:159:"));
    }

    @Test
    void aRankThatIsNotThereFailsNamingTheRanks() throws IOException {
        Ranks breaks = ranks("break");
        assertThatThrownBy(() -> assertThat(breaks).rank(9))
                .isInstanceOfSatisfying(AssertionFailedError.class, error -> {
                    Assertions.assertThat(error.getActual().getValue()).isEqualTo("ranks 0-3");
                    Assertions.assertThat(error.getExpected().getValue()).isEqualTo("rank 9");
                })
                .hasMessage(lines("""

                        Expecting
                          4 ranks (0-3)
                        to have a rank 9
                        but it has ranks 0-3"""));
    }

    @Test
    void softlyEveryFailureIsCollectedAndAMissingRankChecksNothing() throws IOException {
        Ranks breaks = ranks("break");
        SoftCompileAssertions softly = new SoftCompileAssertions();
        softly.assertThat(breaks).rank(9).hasNoFallbacks();
        softly.assertThat(breaks).compiledAlike();
        softly.assertThat(breaks).haveNoRecompilesOnSomeRanksOnly();
        Assertions.assertThat(softly.errorsCollected()).hasSize(3);
        Assertions.assertThat(softly.errorsCollected().get(0)).hasMessageContaining(lines("to have a rank 9\nbut it has ranks 0-3"));
        Assertions.assertThat(softly.errorsCollected().get(1)).hasMessageContaining("to have compiled alike");
        Assertions.assertThat(softly.errorsCollected().get(2)).hasMessageContaining("rank 2: 2 recompiles (1/1, 1/1)");
    }

    @Test
    void noRanksIsAFailureNotANullPointer() {
        assertThatThrownBy(() -> assertThat((Ranks) null).compiledAlike())
                .hasMessage(lines("\nExpecting actual not to be null"));
    }
}
