package dev.compilereceipt.receipt;

import dev.compilereceipt.ledger.CallCache;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.json.TraceJson;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.json.CanonicalWriter;
import dev.compilereceipt.json.JsonOutput;
import dev.compilereceipt.json.JsonTree;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The JSON of a receipt with the contract's key names, written once to a {@link JsonOutput}: as a
 * Jackson tree ({@link #tree}) for export and comparison, and as canonical bytes straight from the
 * receipt for {@code receipt_sha256} ({@link #bodySha256}), with no tree between.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ReceiptJson {

    /** The top-level members of a receipt's JSON, in the order of their keys: the order of the canonical form. */
    public static final List<String> MEMBERS = List.of("bad_lines", "comparison", "decision", "failures", "fixture", "format",
            "ledger", "limits", "receipt_sha256", "runs", "trace_sha256");

    private static final String HASH = "receipt_sha256";

    private ReceiptJson() {
    }

    /** Everything but {@code receipt_sha256}: the bytes that hash is taken of. */
    public static ObjectNode body(Receipt receipt) {
        JsonTree tree = new JsonTree();
        write(tree, receipt, false);
        return (ObjectNode) tree.root();
    }

    /** The SHA-256 of the canonical form of {@link #body}, written from the receipt itself. */
    static String bodySha256(Receipt receipt) {
        // A ledger row is some 300 characters of the receipt: the text is sized once instead of grown.
        CanonicalWriter out = new CanonicalWriter(4096 + 320 * receipt.ledger().rows().size());
        write(out, receipt, false);
        return out.sha256();
    }

    public static ObjectNode tree(Receipt receipt) {
        JsonTree tree = new JsonTree();
        write(tree, receipt, true);
        return (ObjectNode) tree.root();
    }

    /**
     * The JSON of one top-level member of {@link #MEMBERS}, as {@link #tree} writes it; a missing node
     * where the tree leaves the member out ({@code bad_lines} of a trace without bad lines,
     * {@code comparison} of one run).
     */
    public static JsonNode member(Receipt receipt, String key) {
        if (!MEMBERS.contains(key)) {
            throw new IllegalArgumentException("a receipt's members are " + MEMBERS + ", not " + key);
        }
        if (!has(receipt, key)) {
            return MissingNode.getInstance();
        }
        JsonTree tree = new JsonTree();
        member(tree, receipt, key);
        return tree.root();
    }

    /** The members of a run's JSON ({@code runs.<label>}), in the order of their keys. */
    public static final List<String> RUN_MEMBERS = RunJson.MEMBERS;

    /** The JSON of one run as {@code runs.<label>} holds it: its figures, the compile log's coverage taken from {@code limits}. */
    public static JsonNode run(RunFigures run, ReceiptLimits limits) {
        JsonTree tree = new JsonTree();
        RunJson.write(tree, run, limits);
        return tree.root();
    }

    /** The JSON of one member of {@link #RUN_MEMBERS} of a run, as {@link #run} writes it; a missing node for a {@code compile_log} the run has not. */
    public static JsonNode runMember(RunFigures run, ReceiptLimits limits, String key) {
        if (!RunJson.MEMBERS.contains(key)) {
            throw new IllegalArgumentException("a run's members are " + RunJson.MEMBERS + ", not " + key);
        }
        if (!RunJson.has(run, key)) {
            return MissingNode.getInstance();
        }
        JsonTree tree = new JsonTree();
        RunJson.member(tree, run, limits, key);
        return tree.root();
    }

    // Members are written in the order of their keys, the order of the canonical form, so the canonical writer
    // finds every large object already sorted and moves no text.
    private static void write(JsonOutput out, Receipt receipt, boolean withHash) {
        out.startObject();
        for (String key : MEMBERS) {
            if (has(receipt, key) && (withHash || !key.equals(HASH))) {
                member(out.key(key), receipt, key);
            }
        }
        out.endObject();
    }

    private static boolean has(Receipt receipt, String key) {
        return switch (key) {
            case "bad_lines" -> receipt.badLines().isPresent();
            case "comparison" -> !receipt.comparisons().isEmpty();
            default -> true;
        };
    }

    private static void member(JsonOutput out, Receipt receipt, String key) {
        switch (key) {
            case "bad_lines" -> {
                out.startArray();
                receipt.badLines().orElseThrow().forEach(out::value);
                out.endArray();
            }
            case "comparison" -> {
                out.startObject();
                receipt.comparisons().forEach(c -> comparison(out.key(c.phase().id()), c));
                receipt.trade().ifPresent(trade -> TradeJson.write(out, trade));
                out.endObject();
            }
            case "decision" -> TraceJson.decision(out, receipt.decision());
            case "failures" -> TraceJson.strings(out, receipt.failures());
            case "fixture" -> TraceJson.fixture(out, receipt.fixture());
            case "format" -> out.value(Receipt.FORMAT);
            case "ledger" -> {
                out.startArray();
                for (LedgerRow row : receipt.ledger().rows()) {
                    row(out, row);
                }
                out.endArray();
            }
            case "limits" -> limits(out, receipt.limits());
            case HASH -> out.value(receipt.receiptSha256());
            case "runs" -> {
                out.startObject();
                for (RunFigures run : receipt.runs()) {
                    RunJson.write(out.key(run.label()), run, receipt.limits());
                }
                out.endObject();
            }
            case "trace_sha256" -> out.value(receipt.traceSha256());
            default -> throw new IllegalArgumentException("a receipt's members are " + MEMBERS + ", not " + key);
        }
    }

    private static void limits(JsonOutput out, ReceiptLimits limits) {
        out.startObject();
        long[] read = limits.readUnder().asValues();
        for (int i = 0; i < Limits.KEYS.size(); i++) {
            out.key(Limits.KEYS.get(i)).value(read[i]);
        }
        TraceJson.strings(out.key("not_established"), limits.notEstablished());
        TraceJson.strings(out.key("not_measured"), limits.notMeasured());
        if (!limits.bounds().isEmpty()) {
            out.key("bounds").startObject();
            limits.bounds().forEach((measure, coverage) -> out.key(measure.id()).value(coverage.id()));
            out.endObject();
        }
        out.endObject();
    }

    private static void row(JsonOutput out, LedgerRow row) {
        out.startObject();
        TraceJson.seen(out.key("break_sites"), row.breakSites(), row.breakSitesSeen());
        RunJson.text(out.key("cache"), row.cache().map(CallCache::id));
        out.key("call").value(row.call());
        out.key("compile_ms").value(row.compileMs());
        RunJson.number(out.key("eager_island_ms"), row.eagerIslandMs());
        out.key("family").value(row.family());
        TraceJson.seen(out.key("graphs"), row.graphs(), row.graphsSeen());
        if (row.guardCheckMs().isPresent()) {
            out.key("guard_check_ms").value(row.guardCheckMs().getAsDouble());
        }
        out.key("phase").value(row.phase().id());
        out.key("run").value(row.run());
        RunJson.number(out.key("wall_ms"), row.wallMs());
        out.endObject();
    }

    private static void comparison(JsonOutput out, Comparison comparison) {
        out.startObject();
        out.key("baseline_calls").value(comparison.baselineCalls());
        if (comparison.failure().isEmpty()) {
            RunJson.number(out.key("baseline_median_ms"), comparison.baselineMedianMs());
        }
        out.key("candidate_calls").value(comparison.candidateCalls());
        if (comparison.failure().isPresent()) {
            out.key("failure").value(comparison.failure().get().code());
        } else {
            RunJson.number(out.key("candidate_median_ms"), comparison.candidateMedianMs());
            RunJson.number(out.key("ratio"), comparison.ratio());
        }
        out.endObject();
    }
}
