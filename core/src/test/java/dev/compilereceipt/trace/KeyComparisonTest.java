package dev.compilereceipt.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static dev.compilereceipt.trace.KeyComparison.Counterpart.CACHE_UNUSED;
import static dev.compilereceipt.trace.KeyComparison.Counterpart.FOUND;
import static dev.compilereceipt.trace.KeyComparison.Counterpart.NONE;

import dev.compilereceipt.TraceRequest;
import dev.compilereceipt.Traces;
import dev.compilereceipt.testsupport.Fixtures;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Warm pairs made in the chroots (fixtures/cache-keys/, from /work/drop/keys: a cold process and a warm one with one
 * change, fixtures/cache-keys/README.md): the control hits everywhere and says nothing; each changed pair names exactly
 * the component changed. Values are the logs' (the component lines of fx_graph_cache_miss and aotautograd_cache_*).
 */
class KeyComparisonTest {

    static KeyComparison pair(String name) {
        if (name.endsWith("code")) {
            // The warm process compiles another function (sin_cos_changed): no warm start of the cold run (PairAgreement
            // refuses the pair), but two compile logs to compare.
            return KeyComparison.between(baselineLog(name + "/torch_trace.log"), baselineLog(name + "/warm_torch_trace.log"));
        }
        Trace trace = Traces.read(TraceRequest.of(Fixtures.path("cache-keys/" + name + "/torch_trace.log"))
                .withWarmLog(Fixtures.path("cache-keys/" + name + "/warm_torch_trace.log")));
        Run run = trace.run("baseline").orElseThrow();
        return KeyComparison.between(run.compileLog().orElseThrow(), run.warmStart().orElseThrow().compileLog().orElseThrow());
    }

    private static CompileLog baselineLog(String log) {
        return Traces.read(Fixtures.path("cache-keys/" + log)).run("baseline").orElseThrow().compileLog().orElseThrow();
    }

    @Test
    void keysThatDifferWithNoComponentToldApartSayWhyIsNotMeasuredNotTheSameKey() {
        // Two keys alike in every component as far as a freeze kept their hashes (8 characters), yet different keys.
        CacheKey cold = new CacheKey("0/0", "fx_graph", "miss", "fa", Optional.of(List.of(
                new CacheKey.Component("gm", "abcdefgh", "code"), new CacheKey.Component("cpp_runtime_thread_count", "t1234567", "1"))));
        CacheKey warm = new CacheKey("0/0", "fx_graph", "miss", "fb", Optional.of(List.of(
                new CacheKey.Component("gm", "abcdefgh", "code"), new CacheKey.Component("cpp_runtime_thread_count", "t1234567", "1"))));
        CacheKey warmUnderTheColdKey = new CacheKey("0/0", "fx_graph", "miss", "fa", warm.components());

        assertThat(KeyComparison.between(List.of(cold), List.of(warm)).changes())
                .containsExactly(new KeyComparison.Change("0/0", "fx_graph", "miss", Optional.empty()));
        assertThat(KeyComparison.between(List.of(cold), List.of(warmUnderTheColdKey)).changes())
                .containsExactly(new KeyComparison.Change("0/0", "fx_graph", "miss", Optional.of(List.of())));
    }

    @Test
    void aFrozenCompileFindsItsCounterpartInALogByItsGraphsHashCutAsTheFreezeCutIt() {
        // Another compile id (1/0 against 0/0) for the same graph: matched by the gm hash, 8 characters on the frozen side.
        CacheKey cold = new CacheKey("0/0", "fx_graph", "miss", "fa", Optional.of(List.of(
                new CacheKey.Component("gm", "abcdefghijklmnop", "code"), new CacheKey.Component("cpp_runtime_thread_count", "t1", "1"))));
        CacheKey frozenWarm = new CacheKey("1/0", "fx_graph", "miss", "fb", Optional.of(List.of(
                new CacheKey.Component("gm", "abcdefgh", "code"), new CacheKey.Component("cpp_runtime_thread_count", "t2", "2"))));

        assertThat(KeyComparison.between(List.of(cold), List.of(frozenWarm)).changes()).containsExactly(new KeyComparison.Change(
                "1/0", "fx_graph", "miss", Optional.of(List.of(new KeyComparison.ComponentChange("cpp_runtime_thread_count", "1", "2")))));
    }

