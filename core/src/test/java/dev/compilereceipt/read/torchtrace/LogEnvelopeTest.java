package dev.compilereceipt.read.torchtrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the envelope's reading takes from a record line, and which lines it finds no envelope in:
 * anything that is not one JSON object in valid UTF-8 (such a line is a bad line); on hand-written
 * envelopes and on every envelope of every fixture log.
 */
class LogEnvelopeTest {

    private static final long NONE = LogEnvelope.NONE;

    @Test
    void theCompileIdAndTheMd5() {
        assertThat(parse("{\"chromium_event\": {}, \"frame_id\": 0, \"frame_compile_id\": 1, \"attempt\": 2, \"has_payload\": \"ab\"}"))
                .contains(new LogEnvelope("chromium_event", 0, 1, 2, Optional.of("ab"), "", "", Optional.empty()));
        // Only integers are ids; an attempt below 0 is 0; a has_payload that is no string is none.
        assertThat(parse("{\"str\": 1, \"frame_id\": 1.5, \"frame_compile_id\": \"2\", \"attempt\": -3, \"has_payload\": 5}"))
                .contains(new LogEnvelope("str", NONE, NONE, 0, Optional.empty(), "", "", Optional.empty()));
        assertThat(parse("{\"frame_id\": 999999999999999999, \"frame_compile_id\": 99999999999999999999999}"))
                .contains(new LogEnvelope("", 999_999_999_999_999_999L, NONE, 0, Optional.empty(), "", "", Optional.empty()));
        // The first unknown key is the kind; the last value of a repeated field wins.
        assertThat(parse("{\"str\": [\"x\", 0], \"frame_id\": -0, \"frame_id\": 7, \"describe_tensor\": {}}"))
                .contains(new LogEnvelope("str", 7, NONE, 0, Optional.empty(), "", "", Optional.empty()));
    }

    @Test
    void anArtifactsNameAndEncodingInternedAsMet() {
        List<String> interned = new ArrayList<>();
        byte[] envelope = bytes("{\"artifact\": {\"name\": \"a\", \"name\": \"b\", \"encoding\": \"json\"}, \"frame_id\": 3,"
                + " \"frame_compile_id\": 4, \"attempt\": 1, \"has_payload\": \"0cc175b9c0f1b6a831c399e269772661\"}");
        Optional<LogEnvelope> read = LogEnvelope.parse(envelope, 0, envelope.length, text -> {
                    interned.add(text);
                    return text;
                });
        assertThat(read).contains(new LogEnvelope("artifact", 3, 4, 1, Optional.of("0cc175b9c0f1b6a831c399e269772661"),
                "b", "json", Optional.empty()));
        assertThat(read.orElseThrow().payloadIsJson()).isTrue();
        assertThat(interned).containsExactly("artifact", "a", "b", "json");
    }

