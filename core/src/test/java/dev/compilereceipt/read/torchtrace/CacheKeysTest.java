package dev.compilereceipt.read.torchtrace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.read.StringPool;
import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.trace.CacheKey;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.Trace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The cache keys of real logs, read into the compile log's {@code cacheKeys}: every value below is the
 * file's, line numbers the file's (1-based, the payload line after the envelope).
 */
class CacheKeysTest {

    private static List<CacheKey> keys(String log) {
        Trace trace = Fixtures.trace(log);
        return trace.runs().stream().map(Run::compileLog).flatMap(Optional::stream).flatMap(l -> l.cacheKeys().stream()).toList();
    }

    private static CacheKey.Component component(CacheKey key, String name) {
        return key.components().orElseThrow().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void pyTorch214WritesFxGraphKeysWithTheirComponentsAndAutogradKeysWithout() {
        List<CacheKey> keys = keys("warm-start/2.14-print-bridge/warm_torch_trace.log");
        // fx_graph_cache_hit at L751 (0/0 attempt 1), L1447 (1/0), L2167 (0/0); aotautograd_cache_hit after each.
        assertThat(keys).extracting(CacheKey::graph, CacheKey::cache, CacheKey::outcome, CacheKey::key).containsExactly(
                org.assertj.core.groups.Tuple.tuple("0/0_1", "fx_graph", "hit", "fj3jkv2z24jbmaoaorzaf4vbe47l2tcdgmjw5woyhync7qc5hgs7"),
                org.assertj.core.groups.Tuple.tuple("0/0_1", "aotautograd", "hit", "a2faj2sqwrhvxa6xmaqqueay3ki6uzpf5ugnadsxph5mcklxq2w5"),
                org.assertj.core.groups.Tuple.tuple("1/0", "fx_graph", "hit", "f3z7x3vremsyw6pv5z4zhsfqmpyys4uwjzyfzewe5pjdnipatxqp"),
                org.assertj.core.groups.Tuple.tuple("1/0", "aotautograd", "hit", "apuzepkdxukv4dzojzgtgaguqnmtsopci2w4q6mwi3pqot5t7n6r"),
                org.assertj.core.groups.Tuple.tuple("0/0", "fx_graph", "hit", "fbjihysyx5bwmebniusljqoz44e7w2fkxosmkya3bmrzygque46u"),
                org.assertj.core.groups.Tuple.tuple("0/0", "aotautograd", "hit", "asakz2k5v5d2xgpjz6cs5frpxalkqddcbodceviml5kws6ngrwsh"));
        CacheKey fx = keys.get(0);
        assertThat(fx.components().orElseThrow()).hasSize(658);
        assertThat(component(fx, "cpp_runtime_thread_count"))
                .isEqualTo(new CacheKey.Component("cpp_runtime_thread_count", "5zwdf3lnccev7pksh4ldpridot7equdmqijinlmdifxvdzuxmwz", "2"));
        // The digest's bytes written as text (U+FFFD, \x16): a hash only.
        assertThat(component(fx, "torch_version").value()).isEqualTo("<bytes>");
        assertThat(component(fx, "fx_kwargs[get_decomp_fn]").value()).isEqualTo("<function select_decomp_table at 0x…>");
        // The graph's code on one line, cut to 200 characters.
        assertThat(component(fx, "gm").value()).startsWith("<lambda>() def forward(self, arg0_1): sin = torch.ops.aten.sin.default(arg0_1);")
                .hasSize(200).endsWith("…");
        // "components": [] on every 2.14 AOTAutograd record: not measured.
        assertThat(keys.get(1).components()).isEmpty();
        assertThat(keys.get(1).measured()).isFalse();
    }

    @Test
    void pyTorch26NamesItsAutogradKeyRecordAotautogradCacheHashWithTheOutcomeInCacheState() {
        List<CacheKey> keys = keys("warm-start/2.6-print-bridge-aotautograd-cache/warm_torch_trace.log");
        // fx_graph_cache_hit at L386, L1297, L2219 with "components": []; aotautograd_cache_hash at L681, L1592, L2514.
        assertThat(keys).extracting(CacheKey::graph, CacheKey::cache, CacheKey::outcome).containsExactly(
                org.assertj.core.groups.Tuple.tuple("0/0_1", "fx_graph", "hit"),
                org.assertj.core.groups.Tuple.tuple("0/0_1", "aotautograd", "hit"),
                org.assertj.core.groups.Tuple.tuple("1/0", "fx_graph", "hit"),
                org.assertj.core.groups.Tuple.tuple("1/0", "aotautograd", "hit"),
                org.assertj.core.groups.Tuple.tuple("0/0", "fx_graph", "hit"),
                org.assertj.core.groups.Tuple.tuple("0/0", "aotautograd", "hit"));
        assertThat(keys.get(0).components()).isEmpty();
        CacheKey aot = keys.get(1);
        assertThat(aot.key()).isEqualTo("aeg5vawen4rb2oypofqp22osqhoblv6puoxrkve3uouwwwqua7vd");
        assertThat(aot.components().orElseThrow()).hasSize(273);
        assertThat(component(aot, "torch_version"))
                .isEqualTo(new CacheKey.Component("torch_version", "zmkjesbz53mmhao6yzv6skfgd67ior7tb5yn52h3r5tfrecd7qd", "<bytes>"));
        assertThat(aot.components().orElseThrow().stream().map(CacheKey.Component::name)).doesNotContain("cpp_runtime_thread_count");
    }

    @Test
    void theColdProcessMissedUnderTheSameKeysTheWarmOneHit() {
        List<CacheKey> cold = keys("warm-start/2.14-print-bridge/torch_trace.log");
        List<CacheKey> warm = keys("warm-start/2.14-print-bridge/warm_torch_trace.log");
        assertThat(cold).extracting(CacheKey::outcome).containsOnly("miss");
        assertThat(cold.stream().map(k -> k.graph() + " " + k.cache() + " " + k.key()).sorted())
                .containsExactlyElementsOf(warm.stream().map(k -> k.graph() + " " + k.cache() + " " + k.key()).sorted().toList());
    }

    @Test
    void aComponentIsHashNameAndValueAndAValueIsOnePrintableBoundedLine() throws IOException {
        StringPool pool = new StringPool();
        assertThat(CacheKeyPayload.component("[moy5] cache_key_tag: ", pool)).isEqualTo(new CacheKey.Component("cache_key_tag", "moy5", ""));
        assertThat(CacheKeyPayload.component("[h] fx_kwargs[a]: x: y", pool)).isEqualTo(new CacheKey.Component("fx_kwargs[a]", "h", "x: y"));
        assertThat(CacheKeyPayload.component("no hash here", pool)).isEqualTo(new CacheKey.Component("no hash here", "", ""));
        assertThat(CacheKeyPayload.value("a\u0007b")).isEqualTo("<bytes>");
        assertThat(CacheKeyPayload.value("<f at 0xDEAD01> and 0x1")).isEqualTo("<f at 0x…> and 0x…");
        assertThat(CacheKeyPayload.value("x".repeat(500))).isEqualTo("x".repeat(199) + "…");
        // The form a part keeps reads as the payload does.
        byte[] payload = ("{\"key\": \"k\", \"cache_state\": \"miss\", \"components\": [\"[h1] gm: def f():\\n    return 0x7f\","
                + " \"[h2] torch_version: \\u0016\\ufffd\"], \"time_taken_ns\": 5}").getBytes(StandardCharsets.UTF_8);
        CacheKeyPayload.Read read = CacheKeyPayload.read(payload, false, pool).orElseThrow();
        assertThat(read).isEqualTo(new CacheKeyPayload.Read("k", Optional.of("miss"), Optional.of(List.of(
                new CacheKey.Component("gm", "h1", "def f(): return 0x…"), new CacheKey.Component("torch_version", "h2", "<bytes>"))), false));
        assertThat(CacheKeyPayload.read(CacheKeyPayload.ahead(new PartRecords.Bytes(payload, false)), pool)).contains(read);
        // Cut short: the key, no components.
        byte[] cut = java.util.Arrays.copyOf(payload, 60);
        assertThat(CacheKeyPayload.read(cut, true, pool)).contains(new CacheKeyPayload.Read("k", Optional.of("miss"), Optional.empty(), false));
        assertThat(CacheKeyPayload.read("[1]".getBytes(StandardCharsets.UTF_8), false, pool)).isEmpty();
    }

    @Test
    void aPartReadsAheadWhatTheLineByLineReadingReads() throws IOException {
        // Lines that a reading of a re-written form read otherwise: an empty hash, a tab after the hash.
        byte[] payload = ("{\"components\": [\"[] gm: x\", \"[h]\\tn: v\", \"plain\"], \"key\": \"k\"}").getBytes(StandardCharsets.UTF_8);
        CacheKeyPayload.Read direct = CacheKeyPayload.read(payload, false, new StringPool()).orElseThrow();
        assertThat(direct).isEqualTo(new CacheKeyPayload.Read("k", Optional.empty(), Optional.of(List.of(new CacheKey.Component("gm", "", "x"),
                new CacheKey.Component("[h] n: v", "", ""), new CacheKey.Component("plain", "", ""))), false));
        CacheKeyPayload.Ahead ahead = CacheKeyPayload.ahead(new PartRecords.Bytes(payload, false));
        assertThat(ahead.size()).isEqualTo(1 + 32 + (2 + 0 + 1 + 8) + (8 + 0 + 0 + 8) + (5 + 8));
        List<String> interned = new java.util.ArrayList<>();
        assertThat(CacheKeyPayload.read(ahead, text -> {
            interned.add(text);
            return text;
        })).contains(direct);
        assertThat(interned).containsExactly("k", "gm", "", "x", "[h] n: v", "", "", "plain", "", "");
        // No JSON object: counted, not a key; what the part holds is the payload's size.
        CacheKeyPayload.Ahead notObject = CacheKeyPayload.ahead(new PartRecords.Bytes("[1, 2]".getBytes(StandardCharsets.UTF_8), false));
        assertThat(notObject.read()).isEmpty();
        assertThat(notObject.size()).isEqualTo(6);
    }

    @Test
    void aValueFarLongerThanKeptIsCutAsTheWholeValueWouldBe() {
        // Cut once 201 characters past the leading whitespace end in one that is no whitespace: what follows never counts.
        assertThat(CacheKeyPayload.value(" \u2003\n" + "y".repeat(198) + "\uD83D\uDE00" + "z".repeat(10_000)))
                .isEqualTo("y".repeat(198) + "…");
        assertThat(CacheKeyPayload.value("w".repeat(200) + " \t\n \u2003")).isEqualTo("w".repeat(200));
        assertThat(CacheKeyPayload.value("w".repeat(199) + " \t\n v")).isEqualTo("w".repeat(199) + "…");
        assertThat(CacheKeyPayload.value("a".repeat(198) + "0x" + "f".repeat(5000))).isEqualTo("a".repeat(198) + "0…");
        // A control character at the very end makes the value bytes however long it is.
        assertThat(CacheKeyPayload.value("q".repeat(100_000) + "\u0001")).isEqualTo("<bytes>");
    }

    /** The reading by the patterns the scan replaced: {@code component} and {@code value} must give what they gave. */
    private static final Pattern LINE = Pattern.compile("\\[([^\\]\\s]*)\\] (.*?): ?(.*)", Pattern.DOTALL);
    private static final Pattern ADDRESS = Pattern.compile("0x[0-9a-fA-F]+");
    private static final Pattern SPACE = Pattern.compile("\\s+");

    private static String patternValue(String raw) {
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '\uFFFD' || (c < 0x20 && c != '\n' && c != '\t' && c != '\r') || c == 0x7f) {
                return CacheKey.BINARY;
            }
        }
        String line = ADDRESS.matcher(SPACE.matcher(raw).replaceAll(" ").strip()).replaceAll("0x…");
        if (line.length() > CacheKey.VALUE_CHARS) {
            int end = CacheKey.VALUE_CHARS - 1;
            if (Character.isHighSurrogate(line.charAt(end - 1))) {
                end--;
            }
            line = line.substring(0, end) + "…";
        }
        return line;
    }

    private static CacheKey.Component patternComponent(String line) {
        Matcher m = LINE.matcher(line);
        return m.matches() ? new CacheKey.Component(m.group(2), m.group(1), patternValue(m.group(3)))
                : new CacheKey.Component(patternValue(line), "", "");
    }

    @Test
    void theScanReadsEveryLineAsThePatternsDid() {
        String[] pieces = {"[", "]", "] ", " ", "  ", "\t", "\n", "\r", "\u000B", "\f", ":", ": ", "0x", "0", "x", "X", "a", "F", "g",
            "1", "\u2003", "\u00A0", "\uFFFD", "\u0007", "\u007f", "\u001C", "\uD83D\uDE00", "…", "name", "abc"};
        Random random = new Random(48);
        StringPool pool = new StringPool();
        int differ = 0;
        int matched = 0;
        for (int n = 0; n < 20_000; n++) {
            StringBuilder line = new StringBuilder(n % 3 == 0 ? "[h] " : n % 3 == 1 ? "[" : "");
            int count = random.nextInt(n % 10 == 0 ? 400 : 24);
            for (int i = 0; i < count; i++) {
                line.append(pieces[random.nextInt(pieces.length)]);
            }
            String text = line.toString();
            matched += LINE.matcher(text).matches() ? 1 : 0;
            if (!CacheKeyPayload.component(text, pool).equals(patternComponent(text))
                    || !CacheKeyPayload.value(text).equals(patternValue(text))) {
                differ++;
            }
        }
        assertThat(differ).isZero();
        // Both shapes are drawn: lines that are [hash] name: value and lines that are not.
        assertThat(matched).isBetween(1_000, 19_000);
    }
}
