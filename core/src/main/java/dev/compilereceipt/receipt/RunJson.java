package dev.compilereceipt.receipt;

import dev.compilereceipt.json.JsonOutput;
import dev.compilereceipt.trace.CodeFrame;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.CompileStages;
import dev.compilereceipt.trace.GuardMiss;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.KeyComparison;
import dev.compilereceipt.trace.json.CompileLogJson;
import dev.compilereceipt.trace.json.TraceJson;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * The JSON of one run of a receipt, as {@code runs.<label>} holds it: break sites, cold start,
 * compile log, graphs, guard misses, phases and recompile causes. Apart from {@link ReceiptJson} so
 * that one run can be written alone, as the diff does for a run whose figures changed.
 */
final class RunJson {

    private RunJson() {
    }

    /** The members of a run's JSON, in the order of their keys. */
    static final List<String> MEMBERS = List.of("break_sites", "cold_start", "compile_log", "graphs", "guard_misses", "phases",
            "recompile_causes");

    static void write(JsonOutput out, RunFigures run, ReceiptLimits limits) {
        out.startObject();
        for (String key : MEMBERS) {
            if (has(run, key)) {
                member(out.key(key), run, limits, key);
            }
        }
        out.endObject();
    }

    /** Whether the run's JSON holds {@code key}: {@code compile_log} only where the source has one. */
    static boolean has(RunFigures run, String key) {
        return !key.equals("compile_log") || run.compileLog().isPresent();
    }

    static void member(JsonOutput out, RunFigures run, ReceiptLimits limits, String key) {
        switch (key) {
            case "break_sites" -> {
                // A list read where its logger was off is not an empty list: what was not read is null, as any figure.
                if (!limits.measured(Measure.BREAK_SITES)) {
                    out.nullValue();
                    return;
                }
                out.startArray();
                run.breakSites().forEach(site -> site(out, site));
                out.endArray();
            }
            case "cold_start" -> coldStart(out, run.coldStart());
            case "compile_log" -> CompileLogJson.compileLogAsSeen(out, run.compileLog().orElseThrow(), limits::coverage);
            case "graphs" -> TraceJson.strings(out, run.graphs());
            case "guard_misses" -> {
                out.startArray();
                for (GuardMiss miss : run.guardMisses()) {
                    out.startObject();
                    out.key("call").value(miss.call());
                    out.key("graph").value(miss.graph().toString());
                    out.key("guard").value(miss.guard());
                    out.endObject();
                }
                out.endArray();
            }
            case "phases" -> {
                if (run.hasPhases()) {
                    out.startObject();
                    run.phases().values().forEach(figures -> phase(out.key(figures.phase().id()), figures));
                    out.endObject();
                } else {
                    out.nullValue();
                }
            }
            case "recompile_causes" -> {
                if (!limits.measured(Measure.RECOMPILE_CAUSES)) {
                    out.nullValue();
                    return;
                }
                out.startArray();
                run.recompileCauses().forEach(cause -> cause(out, cause));
                out.endArray();
            }
            default -> throw new IllegalArgumentException("a run's members are " + MEMBERS + ", not " + key);
        }
    }

    private static void site(JsonOutput out, BreakSite site) {
        out.startObject();
        TraceJson.count(out.key("calls"), site.calls(), site.crossings());
        number(out.key("eager_ms"), site.eagerMs());
        TraceJson.count(out.key("per_call_max"), site.perCallMax(), site.crossings());
        out.key("reason").value(site.reason());
        out.key("site").value(site.site());
        TraceJson.site(out, site.kind(), site.causeKind(), site.detail());
        out.endObject();
    }

    /**
     * {@code cold_start}: {@code cache} {@code {fx_graph, aotautograd}} (each {@code {hit, miss,
     * bypass}} or {@code null}), {@code cold_compiles} ({@code [{graph, missed_caches}]}, the warm
     * start's compiles that missed or bypassed), {@code compiles}, {@code empty_caches_ms},
     * {@code warm_caches_ms}, {@code key_changes} ({@code [{graph, cache, outcome, counterpart: found | none | cache_unused, components: [{name, cold, warm}] | null}]},
     * why each missed lookup of the warm start missed: {@link KeyComparison}); {@code null} where not measured.
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
        out.key("key_changes");
        if (cold.keyChanges().isPresent()) {
            out.startArray();
            for (KeyComparison.Change change : cold.keyChanges().get()) {
                keyChange(out, change);
            }
            out.endArray();
        } else {
            out.nullValue();
        }
        number(out.key("warm_caches_ms"), cold.warmCachesMs());
        out.endObject();
    }

    /** {@code {cache, components: [{cold, name, warm}] | null, counterpart, graph, outcome}}: the key order of the canonical form. */
    private static void keyChange(JsonOutput out, KeyComparison.Change change) {
        out.startObject();
        out.key("cache").value(change.cache());
        out.key("components");
        if (change.components().isPresent()) {
            out.startArray();
            for (KeyComparison.ComponentChange component : change.components().get()) {
                out.startObject();
                out.key("cold").value(component.cold());
                out.key("name").value(component.name());
                out.key("warm").value(component.warm());
                out.endObject();
            }
            out.endArray();
        } else {
            out.nullValue();
        }
        out.key("counterpart").value(change.counterpart().id());
        out.key("graph").value(change.graph());
        out.key("outcome").value(change.outcome());
        out.endObject();
    }

    private static void cacheCounts(JsonOutput out, Optional<CompileLog.CacheCounts> counts) {
        if (counts.isPresent()) {
            CompileLogJson.cacheCounts(out, counts.get());
        } else {
            out.nullValue();
        }
    }

    private static void cause(JsonOutput out, RecompileCause cause) {
        out.startObject();
        out.key("ended_in_limit").value(cause.endedInLimit());
        out.key("frame");
        if (cause.frame().isPresent()) {
            CodeFrame frame = cause.frame().get();
            out.startObject();
            out.key("file").value(frame.file());
            out.key("function").value(frame.function());
            number(out.key("line"), frame.line());
            out.endObject();
        } else {
            out.nullValue();
        }
        TraceJson.strings(out.key("graphs"), cause.graphs());
        out.key("guard").value(cause.guard());
        text(out.key("guard_line"), cause.guardLine());
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


    static void number(JsonOutput out, OptionalDouble value) {
        TraceJson.number(out, value);
    }

    static void number(JsonOutput out, OptionalInt value) {
        if (value.isPresent()) {
            out.value(value.getAsInt());
        } else {
            out.nullValue();
        }
    }

    static void text(JsonOutput out, Optional<String> value) {
        if (value.isPresent()) {
            out.value(value.get());
        } else {
            out.nullValue();
        }
    }
}
