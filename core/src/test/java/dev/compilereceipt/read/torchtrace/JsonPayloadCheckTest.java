package dev.compilereceipt.read.torchtrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The JSON check of payloads takes exactly one RFC 8259 value in valid UTF-8, the same whether the
 * payload is checked whole (Jackson's blocking parser) or fed in pieces (its non-blocking one), and
 * tells a payload nested too deep or holding a token too long from one that is merely not JSON.
 */
class JsonPayloadCheckTest {

    private static final int DEPTH = 1000;
    private static final int LENGTH = 1 << 20;

    @ParameterizedTest
    @ValueSource(strings = {
        "{}", "[]", "0", "-0.5e+3", "\"a\\u00e9\\n\"", "true", " null ", "{\"a\": [1, 2.5, -3E2, {}, []], \"b\": false}",
        "{\n\"name\": \"dynamo\",\n\"ts\": 1795939153421564.8,\n\"args\": {\n\"compile_id\": \"0/0\"\n}\n}",
        "[\"0/0: L['n'] == 1   \", \"caf\u00e9\", \"\u20ac \ud83d\ude00\"]", "123", "{\"a\": 1, \"a\": 2}"})
    void acceptsOneJsonValue(String text) {
        assertThat(outcomes(bytes(text))).as(text).containsExactly("valid", "valid", "valid");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "", " ", "{", "{\"a\": }", "{\"a\" 1}", "[1,]", "{\"a\": 1,}", "01", "1.", "-", "1e", "tru", "nul l", "\"a",
        "\"\\x\"", "\"\\u12g4\"", "{} {}", "[1] 2", "1 2", "{\"args\": {\"compile_id\": \"None\"\"ph\": \"E\"}}", "[}", "{]",
        "\"tab\there\"", "NaN", "{1: 2}", "'a'", "[1] // c", "{\"a\": 1}}", "+1", ".5", "[\u000b1]"})
    void refusesAnythingElse(String text) {
        assertThat(outcomes(bytes(text))).as(text).containsExactly("not JSON", "not JSON", "not JSON");
    }

    /** Hex bytes: what JsonSyntax, which decoded no UTF-8, took as JSON, and Jackson does not. */
    @ParameterizedTest
    @ValueSource(strings = {
        "22636166ff22",        // "caf" 0xFF ": a byte that starts no character
        "5b2280225d",          // ["" 0x80 "]: a continuation byte with nothing to continue
        "2263c32822",          // "c" 0xC3 "(": a lead byte followed by ASCII
        "22e282",              // a string cut inside a three-byte character
        "7b22e9223a20317d",    // {"" 0xE9 ": 1}: Latin-1 in a key
        "efbbbf7b7d",          // a byte order mark before {}: Jackson would skip it
        "007b007d",            // {} in UTF-16BE: Jackson would guess the encoding and read it
        "7b007d00",            // {} in UTF-16LE
        "5b315d00"})           // [1] and a NUL byte
    void refusesWhatIsNotUtf8JsonText(String hex) {
        assertThat(outcomes(HexFormat.of().parseHex(hex))).as(hex).containsExactly("not JSON", "not JSON", "not JSON");
    }

    @Test
    void tellsTooDeepFromNotJson() {
        assertThat(outcomes(bytes("[[[1]]]"), 3, LENGTH)).containsExactly("valid", "valid", "valid");
        assertThat(outcomes(bytes("[[[[1]]]]"), 3, LENGTH)).containsExactly("too deep", "too deep", "too deep");
        assertThat(outcomes(bytes("{\"a\": {\"b\": [{}]}}"), 3, LENGTH)).containsExactly("too deep", "too deep", "too deep");
        // A syntax error before the fourth level is found first: not too deep.
        assertThat(outcomes(bytes("[1 [[[[1]]]]]"), 3, LENGTH)).containsExactly("not JSON", "not JSON", "not JSON");
        // Past the limit nothing more is read: what follows cannot make it anything else.
        assertThat(outcomes(bytes("[[[[ this is not JSON"), 3, LENGTH)).containsExactly("too deep", "too deep", "too deep");
    }

    @Test
    void tellsATokenTooLongFromNotJson() {
        assertThat(outcomes(bytes("[\"12345678\", 12345678, {\"12345678\": 0}]"), DEPTH, 8))
                .containsExactly("valid", "valid", "valid");
        assertThat(outcomes(bytes("[\"123456789\"]"), DEPTH, 8)).containsExactly("too long", "too long", "too long");
        assertThat(outcomes(bytes("[123456789]"), DEPTH, 8)).containsExactly("too long", "too long", "too long");
        assertThat(outcomes(bytes("{\"123456789\": 0}"), DEPTH, 8)).containsExactly("too long", "too long", "too long");
        assertThat(outcomes(bytes("[1,, \"123456789\"]"), DEPTH, 8)).containsExactly("not JSON", "not JSON", "not JSON");
    }

    @Test
    void aStringOverTheLimitFedInBlocksIsTooLong() {
        JsonPayloadCheck check = new JsonPayloadCheck(DEPTH, LENGTH);
        check.begin();
        check.feed(bytes("[\""), 0, 2);
        byte[] block = bytes("x".repeat(1 << 16));
        for (int i = 0; i < 20; i++) {
            check.feed(block, 0, block.length);
        }
        check.feed(bytes("\"]"), 0, 2);
        check.end();
        assertThat(outcome(check)).isEqualTo("too long");
    }

    @Test
    void theTwoParsersAgreeOnMutants() {
        // Every one-byte change, deletion and insertion of JSON-ish bytes (and bytes that are not UTF-8) in a
        // chromium_event payload and a nested document: checked whole and fed a byte at a time, the same outcome.
        String[] seeds = {
            "{\n\"name\": \"dynamo\",\n\"ts\": 1795939153421564.8,\n\"args\": {\n\"compile_id\": \"0/0\"\n},\n\"ph\": \"B\",\n\"tid\": 0\n}",
            "[{\"a\": [true, false, null, -0.5e-3, \"\\u00e9\\\"x\u00e9\"]}, [[], {}], 0, 12E+2]"};
        byte[] alphabet = bytes("{}[]\":,0123456789.eE+-tfnlrsua\\ \n\tx\u0001");
        byte[] high = {(byte) 0xC3, (byte) 0xA9, (byte) 0xFF, (byte) 0x80};
        int checked = 0;
        Set<String> outcomesSeen = new TreeSet<>();
        for (String seed : seeds) {
            byte[] base = bytes(seed);
            for (int at = 0; at <= base.length; at++) {
                for (int k = 0; k < alphabet.length + high.length; k++) {
                    byte c = k < alphabet.length ? alphabet[k] : high[k - alphabet.length];
                    for (int edit = 0; edit < 3; edit++) {
                        byte[] mutant = mutate(base, at, c, edit);
                        if (mutant != null) {
                            String shown = HexFormat.of().formatHex(mutant);
                            String[] shallow = outcomes(mutant, 4, LENGTH);
                            String[] deep = outcomes(mutant, DEPTH, LENGTH);
                            assertThat(shallow).as(shown).containsOnly(shallow[0]);
                            assertThat(deep).as(shown).containsOnly(deep[0]);
                            outcomesSeen.add(shallow[0]);
                            checked++;
                        }
                    }
                }
            }
        }
        assertThat(checked).isGreaterThan(10_000);
        // The mutants reach every outcome but a token too long, so agreeing is not agreeing on one answer.
        assertThat(outcomesSeen).containsExactly("not JSON", "too deep", "valid");
    }

    /** The outcome checked whole, fed in one piece and fed a byte at a time. */
    private static String[] outcomes(byte[] text) {
        return outcomes(text, DEPTH, LENGTH);
    }

    private static String[] outcomes(byte[] text, int maxDepth, int maxLength) {
        JsonPayloadCheck whole = new JsonPayloadCheck(maxDepth, maxLength);
        whole.whole(text, 0, text.length);
        JsonPayloadCheck piece = new JsonPayloadCheck(maxDepth, maxLength);
        piece.begin();
        piece.feed(text, 0, text.length);
        piece.end();
        JsonPayloadCheck bytewise = new JsonPayloadCheck(maxDepth, maxLength);
        bytewise.begin();
        for (int i = 0; i < text.length; i++) {
            bytewise.feed(text, i, i + 1);
        }
        bytewise.end();
        return new String[] {outcome(whole), outcome(piece), outcome(bytewise)};
    }

    private static String outcome(JsonPayloadCheck check) {
        if (check.tooDeep()) {
            return "too deep";
        }
        if (check.tooLong()) {
            return "too long";
        }
        return check.valid() ? "valid" : "not JSON";
    }

    private static byte[] mutate(byte[] base, int at, byte c, int edit) {
        if (edit == 0 && at < base.length) {
            byte[] out = base.clone();
            out[at] = c;
            return out;
        }
        if (edit == 1 && at < base.length) {
            byte[] out = new byte[base.length - 1];
            System.arraycopy(base, 0, out, 0, at);
            System.arraycopy(base, at + 1, out, at, base.length - at - 1);
            return out;
        }
        if (edit == 2) {
            byte[] out = new byte[base.length + 1];
            System.arraycopy(base, 0, out, 0, at);
            out[at] = c;
            System.arraycopy(base, at, out, at + 1, base.length - at);
            return out;
        }
        return null;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
