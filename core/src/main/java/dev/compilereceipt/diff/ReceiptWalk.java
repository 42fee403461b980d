package dev.compilereceipt.diff;

import static java.util.Map.entry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.ReceiptJson;
import dev.compilereceipt.receipt.ReceiptLimits;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.Measure;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The walk over two receipts as values, member by member of the receipt and of each run: a part
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

    /** The values each member of {@link ReceiptJson#RUN_MEMBERS} is written from, the receipt's limits among them where they are read. */
    private static final Map<String, BiFunction<RunFigures, ReceiptLimits, Object>> RUN_WRITTEN_FROM = Map.ofEntries(
            entry("break_sites", (run, limits) -> List.of(run.breakSites(), limits.measured(Measure.BREAK_SITES))),
            entry("cold_start", (run, limits) -> run.coldStart()),
            entry("compile_log", (run, limits) -> List.of(run.compileLog(), limits)),
            entry("graphs", (run, limits) -> run.graphs()),
            entry("guard_misses", (run, limits) -> run.guardMisses()),
            entry("phases", (run, limits) -> run.phases()),
            entry("recompile_causes", (run, limits) -> List.of(run.recompileCauses(), limits.measured(Measure.RECOMPILE_CAUSES))));

    private ReceiptWalk() {
    }

    /** The members {@link #differences} knows how to compare as values: every member of a receipt. */
    static List<String> members() {
        return List.copyOf(new TreeSet<>(WRITTEN_FROM.keySet()));
    }

    /** The members of a run it compares as values: every member of a run. */
    static List<String> runMembers() {
        return List.copyOf(new TreeSet<>(RUN_WRITTEN_FROM.keySet()));
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
        TreeSet<String> labels = new TreeSet<>(a.keySet());
        labels.addAll(b.keySet());
        List<ReceiptDifference> found = new ArrayList<>();
        for (String label : labels) {
            RunFigures x = a.get(label);
            RunFigures y = b.get(label);
            if (x == null || y == null) {
                found.addAll(DiffWalk.differences(List.of(RUNS, label), json(x, before.limits()), json(y, after.limits())));
            } else {
                found.addAll(run(List.of(RUNS, label), x, before.limits(), y, after.limits()));
            }
        }
        return found;
    }

    /** A run on both sides, member by member in the order of their keys. */
    private static List<ReceiptDifference> run(List<String> path, RunFigures x, ReceiptLimits xLimits, RunFigures y,
                                               ReceiptLimits yLimits) {
        List<ReceiptDifference> found = new ArrayList<>();
        for (String key : ReceiptJson.RUN_MEMBERS) {
            BiFunction<RunFigures, ReceiptLimits, Object> values = RUN_WRITTEN_FROM.get(key);
            if (!Objects.equals(values.apply(x, xLimits), values.apply(y, yLimits))) {
                List<String> deeper = new ArrayList<>(path);
                deeper.add(key);
                found.addAll(DiffWalk.differences(deeper, ReceiptJson.runMember(x, xLimits, key),
                        ReceiptJson.runMember(y, yLimits, key)));
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