    @Test
    void theMetricsGiveTheCompileIdWhenTheEnvelopeHasNone() {
        LogEnvelope fromMetrics = parse("{\"frame_compile_id\": 5, \"compilation_metrics\": {\"compile_id\": \"1/2_1\","
                + " \"co_name\": \"f\", \"has_guarded_code\": true, \"entire_frame_compile_time_s\": 1.726614}}").orElseThrow();
        assertThat(List.of(fromMetrics.frameId(), fromMetrics.frameCompileId())).containsExactly(1L, 2L);
        assertThat(fromMetrics.metrics().orElseThrow().compileMs()).hasValue(1726.614);
        LogEnvelope own = parse("{\"frame_id\": 4, \"frame_compile_id\": 5, \"compilation_metrics\": {\"compile_id\": \"1/2\"}}")
                .orElseThrow();
        assertThat(List.of(own.frameId(), own.frameCompileId())).containsExactly(4L, 5L);
        // A time under 10^-400 s is 0, not a bad record (one that overflows is: aLineThatIsNoEnvelope).
        assertThat(parse("{\"compilation_metrics\": {\"dynamo_cumulative_compile_time_us\": 1e-2147483647}}").orElseThrow()
                .metrics().orElseThrow().compileMs()).hasValue(0.0);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"str\": 1} {\"str\": 2}", "{\"str\": 1}}", "{\"str\": 01}", "{\"str\": 1.}", "{\"str\": .5}", "{\"str\": -}",
        "{\"str\": tru}", "{\"str\": \"a\u0001\"}", "{\"str\": [1, 2,]}", "{\"str\" 1}", "[1]", "", "{",
        "{\"compilation_metrics\": {\"co_name\": \"f\"}, \"str\": 1,}", "{\"str\": NaN}", "{'str': 1}",
        "{\"compilation_metrics\": {\"co_name\": \"f\", \"entire_frame_compile_time_s\": 1e2147483647}}"})
    void aLineThatIsNoEnvelope(String line) {
        assertThat(parse(line)).as(line).isEmpty();
    }

    /** Hex bytes of envelopes that are not UTF-8, each once with valid UTF-8 in the same place. */
    @ParameterizedTest
    @ValueSource(strings = {
        "7b22737472223a2022636166e9227d",      // {"str": "caf" 0xE9 "}: Latin-1
        "7b22737472223a202280227d",            // {"str": "" 0x80 "}: a continuation byte with nothing to continue
        "7b22e9223a20317d",                    // {"" 0xE9 ": 1}: in a key
        "7b22737472223a2022c3227d"})           // {"str": "" 0xC3 "}: a character cut short
    void anEnvelopeThatIsNotUtf8(String hex) {
        byte[] bytes = HexFormat.of().parseHex(hex);
        assertThat(LogEnvelope.parse(bytes, 0, bytes.length, t -> t)).as(hex).isEmpty();
        assertThat(parse("{\"str\": \"caf\u00e9\", \"\u00e9\": 1}")).isPresent();
    }

    @Test
    void nestingPastAThousandLevelsIsNoEnvelope() {
        assertThat(parse("{\"str\": " + "[".repeat(999) + "]".repeat(999) + "}")).isPresent();
        assertThat(parse("{\"str\": " + "[".repeat(1000) + "]".repeat(1000) + "}")).isEmpty();
    }

    @Test
    void everyEnvelopeOfEveryFixtureLog() throws IOException {
        int envelopes = 0;
        List<String> none = new ArrayList<>();
        for (Path log : FixtureLogs.all()) {
            for (byte[] envelope : envelopes(log)) {
                envelopes++;
                if (LogEnvelope.parse(envelope, 0, envelope.length, t -> t).isEmpty()) {
                    none.add(log.getFileName() + ": " + new String(envelope, 0, Math.min(40, envelope.length), StandardCharsets.UTF_8));
                }
            }
        }
        assertThat(envelopes).isGreaterThan(8_000);
        // tlparse's corrupted log is damaged in a payload, not in an envelope.
        assertThat(none).hasSize(NO_ENVELOPE);
    }

    /** Record lines of the fixture logs with no envelope (filled in from the first run, checked against the logs by hand). */
    private static final int NO_ENVELOPE = 0;

    private static Optional<LogEnvelope> parse(String envelope) {
        byte[] bytes = bytes(envelope);
        return LogEnvelope.parse(bytes, 0, bytes.length, text -> text);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** The envelope of every record line of a log. */
    private static List<byte[]> envelopes(Path log) throws IOException {
        List<byte[]> envelopes = new ArrayList<>();
        for (String line : Files.readString(log, StandardCharsets.ISO_8859_1).split("\n")) {
            byte[] bytes = line.getBytes(StandardCharsets.ISO_8859_1);
            int start = line.startsWith("\t") || line.isBlank() ? -1 : GlogPrefix.envelopeStart(bytes, 0, bytes.length);
            if (start >= 0) {
                int end = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                byte[] envelope = new byte[end - start];
                System.arraycopy(bytes, start, envelope, 0, envelope.length);
                envelopes.add(envelope);
            }
        }
        return envelopes;
    }
}
