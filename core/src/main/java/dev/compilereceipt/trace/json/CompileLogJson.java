package dev.compilereceipt.trace.json;

import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.CompileStages;
import dev.compilereceipt.trace.Millis;
import dev.compilereceipt.trace.Coverage;
import dev.compilereceipt.trace.Measure;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.json.JsonOutput;
import dev.compilereceipt.json.JsonTree;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.function.Predicate;
import org.apiguardian.api.API;

/**
 * A run's compile log as JSON: in the trace's canonical form (every figure, or those a source
 * measures) and as the receipt writes it, each figure as its source saw it (bounds as bounds,
 * what it did not measure as {@code null}), with each compile's stages.
 */
@API(status = API.Status.INTERNAL)
public final class CompileLogJson {

    private CompileLogJson() {
    }

    public static ObjectNode compileLog(CompileLog log) {
        return compileLog(log, measure -> true);
    }

    /**
     * The compile log of a source that did not measure everything: {@code compiles} and
     * {@code graphs} are {@code null} without {@link Measure#COMPILES}, {@code artifact_cache}
     * without {@link Measure#ARTIFACT_CACHE} (a TORCH_LOGS text shows neither).
     */
    public static ObjectNode compileLog(CompileLog log, Predicate<Measure> measured) {
        JsonTree tree = new JsonTree();
        compileLog(tree, log, measured);
        return (ObjectNode) tree.root();
    }

    public static void compileLog(JsonOutput out, CompileLog log, Predicate<Measure> measured) {
        compileLog(out, log, m -> measured.test(m) ? Coverage.MEASURED : Coverage.NOT_MEASURED, false);
    }

    /**
     * The compile log as the receipt writes it, each figure as its source saw it: where the
     * fallbacks are a lower bound (a PyTorch 2.6 TORCH_LOGS text), {@code fallbacks} is
     * {@code {"at_least": n, "known": [ids]}} instead of the list of ids.
     */
    public static void compileLogAsSeen(JsonOutput out, CompileLog log, Function<Measure, Coverage> coverage) {
        compileLog(out, log, coverage, true);
    }

    /**
     * {@code receipt}: the receipt's form, where the stage figures are {@code null} when not measured;
     * else the form a trace hash is taken of, which leaves them out then, so that the hash of a source
     * that never measured stages is what it was before they were added.
     */
    private static void compileLog(JsonOutput out, CompileLog log, Function<Measure, Coverage> coverage, boolean receipt) {
        Predicate<Measure> measured = m -> coverage.apply(m) != Coverage.NOT_MEASURED;
        boolean compiles = measured.test(Measure.COMPILES);
        out.startObject();
        out.key("compiles");
        if (compiles) {
            TraceJson.strings(out, log.compiles());
        } else {
            out.nullValue();
        }
        TraceJson.strings(out.key("recompiles"), log.recompiles());
        TraceJson.seen(out.key("fallbacks"), log.fallbacks(), coverage.apply(Measure.FALLBACKS));
        out.key("graphs");
        if (compiles) {
            TraceJson.strings(out, log.graphs());
        } else {
            out.nullValue();
        }
        TraceJson.strings(out.key("fallback_graphs"), log.fallbackGraphs());
        boolean graphs = compiles && measured.test(Measure.GRAPHS_COMPILED);
        out.key("graphless_variants");
        if (graphs) {
            TraceJson.strings(out, log.graphless());
        } else {
            out.nullValue();
        }
        out.key("graphs_compiled");
        if (graphs) {
            out.value(log.graphsCompiled());
        } else {
            out.nullValue();
        }
        out.key("break_sites");
        // The form a trace hash is taken of keeps what was read; the receipt says what was not measured.
        if (receipt && !measured.test(Measure.BREAK_SITES)) {
            out.nullValue();
        } else {
            breakSites(out, log);
        }
        out.key("recompile_reasons");
        if (receipt && !measured.test(Measure.RECOMPILE_CAUSES)) {
            out.nullValue();
        } else {
            recompileReasons(out, log);
        }
        TraceJson.number(out.key("compile_ms"), log.compileMs());
        boolean stages = measured.test(Measure.COMPILE_STAGES);
        if (stages || receipt) {
            compileTimes(out.key("compile_times"), log, stages,
                    receipt ? new CacheLookupsJson(measured.test(Measure.FX_GRAPH_CACHE), measured.test(Measure.AOTAUTOGRAD_CACHE)) : null);
            stages(out, stages ? log.compileMs() : OptionalDouble.empty(), log.stages());
        }
        out.key("artifact_cache");
        if (!measured.test(Measure.ARTIFACT_CACHE)) {
            out.nullValue();
        } else {
            out.startObject();
            if (!receipt || measured.test(Measure.FX_GRAPH_CACHE)) {
                cacheCounts(out.key("fx_graph"), log.artifactCache().fxGraph());
            } else {
                out.key("fx_graph").nullValue();
            }
            if (!receipt || measured.test(Measure.AOTAUTOGRAD_CACHE)) {
                cacheCounts(out.key("aotautograd"), log.artifactCache().aotAutograd());
            } else {
                out.key("aotautograd").nullValue();
            }
            out.endObject();
        }
        out.endObject();
    }

    private static void breakSites(JsonOutput out, CompileLog log) {
        out.startArray();
        for (CompileLog.Site site : log.breakSites()) {
            out.startObject();
            out.key("site").value(site.site());
            out.key("reason").value(site.reason());
            out.key("compiles").value(site.compiles());
            TraceJson.site(out, site.kind(), site.causeKind(), site.detail());
            out.endObject();
        }
        out.endArray();
    }

    private static void recompileReasons(JsonOutput out, CompileLog log) {
        out.startArray();
        for (CompileLog.RecompileReason reason : log.recompileReasons()) {
            out.startObject();
            out.key("graph").value(reason.graph());
            out.key("guard").value(reason.guard());
            out.endObject();
        }
        out.endArray();
    }

    /** The caches measured, for the receipt's per-compile lookups; null in the form a trace hash is taken of, which has none. */
    private static void compileTimes(JsonOutput out, CompileLog log, boolean measured, CacheLookupsJson lookups) {
        if (!measured) {
            out.nullValue();
            return;
        }
        out.startArray();
        for (CompileLog.CompileTime time : log.compileTimes()) {
            out.startObject();
            out.key("graph").value(time.graph());
            TraceJson.number(out.key("compile_ms"), time.compileMs());
            stages(out, time.compileMs(), time.stages());
            if (lookups != null) {
                lookups.write(out, time.cache());
            }
            out.endObject();
        }
        out.endArray();
    }

    /**
     * The {@code stages} and {@code unattributed_ms} of a {@code compile_ms} (members of the object
     * being written): both {@code null} where the compile time or its stages were not measured.
     */
    public static void stages(JsonOutput out, OptionalDouble compileMs, CompileStages stages) {
        out.key("stages");
        if (compileMs.isEmpty()) {
            out.nullValue();
            out.key("unattributed_ms").nullValue();
            return;
        }
        out.startObject();
        stages.ms().forEach((stage, ms) -> out.key(stage).value(Millis.round(ms)));
        out.endObject();
        out.key("unattributed_ms").value(stages.unattributedMs(compileMs.getAsDouble()));
    }

    public static void cacheCounts(JsonOutput out, CompileLog.CacheCounts counts) {
        out.startObject();
        out.key("hit").value(counts.hit());
        out.key("miss").value(counts.miss());
        out.key("bypass").value(counts.bypass());
        out.endObject();
    }
}
