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
