package dev.compilereceipt.ranks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.compilereceipt.trace.CacheKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Verdicts over hand-made fingerprints: groups, kind, the first divergence and the one line, each derived by hand. */
class VerdictsTest {

    private static final List<String> ALL = RankFingerprint.ASPECTS;
    private static final String FRAME = "`f` (scenarios.py:64)";

    private static RankFingerprint.Step step(String id, String call) {
        return new RankFingerprint.Step(id, FRAME, RankFingerprint.VARIANT, Optional.of(call), Optional.empty(), List.of(),
                Optional.empty(), Map.of("fx_graph", "miss"));
    }

    private static RankFingerprint rank(int rank, RankFingerprint.Step... steps) {
        return new RankFingerprint(rank, "torch_trace", ALL, List.of(steps));
    }

    private static final RankFingerprint.Step FIRST = step("0/0", "1");
    private static final RankFingerprint.Step RECOMPILE = new RankFingerprint.Step("0/1", FRAME, RankFingerprint.VARIANT,
            Optional.of("3"), Optional.of("`x.size()[0]` took 16"), List.of(), Optional.empty(), Map.of("fx_graph", "miss"));

    @Test
    void fourRanksThatCompiledTheSameAreOneGroup() {
        Verdicts verdict = Verdicts.of(List.of(rank(2, FIRST), rank(0, FIRST), rank(3, FIRST), rank(1, FIRST)));

        assertThat(verdict.kind()).isEqualTo(Verdicts.Kind.ALIKE);
        assertThat(verdict.groups()).containsExactly(List.of(0, 1, 2, 3));
        assertThat(verdict.oneLine()).isEqualTo("all 4 ranks compiled alike");
        assertThat(verdict.firstDivergence()).isEmpty();
    }

    @Test
    void anExtraRecompileOnOneRankIsAGraphDivergenceNamingTheRankTheCallAndTheCause() {
        Verdicts verdict = Verdicts.of(List.of(rank(0, FIRST), rank(1, FIRST, RECOMPILE), rank(2, FIRST), rank(3, FIRST)));

        assertThat(verdict.kind()).isEqualTo(Verdicts.Kind.GRAPH);
        assertThat(verdict.groups()).containsExactly(List.of(0, 2, 3), List.of(1));
        assertThat(verdict.firstDivergence()).isEqualTo("rank 1 recompiled 0/1 at call 3 because `x.size()[0]` took 16");
        assertThat(verdict.oneLine()).isEqualTo("3 of 4 ranks agree; rank 1 recompiled 0/1 at call 3 because `x.size()[0]` took 16");
        assertThat(verdict.text()).isEqualTo("3 of 4 ranks agree; rank 1 recompiled 0/1 at call 3 because `x.size()[0]` took 16\n"
                + "graph divergence: the ranks compiled different graphs\n"
                + "  ranks 0, 2, 3: fingerprint " + verdict.hashes().get(0).substring(0, 12) + " (reference)\n"
                + "  rank 1: fingerprint " + verdict.hashes().get(1).substring(0, 12)
                + "; rank 1 recompiled 0/1 at call 3 because `x.size()[0]` took 16\n"
                + "compared: compiles, graphs, collectives, calls, recompile_causes, break_sites, fallbacks, cache_outcomes, cache_keys\n");
    }

    @Test
    void aRecompileTheOthersMadeButOneRankDidNotIsSaidFromThatRank() {
        Verdicts verdict = Verdicts.of(List.of(rank(0, FIRST, RECOMPILE), rank(1, FIRST), rank(2, FIRST, RECOMPILE)));

        assertThat(verdict.groups()).containsExactly(List.of(0, 2), List.of(1));
        assertThat(verdict.oneLine()).isEqualTo("2 of 3 ranks agree; rank 1 did not recompile 0/1, which ranks 0, 2 recompiled at call 3"
                + " because `x.size()[0]` took 16");
    }

