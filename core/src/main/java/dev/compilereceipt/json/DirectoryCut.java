package dev.compilereceipt.json;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * Cuts a directory from the paths in text: {@code /rt/} is removed where a path starts with it
 * ({@code /rt/scenarios.py:31} becomes {@code scenarios.py:31}), not inside a longer path
 * ({@code /x/rt/a.py} stays). The one rule that freezing a log and checking the frozen receipt
 * share.
 *
 * <p>Example: {@code new DirectoryCut("/rt").cut("File \"/rt/scenarios.py\", line 31")} is
 * {@code File "scenarios.py", line 31}.
 */
@API(status = API.Status.INTERNAL)
public final class DirectoryCut {

    private final Pattern raw;
    private final Pattern escaped;

    /** {@code directory} absolute and not the root, which would cut every slash. */
    public DirectoryCut(String directory) {
        String dir = directory.endsWith("/") ? directory : directory + "/";
        if (!dir.startsWith("/") || dir.equals("/")) {
            throw new IllegalArgumentException("the directory to cut must be absolute and not the root; found \"" + directory + "\"");
        }
        raw = start(dir);
        escaped = start(new String(JsonStringEncoder.getInstance().quoteAsString(dir)));
    }

    private static Pattern start(String prefix) {
        return Pattern.compile("(?<![\\w./\\\\-])" + Pattern.quote(prefix));
    }

    /** The text with the directory cut, also where it is written inside a JSON string (a JSON payload). */
    public String cut(String text) {
        String once = raw.matcher(text).replaceAll("");
        return escaped.matcher(once).replaceAll(Matcher.quoteReplacement(""));
    }

    /**
     * JSON text (a line of a payload) with the directory cut from each string value as
     * {@link #cut(JsonNode)} cuts it from the parsed value, however the text escapes it
     * ({@code \/}, {@code \u00e9}: PyTorch 2.6 writes both): each string is decoded, cut, and
     * written again only where it changed. Keys are kept, as the tree's are; a string the line
     * does not close, or a malformed escape, is left as it is.
     */
    public String cutJson(String json) {
        StringBuilder out = null;
        int copied = 0;
        int i = 0;
        while (i < json.length()) {
            if (json.charAt(i) != '"') {
                i++;
                continue;
            }
            int end = i + 1;
            boolean escaped = false;
            while (end < json.length() && json.charAt(end) != '"') {
                if (json.charAt(end) == '\\') {
                    escaped = true;
                    end++;
                }
                end++;
            }
            if (end >= json.length()) {
                break;
            }
            String value = escaped ? decoded(json, i + 1, end) : json.substring(i + 1, end);
            if (value != null && !isKey(json, end + 1)) {
                String cut = cut(value);
                if (!cut.equals(value)) {
                    out = out == null ? new StringBuilder(json.length()) : out;
                    out.append(json, copied, i + 1);
                    quote(cut, out);
                    out.append('"');
                    copied = end + 1;
                }
            }
            i = end + 1;
        }
        return out == null ? json : out.append(json, copied, json.length()).toString();
    }

    /** {@code text} as the inside of a JSON string; a lone surrogate as its escape, since UTF-8 has no form for it. */
    private static void quote(String text, StringBuilder out) {
        String quoted = new String(JsonStringEncoder.getInstance().quoteAsString(text));
        for (int i = 0; i < quoted.length(); i++) {
            char c = quoted.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < quoted.length() && Character.isLowSurrogate(quoted.charAt(i + 1))) {
                out.append(c).append(quoted.charAt(++i));
            } else if (Character.isSurrogate(c)) {
                out.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
    }

    private static boolean isKey(String json, int after) {
        int at = after;
        while (at < json.length() && (json.charAt(at) == ' ' || json.charAt(at) == '\t' || json.charAt(at) == '\r')) {
            at++;
        }
        return at < json.length() && json.charAt(at) == ':';
    }

    /** The string between {@code from} and {@code to} with its JSON escapes decoded; null for a malformed escape. */
    private static String decoded(String json, int from, int to) {
        StringBuilder text = new StringBuilder(to - from);
        for (int i = from; i < to; i++) {
            char c = json.charAt(i);
            if (c != '\\') {
                text.append(c);
                continue;
            }
            if (++i >= to) {
                return null;
            }
            switch (json.charAt(i)) {
                case '"' -> text.append('"');
                case '\\' -> text.append('\\');
                case '/' -> text.append('/');
                case 'b' -> text.append('\b');
                case 'f' -> text.append('\f');
                case 'n' -> text.append('\n');
                case 'r' -> text.append('\r');
                case 't' -> text.append('\t');
                case 'u' -> {
                    if (i + 4 >= to) {
                        return null;
                    }
                    try {
                        text.append((char) Integer.parseInt(json, i + 1, i + 5, 16));
                    } catch (NumberFormatException e) {
                        return null;
                    }
                    i += 4;
                }
                default -> {
                    return null;
                }
            }
        }
        return text.toString();
    }

    /** Cuts the directory from every string value of a JSON tree, in place. */
    public void cut(JsonNode node) {
        if (node instanceof ObjectNode object) {
            List<String> names = new ArrayList<>();
            object.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                JsonNode value = object.get(name);
                if (value.isTextual()) {
                    object.put(name, cut(value.asText()));
                } else {
                    cut(value);
                }
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                if (array.get(i).isTextual()) {
                    array.set(i, array.textNode(cut(array.get(i).asText())));
                } else {
                    cut(array.get(i));
                }
            }
        }
    }
}
