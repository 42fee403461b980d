package dev.compilereceipt.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The byte-level JSON checks agree with the grammar and with RFC 3629 UTF-8 inside strings, fed whole, one byte at a
 * time, and checked in one pass ({@link OnePassJsonSyntax}).
 */
class JsonSyntaxTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "{}", "[]", "0", "-0.5e+3", "\"a\\u00e9\\n\"", "true", " null ", "{\"a\": [1, 2.5, -3E2, {}, []], \"b\": false}",
        "{\n\"name\": \"dynamo\",\n\"ts\": 1795939153421564.8,\n\"args\": {\n\"compile_id\": \"0/0\"\n}\n}",
        "[\"0/0: L['n'] == 1   \", \"caf\u00e9\"]"})
    void acceptsOneJsonValue(String text) {
        assertThat(check(text, false)).as(text).isTrue();
        assertThat(check(text, true)).as(text + " fed byte by byte").isTrue();
        assertThat(whole(text, 1000)).as(text + " in one pass").isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "", "{", "{\"a\": }", "{\"a\" 1}", "[1,]", "{\"a\": 1,}", "01", "1.", "-", "1e", "tru", "nul l", "\"a",
        "\"\\x\"", "\"\\u12g4\"", "{} {}", "[1] 2", "{\"args\": {\"compile_id\": \"None\"\"ph\": \"E\"}}", "[}", "{]",
        "\"tab\there\"", "NaN", "{1: 2}"})
    void refusesAnythingElse(String text) {
        assertThat(check(text, false)).as(text).isFalse();
        assertThat(check(text, true)).as(text + " fed byte by byte").isFalse();
        assertThat(whole(text, 1000)).as(text + " in one pass").isFalse();
    }

    /** Hex bytes of strings in UTF-8, each valid; the three checks take them all. */
    @ParameterizedTest
    @ValueSource(strings = {"22c2a922", "22dfbf22", "22e0a08022", "22ed9fbf22", "22eebfbf22", "22f090808022",
        "22f48fbfbf22", "7b22e282ac223a20317d"})
    void acceptsUtf8(String hex) {
        assertThat(checks(HexFormat.of().parseHex(hex))).as(hex).containsExactly(true, true, true);
    }

    /** Hex bytes that JSON's grammar would take but that are not UTF-8 (RFC 3629). */
    @ParameterizedTest
    @ValueSource(strings = {
        "22636166e922",        // "caf" 0xE9 ": Latin-1
        "2280 22",             // a continuation byte with nothing to continue
        "22c32822",            // a lead byte followed by ASCII
        "22c0af22",            // an overlong "/"
        "22e08080 22",         // an overlong three-byte NUL
        "22eda08022",          // an encoded surrogate
        "22f490808022",        // above U+10FFFF
        "22f5808080 22",       // a byte that starts nothing
        "22ff22",              // another
        "22e282",              // cut inside a character, and the string never ends
        "22e28222",            // a three-byte character cut short by the quote
        "7b22e9223a20317d"})   // in a key
    void refusesWhatIsNotUtf8(String hex) {
        assertThat(checks(HexFormat.of().parseHex(hex.replace(" ", "")))).as(hex).containsExactly(false, false, false);
    }

    /** Fed whole, fed a byte at a time, and checked in one pass. */
    private static List<Boolean> checks(byte[] text) {
        JsonSyntax whole = new JsonSyntax(1000);
        whole.reset();
        whole.feed(text, 0, text.length);
        JsonSyntax bytewise = new JsonSyntax(1000);
        bytewise.reset();
        for (int i = 0; i < text.length; i++) {
            bytewise.feed(text, i, i + 1);
        }
        return List.of(whole.complete(), bytewise.complete(), new OnePassJsonSyntax(1000).whole(text, 0, text.length));
    }

    @Test
    void theOnePassCheckTellsTooDeepAsTheStreamingOneDoes() {
        OnePassJsonSyntax json = new OnePassJsonSyntax(3);
        assertThat(json.whole(bytes("[[[1]]]"), 0, 7)).isTrue();
        assertThat(json.tooDeep()).isFalse();
        assertThat(json.whole(bytes("[[[[1]]]]"), 0, 9)).isFalse();
        assertThat(json.tooDeep()).isTrue();
        // A syntax error before the fourth level is found first: not too deep, as the streaming check says.
        assertThat(json.whole(bytes("[1 [[[[1]]]]]"), 0, 13)).isFalse();
        assertThat(json.tooDeep()).isFalse();
    }

    @Test
    void theOnePassCheckAgreesWithTheStreamingOneOnMutants() {
        // Every one-byte change, deletion and insertion of JSON-ish bytes in a chromium_event payload and a nested
        // document: whatever the streaming check says (valid, too deep), the one-pass check says too.
        String[] seeds = {
            "{\n\"name\": \"dynamo\",\n\"ts\": 1795939153421564.8,\n\"args\": {\n\"compile_id\": \"0/0\"\n},\n\"ph\": \"B\",\n\"tid\": 0\n}",
            "[{\"a\": [true, false, null, -0.5e-3, \"\\u00e9\\\"x\"]}, [[], {}], 0, 12E+2]",
            "{\"caf\u00e9\": \"\u20ac \ud83d\ude00 \u07ff\"}"};
        byte[] ascii = bytes("{}[]\":,0123456789.eE+-tfnlrsua\\ \n\tx\u0001");
        // Lead bytes of each length, the narrowed second bytes' edges, continuation bytes and bytes that start nothing.
        byte[] high = HexFormat.of().parseHex("c2dfe0e1edeff0f4f5ff80909fa0bfc0c1");
        byte[] alphabet = new byte[ascii.length + high.length];
        System.arraycopy(ascii, 0, alphabet, 0, ascii.length);
        System.arraycopy(high, 0, alphabet, ascii.length, high.length);
        int checked = 0;
        int valid = 0;
        for (String seed : seeds) {
            byte[] base = bytes(seed);
            for (int at = 0; at <= base.length; at++) {
                for (byte c : alphabet) {
                    for (int edit = 0; edit < 3; edit++) {
                        byte[] mutant = mutate(base, at, c, edit);
                        if (mutant != null) {
                            agree(mutant, 4);
                            valid += agree(mutant, 1000) ? 1 : 0;
                            checked++;
                        }
                    }
                }
            }
        }
        assertThat(checked).isGreaterThan(10_000);
        // Both answers are met often, so agreeing is not agreeing on one answer.
        assertThat(valid).isBetween(checked / 20, checked - checked / 20);
    }

    @Test
    void longStringsReadEightBytesAtATimeGiveTheByteByByteAnswerAtEveryOffsetAndSplit() {
        // Strings longer than a word, with a quote, a backslash escape, a control character, UTF-8 or a byte that is
        // none at every offset of a word: fed whole, in pieces of 1 to 17 bytes, and in one pass, one answer.
        String[] specials = {"\\\"", "\\n", "\u0001", "\u00e9", "\u20ac", "\"", "\\u00e9", "\\x"};
        byte[] high = {(byte) 0xc3};
        int valid = 0;
        int checked = 0;
        for (String special : specials) {
            for (int at = 0; at < 24; at++) {
                String body = "a".repeat(at) + special + "b".repeat(40 - at);
                for (byte[] text : List.of(bytes("{\"k\": \"" + body + "\", \"" + body + "\": [\"" + body + "\"]}"),
                        concat(bytes("[\"" + "c".repeat(at)), high, bytes("x".repeat(30) + "\"]")))) {
                    boolean whole = agree(text, 1000);
                    for (int piece = 1; piece <= 17; piece++) {
                        JsonSyntax json = new JsonSyntax(1000);
                        json.reset();
                        for (int from = 0; from < text.length; from += piece) {
                            json.feed(text, from, Math.min(text.length, from + piece));
                        }
                        assertThat(json.complete()).as(new String(text, StandardCharsets.UTF_8) + " in pieces of " + piece)
                                .isEqualTo(whole);
                    }
                    valid += whole ? 1 : 0;
                    checked++;
                }
            }
        }
        // Valid: the three escapes and the two UTF-8 characters in the first text; never the control character, the
        // quote in mid-string, the escape \x, nor the second text (0xc3 then 'x' is not UTF-8).
        assertThat(checked).isEqualTo(8 * 24 * 2);
        assertThat(valid).isEqualTo(5 * 24);
    }

    private static byte[] concat(byte[]... parts) {
        int length = 0;
        for (byte[] part : parts) {
            length += part.length;
        }
        byte[] out = new byte[length];
        int at = 0;
        for (byte[] part : parts) {
            System.arraycopy(part, 0, out, at, part.length);
            at += part.length;
        }
        return out;
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

    private static boolean agree(byte[] text, int maxDepth) {
        JsonSyntax streaming = new JsonSyntax(maxDepth);
        streaming.reset();
        streaming.feed(text, 0, text.length);
        boolean valid = streaming.complete();
        OnePassJsonSyntax onePass = new OnePassJsonSyntax(maxDepth);
        String shown = new String(text, StandardCharsets.UTF_8);
        assertThat(onePass.whole(text, 0, text.length)).as(shown).isEqualTo(valid);
        assertThat(onePass.tooDeep()).as(shown + " too deep").isEqualTo(streaming.tooDeep());
        return valid;
    }

    private static boolean whole(String text, int maxDepth) {
        byte[] b = bytes(text);
        return new OnePassJsonSyntax(maxDepth).whole(b, 0, b.length);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static boolean check(String text, boolean byteByByte) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        JsonSyntax json = new JsonSyntax(1000);
        json.reset();
        if (byteByByte) {
            for (int i = 0; i < bytes.length; i++) {
                json.feed(bytes, i, i + 1);
            }
        } else {
            json.feed(bytes, 0, bytes.length);
        }
        return json.complete();
    }
}