    @Test
    void theSameGraphsWithOtherCacheOutcomesAreACacheDivergence() {
        RankFingerprint.Step hit = new RankFingerprint.Step("0/0", FRAME, RankFingerprint.VARIANT, Optional.of("1"), Optional.empty(),
                List.of(), Optional.empty(), Map.of("fx_graph", "hit"));
        Verdicts verdict = Verdicts.of(List.of(rank(0, FIRST), rank(1, FIRST), rank(2, FIRST), rank(3, hit)));

        assertThat(verdict.kind()).isEqualTo(Verdicts.Kind.CACHE);
        assertThat(verdict.groups()).containsExactly(List.of(0, 1, 2), List.of(3));
        assertThat(verdict.oneLine()).isEqualTo("3 of 4 ranks agree; rank 3 hit the fx_graph cache in 0/0 at call 1 where ranks 0, 1, 2 missed");
    }

    @Test
    void aBreakOnHalfTheRanksTakesTheGroupOfTheLowestRankAsReference() {
        RankFingerprint.Step broke = new RankFingerprint.Step("0/0", FRAME, RankFingerprint.VARIANT, Optional.of("1"), Optional.empty(),
                List.of("scenarios.py:31"), Optional.empty(), Map.of("fx_graph", "miss"));
        Verdicts verdict = Verdicts.of(List.of(rank(0, FIRST), rank(1, broke), rank(2, broke), rank(3, FIRST)));

        assertThat(verdict.kind()).isEqualTo(Verdicts.Kind.GRAPH);
        assertThat(verdict.groups()).containsExactly(List.of(0, 3), List.of(1, 2));
        assertThat(verdict.oneLine()).isEqualTo("2 of 4 ranks agree; ranks 1, 2 broke at scenarios.py:31 in 0/0 at call 1 where ranks 0, 3 did not break");
    }

    private static RankFingerprint.Step graph(String hash, String... collectives) {
        return new RankFingerprint.Step("0/0", FRAME, RankFingerprint.VARIANT, List.of(hash), List.of(collectives), Optional.of("1"),
                Optional.empty(), List.of(), Optional.empty(), Map.of("fx_graph", "miss"));
    }

    @Test
    void anotherGraphUnderTheSameCompileIdIsAGraphDivergenceAndTheLargestGroupComesFirst() {
        Verdicts verdict = Verdicts.of(List.of(rank(0, graph("aaaa")), rank(1, graph("bbbb")), rank(2, graph("bbbb")),
                rank(3, graph("bbbb"))));

        assertThat(verdict.kind()).isEqualTo(Verdicts.Kind.GRAPH);
        assertThat(verdict.groups()).containsExactly(List.of(1, 2, 3), List.of(0));
        assertThat(verdict.oneLine()).isEqualTo("3 of 4 ranks agree; rank 0 compiled another graph in 0/0 at call 1 (graph aaaa"
                + " where ranks 1, 2, 3 compiled bbbb)");
    }

    @Test
    void otherCollectivesAreSaidBeforeTheGraphTheyAreIn() {
        Verdicts verdict = Verdicts.of(List.of(rank(0, graph("aaaa", "all_reduce", "all_gather_into_tensor")),
                rank(1, graph("bbbb", "all_reduce")), rank(2, graph("aaaa", "all_reduce", "all_gather_into_tensor"))));

        assertThat(verdict.oneLine()).isEqualTo("2 of 3 ranks agree; rank 1 called collectives [all_reduce] in 0/0 where ranks 0, 2"
                + " called [all_reduce, all_gather_into_tensor]");
    }

    @Test
    void aFallbackOnOneRankSaysItsReason() {
        RankFingerprint.Step fell = new RankFingerprint.Step("0/0", FRAME, RankFingerprint.FALLBACK, Optional.of("1"), Optional.empty(),
                List.of(), Optional.of("BackendCompilerFailed"), Map.of("fx_graph", "miss"));
        Verdicts verdict = Verdicts.of(List.of(rank(0, FIRST), rank(1, fell)));

        assertThat(verdict.oneLine()).isEqualTo("no two of the 2 ranks agree; rank 1 fell back (BackendCompilerFailed) in 0/0 where rank 0 made a graph");
    }