    @Test
    void theControlsHitEverywhereWithNoReasons() {
        for (String control : List.of("2.14-none", "2.6-none", "2.6-threads")) {
            assertThat(pair(control).changes()).as(control).isEmpty();
            assertThat(pair(control).lines()).as(control).isEmpty();
        }
    }

    @Test
    void aThreadCountChangeOn214NamesTheThreadCountAndTheAutogradReasonIsNotMeasured() {
        KeyComparison keys = pair("2.14-threads");
        // Warm log L201: aotautograd_cache_miss, "components": []; L2338: fx_graph_cache_miss, cpp_runtime_thread_count 1 -> 2.
        assertThat(keys.changes()).containsExactly(
                new KeyComparison.Change("0/0", "aotautograd", "miss", Optional.empty()),
                new KeyComparison.Change("0/0", "fx_graph", "miss", Optional.of(List.of(
                        new KeyComparison.ComponentChange("cpp_runtime_thread_count", "1", "2")))));
        assertThat(keys.lines()).containsExactly(
                "0/0 missed the AOTAutograd cache: why is not measured: the keys differ and no component of them could be compared: the log lists none (or none that read), or the run passed what a reader keeps",
                "0/0 missed the FX graph cache: `cpp_runtime_thread_count` 1 → 2");
    }

    @Test
    void eachChangedPairNamesExactlyTheComponentChangedInEveryCacheThatListsComponents() {
        assertThat(pair("2.14-inductor-option").lines()).containsExactly(
                "0/0 missed the AOTAutograd cache: " + KeyComparison.NOT_MEASURED,
                "0/0 missed the FX graph cache: `inductor_config[size_asserts]` True → False");
        assertThat(pair("2.6-inductor-option").lines()).containsExactly(
                "0/0 missed the FX graph cache: `inductor_config[size_asserts]` True → False",
                "0/0 missed the AOTAutograd cache: `inductor_config[size_asserts]` True → False");
        for (String pair : List.of("2.14-dtype", "2.14-shape", "2.6-dtype", "2.6-shape", "2.14-code", "2.6-code")) {
            List<String> named = pair(pair).changes().stream().flatMap(change -> change.components().stream())
                    .flatMap(List::stream).map(KeyComparison.ComponentChange::name).distinct().toList();
            assertThat(named).as(pair).containsExactly(pair.endsWith("code") ? "gm" : "example_inputs[0]");
        }
        KeyComparison.ComponentChange dtype = pair("2.6-dtype").changes().get(0).components().orElseThrow().get(0);
        assertThat(dtype.cold()).startsWith("TensorMetadata(dtype=torch.float32, shape=torch.Size([8, 16])");
        assertThat(dtype.warm()).startsWith("TensorMetadata(dtype=torch.float64, shape=torch.Size([8, 16])");
        KeyComparison.ComponentChange code = pair("2.6-code").changes().get(0).components().orElseThrow().get(0);
        assertThat(code.cold()).startsWith("<lambda>() def forward(self, arg0_1): sin = torch.ops.aten.sin.default(arg0_1);")
                .isNotEqualTo(code.warm());
    }

    @Test
    void receiptDiffSaysNotMeasuredKeysEqualOrTheComponentsThatChanged() {
        CompileLog cold = baselineLog("2.14-threads/torch_trace.log");
        assertThat(KeyComparison.diffLines(Optional.empty(), Optional.of(cold))).containsExactly(
                "which cache key components changed is not measured: the source lists no cache keys (only a TORCH_TRACE log does)");
        // A log against itself misses under the same keys: equal, never "the entry was not found".
        assertThat(KeyComparison.diffLines(Optional.of(cold), Optional.of(cold))).containsExactly(
                "the cache keys are equal: no lookup of the second run missed under a key that differs");
        assertThat(KeyComparison.diffLines(Optional.of(cold), Optional.of(baselineLog("2.14-threads/warm_torch_trace.log"))))
                .containsExactly("0/0 missed the AOTAutograd cache: why is not measured: the keys differ and no component of them could be compared: the log lists none (or none that read), or the run passed what a reader keeps",
                        "0/0 missed the FX graph cache: `cpp_runtime_thread_count` 1 → 2");
    }

    private static CacheKey key(String graph, String cache, String outcome, String key, CacheKey.Component... components) {
        return new CacheKey(graph, cache, outcome, key, components.length == 0 ? Optional.empty() : Optional.of(List.of(components)));
    }

