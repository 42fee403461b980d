package dev.compilereceipt.read.torchtrace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.read.Interner;
import dev.compilereceipt.trace.CacheKey;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A part reader reads a component whose JSON bytes it read before as it read them then ({@link CacheKeyPayload.SeenComponents}):
 * every payload read through the components seen reads as it reads alone, on every fixture log and on drawn payloads
 * whose components overwrite each other's slots, and a string refused is refused each time.
 */
class SeenComponentsTest {

    private static final Interner KEEPS_NOTHING = text -> text;

    private static Optional<CacheKeyPayload.Read> alone(byte[] payload, boolean overflowed) throws IOException {
        return CacheKeyPayload.read(payload, overflowed, KEEPS_NOTHING);
    }

    private static Optional<CacheKeyPayload.Read> seen(byte[] payload, boolean overflowed, CacheKeyPayload.SeenComponents seen)
            throws IOException {
        return CacheKeyPayload.read(payload, overflowed, KEEPS_NOTHING, seen);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aComponentReadBeforeIsTheOneReadThenAndALongOneIsReadAgain() throws IOException {
        String code = "[g1] gm: def forward(self):" + "\\n    x = 1".repeat(60);
        byte[] payload = utf8("{\"key\": \"k\", \"components\": [\"[h1] a: 1\", \"[h2] b: <f at 0x7f01>\", \"" + code + "\"]}");
        CacheKeyPayload.SeenComponents seen = new CacheKeyPayload.SeenComponents();
        List<CacheKey.Component> first = seen(payload, false, seen).orElseThrow().components().orElseThrow();
        List<CacheKey.Component> second = seen(payload, false, seen).orElseThrow().components().orElseThrow();
        assertThat(first).containsExactly(new CacheKey.Component("a", "h1", "1"), new CacheKey.Component("b", "h2", "<f at 0x…>"),
                new CacheKey.Component("gm", "g1", ("def forward(self):" + " x = 1".repeat(60)).substring(0, 199) + "…"));
        assertThat(second).isEqualTo(first);
        assertThat(second.get(0)).isSameAs(first.get(0));
        assertThat(second.get(1)).isSameAs(first.get(1));
        // The code's JSON string is 687 bytes, over the 512 kept: read again, equal, not the same.
        assertThat(code.length()).isEqualTo(687);
        assertThat(second.get(2)).isNotSameAs(first.get(2));
        assertThat(seen(payload, false, seen)).isEqualTo(alone(payload, false));
    }

    @Test
    void aComponentHandedOnAgainAtItsPlaceIsInternedAsBeforeWithTheSameStringsGivenToThePool() throws IOException {
        byte[] first = utf8("{\"key\": \"k1\", \"components\": [\"[h1] a: 1\", \"[h2] b: 2\", \"[h3] c: 3\"]}");
        byte[] second = utf8("{\"key\": \"k2\", \"components\": [\"[h1] a: 1\", \"[h9] b: 9\", \"[h3] c: 3\", \"[h4] d: 4\"]}");
        CacheKeyPayload.Ahead one = CacheKeyPayload.ahead(new PartRecords.Bytes(first, false));
        CacheKeyPayload.Ahead two = CacheKeyPayload.ahead(new PartRecords.Bytes(second, false));
        // The part read a and c once: the second key's are the first's objects.
        assertThat(two.read().get().components().get().get(0)).isSameAs(one.read().get().components().get().get(0));
        List<String> given = new ArrayList<>();
        Interner pool = new dev.compilereceipt.read.StringPool();
        Interner counted = text -> {
            given.add(text);
            return pool.intern(text);
        };
        CacheKeyPayload.Handed last = new CacheKeyPayload.Handed();
        CacheKeyPayload.Read a = CacheKeyPayload.read(one, counted, last).orElseThrow();
        CacheKeyPayload.Read b = CacheKeyPayload.read(two, counted, last).orElseThrow();
        assertThat(given).containsExactly("k1", "a", "h1", "1", "b", "h2", "2", "c", "h3", "3",
                "k2", "a", "h1", "1", "b", "h9", "9", "c", "h3", "3", "d", "h4", "4");
        assertThat(b).isEqualTo(new CacheKeyPayload.Read("k2", Optional.empty(), Optional.of(List.of(new CacheKey.Component("a", "h1", "1"),
                new CacheKey.Component("b", "h9", "9"), new CacheKey.Component("c", "h3", "3"), new CacheKey.Component("d", "h4", "4"))), false));
        assertThat(b.components().get().get(0)).isSameAs(a.components().get().get(0));
        assertThat(b.components().get().get(2)).isSameAs(a.components().get().get(2));
        assertThat(b).isEqualTo(CacheKeyPayload.read(two, new dev.compilereceipt.read.StringPool()).orElseThrow());
        // An interner that gives back other strings than it is given: the component is made of what it gave.
        CacheKeyPayload.Handed other = new CacheKeyPayload.Handed();
        Interner copies = text -> new String(text);
        CacheKeyPayload.Read c = CacheKeyPayload.read(one, copies, other).orElseThrow();
        CacheKeyPayload.Read d = CacheKeyPayload.read(two, copies, other).orElseThrow();
        assertThat(d).isEqualTo(b);
        assertThat(d.components().get().get(0)).isEqualTo(c.components().get().get(0)).isNotSameAs(c.components().get().get(0));
    }

    @Test
    void aStringRefusedIsRefusedEachTimeItIsMet() throws IOException {
        CacheKeyPayload.SeenComponents seen = new CacheKeyPayload.SeenComponents();
        // A lone surrogate, an escape Jackson refuses, a byte that is no UTF-8: each payload no key, alone or seen, twice.
        for (byte[] payload : List.of(utf8("{\"key\": \"k\", \"components\": [\"[h] a: \\ud800\"]}"),
                utf8("{\"key\": \"k\", \"components\": [\"[h] a: \\q\"]}"),
                concat(utf8("{\"key\": \"k\", \"components\": [\"[h] a: "), new byte[] {(byte) 0xff}, utf8("\"]}")))) {
            assertThat(alone(payload, false)).isEmpty();
            assertThat(seen(payload, false, seen)).isEmpty();
            assertThat(seen(payload, false, seen)).isEmpty();
        }
        // The same component before a cut: read, then the payload cut after it keeps its key, its components not measured.
        byte[] whole = utf8("{\"key\": \"k\", \"components\": [\"[h] a: 1\", \"[h] b: 2\"]}");
        byte[] cut = java.util.Arrays.copyOf(whole, 45);
        assertThat(seen(whole, false, seen).orElseThrow().components()).contains(List.of(new CacheKey.Component("a", "h", "1"),
                new CacheKey.Component("b", "h", "2")));
        assertThat(seen(cut, true, seen)).contains(new CacheKeyPayload.Read("k", Optional.empty(), Optional.empty(), false))
                .isEqualTo(alone(cut, true));
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    @Test
    void drawnComponentsThatOverwriteEachOthersSlotsReadAsTheyReadAlone() throws IOException {
        String[] pieces = {"[h] ", "[", "]", " ", "  ", ":", ": ", "0x7f", "x", "a", "name", "\\n", "\\t", "\\\"", "\\\\", "\\u00e9",
            "\\u2003", "\\ud83d\\ude00", "é", "…", "\\u0007", "\\ufffd"};
        Random random = new Random(4808);
        CacheKeyPayload.SeenComponents seen = new CacheKeyPayload.SeenComponents();
        List<byte[]> payloads = new ArrayList<>();
        for (int p = 0; p < 400; p++) {
            StringBuilder json = new StringBuilder("{\"key\": \"k" + p + "\", \"components\": [");
            for (int c = 0; c < 50; c++) {
                StringBuilder line = new StringBuilder();
                // Short ones repeat (drawn from few pieces); some run past the 512 bytes a slot keeps.
                int count = c % 10 == 0 ? 100 + random.nextInt(200) : 1 + random.nextInt(6);
                for (int i = 0; i < count; i++) {
                    line.append(pieces[random.nextInt(pieces.length)]);
                }
                json.append(c == 0 ? "" : ", ").append('"').append(line).append('"');
            }
            payloads.add(utf8(json.append("]}").toString()));
        }
        int compared = 0;
        long sameInstance = 0;
        for (int round = 0; round < 2; round++) {
            for (byte[] payload : payloads) {
                Optional<CacheKeyPayload.Read> once = seen(payload, false, seen);
                Optional<CacheKeyPayload.Read> again = seen(payload, false, seen);
                assertThat(once).isEqualTo(alone(payload, false)).isEqualTo(again);
                for (int i = 0; i < once.get().components().get().size(); i++) {
                    sameInstance += once.get().components().get().get(i) == again.get().components().get().get(i) ? 1 : 0;
                }
                compared++;
            }
        }
        assertThat(compared).isEqualTo(800);
        // Every payload's 45 short components, read twice in a row, are mostly met in their slots the second time.
        assertThat(sameInstance).isGreaterThan(800L * 45 / 2);
    }

    @Test
    void everyCachePayloadOfEveryFixtureLogReadsAsItReadsAlone() throws IOException {
        CacheKeyPayload.SeenComponents seen = new CacheKeyPayload.SeenComponents();
        int payloads = 0;
        long components = 0;
        for (Path log : FixtureLogs.all()) {
            for (byte[] payload : cachePayloads(log)) {
                Optional<CacheKeyPayload.Read> alone = alone(payload, false);
                assertThat(seen(payload, false, seen)).as("%s", log).isEqualTo(alone);
                components += alone.flatMap(CacheKeyPayload.Read::components).map(List::size).orElse(0);
                payloads++;
            }
        }
        // The fixtures' cache records (fixtures/cache-keys, warm-start, break-kinds, ranks, the two releases' captures).
        assertThat(payloads).isGreaterThan(100);
        assertThat(components).isGreaterThan(10_000);
    }

    /** The payloads of a log's cache records, as a part keeps them: lines without their tab, joined by {@code \n}. */
    private static List<byte[]> cachePayloads(Path log) throws IOException {
        List<byte[]> payloads = new ArrayList<>();
        String[] lines = new String(Files.readAllBytes(log), StandardCharsets.UTF_8).split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            boolean cache = lines[i].contains("\"fx_graph_cache_") || lines[i].contains("\"aotautograd_cache_");
            if (!cache || i + 1 >= lines.length || !lines[i + 1].startsWith("\t")) {
                continue;
            }
            StringBuilder payload = new StringBuilder();
            for (int j = i + 1; j < lines.length && lines[j].startsWith("\t"); j++) {
                payload.append(j == i + 1 ? "" : "\n").append(lines[j].substring(1));
            }
            payloads.add(utf8(payload.toString()));
        }
        return payloads;
    }
}