    @Test
    void ranksReadFromSourcesThatMeasureLessAreComparedOnWhatAllMeasuredAndSaySo() {
        RankFingerprint text = new RankFingerprint(1, "torch_logs", List.of(RankFingerprint.COMPILES, RankFingerprint.RECOMPILE_CAUSES,
                RankFingerprint.FALLBACKS), List.of(new RankFingerprint.Step("0/0", FRAME, RankFingerprint.VARIANT, Optional.empty(),
                Optional.empty(), List.of(), Optional.empty(), Map.of())));
        Verdicts verdict = Verdicts.of(List.of(rank(0, FIRST), text));

        assertThat(verdict.kind()).isEqualTo(Verdicts.Kind.ALIKE);
        assertThat(verdict.oneLine()).isEqualTo("all 2 ranks compiled alike (graphs, collectives, calls, break_sites, cache_outcomes,"
                + " cache_keys not compared: not in every rank's source)");
        assertThat(verdict.notCompared()).containsExactly("graphs", "collectives", "calls", "break_sites", "cache_outcomes", "cache_keys");
        assertThat(verdict.text()).endsWith("compared: compiles, recompile_causes, fallbacks\n"
                + "not compared: graphs, collectives, calls, break_sites, cache_outcomes, cache_keys (not in every rank's source)\n");
    }

    @Test
    void theJsonGroupsAreOneListOfRanksPerGroup() throws Exception {
        Verdicts verdict = Verdicts.of(List.of(rank(0, FIRST), rank(1, FIRST, RECOMPILE), rank(2, FIRST)));
        var json = new ObjectMapper().readTree(dev.compilereceipt.json.CanonicalJson.write(verdict.json()));

        assertThat(json.get("groups").toString()).isEqualTo("[[0,2],[1]]");
        assertThat(json.get("kind").asText()).isEqualTo("graph");
        assertThat(json.get("alike").asBoolean()).isFalse();
        assertThat(json.get("first_divergence").asText()).isEqualTo("rank 1 recompiled 0/1 at call 3 because `x.size()[0]` took 16");
    }

    @Test
    void theHashIsOfWhatARankCompiledNotOfItsNumber() {
        assertThat(rank(0, FIRST).sha256()).isEqualTo(rank(7, FIRST).sha256()).isNotEqualTo(rank(0, FIRST, RECOMPILE).sha256());
        assertThat(rank(0, FIRST).graphSha256()).isEqualTo(rank(0, new RankFingerprint.Step("0/0", FRAME, RankFingerprint.VARIANT,
                Optional.of("1"), Optional.empty(), List.of(), Optional.empty(), Map.of("fx_graph", "hit"))).graphSha256());
    }

    @Test
    void aFingerprintReadsBackAsItWasWritten() throws Exception {
        RankFingerprint written = rank(3, FIRST, RECOMPILE);
        RankFingerprint read = Fingerprints.read(new ObjectMapper().readTree(written.canonical()));

        assertThat(read).isEqualTo(written);
        assertThat(written.canonical()).isEqualTo("{\"compared\":[\"compiles\",\"graphs\",\"collectives\",\"calls\",\"recompile_causes\",\"break_sites\","
                + "\"fallbacks\",\"cache_outcomes\",\"cache_keys\"],\"format\":\"compile-receipt-fingerprint/2\",\"rank\":3,\"source\":\"torch_trace\","
                + "\"steps\":[{\"cache\":{\"fx_graph\":\"miss\"},\"call\":\"1\",\"frame\":\"`f` (scenarios.py:64)\",\"id\":\"0/0\","
                + "\"made\":\"variant\"},{\"cache\":{\"fx_graph\":\"miss\"},\"call\":\"3\",\"cause\":\"`x.size()[0]` took 16\","
                + "\"frame\":\"`f` (scenarios.py:64)\",\"id\":\"0/1\",\"made\":\"variant\"}]}");
    }

