package dev.compilereceipt.read.torchtrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Inputs written to break the scan's promise (where it answers, it answers as Jackson's reading does,
 * interning the same strings), found in a review of it: Jackson's reading losing its place on a
 * container it does not step over, its string-length bound, keys and numbers at the scan's bounds;
 * and 100,000 random envelope-like lines, a quarter of them damaged.
 */
class EnvelopeScanAgainstJacksonTest {

    /** A description of how the scan differs from Jackson on these bytes, or null when it does not. */
    static String divergence(byte[] envelope) {
        List<String> byScan = new ArrayList<>();
        List<String> byJackson = new ArrayList<>();
        Object scanned;
        try {
            scanned = EnvelopeScan.read(envelope, 0, envelope.length, text -> {
                byScan.add(text);
                return text;
            });
        } catch (RuntimeException | StackOverflowError e) {
            scanned = "THROWS " + e;
        }
        if (scanned == null) {
            return byScan.isEmpty() ? null : "gave up but interned " + byScan;
        }
        Object jackson;
        try {
            jackson = LogEnvelope.parseWithJackson(envelope, 0, envelope.length, text -> {
                byJackson.add(text);
                return text;
            });
        } catch (RuntimeException e) {
            jackson = "THROWS " + e;
        }
        if (scanned.equals(jackson) && byScan.equals(byJackson)) {
            return null;
        }
        if (scanned instanceof String && jackson instanceof String
                && ((String) scanned).startsWith("THROWS") && byScan.equals(byJackson)
                && ((String) scanned).split(":")[0].equals(((String) jackson).split(":")[0])) {
            return null; // same exception class from both paths: not the scan's doing
        }
        return "scan=" + scanned + " interned " + byScan + "\n  jackson=" + jackson + " interned " + byJackson;
    }