    private static CompileLog log(CacheKey... keys) {
        return new CompileLog(List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), java.util.OptionalDouble.empty(),
                CompileLog.ArtifactCache.NONE, List.of(), List.of(), List.of(), java.util.Map.of(), List.of(keys));
    }

    @Test
    void eachCounterpartIsFoundOnceAndWhatCannotBeComparedIsNotMeasured() {
        CacheKey.Component gm0 = new CacheKey.Component("gm", "g0", "def f0");
        CacheKey.Component gm9 = new CacheKey.Component("gm", "g9", "def f9");
        CacheKey.Component off = new CacheKey.Component("inductor_config[freezing]", "a", "False");
        CacheKey.Component on = new CacheKey.Component("inductor_config[freezing]", "b", "True");
        // The cold run looked the FX graph cache up once, for 0/0_1 (a frame restarted after a break), bypassed 3/0
        // without a key, and never looked the AOTAutograd cache up (off).
        CompileLog cold = log(key("0/0_1", "fx_graph", "miss", "k01", gm0, off), key("3/0", "fx_graph", "bypass", ""));
        // The warm run: 0/0 (another graph) and 0/0_1 (the same, another option): 0/0_1 is 0/0_1's counterpart, so
        // 0/0 has none (the restart is matched once); 3/0 bypassed again; 4/0 missed the AOTAutograd cache.
        CompileLog warm = log(key("0/0", "fx_graph", "miss", "w00", gm9, on), key("0/0_1", "fx_graph", "miss", "w01", gm0, on),
                key("3/0", "fx_graph", "bypass", ""), key("4/0", "aotautograd", "miss", "a4", gm0));
        assertThat(KeyComparison.between(cold, warm).changes()).extracting(KeyComparison.Change::graph, KeyComparison.Change::counterpart,
                KeyComparison.Change::measured, KeyComparison.Change::reason).containsExactly(
                tuple("0/0", NONE, true, KeyComparison.NO_COUNTERPART),
                tuple("0/0_1", FOUND, true, "`inductor_config[freezing]` False → True"),
                tuple("3/0", FOUND, true, KeyComparison.BYPASSED_BOTH),
                tuple("4/0", CACHE_UNUSED, false, KeyComparison.CACHE_UNUSED));
        // Without 0/0_1 in the warm run, its 0/0 is the restarted compile's counterpart: the same frame and compile.
        assertThat(KeyComparison.between(cold, log(key("0/0", "fx_graph", "miss", "w00", gm9, on))).changes())
                .extracting(KeyComparison.Change::counterpart, KeyComparison.Change::reason)
                .containsExactly(tuple(FOUND, "`gm` def f0 → def f9, `inductor_config[freezing]` False → True"));
    }

    @Test
    void betweenRanksAHitUnderAnotherKeyIsAChangeAndAHitUnderTheSameKeyIsNot() {
        CacheKey.Component gm0 = new CacheKey.Component("gm", "g0", "def f0");
        CacheKey.Component pg0 = new CacheKey.Component("fx_kwargs[pg]", "p0", "'group0'");
        CacheKey.Component pg1 = new CacheKey.Component("fx_kwargs[pg]", "p1", "'group1'");
        List<CacheKey> reference = List.of(key("0/0", "fx_graph", "hit", "k0", gm0, pg0), key("1/0", "fx_graph", "hit", "k1", gm0));
        List<CacheKey> other = List.of(key("0/0", "fx_graph", "hit", "k9", gm0, pg1), key("1/0", "fx_graph", "hit", "k1", gm0));
        assertThat(KeyComparison.between(reference, other).changes()).isEmpty();
        assertThat(KeyComparison.between(reference, other, true).lines())
                .containsExactly("0/0 hit the FX graph cache: `fx_kwargs[pg]` 'group0' → 'group1'");
    }

    @Test
    void aMissUnderTheColdKeyIsSaidAsSuchAndRepeatedReasonsAreGrouped() {
        CacheKey.Component gm0 = new CacheKey.Component("gm", "g0", "def f0");
        CacheKey.Component gm1 = new CacheKey.Component("gm", "g1", "def f1");
        CacheKey.Component off = new CacheKey.Component("inductor_config[freezing]", "a", "False");
        CacheKey.Component on = new CacheKey.Component("inductor_config[freezing]", "b", "True");
        CompileLog cold = log(key("0/0", "fx_graph", "miss", "k0", gm0, off), key("1/0", "fx_graph", "miss", "k1", gm1, off),
                key("2/0", "fx_graph", "miss", "k2", gm0), key("3/0", "fx_graph", "miss", "k3", gm1));
        // 0/0 and 1/0 change freezing; 2/0 misses under its own key; 5/0 has no id in the cold process but the same graph as
        // 1/0 there; 7/0 has neither.
        CompileLog warm = log(key("0/0", "fx_graph", "miss", "w0", gm0, on), key("1/0", "fx_graph", "miss", "w1", gm1, on),
                key("2/0", "fx_graph", "miss", "k2", gm0), key("3/0", "fx_graph", "hit", "k3", gm1),
                key("5/0", "fx_graph", "bypass", "w5", gm1, on), key("7/0", "fx_graph", "miss", "w7", new CacheKey.Component("gm", "g7", "x")));
        assertThat(KeyComparison.between(cold, warm).lines()).containsExactly(
                "0/0, 1/0 missed the FX graph cache: `inductor_config[freezing]` False → True",
                "2/0 missed the FX graph cache: " + KeyComparison.SAME_KEY,
                "5/0 bypassed the FX graph cache: `inductor_config[freezing]` False → True",
                "7/0 missed the FX graph cache: " + KeyComparison.NO_COUNTERPART);
        // 7/0, a compile the cold process never made, changed no key: measured, and no key difference; nor is 2/0's.
        assertThat(KeyComparison.between(cold, warm).changes()).extracting(KeyComparison.Change::graph, KeyComparison.Change::counterpart,
                KeyComparison.Change::measured).containsExactly(tuple("0/0", FOUND, true), tuple("1/0", FOUND, true), tuple("2/0", FOUND, true),
                tuple("5/0", FOUND, true), tuple("7/0", NONE, true));
        assertThat(KeyComparison.between(cold, warm).keyDifferences()).extracting(KeyComparison.Change::graph).containsExactly("0/0", "1/0", "5/0");
        // receipt diff: where no key compared differs, a compile the first run never made is not passed over in silence.
        CompileLog same = log(key("0/0", "fx_graph", "miss", "k0", gm0, off));
        CacheKey.Component gm7 = new CacheKey.Component("gm", "g7", "x");
        assertThat(KeyComparison.diffLines(Optional.of(same), Optional.of(log(key("0/0", "fx_graph", "miss", "k0", gm0, off),
                key("7/0", "fx_graph", "miss", "w7", gm7))))).containsExactly("the cache keys compared are equal: of the second run's"
                + " lookups with a counterpart in the first, none missed under a key that differs; 1 lookup of the second run has no"
                + " counterpart (a compile the first never made), so there is no key to compare it with");
        assertThat(KeyComparison.diffLines(Optional.of(same), Optional.of(log(key("7/0", "fx_graph", "miss", "w7", gm7),
                key("8/0", "fx_graph", "miss", "w8", gm7))))).singleElement().asString()
                .endsWith("; 2 lookups of the second run have no counterpart (compiles the first never made), so there is no key to"
                        + " compare them with");
        CompileLog everyCold = log(key("0/0", "fx_graph", "miss", "k0", gm0, off), key("1/0", "fx_graph", "miss", "k1", gm1, off));
        CompileLog everyWarm = log(key("0/0", "fx_graph", "miss", "w0", gm0, on), key("1/0", "fx_graph", "miss", "w1", gm1, on));
        assertThat(KeyComparison.between(everyCold, everyWarm).lines())
                .containsExactly("every compile missed the FX graph cache: `inductor_config[freezing]` False → True");
        // A component only one key has.
        CompileLog oneMore = log(key("0/0", "fx_graph", "miss", "w0", gm0, off, new CacheKey.Component("cache_key_tag", "t", "")));
        assertThat(KeyComparison.between(log(key("0/0", "fx_graph", "miss", "k0", gm0, off)), oneMore).lines())
                .containsExactly("0/0 missed the FX graph cache: `cache_key_tag` (absent) → ''");
        // Code that differs past the characters kept: the values are told apart by their hashes.
        CompileLog longer = log(key("0/0", "fx_graph", "miss", "w0", new CacheKey.Component("gm", "zzzzzzzzzz", "def f0"), off));
        assertThat(KeyComparison.between(log(key("0/0", "fx_graph", "miss", "k0", gm0, off)), longer).lines())
                .containsExactly("0/0 missed the FX graph cache: `gm` def f0 [g0] → def f0 [zzzzzzzz]");
    }
}
