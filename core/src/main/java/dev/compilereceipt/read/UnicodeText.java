package dev.compilereceipt.read;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * Whether a string or bytes are Unicode text; the one UTF-8 check (RFC 3629: no overlong form, no
 * encoded surrogate, nothing above U+10FFFF) every reader takes bytes as text by. A JSON escape
 * may stand for half a surrogate pair ({@code "\ud800"}): valid JSON, but no Unicode string, so it has no UTF-8 form and no canonical
 * hash (Java writes it as {@code ?}, and two different inputs would share a hash). The
 * {@code compile-trace/1} reader refuses the document; the TORCH_TRACE reader makes the record a
 * bad line, as it does a payload that is not UTF-8. TORCH_LOGS text is decoded from UTF-8 and
 * cannot hold one.
 *
 * <p>Example: {@code UnicodeText.isUtf8(new byte[] {(byte) 0xC0, (byte) 0xAF}, false)} is false: an overlong
 * {@code /}, which a lenient decoder would read as one.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class UnicodeText {

    private UnicodeText() {
    }

    /** The index of the first surrogate without its pair, or -1 when {@code text} is Unicode text. */
    public static int loneSurrogate(CharSequence text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Whether {@code bytes} are UTF-8 text (RFC 3629). Of bytes kept up to a bound ({@code cut}), a
     * character the bound cut short at the end is let pass. Decoding bytes that are not, with U+FFFD
     * for each bad one, would give the text of another input.
     */
    public static boolean isUtf8(byte[] bytes, boolean cut) {
        for (int i = 0; i < bytes.length; ) {
            if (bytes[i] >= 0) {
                i++;
                continue;
            }
            int next = utf8(bytes, i, bytes.length);
            if (next < 0) {
                return cut && bytes.length - i < sequenceLength(bytes[i] & 0xFF);
            }
            i = next;
        }
        return true;
    }

    /** What the refusal of {@code text} says: {@code a string holds a lone surrogate \ud800: ...}. */
    public static String loneSurrogateRule(CharSequence text) {
        return String.format(Locale.ROOT, "a string holds a lone surrogate \\u%04x: not Unicode text, so it has no UTF-8 form"
                + " and no canonical hash", (int) text.charAt(loneSurrogate(text)));
    }

    /** The index of the first surrogate without its pair in {@code text[from, to)}, or -1 when it is Unicode text. */
    public static int loneSurrogate(char[] text, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = text[i];
            if (c < Character.MIN_SURROGATE) {
                continue;
            }
            if (Character.isHighSurrogate(c) && i + 1 < to && Character.isLowSurrogate(text[i + 1])) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }

    /** The string value at {@code parser}; a parse error, like any other JSON that is not text, when it is not Unicode text. */
    public static String text(JsonParser parser) throws IOException {
        int from = parser.getTextOffset();
        checkText(parser, parser.getTextCharacters(), from, from + parser.getTextLength());
        return parser.getText();
    }

    /**
     * Checks the string value at {@code parser}, whose characters are {@code chars[from, to)} (its
     * {@link JsonParser#getTextCharacters}), without making a string of it: the parse error of {@link #text}
     * when it is not Unicode text.
     */
    public static void checkText(JsonParser parser, char[] chars, int from, int to) throws IOException {
        if (loneSurrogate(chars, from, to) >= 0) {
            throw new JsonParseException(parser, loneSurrogateRule(parser.getText()));
        }
    }

    /** The UTF-8 character of two bytes or more that starts at {@code i}; the index after it, or -1. */
    public static int utf8(byte[] b, int i, int to) {
        int lead = b[i] & 0xFF;
        int length = sequenceLength(lead);
        if (length == 0 || to - i < length || !secondFits(lead, b[i + 1] & 0xFF)) {
            return -1;
        }
        for (int k = 2; k < length; k++) {
            if ((b[i + k] & 0xC0) != 0x80) {
                return -1;
            }
        }
        return i + length;
    }

    /** The bytes of a UTF-8 character whose first byte is {@code lead}: 2, 3 or 4; 0 for a byte that starts none. */
    public static int sequenceLength(int lead) {
        if (lead >= 0xC2 && lead <= 0xDF) {
            return 2;
        }
        if (lead >= 0xE0 && lead <= 0xEF) {
            return 3;
        }
        return lead >= 0xF0 && lead <= 0xF4 ? 4 : 0;
    }

    /**
     * Whether {@code second} may follow {@code lead}: any continuation byte, narrowed after
     * 0xE0 and 0xF0 (no overlong form), 0xED (no surrogate) and 0xF4 (nothing above U+10FFFF).
     */
    public static boolean secondFits(int lead, int second) {
        return switch (lead) {
            case 0xE0 -> second >= 0xA0 && second <= 0xBF;
            case 0xED -> second >= 0x80 && second <= 0x9F;
            case 0xF0 -> second >= 0x90 && second <= 0xBF;
            case 0xF4 -> second >= 0x80 && second <= 0x8F;
            default -> (second & 0xC0) == 0x80;
        };
    }
}
