package dev.compilereceipt;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.compilereceipt.trace.KeyComparison;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The real 4-rank jobs of both releases (gloo on CPU, torch.multiprocessing.spawn, fixtures/ranks/2.6-* and
 * 2.14-*): each job's groups and kind are those its capture derived from the logs and wrote beside them
 * ({@code ranks-<scenario>.expect.json}), and its one line names the ranks and the first divergence as that
 * capture describes it (the call, the compile id, the break site, the value, the caches).
 */
class RealRanksTest {

    private static final Path RANKS = Path.of(System.getProperty("compilereceipt.fixtures.dir", "../fixtures")).resolve("ranks");

    @TempDir
    Path temp;

    @ParameterizedTest(name = "{0}-{1}")
    @CsvSource(delimiter = '|', value = {
        "2.6|alike|all 4 ranks compiled alike",
        "2.14|alike|all 4 ranks compiled alike",
        // the capture: call b03 (steady): rank 1 compiled 0/1, recompiled because tensor 'x' size mismatch at index 0. expected 8, actual 12
        "2.6|batch-size|3 of 4 ranks agree; rank 1 recompiled 0/1 at call b03 because `x.size()[0]` took 12",
        "2.14|batch-size|3 of 4 ranks agree; rank 1 recompiled 0/1 at call b03 because `x.size()[0]` took 12",
        // the capture: call b01 (warmup): rank 2 compiled 0/0 with a graph break at ranks_scenarios.py:27, then 1/0
        "2.6|branch-break|3 of 4 ranks agree; rank 2 broke at ranks_scenarios.py:27 in 0/0 at call b01 where ranks 0, 1, 3 did not break",
        "2.14|branch-break|3 of 4 ranks agree; rank 2 broke at ranks_scenarios.py:27 in 0/0 at call b01 where ranks 0, 1, 3 did not break",
        // the capture: call b01 (warmup): rank 3 aotautograd hit, fx_graph hit (0/0); the others miss both
        // and every rank's keys are equal (fx_graph fxlrtl6oxkrb…, aotautograd aei7zl2wkba7… on 2.6; fcoadzfwgltt…,
        // agim65m4g6kj… on 2.14): rank 3's cache folder held the entries, no key differs
        "2.6|warm-cache|3 of 4 ranks agree; rank 3 hit the aotautograd and fx_graph caches in 0/0 at call b01 where ranks 0, 1, 2"
            + " missed, under the same keys",
        "2.14|warm-cache|3 of 4 ranks agree; rank 3 hit the aotautograd and fx_graph caches in 0/0 at call b01 where ranks 0, 1, 2"
            + " missed, under the same keys",
        // the capture: rank 1 alone compiled with torch._inductor.config.size_asserts = False; every rank missed its own
        // fresh cache, so the outcomes are equal and only the keys differ: on 2.6 the FX graph key (fglftb35… against
        // fxlrtl6o…) and the AOTAutograd key (auangaqj… against aei7zl2w…), each in inductor_config[size_asserts] alone;
        // on 2.14 the FX graph key (fxcid6kb… against fcoadzfw…) in it alone, the AOTAutograd key's components not listed
        "2.6|inductor-option|3 of 4 ranks agree; rank 1 missed the FX graph and AOTAutograd caches in 0/0 at call b01 under other"
            + " keys than ranks 0, 2, 3: `inductor_config[size_asserts]` True → False",
        "2.14|inductor-option|3 of 4 ranks agree; rank 1 missed the FX graph cache in 0/0 at call b01 under another key than"
            + " ranks 0, 2, 3: `inductor_config[size_asserts]` True → False",
    })
    void eachRealJobIsGroupedAsItsCaptureSaysAndNamesTheFirstDivergence(String release, String scenario, String oneLine)
            throws IOException {
        Path job = RANKS.resolve(release + "-" + scenario);
        JsonNode expect = new ObjectMapper().readTree(job.resolve("ranks-" + scenario + ".expect.json").toFile());

        Ranks ranks = Ranks.read(job);

        assertThat(ranks.list()).containsExactly(0, 1, 2, 3);
        RanksVerdict verdict = ranks.verdict();
        assertThat(verdict.groups().toString().replace(" ", "")).isEqualTo(expect.get("groups").toString());
        assertThat(verdict.kind().name().toLowerCase(java.util.Locale.ROOT)).isEqualTo(expect.get("kind").asText());
        assertThat(verdict.oneLine()).isEqualTo(oneLine);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"2.6", "2.14"})
    void aPythonIntThatDependsOnTheRankGivesTheEvenAndTheOddRanksAnotherGraph(String release) throws IOException {
        Path job = RANKS.resolve(release + "-rank-int");
        RanksVerdict verdict = Ranks.read(job).verdict();

        // the capture: the even and the odd ranks compiled 0/0 once each, with other FX graphs (1 + rank % 2 specialized)
        assertThat(verdict.groups()).containsExactly(List.of(0, 2), List.of(1, 3));
        assertThat(verdict.kind()).isEqualTo(RanksVerdict.Kind.GRAPH);
        assertThat(verdict.oneLine()).matches("2 of 4 ranks agree; ranks 1, 3 compiled another graph in 0/0 at call b01"
                + " \\(graph [0-9a-f]{16} where ranks 0, 2 compiled [0-9a-f]{16}\\)");
    }

    @Test
    void theKeyComparisonOfTheInductorOptionJobsNamesTheOptionPerCompileAndCache() throws IOException {
        // 2.6: both keys of rank 1's 0/0 list their components, each differing in size_asserts alone
        List<Ranks.KeyChanges> six = Ranks.read(RANKS.resolve("2.6-inductor-option")).keyChanges().orElseThrow();
        assertThat(six).hasSize(1);
        assertThat(six.get(0).ranks()).containsExactly(1);
        assertThat(six.get(0).reference()).containsExactly(0, 2, 3);
        assertThat(KeyComparison.lines(six.get(0).changes())).containsExactly(
                "0/0 missed the FX graph cache: `inductor_config[size_asserts]` True → False",
                "0/0 missed the AOTAutograd cache: `inductor_config[size_asserts]` True → False");
        // 2.14: the AOTAutograd record lists no components: its reason is not measured; the FX graph key says why
        List<Ranks.KeyChanges> fourteen = Ranks.read(RANKS.resolve("2.14-inductor-option")).keyChanges().orElseThrow();
        assertThat(KeyComparison.lines(fourteen.get(0).changes())).containsExactly(
                "0/0 missed the AOTAutograd cache: " + KeyComparison.NOT_MEASURED,
                "0/0 missed the FX graph cache: `inductor_config[size_asserts]` True → False");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"2.6", "2.14"})
    void theWarmCacheJobsRank3HitUnderTheSameKeysSoNoKeyChanged(String release) throws IOException {
        // rank 3 hit both caches in 0/0 and missed nothing: a comparison of its misses finds none
        List<Ranks.KeyChanges> changes = Ranks.read(RANKS.resolve(release + "-warm-cache")).keyChanges().orElseThrow();
        assertThat(changes).hasSize(1);
        assertThat(changes.get(0).ranks()).containsExactly(3);
        assertThat(changes.get(0).changes()).isEmpty();
        assertThat(Ranks.read(RANKS.resolve(release + "-alike")).keyChanges()).contains(List.of());
    }

    @Test
    void logsFrozenBeforeKeysWereKeptCompareOutcomesButNotKeys() throws IOException {
        // 2.14-warm-cache's four logs frozen by c18ceb4's freeze: each cache lookup an envelope, its outcome and no key
        Ranks frozen = Ranks.read(RANKS.resolve("../ranks-made/frozen-before-keys"));
        assertThat(frozen.verdict().groups()).containsExactly(List.of(0, 1, 2), List.of(3));
        assertThat(frozen.verdict().kind()).isEqualTo(RanksVerdict.Kind.CACHE);
        assertThat(frozen.keyChanges()).isEmpty();
        // the real logs' line ends ", under the same keys": without keys it claims nothing of them
        assertThat(frozen.verdict().oneLine()).isEqualTo("3 of 4 ranks agree; rank 3 hit the aotautograd and fx_graph caches in 0/0"
                + " at call b01 where ranks 0, 1, 2 missed");
        assertThat(Ranks.read(RANKS.resolve("2.14-warm-cache")).verdict().oneLine()).endsWith("missed, under the same keys");
    }

    @Test
    void theFingerprintsOfEachRankMergeIntoTheVerdictOfItsLogs() throws IOException {
        Path job = RANKS.resolve("2.14-branch-break");
        List<Path> logs = new ArrayList<>();
        try (var files = Files.list(job)) {
            files.filter(file -> file.toString().endsWith(".log")).sorted().forEach(logs::add);
        }
        for (Path log : logs) {
            Ranks.writeFingerprint(log, temp.resolve(log.getFileName() + ".fp.json"));
        }

        assertThat(Ranks.read(temp).verdict()).isEqualTo(Ranks.read(job).verdict());
        // Rank 2's fingerprint carries its two FX graph keys (format /2): the first's 658 components by name, hash and
        // short value, the second's as what differs from the first: about 75 KB, under a quarter of its 690 KB log;
        // without keys it was under 2 KB.
        long size = Files.size(temp.resolve(logs.get(2).getFileName() + ".fp.json"));
        assertThat(size).isLessThan(Files.size(logs.get(2)) / 4);
    }
}
