package dev.compilereceipt.read.torchtrace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.TraceRequest;
import dev.compilereceipt.Traces;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.trace.CacheKey;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.FrozenLog;
import dev.compilereceipt.trace.KeyComparison;
import dev.compilereceipt.trace.KeyComparison.ComponentChange;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A freeze keeps what comparing cache keys needs (#46): on the real warm pairs of fixtures/cache-keys, the two frozen
 * logs give the warm start the same {@code key_changes} as the two logs they were frozen from, each frozen log is at
 * most a tenth of its log (capture/test-with-real-torch.sh, step 7), and the freeze tallies what it kept and dropped.
 */
class FrozenCacheKeysTest {

    @TempDir
    Path temp;

    private Path frozen(String pair, String log) {
        Path out = temp.resolve(pair + "-" + log);
        Traces.freeze(Fixtures.path("cache-keys/" + pair + "/" + log), out, Optional.empty());
        return out;
    }

    private static Optional<List<KeyComparison.Change>> keyChanges(Path cold, Path warm) {
        return Receipt.of(Traces.read(TraceRequest.of(cold).withWarmLog(warm))).run("baseline").coldStart().keyChanges();
    }

    @ParameterizedTest
    @ValueSource(strings = {"2.14-none", "2.14-threads", "2.14-inductor-option", "2.14-dtype", "2.14-shape",
            "2.6-none", "2.6-threads", "2.6-inductor-option", "2.6-dtype", "2.6-shape"})
    void twoFrozenLogsGiveTheWarmStartTheKeyChangesOfTheirLogs(String pair) throws Exception {
        Path cold = Fixtures.path("cache-keys/" + pair + "/torch_trace.log");
        Path warm = Fixtures.path("cache-keys/" + pair + "/warm_torch_trace.log");
        Path frozenCold = frozen(pair, "torch_trace.log");
        Path frozenWarm = frozen(pair, "warm_torch_trace.log");
        Optional<List<KeyComparison.Change>> expected = keyChanges(cold, warm);
        assertThat(expected).isPresent();
        assertThat(keyChanges(frozenCold, frozenWarm)).isEqualTo(expected);
        // A frozen log pairs with a log that is not frozen: hashes compare on the 8 characters the freeze keeps.
        assertThat(keyChanges(frozenCold, warm)).isEqualTo(expected);
        assertThat(keyChanges(cold, frozenWarm)).isEqualTo(expected);
        for (Path[] both : List.of(new Path[] {cold, frozenCold}, new Path[] {warm, frozenWarm})) {
            assertThat(Files.size(both[1]) * 10).as(both[1].toString()).isLessThanOrEqualTo(Files.size(both[0]));
        }
    }

    @Test
    void theFrozenPairsNameTheComponentsChanged() {
        // 2.14: the AOTAutograd record lists no components; the FX graph key names the change.
        assertThat(keyChanges(frozen("2.14-threads", "torch_trace.log"), frozen("2.14-threads", "warm_torch_trace.log")))
                .contains(List.of(new KeyComparison.Change("0/0", CompileLog.AOTAUTOGRAD, "miss", Optional.empty()),
                        new KeyComparison.Change("0/0", CompileLog.FX_GRAPH, "miss",
                                Optional.of(List.of(new ComponentChange("cpp_runtime_thread_count", "1", "2"))))));
        assertThat(keyChanges(frozen("2.14-inductor-option", "torch_trace.log"), frozen("2.14-inductor-option", "warm_torch_trace.log")))
                .contains(List.of(new KeyComparison.Change("0/0", CompileLog.AOTAUTOGRAD, "miss", Optional.empty()),
                        new KeyComparison.Change("0/0", CompileLog.FX_GRAPH, "miss",
                                Optional.of(List.of(new ComponentChange("inductor_config[size_asserts]", "True", "False"))))));
        // 2.6: both caches list components; the thread count is no component, so the warm start hits.
        List<ComponentChange> option = List.of(new ComponentChange("inductor_config[size_asserts]", "True", "False"));
        assertThat(keyChanges(frozen("2.6-inductor-option", "torch_trace.log"), frozen("2.6-inductor-option", "warm_torch_trace.log")))
                .contains(List.of(new KeyComparison.Change("0/0", CompileLog.FX_GRAPH, "miss", Optional.of(option)),
                        new KeyComparison.Change("0/0", CompileLog.AOTAUTOGRAD, "miss", Optional.of(option))));
        assertThat(keyChanges(frozen("2.6-threads", "torch_trace.log"), frozen("2.6-threads", "warm_torch_trace.log")))
                .contains(List.of());
    }

    @Test
    void theCodePairsCompareAlikeFrozen() {
        // No warm start (another function), but two compile logs: the gm component, its values cut at 200 alike.
        for (String pair : List.of("2.14-code", "2.6-code")) {
            KeyComparison logs = KeyComparison.between(log(Fixtures.path("cache-keys/" + pair + "/torch_trace.log")),
                    log(Fixtures.path("cache-keys/" + pair + "/warm_torch_trace.log")));
            KeyComparison frozenLogs = KeyComparison.between(log(frozen(pair, "torch_trace.log")), log(frozen(pair, "warm_torch_trace.log")));
            assertThat(frozenLogs.changes()).as(pair).isEqualTo(logs.changes());
            assertThat(frozenLogs.lines()).as(pair).isEqualTo(logs.lines()).isNotEmpty();
        }
    }

    private static CompileLog log(Path file) {
        return Traces.read(file).run("baseline").orElseThrow().compileLog().orElseThrow();
    }

    @Test
    void theFreezeSaysWhatItKeptAndDroppedOfTheKeys() {
        FrozenLog log214 = Traces.freeze(Fixtures.path("cache-keys/2.14-threads/torch_trace.log"), temp.resolve("a.log"), Optional.empty());
        // One FX graph key of 658 components (4 values over 200 characters: gm, example_inputs[0] and two others) and one
        // AOTAutograd key of none.
        assertThat(log214.keys()).isEqualTo(new FrozenLog.Keys(2, 658, 8, 4, 0));
        assertThat(log214.keys().summary()).isEqualTo("cache keys: kept 2 keys with 658 components (name, value as read: one"
                + " line of at most 200 characters, addresses masked; hash cut to 8 characters); dropped each hash past 8"
                + " characters and the text of 4 values past 200 characters");
        FrozenLog log26 = Traces.freeze(Fixtures.path("cache-keys/2.6-none/warm_torch_trace.log"), temp.resolve("b.log"), Optional.empty());
        // The warm 2.6 control: an FX graph hit (2.6 lists no components on a hit) and an AOTAutograd hit of 273, dropped.
        assertThat(log26.keys()).isEqualTo(new FrozenLog.Keys(2, 0, 8, 0, 1));
        assertThat(log26.keys().summary()).isEqualTo("cache keys: kept 2 keys with 0 components; dropped the components of 1 hit"
                + " (its key kept)");
        assertThat(FrozenLog.Keys.NONE.summary()).isEmpty();
    }

    @Test
    void aFrozenPayloadReadsAsItsLogDidWithTheDirectoryCutInsideTheComponents() throws Exception {
        byte[] payload = ("{\"key\": \"fabc\", \"cache_state\": \"miss\", \"components\": [\"[5zwdf3aaaaaaaaaa] cpp_runtime_thread_count: 2\","
                + " \"[wtlo1234bbbbbbbb] fx_kwargs[fn]: <function f at 0x7f5d087f5bc0> in /rt/model.py\", \"odd line\"]}")
                .getBytes(StandardCharsets.UTF_8);
        CacheKeyPayload.Frozen frozen = CacheKeyPayload.frozen(payload, false, Optional.empty(), text -> text.replace("/rt/", ""));
        assertThat(frozen.components()).isEqualTo(3);
        String text = new String(frozen.payload().orElseThrow(), StandardCharsets.UTF_8);
        assertThat(text).startsWith("{\"key\":\"fabc\",\"cache_state\":\"miss\",\"compile_receipt_components\":\"")
                .endsWith("\",\"compile_receipt_frozen\":{\"components\":3,\"hash_chars\":8,\"value_chars\":200,\"values_cut\":0}}")
                .doesNotContain("/rt/");
        CacheKeyPayload.Read read = CacheKeyPayload.read(frozen.payload().get(), false, s -> s).orElseThrow();
        assertThat(read.key()).isEqualTo("fabc");
        assertThat(read.state()).contains("miss");
        assertThat(read.components()).contains(List.of(new CacheKey.Component("cpp_runtime_thread_count", "5zwdf3aa", "2"),
                new CacheKey.Component("fx_kwargs[fn]", "wtlo1234", "<function f at 0x…> in model.py"),
                new CacheKey.Component("odd line", "", "")));
    }

    @Test
    void frozenComponentsThatAreNotWhatAFreezeWritesAreUnreadableAndNotMeasured() throws Exception {
        String bomb = base64(deflated(("[" + "[\"a\",\"b\",\"c\"],".repeat(200_000) + "[\"a\",\"b\",\"c\"]]").getBytes(StandardCharsets.UTF_8)));
        for (String components : List.of("not base64 !", base64("not deflated".getBytes(StandardCharsets.UTF_8)),
                base64(deflated("[\"[h] a: b\"]".getBytes(StandardCharsets.UTF_8))),
                base64(deflated("[[\"a\",\"b\"]]".getBytes(StandardCharsets.UTF_8))),
                base64(deflated("[[\"a\",\"b\",\"c\"]] 1".getBytes(StandardCharsets.UTF_8))), bomb)) {
            byte[] payload = ("{\"key\": \"k\", \"compile_receipt_components\": \"" + components + "\"}").getBytes(StandardCharsets.UTF_8);
            CacheKeyPayload.Read read = CacheKeyPayload.read(payload, false, s -> s).orElseThrow();
            assertThat(read.key()).as(components.substring(0, Math.min(20, components.length()))).isEqualTo("k");
            assertThat(read.components()).as(components.substring(0, Math.min(20, components.length()))).isEmpty();
            assertThat(read.unreadable()).as(components.substring(0, Math.min(20, components.length()))).isTrue();
            // The same read ahead by a part, as a log of 16 MiB or more is read: handed on unreadable.
            assertThat(CacheKeyPayload.read(CacheKeyPayload.ahead(new PartRecords.Bytes(payload, false)), s -> s))
                    .hasValueSatisfying(ahead -> assertThat(ahead.unreadable()).isTrue());
        }
        // A freeze's empty list reads: not measured (no component listed), and no bad record.
        byte[] empty = ("{\"key\": \"k\", \"compile_receipt_components\": \"" + base64(deflated("[]".getBytes(StandardCharsets.UTF_8)))
                + "\"}").getBytes(StandardCharsets.UTF_8);
        assertThat(CacheKeyPayload.read(empty, false, s -> s)).contains(new CacheKeyPayload.Read("k", Optional.empty(), Optional.empty(), false));
        assertThat(bomb.length()).isLessThan(CacheKeyPayload.MAX_INFLATED / 100);
    }

    private static String base64(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static byte[] deflated(byte[] bytes) {
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION, true);
        deflater.setInput(bytes);
        deflater.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        while (!deflater.finished()) {
            out.write(chunk, 0, deflater.deflate(chunk));
        }
        deflater.end();
        return out.toByteArray();
    }
}
