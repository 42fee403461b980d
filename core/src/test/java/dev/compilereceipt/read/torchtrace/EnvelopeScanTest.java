package dev.compilereceipt.read.torchtrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The scan of an envelope answers as Jackson's reading does, or leaves the line to it: on every
 * envelope of every real log, on those envelopes damaged a byte at a time, and on the forms it
 * must give up on; the strings interned are the same, in the same order, each once.
 */
class EnvelopeScanTest {

    @Test
    void everyEnvelopeOfEveryRealLogReadsAsJacksonReadsIt() throws IOException {
        int envelopes = 0;
        int answered = 0;
        for (Path log : FixtureLogs.all()) {
            for (byte[] envelope : envelopes(log)) {
                envelopes++;
                assertSame(envelope);
                answered += EnvelopeScan.read(envelope, 0, envelope.length, text -> text) != null ? 1 : 0;
            }
        }
        assertThat(envelopes).isGreaterThan(8_000);
        // All but the few the scan gives up on (tlparse's corrupted log, escapes in a string read).
        assertThat(answered).isGreaterThan(envelopes * 99 / 100);
    }

    @Test
    void printBridgeOn26IsReadWholeByTheScan() throws IOException {
        List<byte[]> envelopes = envelopes(FixtureLogs.fixtures().resolve("print-bridge/torch_trace.log"));
        long leftToJackson = envelopes.stream().filter(e -> EnvelopeScan.read(e, 0, e.length, text -> text) == null).count();
        long withMetrics = envelopes.stream().map(e -> EnvelopeScan.read(e, 0, e.length, text -> text))
                .filter(e -> e.isPresent() && e.get().metrics().isPresent()).count();
        assertThat(envelopes.size()).isEqualTo(437);
        assertThat(leftToJackson).isZero();
        assertThat(withMetrics).isEqualTo(6);
    }

