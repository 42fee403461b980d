package dev.compilereceipt.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.compilereceipt.json.CanonicalJson;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The one walk over two receipt trees that every diff goes through: whole trees (a receipt read
 * back from a file), or the parts of two receipt values that differ ({@link ReceiptWalk}). Objects are compared key by key; an array of
 * objects element by element, each named by its {@code site}, {@code call}, {@code graph},
 * {@code id} or {@code name} where every element of both sides has a distinct one, else by
 * index; anything else is one figure, equal when its canonical JSON is. Every node is visited
 * once and an element is found by its name through a map, so the walk takes time in proportion
 * to the two trees: a receipt of 24,000 recompile reasons is not 24,000² lookups.
 */
final class DiffWalk {

    private static final List<String> KEYS = List.of("site", "call", "graph", "id", "name");

    private final List<ReceiptDifference> found = new ArrayList<>();

    private DiffWalk() {
    }

    /** The differences at and below {@code path}, in the order of the walk: keys and names sorted, indexes ascending. */
    static List<ReceiptDifference> differences(List<String> path, JsonNode before, JsonNode after) {
        DiffWalk walk = new DiffWalk();
        walk.compare(path, before, after);
        return walk.found;
    }

    private void compare(List<String> path, JsonNode a, JsonNode b) {
        if (a.isObject() && b.isObject()) {
            TreeSet<String> keys = new TreeSet<>();
            a.fieldNames().forEachRemaining(keys::add);
            b.fieldNames().forEachRemaining(keys::add);
            for (String key : keys) {
                compare(deeper(path, key), a.path(key), b.path(key));
            }
        } else if (a.isArray() && b.isArray() && hasObjects(a, b) && !same(a, b)) {
            compareElements(path, a, b);
        } else if (!same(a, b)) {
            found.add(new ReceiptDifference(path, value(a), value(b)));
        }
    }

    private void compareElements(List<String> path, JsonNode a, JsonNode b) {
        for (String key : KEYS) {
            Map<String, JsonNode> before = byName(a, key);
            Map<String, JsonNode> after = before == null ? null : byName(b, key);
            if (after != null) {
                TreeSet<String> names = new TreeSet<>(before.keySet());
                names.addAll(after.keySet());
                for (String name : names) {
                    compare(deeper(path, "[" + name + "]"), present(before.get(name)), present(after.get(name)));
                }
                return;
            }
        }
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            compare(deeper(path, "[" + i + "]"), a.path(i), b.path(i));
        }
    }

    /** The elements of {@code array} by their text at {@code key}; null unless every element has a distinct one. */
    private static Map<String, JsonNode> byName(JsonNode array, String key) {
        Map<String, JsonNode> named = new HashMap<>(array.size() * 2);
        for (JsonNode element : array) {
            JsonNode value = element.get(key);
            if (value == null || !value.isTextual() || named.putIfAbsent(value.asText(), element) != null) {
                return null;
            }
        }
        return named;
    }

    private static JsonNode present(JsonNode element) {
        return element == null ? MissingNode.getInstance() : element;
    }

    /** Equal as canonical JSON: a number read back from a file ({@code 0}) equals the double the receipt holds ({@code 0.0}). */
    private static boolean same(JsonNode a, JsonNode b) {
        if (a.isMissingNode() || b.isMissingNode()) {
            return a.isMissingNode() && b.isMissingNode();
        }
        return CanonicalJson.write(a).equals(CanonicalJson.write(b));
    }

    private static boolean hasObjects(JsonNode a, JsonNode b) {
        boolean any = false;
        for (JsonNode array : List.of(a, b)) {
            for (JsonNode element : array) {
                if (!element.isObject()) {
                    return false;
                }
                any = true;
            }
        }
        return any;
    }

    private static List<String> deeper(List<String> path, String segment) {
        List<String> deeper = new ArrayList<>(path.size() + 1);
        deeper.addAll(path);
        deeper.add(segment);
        return deeper;
    }

    private static Optional<String> value(JsonNode node) {
        return node.isMissingNode() ? Optional.empty() : Optional.of(CanonicalJson.write(node));
    }

    /** Segment by segment; indexes {@code [2]} before {@code [10]}. */
    static int comparePaths(List<String> a, List<String> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = compareSegments(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    private static int compareSegments(String a, String b) {
        if (isIndex(a) && isIndex(b)) {
            return Integer.compare(Integer.parseInt(a.substring(1, a.length() - 1)), Integer.parseInt(b.substring(1, b.length() - 1)));
        }
        return a.compareTo(b);
    }

    /** {@code [0]} to {@code [999999999]}: the name of an element compared by index. */
    private static boolean isIndex(String segment) {
        int digits = segment.length() - 2;
        if (digits < 1 || digits > 9 || segment.charAt(0) != '[' || segment.charAt(segment.length() - 1) != ']') {
            return false;
        }
        for (int i = 1; i <= digits; i++) {
            if (segment.charAt(i) < '0' || segment.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
