package dev.compilereceipt;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;

/**
 * The figures that differ between two receipts of one trace, as lines
 * {@code runs.baseline.phases.steady.compiles: 0 → 8}, sorted by path. The ledger is left out:
 * its rows repeat what the phase figures already show.
 *
 * <p>Example: {@code ReceiptDifference.between(Receipt.of(trace), Receipt.of(trace, Mutant.DROP_WARMUP))}.
 */
public final class ReceiptDifference {

    private ReceiptDifference() {
    }

    public static List<String> between(Receipt before, Receipt after) {
        List<String> lines = new ArrayList<>();
        JsonNode a = ReceiptJson.body(before);
        JsonNode b = ReceiptJson.body(after);
        for (String key : new String[] {"runs", "comparison", "failures"}) {
            compare(key, a.path(key), b.path(key), lines);
        }
        return List.copyOf(lines);
    }

    private static void compare(String path, JsonNode a, JsonNode b, List<String> lines) {
        if (a.isObject() && b.isObject()) {
            TreeSet<String> keys = new TreeSet<>();
            for (Iterator<String> it = a.fieldNames(); it.hasNext(); ) {
                keys.add(it.next());
            }
            for (Iterator<String> it = b.fieldNames(); it.hasNext(); ) {
                keys.add(it.next());
            }
            for (String key : keys) {
                compare(path + "." + key, a.path(key), b.path(key), lines);
            }
        } else if (!a.equals(b)) {
            lines.add(path + ": " + render(a) + " → " + render(b));
        }
    }

    private static String render(JsonNode node) {
        if (node.isMissingNode()) {
            return "(absent)";
        }
        String text = CanonicalJson.write(node);
        return text.length() > 120 ? text.substring(0, 117) + "..." : text;
    }
}