    private static void assertNoDivergence(String envelope) {
        byte[] bytes = envelope.getBytes(StandardCharsets.ISO_8859_1);
        String d = divergence(bytes);
        String shown = envelope.length() > 300 ? envelope.substring(0, 300) + "...(" + envelope.length() + " chars)" : envelope;
        assertThat(d).as(shown).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        // has_payload with a container value: Jackson's reading does not skip it.
        "{\"has_payload\": {}}",
        "{\"has_payload\": []}",
        "{\"str\": 1, \"has_payload\": {\"frame_id\": 5}}",
        "{\"has_payload\": {\"str\": 1}, \"x\": 2}",
        "{\"has_payload\": [\"a\"], \"str\": 1}",
        "{\"compilation_metrics\": {\"co_name\": \"f\"}, \"has_payload\": {}}",
        // the same in compilation_metrics: fields CompileMetrics.read does not skip
        "{\"compilation_metrics\": {\"has_guarded_code\": {}}}",
        "{\"compilation_metrics\": {\"has_guarded_code\": {\"co_name\": \"x\"}}}",
        "{\"compilation_metrics\": {\"cache_size\": [1]}}",
        "{\"compilation_metrics\": {\"cache_size\": {}, \"co_name\": \"f\"}}",
        "{\"compilation_metrics\": {\"entire_frame_compile_time_s\": {}}}",
        "{\"compilation_metrics\": {\"dynamo_cumulative_compile_time_us\": [2]}}",
        "{\"compilation_metrics\": {\"fail_type\": {}, \"restart_reasons\": [[\"a\"], {\"b\": \"c\"}, \"d\"]}}",
        // controls that the scan gets right
        "{\"\": 1, \"\": 2, \"\": 3, \"str\": 4}",
        "{\"\": 1, \"artifact\": {\"name\": \"a\", \"encoding\": \"b\"}}",
        "{\"\": {\"name\": \"a\"}, \"artifact\": {\"encoding\": \"e\", \"name\": 1, \"name\": \"n\"}}",
        "{\"artifact\": {\"name\": \"a\", \"name\": {}, \"encoding\": [\"x\"]}, \"\": 1}",
        "{\"frame_id\": -0, \"frame_compile_id\": -0.0, \"attempt\": 1e2}",
        "{\"frame_id\": 123456789012345678, \"frame_compile_id\": -123456789012345678}",
        "{\"frame_id\": 1E0, \"frame_compile_id\": 0e5, \"attempt\": -0E-0}",
        "{\"has_payload\": true, \"has_payload\": null, \"has_payload\": 1.5e3}",
        "{\"has_payload\": \"a\", \"has_payload\": 7}",
        "{\"str\": 1}\t\r\n ",
        "{\"str\": 1}\u000b",
        "{\"str\": 1}\u000c",
        "{\"str\": 1}\u00a0",
        "{\"str\":\u000c1}",
        "{\"str\": 1} 2",
        "{\"str\": 1} ]",
        "{\"str\": 1} /* c */",
        "{\"str\": 1}\u0000",
        "\u00ef\u00bb\u00bf{\"str\": 1}",
        "{\"str\": \"\u007f\", \"\u007f\": 1}",
        "{\"str\": \"\\ud800\\udc00\\ud800\"}",
        "{\"compilation_metrics\": {\"compile_id\": \"-1/2\"}}",
        "{\"compilation_metrics\": {\"compile_id\": \"01/02\"}}",
        "{\"compilation_metrics\": {\"compile_id\": \"1/2_x_y\"}}",
        "{\"compilation_metrics\": {\"compile_id\": \"[0/1] 2/3\"}}",
        "{\"compilation_metrics\": {\"compile_id\": \"9999999999999999999/1\"}}",
        "{\"compilation_metrics\": {\"compile_id\": \"1/2\", \"compile_id\": 3}, \"frame_id\": 1.5}",
        "{\"compilation_metrics\": {\"compile_id\": \"1/2\"}, \"frame_id\": -1, \"frame_compile_id\": 9}",
        "{\"compilation_metrics\": {\"cache_size\": 9223372036854775808}}",
        "{\"compilation_metrics\": {\"cache_size\": -9223372036854775808, \"co_name\": \"a\\u00e9\"}}",
        "{\"compilation_metrics\": {\"cache_size\": 1.0, \"cache_size\": -0}}",
        "{\"compilation_metrics\": {\"co_name\": \"a\", \"entire_frame_compile_time_s\": -0.0, \"co_filename\": \"b\"}}",
        "{\"compilation_metrics\": {\"co_name\": \"a\", \"entire_frame_compile_time_s\": 1e10, \"co_filename\": \"b\"}}",
        "{\"compilation_metrics\": {\"co_name\": \"a\", \"dynamo_cumulative_compile_time_us\": true, \"entire_frame_compile_time_s\": \"1\"}}",
        "{\"compilation_metrics\": {\"restart_reasons\": [\"a\", 1.5, null, [\"b\"], {\"c\": \"d\"}, \"e\"], \"restart_reasons\": \"x\"}}",
        "{\"compilation_metrics\": {\"co_name\": \"a\", \"entire_frame_compile_time_s\": 1e-2147483647}}",
        "{\"compilation_metrics\": {\"co_name\": \"a\", \"entire_frame_compile_time_s\": 1e-2147483648}}",
        "{\"compilation_metrics\": {\"co_name\": \"a\", \"fail_reason\": \"\\u0000\", \"fail_type\": \"\\\"\"}}",
        "{\"compilation_metrics\": {\"x\": {\"co_name\": \"no\"}, \"co_name\": \"yes\"}}",
        "{\"compilation_metrics\": {\"co_name\": \"a\"}, \"compilation_metrics\": {\"co_name\": \"b\"}}",
        "{\"frame_id\": 1, \"compilation_metrics\": {\"co_name\": \"a\"}, \"\": 3}",
        "{\"compilation_metrics\": {\"co_name\": \"a\"}, \"artifact\": {\"name\": \"n\"}}",
        "{\"compilation_metrics\"  :  {  \"co_name\"  :  \"a\"  ,  \"x\" : 1 , \"co_filename\"\t:\n\"b\" } }",
    })
    void candidates(String envelope) {
        assertNoDivergence(envelope);
    }

    @Test
    void moreCandidates() {
        List<String> all = List.of(
                "{\"compilation_metrics\": {\"co_name\": \"a\", \"entire_frame_compile_time_s\": 1e2147483647}}",
                "{\"compilation_metrics\": {\"co_name\": \"a\", \"dynamo_cumulative_compile_time_us\": 1e-2147483647}}",
                "{\"" + "k".repeat(1000) + "\": 1}",
                "{\"" + "k".repeat(1001) + "\": 1}",
                "{\"str\": " + "9".repeat(100) + "}",
                "{\"str\": -" + "9".repeat(99) + "." + "}",
                "{\"str\": " + "[".repeat(63) + "]".repeat(63) + "}",
                "{\"compilation_metrics\": {\"x\": " + "[".repeat(62) + "]".repeat(62) + ", \"co_name\": \"a\"}}",
                "{\"compilation_metrics\": {\"restart_reasons\": " + "[".repeat(63) + "]".repeat(63) + "}}",
                "{\"artifact\": {\"name\": \"a\", \"encoding\": \"b\", \"name\": \"c\"}}",
                "{\"artifact\": {\"name\": \"a\", \"encoding\": \"b\", \"name\": \"c\", \"encoding\": \"d\"}}",
                "{\"\": 1, \"artifact\": {\"name\": \"a\", \"encoding\": \"b\", \"name\": \"c\"}}",
                "{\"compilation_metrics\": {\"co_name\": \"" + "x".repeat(100_000) + "\"}}",
                "{\"has_payload\": \"" + "x".repeat(100_000) + "\"}");
        List<String> found = new ArrayList<>();
        for (String e : all) {
            String d = divergence(e.getBytes(StandardCharsets.ISO_8859_1));
            if (d != null) {
                found.add(e.substring(0, Math.min(200, e.length())) + "\n  " + d.substring(0, Math.min(600, d.length())));
            }
        }
        assertThat(found).isEmpty();
    }

    /** Jackson's maxStringLength (20,000,000) applies to strings whose text is read, not to those skipped. */
    @ParameterizedTest
    @ValueSource(strings = {"has_payload", "artifact-name", "skipped"})
    void aStringOverJacksonsLengthLimit(String where) {
        String big = "a".repeat(20_000_001);
        String envelope = switch (where) {
            case "has_payload" -> "{\"str\": 1, \"has_payload\": \"" + big + "\"}";
            case "artifact-name" -> "{\"artifact\": {\"name\": \"" + big + "\"}}";
            default -> "{\"str\": \"" + big + "\"}";
        };
        assertNoDivergence(envelope);
    }

    /**
     * A compile time whose exponent would overflow the point's move, or expand a million digits, is
     * a bad record at once (both readings share {@link CompileMetrics#read}); one under 10^-400 s is 0.
     */
    @ParameterizedTest
    @ValueSource(strings = {"\"entire_frame_compile_time_s\": 1e2147483647", "\"entire_frame_compile_time_s\": 1e800000",
        "\"dynamo_cumulative_compile_time_us\": 1e30", "\"entire_frame_compile_time_s\": -1e999999999"})
    void aHugeCompileTimeIsABadRecord(String field) {
        byte[] bytes = ("{\"compilation_metrics\": {\"co_name\": \"f\", " + field + "}}").getBytes(StandardCharsets.US_ASCII);
        assertThat(LogEnvelope.parse(bytes, 0, bytes.length, t -> t)).isEmpty();
        assertNoDivergence(new String(bytes, StandardCharsets.US_ASCII));
    }

    @Test
    void aVanishingCompileTimeIsZero() {
        byte[] bytes = "{\"compilation_metrics\": {\"dynamo_cumulative_compile_time_us\": 1e-2147483647}}"
                .getBytes(StandardCharsets.US_ASCII);
        assertThat(LogEnvelope.parse(bytes, 0, bytes.length, t -> t).orElseThrow().metrics().orElseThrow().compileMs())
                .hasValue(0.0);
    }

    @Test
    void randomEnvelopes() {
        Random random = new Random(7);
        int n = 100_000;
        List<String> found = new ArrayList<>();
        int answered = 0;
        for (int k = 0; k < n && found.size() < 40; k++) {
            StringBuilder s = new StringBuilder();
            envelope(random, s);
            String text = s.toString();
            if (random.nextInt(4) == 0) {
                text = damage(text, random);
            }
            byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
            if (EnvelopeScan.read(bytes, 0, bytes.length, t -> t) != null) {
                answered++;
            }
            String d = divergence(bytes);
            if (d != null) {
                found.add(text + "\n  " + d);
            }
        }
        assertThat(found).isEmpty();
        // The generator mostly writes what the scan reads, so the comparison is of answers, not of give-ups.
        assertThat(answered).isGreaterThan(n / 2);
    }

    private static final String[] TOP = {"frame_id", "frame_compile_id", "attempt", "has_payload", "compiled_autograd_id",
        "rank", "compiled_autograd_attempt", "", "str", "artifact", "compilation_metrics", "chromium_event", "dynamo_start"};
    private static final String[] METRICS = {"has_guarded_code", "cache_size", "fail_type", "fail_reason", "restart_reasons",
        "entire_frame_compile_time_s", "dynamo_cumulative_compile_time_us", "co_name", "co_filename", "compile_id", "other", ""};
    private static final String[] ARTIFACT = {"name", "encoding", "other", ""};
    private static final String[] SCALARS = {"0", "-0", "1", "-1", "7", "12", "999999999999999999", "-999999999999999999",
        "9999999999999999999", "9223372036854775807", "-9223372036854775808", "99999999999999999999", "1.5", "-0.0",
        "1e2", "1E-2", "0.25e+3", "3.0", "true", "false", "null", "\"\"", "\"a\"", "\"json\"", "\"0/1\"", "\"2/3_1\"",
        "\"x/y\"", "\"a\\nb\"", "\"\\u0041\"", "\"1/2_0\"", "\"abc123\"", "1e400", "-1.5", "1726.614", "01", "1.", "\"\u00e9\""};

    private static void envelope(Random r, StringBuilder s) {
        ws(r, s);
        s.append('{');
        int members = r.nextInt(7);
        for (int m = 0; m < members; m++) {
            if (m > 0) {
                s.append(',');
            }
            ws(r, s);
            String key = TOP[r.nextInt(TOP.length)];
            s.append('"').append(key).append('"');
            ws(r, s);
            s.append(':');
            ws(r, s);
            if (key.equals("artifact") && r.nextInt(4) != 0) {
                object(r, s, ARTIFACT, 2);
            } else if (key.equals("compilation_metrics") && r.nextInt(4) != 0) {
                object(r, s, METRICS, 2);
            } else {
                value(r, s, 1);
            }
            ws(r, s);
        }
        s.append('}');
        ws(r, s);
    }

    private static void object(Random r, StringBuilder s, String[] keys, int depth) {
        s.append('{');
        int members = r.nextInt(5);
        for (int m = 0; m < members; m++) {
            if (m > 0) {
                s.append(',');
            }
            ws(r, s);
            String key = keys[r.nextInt(keys.length)];
            s.append('"').append(key).append('"');
            ws(r, s);
            s.append(':');
            ws(r, s);
            value(r, s, depth + 1);
            ws(r, s);
        }
        s.append('}');
    }

    private static void value(Random r, StringBuilder s, int depth) {
        int kind = depth > 4 ? 10 : r.nextInt(14);
        if (kind == 0) {
            object(r, s, r.nextBoolean() ? METRICS : TOP, depth);
        } else if (kind == 1) {
            s.append('[');
            int items = r.nextInt(4);
            for (int k = 0; k < items; k++) {
                if (k > 0) {
                    s.append(',');
                }
                ws(r, s);
                value(r, s, depth + 1);
                ws(r, s);
            }
            s.append(']');
        } else {
            scalar(r, s);
        }
    }

    private static void scalar(Random r, StringBuilder s) {
        s.append(SCALARS[r.nextInt(SCALARS.length)]);
    }

    private static void ws(Random r, StringBuilder s) {
        int k = r.nextInt(12);
        if (k == 0) {
            s.append(' ');
        } else if (k == 1) {
            s.append("\n\t\r ");
        }
    }

    private static String damage(String text, Random r) {
        String junk = "{}[]\":, \t\u000b\u000c\u00a0-+.eE0123456789tfnu\\x";
        int at = r.nextInt(text.length() + 1);
        char c = junk.charAt(r.nextInt(junk.length()));
        return switch (r.nextInt(3)) {
            case 0 -> text.substring(0, at) + c + text.substring(at);
            case 1 -> at < text.length() ? text.substring(0, at) + text.substring(at + 1) : text;
            default -> at < text.length() ? text.substring(0, at) + c + text.substring(at + 1) : text;
        };
    }
}
