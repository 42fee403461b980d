package dev.compilereceipt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collection;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * The JSON tree of a receipt with the contract's key names;
 * {@link dev.compilereceipt.internal.json.CanonicalJson} writes it.
 */
public final class ReceiptJson {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private ReceiptJson() {
    }

    /** Everything but {@code receipt_sha256}: the bytes that hash is taken of. */
    public static ObjectNode body(Receipt receipt) {
        ObjectNode root = NODES.objectNode();
        root.put("format", Receipt.FORMAT);
        root.put("trace_sha256", receipt.traceSha256());
        root.set("fixture", TraceJson.fixture(receipt.fixture()));
        root.set("decision", TraceJson.decision(receipt.decision()));
        root.set("limits", limits(receipt.limits()));
        ObjectNode runs = root.putObject("runs");
        for (RunFigures run : receipt.runs()) {
            runs.set(run.label(), run(run, receipt.limits()));
        }
        ArrayNode ledger = root.putArray("ledger");
        receipt.ledger().rows().forEach(row -> ledger.add(row(row)));
        if (!receipt.comparisons().isEmpty()) {
            ObjectNode comparison = root.putObject("comparison");
            receipt.comparisons().forEach(c -> comparison.set(c.phase().id(), comparison(c)));
            receipt.trade().ifPresent(trade -> TradeJson.write(comparison, trade));
        }
        receipt.badLines().ifPresent(lines -> {
            ArrayNode bad = root.putArray("bad_lines");
            lines.forEach(bad::add);
        });
        root.set("failures", TraceJson.strings(receipt.failures()));
        return root;
    }

    static ObjectNode tree(Receipt receipt) {
        ObjectNode root = body(receipt);
        root.put("receipt_sha256", receipt.receiptSha256());
        return root;
    }

    private static ObjectNode limits(ReceiptLimits limits) {
        ObjectNode node = NODES.objectNode();
        long[] read = limits.readUnder().asValues();
        for (int i = 0; i < Limits.KEYS.size(); i++) {
            node.put(Limits.KEYS.get(i), read[i]);
        }
        node.set("not_established", TraceJson.strings(limits.notEstablished()));
        node.set("not_measured", TraceJson.strings(limits.notMeasured()));
        return node;
    }

    private static ObjectNode run(RunFigures run, ReceiptLimits limits) {
        ObjectNode node = NODES.objectNode();
        if (run.hasPhases()) {
            ObjectNode phases = node.putObject("phases");
            run.phases().values().forEach(figures -> phases.set(figures.phase().id(), phase(figures)));
        } else {
            node.putNull("phases");
        }
        node.set("graphs", TraceJson.strings(run.graphs()));
        ArrayNode sites = node.putArray("break_sites");
        for (BreakSite site : run.breakSites()) {
            ObjectNode s = sites.addObject();
            s.put("site", site.site());
            s.put("reason", site.reason());
            s.put("calls", site.calls());
            s.put("per_call_max", site.perCallMax());
            s.set("eager_ms", number(site.eagerMs()));
            TraceJson.site(s, site.reason(), site.detail());
        }
        ArrayNode misses = node.putArray("guard_misses");
        for (GuardMiss miss : run.guardMisses()) {
            ObjectNode m = misses.addObject();
            m.put("call", miss.call());
            m.put("graph", miss.graph().toString());
            m.put("guard", miss.guard());
        }
        run.compileLog().ifPresent(log -> node.set("compile_log", TraceJson.compileLog(log, limits::measured)));
        return node;
    }

    private static ObjectNode phase(PhaseFigures figures) {
        ObjectNode node = NODES.objectNode();
        node.put("calls", figures.calls());
        if (figures.wallMs().isPresent()) {
            WallTime wall = figures.wallMs().get();
            ObjectNode w = node.putObject("wall_ms");
            w.put("total", wall.total());
            w.put("mean", wall.mean());
            w.put("median", wall.median());
            w.put("p90", wall.p90());
        } else {
            node.putNull("wall_ms");
        }
        node.put("compiles", figures.compiles());
        node.set("cache_hits", number(figures.cacheHits()));
        node.put("fallbacks", figures.fallbacks());
        node.set("breaks", number(figures.breaks()));
        node.set("eager_island_ms", number(figures.eagerIslandMs()));
        node.put("compile_ms", figures.compileMs());
        node.set("new_graph_variants", TraceJson.strings(figures.newGraphVariants()));
        return node;
    }

    private static ObjectNode row(LedgerRow row) {
        ObjectNode node = NODES.objectNode();
        node.put("run", row.run());
        node.put("call", row.call());
        node.put("phase", row.phase().id());
        node.put("family", row.family());
        node.set("graphs", TraceJson.strings(row.graphs()));
        node.set("break_sites", TraceJson.strings(row.breakSites()));
        node.set("cache", text(row.cache().map(CallCache::id)));
        node.set("wall_ms", number(row.wallMs()));
        node.put("compile_ms", row.compileMs());
        node.set("eager_island_ms", number(row.eagerIslandMs()));
        return node;
    }

    private static ObjectNode comparison(Comparison comparison) {
        ObjectNode node = NODES.objectNode();
        node.put("baseline_calls", comparison.baselineCalls());
        node.put("candidate_calls", comparison.candidateCalls());
        if (comparison.failure().isPresent()) {
            node.put("failure", comparison.failure().get().code());
        } else {
            node.set("baseline_median_ms", number(comparison.baselineMedianMs()));
            node.set("candidate_median_ms", number(comparison.candidateMedianMs()));
            node.set("ratio", number(comparison.ratio()));
        }
        return node;
    }

    private static JsonNode number(OptionalDouble value) {
        return value.isPresent() ? NODES.numberNode(value.getAsDouble()) : NODES.nullNode();
    }

    private static JsonNode number(OptionalInt value) {
        return value.isPresent() ? NODES.numberNode(value.getAsInt()) : NODES.nullNode();
    }

    static JsonNode text(Optional<String> value) {
        return value.<JsonNode>map(NODES::textNode).orElse(NODES.nullNode());
    }
}
