package dev.compilereceipt.read.compiletrace;

import dev.compilereceipt.trace.GuardText;
import dev.compilereceipt.read.Refusal;
import com.fasterxml.jackson.databind.JsonNode;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.json.CanonicalJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * The field rules of {@code compile-trace/1} that every part of a trace shares: known keys only,
 * required keys, strings, finite non-negative numbers, bounded times, graph ids; each refusal names
 * the file, the JSON pointer, the line and column the parser recorded there, and the rule.
 */
final class TraceFields {

    private final Path file;
    private final LocatedJson json;

    TraceFields(Path file, LocatedJson json) {
        this.file = file;
        this.json = json;
    }

    void object(JsonNode node, String at, Set<String> allowed) {
        if (!node.isObject()) {
            throw refuse(at, (at.isEmpty() ? "a trace" : field(at)) + " must be a JSON object, found " + node.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
        }
        for (Iterator<String> keys = node.fieldNames(); keys.hasNext(); ) {
            String key = keys.next();
            if (!allowed.contains(key)) {
                throw refuse(at + "/" + LocatedJson.escape(key), "unknown key \"" + key + "\" (allowed here: "
                        + String.join(", ", allowed.stream().sorted().toList()) + "); a typo must never silently change a receipt");
            }
        }
    }

    JsonNode required(JsonNode node, String at, String key) {
        JsonNode value = node.get(key);
        if (value == null) {
            throw refuse(at, "\"" + key + "\" is required");
        }
        return value;
    }

    String text(JsonNode node, String at) {
        if (!node.isTextual()) {
            throw refuse(at, field(at) + " must be a string, found " + node.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
        }
        return node.textValue();
    }

    double nonNegative(JsonNode node, String at) {
        if (!node.isNumber()) {
            throw refuse(at, field(at) + " must be a number, found " + node.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
        }
        double value = node.doubleValue();
        if (!Double.isFinite(value)) {
            throw refuse(at, "NaN or infinite numbers are not allowed (" + field(at) + ")");
        }
        if (value < 0) {
            throw refuse(at, field(at) + " must be ≥ 0, found " + CanonicalJson.number(value));
        }
        return value;
    }

    /**
     * A time in milliseconds. Bounded so that no sum over a run can overflow to infinity, which has
     * no JSON form and no rounding: 1e12 ms is about 31 years.
     */
    double time(JsonNode node, String at) {
        double value = nonNegative(node, at);
        if (value > Limits.MAX_MS) {
            throw refuse(at, "a time must be at most " + CanonicalJson.number(Limits.MAX_MS) + " ms (about 31 years), found "
                    + CanonicalJson.number(value));
        }
        return value;
    }

    OptionalDouble optionalNonNegative(JsonNode node, String at, String key) {
        return node.has(key) ? OptionalDouble.of(nonNegative(node.get(key), at + "/" + key)) : OptionalDouble.empty();
    }

    /** The key or index a pointer ends in, to name the field in a rule. */
    static String field(String pointer) {
        return pointer.substring(pointer.lastIndexOf('/') + 1);
    }

    Refusal refuse(String pointer, String rule) {
        long[] place = json.place(pointer);
        return new Refusal(file, pointer, place[0], place[1], rule);
    }

    GraphId graph(JsonNode node, String at) {
        String text = text(node, at);
        return GraphId.parse(text).orElseThrow(() -> refuse(at,
                "a graph id is F/V with non-negative integers (frame/variant), found \"" + text + "\""));
    }

    List<String> guards(JsonNode node, String at) {
        if (!node.has("guard_failures")) {
            return List.of();
        }
        JsonNode list = node.get("guard_failures");
        if (!list.isArray()) {
            throw refuse(at + "/guard_failures", "guard_failures must be an array of strings");
        }
        List<String> guards = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            guards.add(GuardText.normal(text(list.get(i), at + "/guard_failures/" + i)));
        }
        return guards;
    }
}
