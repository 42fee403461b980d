package dev.compilereceipt.receipt;

import dev.compilereceipt.ledger.CallCache;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.trace.CompileStages;
import dev.compilereceipt.trace.GuardMiss;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.json.CompileLogJson;
import dev.compilereceipt.trace.json.TraceJson;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.json.CanonicalWriter;
import dev.compilereceipt.json.JsonOutput;
import dev.compilereceipt.json.JsonTree;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.apiguardian.api.API;

/**
 * The JSON of a receipt with the contract's key names, written once to a {@link JsonOutput}: as a
 * Jackson tree ({@link #tree}) for export and comparison, and as canonical bytes straight from the
 * receipt for {@code receipt_sha256} ({@link #bodySha256}), with no tree between.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ReceiptJson {

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

    // Members are written in the order of their keys, the order of the canonical form, so the canonical writer
    // finds every large object already sorted and moves no text.
    private static void write(JsonOutput out, Receipt receipt, boolean withHash) {
        out.startObject();
        receipt.badLines().ifPresent(lines -> {
            out.key("bad_lines").startArray();
            lines.forEach(out::value);
            out.endArray();
        });
        if (!receipt.comparisons().isEmpty()) {
            out.key("comparison").startObject();
            receipt.comparisons().forEach(c -> comparison(out.key(c.phase().id()), c));
            receipt.trade().ifPresent(trade -> TradeJson.write(out, trade));
            out.endObject();
        }
        TraceJson.decision(out.key("decision"), receipt.decision());
        TraceJson.strings(out.key("failures"), receipt.failures());
        TraceJson.fixture(out.key("fixture"), receipt.fixture());
        out.key("format").value(Receipt.FORMAT);
        out.key("ledger").startArray();
        for (LedgerRow row : receipt.ledger().rows()) {
            row(out, row);
        }
        out.endArray();
        limits(out.key("limits"), receipt.limits());
        if (withHash) {
            out.key("receipt_sha256").value(receipt.receiptSha256());
        }
        out.key("runs").startObject();
        for (RunFigures run : receipt.runs()) {
            run(out.key(run.label()), run, receipt.limits());
        }
        out.endObject();
        out.key("trace_sha256").value(receipt.traceSha256());
        out.endObject();
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

    private static void run(JsonOutput out, RunFigures run, ReceiptLimits limits) {
        out.startObject();
        out.key("break_sites").startArray();
        for (BreakSite site : run.breakSites()) {
            out.startObject();
            TraceJson.count(out.key("calls"), site.calls(), site.crossings());
            number(out.key("eager_ms"), site.eagerMs());
            TraceJson.count(out.key("per_call_max"), site.perCallMax(), site.crossings());
            out.key("reason").value(site.reason());
            out.key("site").value(site.site());
            TraceJson.site(out, site.kind(), site.causeKind(), site.detail());
            out.endObject();
        }
        out.endArray();
        coldStart(out.key("cold_start"), run.coldStart());
        run.compileLog().ifPresent(log -> CompileLogJson.compileLogAsSeen(out.key("compile_log"), log,
                limits::coverage));
        TraceJson.strings(out.key("graphs"), run.graphs());
        out.key("guard_misses").startArray();
        for (GuardMiss miss : run.guardMisses()) {
            out.startObject();
            out.key("call").value(miss.call());
            out.key("graph").value(miss.graph().toString());
            out.key("guard").value(miss.guard());
            out.endObject();
        }
        out.endArray();
        out.key("phases");
        if (run.hasPhases()) {
            out.startObject();
            run.phases().values().forEach(figures -> phase(out.key(figures.phase().id()), figures));
            out.endObject();
        } else {
            out.nullValue();
        }
        out.key("recompile_causes").startArray();
        run.recompileCauses().forEach(cause -> cause(out, cause));
        out.endArray();
        out.endObject();
    }

    /**
     * {@code cold_start}: {@code cache} {@code {fx_graph, aotautograd}} (each {@code {hit, miss,
     * bypass}} or {@code null}), {@code cold_compiles} ({@code [{graph, missed_caches}]}, the warm
     * start's compiles that missed or bypassed), {@code compiles}, {@code empty_caches_ms},
     * {@code warm_caches_ms}; {@code null} where not measured.
     */
    private static void coldStart(JsonOutput out, ColdStart cold) {
        out.startObject();
        out.key("cache");
        if (cold.hasWarmStart()) {
            out.startObject();
            cacheCounts(out.key("aotautograd"), cold.aotAutograd());
            cacheCounts(out.key("fx_graph"), cold.fxGraph());
            out.endObject();
        } else {
            out.nullValue();
        }
        out.key("cold_compiles");
        if (cold.hasWarmStart() && (cold.fxGraph().isPresent() || cold.aotAutograd().isPresent())) {
            out.startArray();
            for (ColdStart.CompileCache compile : cold.coldCompiles()) {
                out.startObject();
                out.key("graph").value(compile.graph());
                TraceJson.strings(out.key("missed_caches"), compile.cache().missed());
                out.endObject();
            }
            out.endArray();
        } else {
            out.nullValue();
        }
        number(out.key("compiles"), cold.compiles());
        number(out.key("empty_caches_ms"), cold.emptyCachesMs());
        number(out.key("warm_caches_ms"), cold.warmCachesMs());
        out.endObject();
    }

    private static void cacheCounts(JsonOutput out, Optional<dev.compilereceipt.trace.CompileLog.CacheCounts> counts) {
        if (counts.isPresent()) {
            CompileLogJson.cacheCounts(out, counts.get());
        } else {
            out.nullValue();
        }
    }

    private static void cause(JsonOutput out, RecompileCause cause) {
        out.startObject();
        out.key("ended_in_limit").value(cause.endedInLimit());
        TraceJson.strings(out.key("graphs"), cause.graphs());
        out.key("guard").value(cause.guard());
        out.key("kind").value(cause.kind().id());
        out.key("phases");
        if (cause.phases().isPresent()) {
            TraceJson.strings(out, cause.phases().get().stream().map(Phase::id).toList());
        } else {
            out.nullValue();
        }
        out.key("subject").value(cause.subject());
        text(out.key("user_line"), cause.userLine());
        TraceJson.strings(out.key("values"), cause.values());
        out.endObject();
    }

    private static void phase(JsonOutput out, PhaseFigures figures) {
        out.startObject();
        number(out.key("breaks"), figures.breaks());
        number(out.key("cache_hits"), figures.cacheHits());
        out.key("calls").value(figures.calls());
        out.key("compile_ms").value(figures.compileMs());
        out.key("compiles").value(figures.compiles());
        number(out.key("eager_island_ms"), figures.eagerIslandMs());
        out.key("fallbacks").value(figures.fallbacks());
        number(out.key("graphs_compiled"), figures.graphsCompiled());
        if (figures.guardCheckMs().isPresent()) {
            out.key("guard_check_ms").startObject();
            out.key("median").value(figures.guardCheckMs().get().median());
            out.key("total").value(figures.guardCheckMs().get().total());
            out.endObject();
        }
        TraceJson.strings(out.key("new_graph_variants"), figures.newGraphVariants());
        CompileLogJson.stages(out, figures.compileStages().isPresent() ? OptionalDouble.of(figures.compileMs())
                : OptionalDouble.empty(), figures.compileStages().orElse(CompileStages.NONE));
        out.key("wall_ms");
        if (figures.wallMs().isPresent()) {
            WallTime wall = figures.wallMs().get();
            out.startObject();
            out.key("mean").value(wall.mean());
            out.key("median").value(wall.median());
            out.key("p90").value(wall.p90());
            out.key("total").value(wall.total());
            out.endObject();
        } else {
            out.nullValue();
        }
        out.endObject();
    }

    private static void row(JsonOutput out, LedgerRow row) {
        out.startObject();
        TraceJson.seen(out.key("break_sites"), row.breakSites(), row.breakSitesSeen());
        text(out.key("cache"), row.cache().map(CallCache::id));
        out.key("call").value(row.call());
        out.key("compile_ms").value(row.compileMs());
        number(out.key("eager_island_ms"), row.eagerIslandMs());
        out.key("family").value(row.family());
        TraceJson.seen(out.key("graphs"), row.graphs(), row.graphsSeen());
        if (row.guardCheckMs().isPresent()) {
            out.key("guard_check_ms").value(row.guardCheckMs().getAsDouble());
        }
        out.key("phase").value(row.phase().id());
        out.key("run").value(row.run());
        number(out.key("wall_ms"), row.wallMs());
        out.endObject();
    }

    private static void comparison(JsonOutput out, Comparison comparison) {
        out.startObject();
        out.key("baseline_calls").value(comparison.baselineCalls());
        if (comparison.failure().isEmpty()) {
            number(out.key("baseline_median_ms"), comparison.baselineMedianMs());
        }
        out.key("candidate_calls").value(comparison.candidateCalls());
        if (comparison.failure().isPresent()) {
            out.key("failure").value(comparison.failure().get().code());
        } else {
            number(out.key("candidate_median_ms"), comparison.candidateMedianMs());
            number(out.key("ratio"), comparison.ratio());
        }
        out.endObject();
    }

    private static void number(JsonOutput out, OptionalDouble value) {
        TraceJson.number(out, value);
    }

    private static void number(JsonOutput out, OptionalInt value) {
        if (value.isPresent()) {
            out.value(value.getAsInt());
        } else {
            out.nullValue();
        }
    }

    private static void text(JsonOutput out, Optional<String> value) {
        if (value.isPresent()) {
            out.value(value.get());
        } else {
            out.nullValue();
        }
    }
}
