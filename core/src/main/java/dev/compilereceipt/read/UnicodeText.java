package dev.compilereceipt.read;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * Whether a string is Unicode text. A JSON escape may stand for half a surrogate pair
 * ({@code "\ud800"}): valid JSON, but no Unicode string, so it has no UTF-8 form and no canonical
 * hash (Java writes it as {@code ?}, and two different inputs would share a hash). The
 * {@code compile-trace/1} reader refuses the document; the TORCH_TRACE reader makes the record a
 * bad line, as it does a payload that is not UTF-8. TORCH_LOGS text is decoded from UTF-8 and
 * cannot hold one.
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
            int next = JsonTokens.utf8(bytes, i, bytes.length);
            if (next < 0) {
                return cut && bytes.length - i < JsonTokens.sequenceLength(bytes[i] & 0xFF);
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

    /** The string value at {@code parser}; a parse error, like any other JSON that is not text, when it is not Unicode text. */
    public static String text(JsonParser parser) throws IOException {
        String text = parser.getText();
        if (loneSurrogate(text) >= 0) {
            throw new JsonParseException(parser, loneSurrogateRule(text));
        }
        return text;
    }
}
