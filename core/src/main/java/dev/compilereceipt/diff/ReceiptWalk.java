package dev.compilereceipt.diff;

import static java.util.Map.entry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.ReceiptJson;
import dev.compilereceipt.receipt.ReceiptLimits;
import dev.compilereceipt.receipt.RunFigures;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The walk over two receipts as values, member by member of the receipt and run by run: a part
 * whose values are equal on both sides is passed over unwritten; a part that differs is written
 * ({@link ReceiptJson#member}, {@link ReceiptJson#run}) and walked by {@link DiffWalk}, which names
 * its figures as the receipt's JSON does. Equal values write equal JSON, so the differences are
 * exactly those of the walk over the two whole trees, in the same order; a receipt read back from
 * a file has no values, and its tree is walked as it is.
 */
final class ReceiptWalk {

    private static final String RUNS = "runs";

    /** The values each member of {@link ReceiptJson#MEMBERS} is written from: a member is written from these alone. */
    private static final Map<String, Function<Receipt, Object>> WRITTEN_FROM = Map.ofEntries(
            entry("bad_lines", Receipt::badLines),
            entry("comparison", receipt -> List.of(receipt.comparisons(), receipt.trade())),
            entry("decision", Receipt::decision),
            entry("failures", Receipt::failures),
            entry("fixture", Receipt::fixture),
            entry("format", Receipt::format),
            entry("ledger", Receipt::ledger),
            entry("limits", Receipt::limits),
            entry("receipt_sha256", Receipt::receiptSha256),
            entry(RUNS, receipt -> List.of(receipt.runs(), receipt.limits())),
            entry("trace_sha256", Receipt::traceSha256));

    private ReceiptWalk() {
    }

    /** The members {@link #differences} knows how to compare as values: every member of a receipt. */
    static List<String> members() {
        return List.copyOf(new TreeSet<>(WRITTEN_FROM.keySet()));
    }

    /** The differences in {@code members} (of {@link ReceiptJson#MEMBERS}), member after member in the order given, each in the order of the walk. */
    static List<ReceiptDifference> differences(Receipt before, Receipt after, List<String> members) {
        List<ReceiptDifference> found = new ArrayList<>();
        for (String key : members) {
            Function<Receipt, Object> values = WRITTEN_FROM.get(key);
            if (values == null) {
                throw new IllegalArgumentException("a receipt's members are " + members() + ", not " + key);
            }
            if (Objects.equals(values.apply(before), values.apply(after))) {
                continue;
            }
            if (key.equals(RUNS)) {
                found.addAll(runs(before, after));
            } else {
                found.addAll(DiffWalk.differences(List.of(key), ReceiptJson.member(before, key), ReceiptJson.member(after, key)));
            }
        }
        return found;
    }

    /** Run by run, by label as the {@code runs} object orders its keys; the whole member where labels repeat, which an object cannot hold. */
    private static List<ReceiptDifference> runs(Receipt before, Receipt after) {
        Map<String, RunFigures> a = byLabel(before);
        Map<String, RunFigures> b = byLabel(after);
        if (a == null || b == null) {
            return DiffWalk.differences(List.of(RUNS), ReceiptJson.member(before, RUNS), ReceiptJson.member(after, RUNS));
        }
        boolean sameLimits = before.limits().equals(after.limits());
        TreeSet<String> labels = new TreeSet<>(a.keySet());
        labels.addAll(b.keySet());
        List<ReceiptDifference> found = new ArrayList<>();
        for (String label : labels) {
            RunFigures x = a.get(label);
            RunFigures y = b.get(label);
            if (!sameLimits || !Objects.equals(x, y)) {
                found.addAll(DiffWalk.differences(List.of(RUNS, label), json(x, before.limits()), json(y, after.limits())));
            }
        }
        return found;
    }

    private static Map<String, RunFigures> byLabel(Receipt receipt) {
        Map<String, RunFigures> runs = new HashMap<>();
        for (RunFigures run : receipt.runs()) {
            if (runs.putIfAbsent(run.label(), run) != null) {
                return null;
            }
        }
        return runs;
    }

    private static JsonNode json(RunFigures run, ReceiptLimits limits) {
        return run == null ? MissingNode.getInstance() : ReceiptJson.run(run, limits);
    }
}