    @Test
    void aFingerprintOfAnotherFormatIsRefusedNamingBoth() throws Exception {
        String other = rank(0, FIRST).canonical().replace("compile-receipt-fingerprint/2", "compile-receipt-fingerprint/3");

        assertThatThrownBy(() -> Fingerprints.read(new ObjectMapper().readTree(other)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a fingerprint of format compile-receipt-fingerprint/2 or compile-receipt-fingerprint/1 is read; this one is"
                        + " of format compile-receipt-fingerprint/3");
        assertThatThrownBy(() -> Fingerprints.read(new ObjectMapper().readTree("{\"format\":\"compile-receipt-fingerprint/1\"}")))
                .hasMessage("a fingerprint holds a rank (a non-negative number), a source, compared and steps");
    }

    @Test
    void aCauseIsWhatTheValueBecameOrTheGuardThatFailedWithDevicesMasked() {
        assertThat(Fingerprints.cause(List.of("0/0: tensor 'L['x']' size mismatch at index 0. expected 8, actual 16")))
                .contains("`x.size()[0]` took 16");
        assertThat(Fingerprints.cause(List.of("0/0: L['n'] == 0"))).contains("`n` failed `n == 0`");
        assertThat(Fingerprints.cause(List.of("0/0: tensor 'x' device index mismatch. expected 0, actual 1")))
                .contains("`x.device` took 1");
        assertThat(Fingerprints.mask("x on cuda:3 and cuda:12, not cudax:1")).isEqualTo("x on cuda:N and cuda:N, not cudax:1");
        assertThat(Fingerprints.cause(List.of())).isEmpty();
    }

    private static final String LONG = "x".repeat(RankFingerprint.VALUE_CHARS + 1);

    /** A lookup of 0/0's FX graph cache whose key lists a graph, a config option and the thread count. */
    private static CacheKey fx(String outcome, String key, String sizeAsserts, String threads) {
        return new CacheKey("0/0", "fx_graph", outcome, key, Optional.of(List.of(new CacheKey.Component("gm", "g1", LONG),
                new CacheKey.Component("inductor_config[size_asserts]", "s" + sizeAsserts, sizeAsserts),
                new CacheKey.Component("cpp_runtime_thread_count", "t" + threads, threads))));
    }

    private static RankFingerprint.Step withKeys(String outcome, CacheKey... keys) {
        return new RankFingerprint.Step("0/0", FRAME, RankFingerprint.VARIANT, List.of(), List.of(), Optional.of("b01"), Optional.empty(),
                List.of(), Optional.empty(), Map.of("fx_graph", outcome), List.of(keys));
    }

    @Test
    void theSameOutcomesUnderAnotherKeyAreACacheDivergenceNamingTheComponents() {
        RankFingerprint.Step ours = withKeys("miss", fx("miss", "fa", "True", "1"));
        RankFingerprint.Step theirs = withKeys("miss", fx("miss", "fb", "False", "2"));
        Verdicts verdict = Verdicts.of(List.of(rank(0, ours), rank(1, theirs), rank(2, ours), rank(3, ours)));

        assertThat(verdict.kind()).isEqualTo(Verdicts.Kind.CACHE);
        assertThat(verdict.groups()).containsExactly(List.of(0, 2, 3), List.of(1));
        assertThat(verdict.firstDivergence()).isEqualTo("rank 1 missed the FX graph cache in 0/0 at call b01 under another key than"
                + " ranks 0, 2, 3: `inductor_config[size_asserts]` True → False, `cpp_runtime_thread_count` 1 → 2");
    }

    @Test
    void otherOutcomesUnderTheSameKeySaySo() {
        Verdicts verdict = Verdicts.of(List.of(rank(0, withKeys("miss", fx("miss", "fa", "True", "1"))),
                rank(1, withKeys("hit", fx("hit", "fa", "True", "1")))));

        assertThat(verdict.firstDivergence()).isEqualTo("rank 1 hit the fx_graph cache in 0/0 at call b01 where rank 0 missed,"
                + " under the same key");
    }

    @Test
    void keysThatDifferWithoutComponentsSayWhyIsNotMeasured() {
        CacheKey bare = new CacheKey("0/0", "fx_graph", "miss", "fb", Optional.empty());
        Verdicts verdict = Verdicts.of(List.of(rank(0, withKeys("miss", fx("miss", "fa", "True", "1"))), rank(1, withKeys("miss", bare))));

        assertThat(verdict.firstDivergence()).isEqualTo("rank 1 looked the caches up in 0/0 at call b01 under other keys than rank 0"
                + " (which components differ is not measured: a hit, or a key that lists no components)");
    }

    @Test
    void aFingerprintCarriesKeysWithLongValuesCutAndReadsThemBack() throws Exception {
        RankFingerprint written = rank(1, withKeys("miss", RankFingerprint.carried(fx("miss", "fa", "True", "1"))));
        RankFingerprint read = Fingerprints.read(new ObjectMapper().readTree(written.canonical()));

        assertThat(read).isEqualTo(written);
        assertThat(written.canonical()).contains("\"keys\":[{\"cache\":\"fx_graph\",\"components\":[[\"gm\",\"g1\",\"\u2026\"],"
                + "[\"inductor_config[size_asserts]\",\"sTrue\",\"True\"],[\"cpp_runtime_thread_count\",\"t1\",\"1\"]],"
                + "\"graph\":\"0/0\",\"key\":\"fa\",\"outcome\":\"miss\"}]");
    }

    @Test
    void aLaterKeyIsWrittenAsTheComponentsThatDifferFromTheEarlierOneAndReadsBackWhole() throws Exception {
        CacheKey later = new CacheKey("1/0", "fx_graph", "miss", "fc", Optional.of(List.of(new CacheKey.Component("gm", "g2", "\u2026"),
                new CacheKey.Component("inductor_config[size_asserts]", "sTrue", "True"),
                new CacheKey.Component("cpp_runtime_thread_count", "t1", "1"), new CacheKey.Component("example_inputs[0]", "e", "T"))));
        RankFingerprint.Step second = new RankFingerprint.Step("1/0", FRAME, RankFingerprint.VARIANT, List.of(), List.of(),
                Optional.of("b01"), Optional.empty(), List.of(), Optional.empty(), Map.of("fx_graph", "miss"), List.of(later));
        RankFingerprint written = rank(1, withKeys("miss", RankFingerprint.carried(fx("miss", "fa", "True", "1"))), second);

        // the second lookup of fx_graph: 4 components; the first's gm (index 0) is not kept, another graph's is at 0, and
        // example_inputs[0] is new at 3; size_asserts and the thread count are the first's, kept in their order
        assertThat(written.canonical()).contains("{\"cache\":\"fx_graph\",\"changed\":[[0,\"gm\",\"g2\",\"\u2026\"],"
                + "[3,\"example_inputs[0]\",\"e\",\"T\"]],\"graph\":\"1/0\",\"key\":\"fc\",\"outcome\":\"miss\",\"removed\":[0],"
                + "\"size\":4}");
        assertThat(Fingerprints.read(new ObjectMapper().readTree(written.canonical()))).isEqualTo(written);
    }

    @Test
    void changedComponentsWithoutAnEarlierListAreRefused() {
        String bad = rank(0, FIRST).canonical().replace("\"made\":\"variant\"", "\"made\":\"variant\",\"keys\":[{\"cache\":\"fx_graph\","
                + "\"changed\":[],\"graph\":\"0/0\",\"key\":\"k\",\"outcome\":\"miss\",\"removed\":[],\"size\":1}]");

        assertThatThrownBy(() -> Fingerprints.read(new ObjectMapper().readTree(bad))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a fingerprint's cache lookup lists what changed from an earlier lookup of its cache, and none lists"
                        + " components before it");
    }

    /** A fingerprint whose first fx_graph lookup lists [a, b] and whose second is {@code second}, a delta from it. */
    private static String twoLookups(String second) {
        return rank(0, FIRST).canonical().replace("\"made\":\"variant\"", "\"made\":\"variant\",\"keys\":["
                + "{\"cache\":\"fx_graph\",\"components\":[[\"a\",\"ha\",\"1\"],[\"b\",\"hb\",\"2\"]],\"graph\":\"0/0\","
                + "\"key\":\"k1\",\"outcome\":\"miss\"},{\"cache\":\"fx_graph\",\"graph\":\"0/0\",\"key\":\"k2\",\"outcome\":\"miss\","
                + second + "}]");
    }

    @Test
    void aDeltaIsRefusedBeforeAnythingOfItsSizeIsMade() {
        // size 2147483647 with nothing kept or changed to fill it: refused, not an array of that size (an OutOfMemoryError)
        assertThatThrownBy(() -> Fingerprints.read(new ObjectMapper().readTree(twoLookups("\"changed\":[],\"removed\":[],\"size\":2147483647"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a fingerprint's cache lookup of 2147483647 components keeps 2"
                        + " of the lookup before it and changes 0: the size is what it keeps and changes");
    }

    @Test
    void removedIndicesOutOfRangeOrTwiceAndChangedIndicesTwiceAreRefused() {
        assertThatThrownBy(() -> Fingerprints.read(new ObjectMapper().readTree(twoLookups("\"changed\":[],\"removed\":[2],\"size\":1"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a fingerprint's removed key components are distinct indices"
                        + " below the size 2 of the lookup before; one is 2");
        assertThatThrownBy(() -> Fingerprints.read(new ObjectMapper().readTree(twoLookups("\"changed\":[],\"removed\":[0,0],\"size\":1"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a fingerprint's removed key components are distinct indices"
                        + " below the size 2 of the lookup before; one is 0");
        assertThatThrownBy(() -> Fingerprints.read(new ObjectMapper().readTree(twoLookups(
                "\"changed\":[[0,\"c\",\"hc\",\"3\"],[0,\"d\",\"hd\",\"4\"]],\"removed\":[0,1],\"size\":2"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a fingerprint's changed key components name each index once;"
                        + " 0 twice");
        assertThatThrownBy(() -> Fingerprints.read(new ObjectMapper().readTree(rank(0, FIRST).canonical().replace("\"made\":\"variant\"",
                "\"made\":\"variant\",\"keys\":[{\"cache\":\"fx_graph\",\"components\":\"x\",\"graph\":\"0/0\",\"key\":\"k\",\"outcome\":\"miss\"}]"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a fingerprint's cache lookup lists its components as an array"
                        + " of [name, hash, value]; one holds STRING");
    }

    @Test
    void aFingerprintHoldsAtMostTheComponentsALogsReadingKeeps() {
        // Each lookup changes one component of 1,000: a new list each time, 263 of them pass 2^18 (262,144) components.
        StringBuilder first = new StringBuilder("\"components\":[");
        for (int i = 0; i < 1000; i++) {
            first.append(i == 0 ? "" : ",").append("[\"c").append(i).append("\",\"h\",\"v\"]");
        }
        StringBuilder keys = new StringBuilder("{\"cache\":\"fx_graph\",").append(first).append("],\"graph\":\"0/0\",\"key\":\"k\",\"outcome\":\"miss\"}");
        for (int n = 1; n < 300; n++) {
            keys.append(",{\"cache\":\"fx_graph\",\"changed\":[[0,\"c0\",\"h").append(n).append("\",\"v\"]],\"graph\":\"0/0\",\"key\":\"k")
                    .append(n).append("\",\"outcome\":\"miss\",\"removed\":[0],\"size\":1000}");
        }
        String many = rank(0, FIRST).canonical().replace("\"made\":\"variant\"", "\"made\":\"variant\",\"keys\":[" + keys + "]");

        assertThatThrownBy(() -> Fingerprints.read(new ObjectMapper().readTree(many))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a fingerprint's cache keys hold more than 262144 components in distinct lists: more than a log's reading keeps");
        // The same lookups repeating one list share it and pass.
        String same = many.replaceAll("\\[\\[0,\"c0\",\"h[0-9]+\",\"v\"]]", "[[0,\"c0\",\"h\",\"v\"]]");
        assertThat(same).doesNotContain("\"h7\"");
        assertThatCode(() -> Fingerprints.read(new ObjectMapper().readTree(same))).doesNotThrowAnyException();
    }

    @Test
    void manyComponentsOfOneNameAreWrittenInTimeLinearInTheirNumber() throws Exception {
        // 100,000 components all named x, every value changed but the last: found one pass each, not 10^10 comparisons.
        List<CacheKey.Component> before = new ArrayList<>();
        List<CacheKey.Component> after = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            before.add(new CacheKey.Component("x", "b" + i, "v"));
            after.add(new CacheKey.Component("x", i == 99_999 ? "b99999" : "a" + i, "v"));
        }
        RankFingerprint.Step step = new RankFingerprint.Step("0/0", FRAME, RankFingerprint.VARIANT, List.of(), List.of(),
                Optional.of("1"), Optional.empty(), List.of(), Optional.empty(), Map.of("fx_graph", "miss"),
                List.of(new CacheKey("0/0", "fx_graph", "miss", "k1", Optional.of(before)),
                        new CacheKey("0/0", "fx_graph", "miss", "k2", Optional.of(after))));
        RankFingerprint written = rank(0, step);

        String json = written.canonical();
        assertThat(json).contains("\"removed\":[0,1,2,").contains("99997,99998],\"size\":100000}");
        assertThat(Fingerprints.read(new ObjectMapper().readTree(json))).isEqualTo(written);
    }

    @Test
    void aFingerprintOfFormatOneIsReadWithItsKeysNotMeasured() throws Exception {
        String one = rank(0, FIRST).canonical().replace("compile-receipt-fingerprint/2", "compile-receipt-fingerprint/1")
                .replace(",\"cache_keys\"", "");
        RankFingerprint read = Fingerprints.read(new ObjectMapper().readTree(one));
        Verdicts verdict = Verdicts.of(List.of(read, rank(1, FIRST)));

        assertThat(read.compared()).doesNotContain(RankFingerprint.CACHE_KEYS);
        assertThat(verdict.oneLine()).isEqualTo("all 2 ranks compiled alike (cache_keys not compared: not in every rank's source)");
        assertThat(verdict.notCompared()).containsExactly(RankFingerprint.CACHE_KEYS);
    }

    @Test
    void aLookupWithoutItsFieldsIsRefused() {
        String bad = rank(0, FIRST).canonical().replace("\"made\":\"variant\"", "\"made\":\"variant\",\"keys\":[{\"graph\":\"0/0\"}]");

        assertThatThrownBy(() -> Fingerprints.read(new ObjectMapper().readTree(bad))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a fingerprint's cache lookup holds a graph, a cache, an outcome and a key (texts); one has no cache");
    }

    @Test
    void aThousandRanksAreListedEveryOneWithRunsAsRanges() {
        List<RankFingerprint> fingerprints = new ArrayList<>();
        for (int r = 0; r < 1000; r++) {
            fingerprints.add(r == 512 ? rank(r, FIRST, RECOMPILE) : rank(r, FIRST));
        }
        Verdicts verdict = Verdicts.of(fingerprints);

        assertThat(verdict.text()).contains("\n  ranks 0-511, 513-999: fingerprint " + verdict.hashes().get(0).substring(0, 12)
                + " (reference)\n  rank 512: fingerprint ");
        dev.compilereceipt.RanksVerdict facade = new dev.compilereceipt.RanksVerdict(dev.compilereceipt.RanksVerdict.Kind.GRAPH,
                verdict.groups(), verdict.firstDivergence(), verdict.oneLine());
        assertThat(facade.text()).isEqualTo("999 of 1000 ranks agree; rank 512 recompiled 0/1 at call 3 because `x.size()[0]` took 16\n"
                + "  ranks 0-511, 513-999\n  rank 512\n"
                + "first divergence (graph): rank 512 recompiled 0/1 at call 3 because `x.size()[0]` took 16\n");
        assertThat(dev.compilereceipt.trace.VisibleText.ranges(List.of(3, 0, 1))).isEqualTo("0, 1, 3");
        assertThat(dev.compilereceipt.trace.VisibleText.ranges(List.of(4, 0, 2, 3))).isEqualTo("0, 2-4");
        assertThat(dev.compilereceipt.trace.VisibleText.ranges(List.of())).isEmpty();
    }

    @Test
    void noRanksIsNoVerdict() {
        assertThatThrownBy(() -> Verdicts.of(new ArrayList<>())).hasMessage("a verdict needs at least one rank");
    }
}
