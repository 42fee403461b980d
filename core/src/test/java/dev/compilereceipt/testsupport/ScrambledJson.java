package dev.compilereceipt.testsupport;

import dev.compilereceipt.json.CanonicalJson;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Writes a JSON tree the way another tool might: keys in a random order, random whitespace between
 * tokens, numbers in Java's notation or the canonical one, and some characters as {@code \\u}
 * escapes. The same document, other bytes: its canonical form and hash must not change.
 */
public final class ScrambledJson {

    private static final String[] SPACE = {"", " ", "\n", "\t", "\r\n  ", "   "};

    private final Random random;
    private final StringBuilder out = new StringBuilder();

    private ScrambledJson(long seed) {
        this.random = new Random(seed);
    }

    public static byte[] write(JsonNode node, long seed) {
        ScrambledJson writer = new ScrambledJson(seed);
        writer.value(node);
        writer.space();
        return writer.out.toString().getBytes(StandardCharsets.UTF_8);
    }

    private void value(JsonNode node) {
        space();
        if (node.isObject()) {
            List<String> keys = new ArrayList<>();
            node.fieldNames().forEachRemaining(keys::add);
            Collections.shuffle(keys, random);
            out.append('{');
            for (int i = 0; i < keys.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                space();
                string(keys.get(i));
                space();
                out.append(':');
                value(node.get(keys.get(i)));
                space();
            }
            out.append('}');
        } else if (node.isArray()) {
            out.append('[');
            for (int i = 0; i < node.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                value(node.get(i));
                space();
            }
            out.append(']');
        } else if (node.isTextual()) {
            string(node.textValue());
        } else if (node.isFloatingPointNumber()) {
            double number = node.doubleValue();
            out.append(random.nextBoolean() ? Double.toString(number) : CanonicalJson.number(number));
        } else {
            out.append(node.toString());
        }
    }

    private void string(String text) {
        out.append('"');
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\' || c < 0x20 || random.nextInt(8) == 0) {
                out.append(String.format(Locale.ROOT, random.nextBoolean() ? "\\u%04x" : "\\u%04X", (int) c));
            } else {
                out.append(c);
            }
        }
        out.append('"');
    }

    private void space() {
        out.append(SPACE[random.nextInt(SPACE.length)]);
    }
}