    @Test
    void damagedEnvelopesReadAsJacksonReadsThem() throws IOException {
        Random random = new Random(22);
        byte[] significant = "{}[]\":,\\ \t-+.eE0123456789tfnu\u00e9x".getBytes(StandardCharsets.UTF_8);
        List<byte[]> envelopes = envelopes(FixtureLogs.fixtures().resolve("torch-2.14/print-bridge/torch_trace.log"));
        int damaged = 0;
        int answered = 0;
        for (byte[] envelope : envelopes) {
            if (envelope.length > 4000) {
                continue;
            }
            for (int n = 0; n < 20; n++) {
                byte[] copy = damage(envelope, random, significant);
                assertSame(copy);
                damaged++;
                answered += EnvelopeScan.read(copy, 0, copy.length, text -> text) != null ? 1 : 0;
            }
        }
        // 894 envelopes of under 4000 bytes, each damaged 20 times; many damages leave valid JSON the scan reads.
        assertThat(damaged).isEqualTo(17_880);
        assertThat(answered).isBetween(damaged / 10, damaged * 9 / 10);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"chromium_event\": {}, \"frame_id\": 0, \"frame_compile_id\": 1, \"attempt\": 2, \"has_payload\": \"ab\"}",
        "{\"artifact\": {\"name\": \"recompile_reasons\", \"encoding\": \"json\"}, \"frame_id\": 3, \"frame_compile_id\": 4}",
        "{\"artifact\": {\"name\": \"a\", \"name\": \"b\", \"encoding\": 1}, \"artifact\": {\"name\": \"c\"}}",
        "{\"\": 1, \"\": 2, \"str\": [\"x\", 0]}",
        "{\"str\": [\"x\", 0], \"frame_id\": -0, \"frame_id\": 7, \"attempt\": -3, \"has_payload\": 5}",
        "{\"str\": 1, \"frame_id\": 1.5, \"frame_compile_id\": \"2\", \"attempt\": [1]}",
        "{\"frame_id\": 999999999999999999}",
        "{}",
        " {\"dynamo_start\": {\"stack\": [{\"line\": 1, \"name\": \"<module>\", \"filename\": 1}]}} ",
        "{\"describe_tensor\": {\"a\": [true, false, null, -1.5e+3, 0.25E-2, \"\\u00e9\\n\"]}}",
        "{\"compilation_metrics\": {\"co_name\": \"f\", \"compile_id\": \"0/1\"}}",
        "{\"compilation_metrics\": {\"co_name\": \"f\", \"x\": [1, {\"y\": null}], \"co_name\": \"g\", \"fail_type\": null}, \"frame_id\": 2}",
        "{\"frame_id\": 4, \"frame_compile_id\": 5, \"compilation_metrics\": {\"compile_id\": \"1/2\"}}",
        "{\"frame_compile_id\": 5, \"compilation_metrics\": {\"compile_id\": \"1/2_1\", \"restart_reasons\": [\"a\", 1, \"b\"]}}",
        "{\"compilation_metrics\": {\"compile_id\": \"zz\"}, \"frame_compile_id\": 5}",
        "{\"compilation_metrics\": {\"entire_frame_compile_time_s\": -1.5}}",
        "{\"compilation_metrics\": {\"entire_frame_compile_time_s\": 1e999999999999}}",
        "{\"compilation_metrics\": {\"cache_size\": 99999999999999999999, \"co_name\": \"f\"}}",
        "{\"compilation_metrics\": {\"dynamo_cumulative_compile_time_us\": 1726614, \"has_guarded_code\": true}}",
        "{\"compilation_metrics\": {}, \"compilation_metrics\": {\"co_name\": \"f\"}}",
        "{\"compilation_metrics\": 3}",
    })
    void handWrittenEnvelopesTheScanReadsAsJacksonDoes(String envelope) {
        byte[] bytes = envelope.getBytes(StandardCharsets.UTF_8);
        assertThat(EnvelopeScan.read(bytes, 0, bytes.length, text -> text)).isNotNull();
        assertSame(bytes);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"frame\\u005fid\": 5, \"str\": 1}",
        "{\"frame_id\": 9999999999999999999, \"str\": 1}",
        "{\"frame_id\": 99999999999999999999999, \"str\": 1}",
        "{\"has_payload\": \"a\\u0062\"}",
        "{\"artifact\": {\"name\": \"x\\ty\"}}",
        "{\"str\": \"caf\u00e9\"}",
        "{\"str\": 1} {\"str\": 2}",
        "{\"str\": 1}}",
        "{\"str\": 01}",
        "{\"str\": 1.}",
        "{\"str\": .5}",
        "{\"str\": -}",
        "{\"str\": tru}",
        "{\"str\": \"a\u0001\"}",
        "{\"str\": [1, 2,]}",
        "{\"str\" 1}",
        "[1]",
        "",
        "{",
        "{\"\": 0, \"compilation_metrics\": {\"co_name\": \"f\"}}",
        "{\"compilation_metrics\": {\"co_name\": \"f\"}, \"str\": 1,}",
    })
    void handWrittenEnvelopesTheScanLeavesToJackson(String envelope) {
        byte[] bytes = envelope.getBytes(StandardCharsets.UTF_8);
        assertThat(EnvelopeScan.read(bytes, 0, bytes.length, text -> text)).isNull();
        assertSame(bytes);
    }

    @Test
    void whatTheScanReadsOfAnArtifact() {
        byte[] envelope = ("{\"artifact\": {\"name\": \"a\", \"name\": \"b\", \"encoding\": \"json\"}, \"frame_id\": 3,"
                + " \"frame_compile_id\": 4, \"attempt\": 1, \"has_payload\": \"0cc175b9c0f1b6a831c399e269772661\"}")
                .getBytes(StandardCharsets.US_ASCII);
        List<String> interned = new ArrayList<>();
        Optional<LogEnvelope> read = EnvelopeScan.read(envelope, 0, envelope.length, text -> {
            interned.add(text);
            return text;
        });
        assertThat(read).contains(new LogEnvelope("artifact", 3, 4, 1, Optional.of("0cc175b9c0f1b6a831c399e269772661"),
                "b", "json", Optional.empty()));
        assertThat(interned).containsExactly("artifact", "a", "b", "json");
    }

    @ParameterizedTest
    @ValueSource(ints = {JsonCursor.MAX_DEPTH - 2, JsonCursor.MAX_DEPTH + 5, 600})
    void deepNestingIsReadAsJacksonReadsIt(int depth) {
        String envelope = "{\"str\": " + "[".repeat(depth) + "]".repeat(depth) + "}";
        assertSame(envelope.getBytes(StandardCharsets.US_ASCII));
        boolean answered = EnvelopeScan.read(envelope.getBytes(StandardCharsets.US_ASCII), 0, envelope.length(), t -> t) != null;
        assertThat(answered).isEqualTo(depth + 1 <= JsonCursor.MAX_DEPTH);
    }

    @Test
    void aLongNumberIsLeftToJackson() {
        String envelope = "{\"str\": " + "1".repeat(JsonCursor.MAX_NUMBER + 1) + "}";
        assertThat(EnvelopeScan.read(envelope.getBytes(StandardCharsets.US_ASCII), 0, envelope.length(), t -> t)).isNull();
        assertSame(envelope.getBytes(StandardCharsets.US_ASCII));
    }

    private static void assertSame(byte[] envelope) {
        List<String> byParse = new ArrayList<>();
        List<String> byJackson = new ArrayList<>();
        Optional<LogEnvelope> parsed = LogEnvelope.parse(envelope, 0, envelope.length, text -> {
            byParse.add(text);
            return text;
        });
        Optional<LogEnvelope> jackson = LogEnvelope.parseWithJackson(envelope, 0, envelope.length, text -> {
            byJackson.add(text);
            return text;
        });
        String what = new String(envelope, StandardCharsets.UTF_8);
        assertThat(parsed).as(what).isEqualTo(jackson);
        assertThat(byParse).as(what).isEqualTo(byJackson);
    }

    private static byte[] damage(byte[] envelope, Random random, byte[] significant) {
        int at = random.nextInt(envelope.length);
        byte with = significant[random.nextInt(significant.length)];
        return switch (random.nextInt(4)) {
            case 0 -> concat(envelope, 0, at, new byte[0], at + 1);
            case 1 -> concat(envelope, 0, at, new byte[] {with}, at);
            case 2 -> concat(envelope, 0, at, new byte[] {with}, at + 1);
            default -> concat(envelope, 0, at, new byte[0], envelope.length);
        };
    }

    private static byte[] concat(byte[] b, int from, int to, byte[] middle, int restFrom) {
        byte[] out = new byte[(to - from) + middle.length + (b.length - restFrom)];
        System.arraycopy(b, from, out, 0, to - from);
        System.arraycopy(middle, 0, out, to - from, middle.length);
        System.arraycopy(b, restFrom, out, to - from + middle.length, b.length - restFrom);
        return out;
    }

    /** The envelope of every record line of a log. */
    private static List<byte[]> envelopes(Path log) throws IOException {
        List<byte[]> envelopes = new ArrayList<>();
        for (String line : Files.readString(log, StandardCharsets.ISO_8859_1).split("\n")) {
            byte[] bytes = line.getBytes(StandardCharsets.ISO_8859_1);
            int start = line.startsWith("\t") || line.isBlank() ? -1 : GlogPrefix.envelopeStart(bytes, 0, bytes.length);
            if (start >= 0) {
                byte[] envelope = new byte[bytes.length - start];
                System.arraycopy(bytes, start, envelope, 0, envelope.length);
                envelopes.add(envelope);
            }
        }
        return envelopes;
    }
}
