package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static dev.compilereceipt.assertj.Messages.lines;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static dev.compilereceipt.trace.KeyComparison.Counterpart.FOUND;
import static dev.compilereceipt.trace.KeyComparison.Counterpart.NONE;

import dev.compilereceipt.Ranks;
import dev.compilereceipt.trace.KeyComparison;
import dev.compilereceipt.trace.Stage;
import java.io.IOException;
import java.util.List;
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
                          ranks 0-2
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

    private static Ranks real(String job) throws IOException {
        return Ranks.read(Fixtures.dir().resolve("ranks/" + job));
    }

    @Test
    void aRankWhoseKeysDifferInAnOptionFailsNamingTheComponentWithBothValues() throws IOException {
        // 2.14 inductor-option: rank 1's FX graph key of 0/0 differs in inductor_config[size_asserts] alone (True on
        // ranks 0, 2, 3); its AOTAutograd key differs too, but 2.14's record lists no components: not measured, and
        // so a failure of its own, with the check of the FX graph cache alone written out
        assertThatThrownBy(() -> assertThat(real("2.14-inductor-option")).haveNoCacheKeyChanges())
                .isInstanceOfSatisfying(AssertionFailedError.class, error -> {
                    Assertions.assertThat(error.getActual().getValue())
                            .isEqualTo(lines("rank 1: 0/0 missed the FX graph cache: `inductor_config[size_asserts]` True → False\n"
                                    + "rank 1: 0/0 missed the AOTAutograd cache: why is not measured: the keys differ and no component of them could be compared: the log lists none (or none that read), or the run passed what a reader keeps"));
                    Assertions.assertThat(error.getExpected().getValue()).isEqualTo("no cache key changes");
                })
                .hasMessage(lines("""

                        Expecting
                          4 ranks (0-3)
                        to have no cache key changes between ranks
                        but the keys of 1 lookup differ from ranks 0, 2, 3's (the largest group):
                          rank 1: 0/0 missed the FX graph cache: `inductor_config[size_asserts]` True → False
                        and 1 lookup could not be compared component by component with ranks 0, 2, 3's (the largest group), so its key may differ in any component:
                          rank 1: 0/0 missed the AOTAutograd cache: why is not measured: the keys differ and no component of them could be compared: the log lists none (or none that read), or the run passed what a reader keeps"""));
        assertThatThrownBy(() -> assertThat(real("2.14-inductor-option")).haveNoCacheKeyChangesIn(Stage.INDUCTOR))
                .hasMessage(lines("""

                        Expecting
                          4 ranks (0-3)
                        to have no cache key changes between ranks in the FX graph cache
                        but the keys of 1 lookup differ from ranks 0, 2, 3's (the largest group):
                          rank 1: 0/0 missed the FX graph cache: `inductor_config[size_asserts]` True → False"""));
    }

    @Test
    void keysThatDifferOnlyInTheAllowedComponentsPass() throws IOException {
        assertThat(real("2.6-inductor-option")).cacheKeysDifferOnlyIn("inductor_config[size_asserts]")
                .cacheKeysDifferOnlyIn("inductor_config[", "cpp_runtime_thread_count")
                .cacheKeysDifferOnlyIn(Stage.AOT_AUTOGRAD, "inductor_config[size_asserts]");
        assertThat(real("2.14-inductor-option")).cacheKeysDifferOnlyIn(Stage.INDUCTOR, "inductor_config[size_asserts]");
        assertThat(real("2.6-warm-cache")).haveNoCacheKeyChanges().haveNoCacheKeyChangesIn(Stage.AOT_AUTOGRAD);
    }

    @Test
    void aCompileTheLargestGroupNeverMadeHasNoCounterpartAndChangesNoKey() throws IOException {
        // batch-size: rank 1 alone recompiled 0/0 as 0/1 (another batch size); its 0/0 lookups missed under the keys
        // ranks 0, 2, 3 missed under (components []), its 0/1 lookups match none of theirs: no key of them changed, on
        // 2.6 (both caches listed) as on 2.14
        for (String job : List.of("2.6-batch-size", "2.14-batch-size")) {
            Ranks ranks = real(job);
            assertThat(ranks).haveNoCacheKeyChanges();
            Assertions.assertThat(ranks.keyChanges().orElseThrow().get(0).changes()).as(job)
                    .extracting(KeyComparison.Change::graph, KeyComparison.Change::counterpart, change -> change.components().isPresent())
                    .containsExactlyInAnyOrder(tuple("0/0", FOUND, true), tuple("0/0", FOUND, true), tuple("0/1", NONE, false),
                            tuple("0/1", NONE, false));
        }
    }

    @Test
    void aFrameRestartedAfterABreakIsTheSameCompile() throws IOException {
        // branch-break: rank 2 alone broke in frame 0, so its first graph's lookups are 0/0_1's, and they match ranks 0,
        // 1, 3's 0/0 (the same frame and compile), differing in the graph's code; its 1/0 (the frame after the break)
        // has no counterpart
        for (String job : List.of("2.6-branch-break", "2.14-branch-break")) {
            Ranks ranks = real(job);
            assertThat(ranks).cacheKeysDifferOnlyIn(Stage.INDUCTOR, "gm");
            assertThatThrownBy(() -> assertThat(ranks).haveNoCacheKeyChangesIn(Stage.INDUCTOR)).as(job)
                    .hasMessageContaining("but the keys of 1 lookup differ from ranks 0, 1, 3's (the largest group):" + Messages.lines("\n")
                            + "  rank 2: 0/0_1 missed the FX graph cache: `gm` ");
            Assertions.assertThat(ranks.keyChanges().orElseThrow().get(0).changes()).as(job)
                    .filteredOn(change -> change.cache().equals("fx_graph"))
                    .extracting(KeyComparison.Change::graph, KeyComparison.Change::counterpart)
                    .containsExactly(tuple("0/0_1", FOUND), tuple("1/0", NONE));
        }
    }

    @Test
    void aCacheWhoseRecordsListNoComponentsFailsAsNotMeasuredWhateverIsAllowed() throws IOException {
        // Scoped to the AOTAutograd cache, a 2.14 job has nothing measured to point to: no check is written out.
        assertThatThrownBy(() -> assertThat(real("2.14-inductor-option")).cacheKeysDifferOnlyIn(Stage.AOT_AUTOGRAD, "inductor_config["))
                .isInstanceOfSatisfying(AssertionFailedError.class, error ->
                        Assertions.assertThat(error.getActual().getValue()).isEqualTo("rank 1: 0/0 missed the AOTAutograd cache: why is not measured: the keys differ and no component of them could be compared: the log lists none (or none that read), or the run passed what a reader keeps"))
                .hasMessage(lines("""

                        Expecting
                          4 ranks (0-3)
                        to have cache keys that differ between ranks only in inductor_config[ in the AOTAutograd cache
                        but 1 lookup could not be compared component by component with ranks 0, 2, 3's (the largest group), so its key may differ in any component:
                          rank 1: 0/0 missed the AOTAutograd cache: why is not measured: the keys differ and no component of them could be compared: the log lists none (or none that read), or the run passed what a reader keeps"""));
        assertThatThrownBy(() -> assertThat(real("2.14-inductor-option")).cacheKeysDifferOnlyIn("inductor_config[size_asserts]"))
                .hasMessageEndingWith(lines("""
                        to check only the FX graph cache, whose keys were compared: cacheKeysDifferOnlyIn(Stage.INDUCTOR, "inductor_config[size_asserts]")"""));
        assertThatThrownBy(() -> assertThat(real("2.14-inductor-option")).haveNoCacheKeyChangesIn(Stage.DYNAMO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("stage dynamo has no on-disk cache of its own; the caches are those of Stage.AOT_AUTOGRAD (aotautograd) and"
                        + " Stage.INDUCTOR (fx_graph)");
    }

    @Test
    void otherComponentsThanTheAllowedFailListingEachLookup() throws IOException {
        assertThatThrownBy(() -> assertThat(real("2.6-inductor-option")).cacheKeysDifferOnlyIn("cpp_runtime_thread_count", "inductor_config[fx_"))
                .isInstanceOfSatisfying(AssertionFailedError.class, error ->
                        Assertions.assertThat(error.getExpected().getValue())
                                .isEqualTo("key changes only in cpp_runtime_thread_count, inductor_config[fx_"))
                .hasMessage(lines("""

                        Expecting
                          4 ranks (0-3)
                        to have cache keys that differ between ranks only in cpp_runtime_thread_count, inductor_config[fx_
                        but other components differ from ranks 0, 2, 3's (the largest group) in 2 lookups:
                          rank 1: 0/0 missed the FX graph cache: `inductor_config[size_asserts]` True → False
                          rank 1: 0/0 missed the AOTAutograd cache: `inductor_config[size_asserts]` True → False"""));
    }

    @Test
    void aWarmCacheOrAlikeRanksHaveNoKeyChanges() throws IOException {
        // warm-cache: rank 3 hit both caches under the keys ranks 0-2 missed under; it missed nothing
        assertThat(real("2.6-warm-cache")).haveNoCacheKeyChanges();
        assertThat(real("2.14-warm-cache")).haveNoCacheKeyChanges();
        assertThat(real("2.14-alike")).haveNoCacheKeyChanges().compiledAlike();
    }

    @Test
    void fingerprintsOfTheFormatBeforeKeysFailTheKeyChecksSayingNotMeasured(@org.junit.jupiter.api.io.TempDir java.nio.file.Path temp)
            throws IOException {
        try (var logs = java.nio.file.Files.list(Fixtures.dir().resolve("ranks/2.14-alike"))) {
            for (java.nio.file.Path log : logs.filter(file -> file.toString().endsWith(".log")).sorted().toList()) {
                java.nio.file.Path fp = temp.resolve(log.getFileName() + ".fp.json");
                Ranks.writeFingerprint(log, fp);
                // what a /1 file held: no keys, no cache_keys among what it compares
                var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
                var root = (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(fp.toFile());
                root.put("format", "compile-receipt-fingerprint/1");
                var compared = (com.fasterxml.jackson.databind.node.ArrayNode) root.get("compared");
                compared.remove(compared.size() - 1);
                root.get("steps").forEach(step -> ((com.fasterxml.jackson.databind.node.ObjectNode) step).remove("keys"));
                String json = mapper.writeValueAsString(root);
                java.nio.file.Files.writeString(fp, json);
            }
        }
        Ranks old = Ranks.read(temp);
        assertThat(old).compiledAlike();
        assertThatThrownBy(() -> assertThat(old).cacheKeysDifferOnlyIn("inductor_config["))
                .isInstanceOfSatisfying(AssertionFailedError.class, error -> {
                    Assertions.assertThat(error.getActual().getValue()).isEqualTo("cache_keys: not measured by every rank's source");
                    Assertions.assertThat(error.getExpected().getValue()).isEqualTo("cache_keys: measured");
                })
                .hasMessage(lines("""

                        Expecting
                          4 ranks (0-3)
                        to have cache keys that differ between ranks only in inductor_config[
                        but whether the ranks' cache keys differ was not measured: some rank's source carries no keys (cache_keys not compared);
                        what would measure it: every rank's TORCH_TRACE log, or fingerprints of format compile-receipt-fingerprint/2"""));
    }

    @Test
    void cacheKeysDifferOnlyInNeedsAComponent() throws IOException {
        Ranks alike = real("2.14-alike");
        assertThatThrownBy(() -> assertThat(alike).cacheKeysDifferOnlyIn()).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cacheKeysDifferOnlyIn needs a component name or prefix; for none, haveNoCacheKeyChanges()");
    }
}
