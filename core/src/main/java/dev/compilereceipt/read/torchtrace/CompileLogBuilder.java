package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.read.PassedLimit;
import dev.compilereceipt.trace.BreakDetail;
import dev.compilereceipt.trace.CacheKey;
import dev.compilereceipt.trace.CodeFrame;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Millis;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;

/**
 * Collects the {@link CompileLog} of one run as its records stream past: each finished compile,
 * each settled break and each on-disk cache artifact.
 */
final class CompileLogBuilder {

    private final List<String> compiles = new ArrayList<>();
    private final List<String> recompiles = new ArrayList<>();
    private final List<String> fallbacks = new ArrayList<>();
    private final Set<String> graphs = new LinkedHashSet<>();
    private final Set<String> fallbackGraphs = new LinkedHashSet<>();
    private final Set<String> withGraph = new HashSet<>();
    private final Map<String, String> siteReasons = new TreeMap<>();
    private final Map<String, BreakDetail> siteDetails = new TreeMap<>();
    private final Map<String, Integer> siteCompiles = new TreeMap<>();
    private final List<CompileLog.RecompileReason> recompileReasons = new ArrayList<>();
    private final List<CompileLog.CompileTime> compileTimes = new ArrayList<>();
    private final List<CompileLog.CompileEvents> compileEvents = new ArrayList<>();
    private final Map<String, CodeFrame> frames = new LinkedHashMap<>();
    private final List<CacheKey> cacheKeys = new ArrayList<>();
    private final Map<List<CacheKey.Component>, List<CacheKey.Component>> componentLists = new HashMap<>();
    private final Map<CacheKey.Component, CacheKey.Component> components = new HashMap<>();
    private long componentsKept;
    private final CacheKeyPayload.Handed fxGraphHanded = new CacheKeyPayload.Handed();
    private final CacheKeyPayload.Handed aotAutogradHanded = new CacheKeyPayload.Handed();
    private final int[] fxGraph = new int[3];
    private final int[] aotAutograd = new int[3];
    private double compileMs;
    private boolean untimed;
    private final Limits limits;

    CompileLogBuilder(Limits limits) {
        this.limits = limits;
    }

    void add(LogCompile compile) {
        if (compiles.size() + fallbacks.size() == limits.maxCompiles()) {
            throw PassedLimit.over("the run has more than " + limits.maxCompiles() + " compiles", limits.maxCompiles(),
                    "max_compiles", "withMaxCompiles");
        }
        if (recompileReasons.size() + compile.guardFailures().size() > limits.maxRecompileReasons()) {
            throw PassedLimit.over("the run has more than " + limits.maxRecompileReasons() + " recompile reasons",
                    limits.maxRecompileReasons(), "max_recompile_reasons", "withMaxRecompileReasons");
        }
        String graph = compile.graph().toString();
        if (compile.madeVariant()) {
            compiles.add(graph);
            graphs.add(graph);
            if (compile.recompile()) {
                recompiles.add(graph);
            }
        } else {
            fallbacks.add(graph);
            fallbackGraphs.add(graph);
        }
        compile.frame().ifPresent(frame -> frames.put(graph, frame));
        compile.guardFailures().forEach(guard -> recompileReasons.add(new CompileLog.RecompileReason(graph, guard)));
        compileMs += compile.compileMs();
        untimed |= !compile.timed();
        compileTimes.add(new CompileLog.CompileTime(graph, compile.timed() ? OptionalDouble.of(Millis.round(compile.compileMs()))
                : OptionalDouble.empty(), compile.stages(), compile.cache()));
        addLookups(compile.cache());
        List<Event> made = new ArrayList<>(1);
        compile.addEventsTo(made);
        compileEvents.add(new CompileLog.CompileEvents(made.get(0), compile.breaks()));
        for (Event.Break brk : compile.breaks()) {
            if (!siteCompiles.containsKey(brk.site()) && siteCompiles.size() == limits.maxBreakSites()) {
                throw PassedLimit.over("the run reports more than " + limits.maxBreakSites() + " distinct break sites",
                        limits.maxBreakSites(), "max_break_sites", "withMaxBreakSites");
            }
            siteReasons.putIfAbsent(brk.site(), brk.reason());
            siteDetails.merge(brk.site(), brk.detail(), BreakDetail::orUserFrameOf);
            siteCompiles.merge(brk.site(), 1, Integer::sum);
        }
    }

    /**
     * Counts an on-disk cache artifact: {@code fx_graph_cache_hit}, {@code aotautograd_cache_miss}, ...;
     * false for any other artifact name.
     */
    boolean countCacheArtifact(String name) {
        if (!isCacheArtifact(name)) {
            return false;
        }
        int[] counts = name.startsWith("fx_graph_cache_") ? fxGraph : aotAutograd;
        switch (outcome(name)) {
            case "hit" -> counts[0]++;
            case "miss" -> counts[1]++;
            default -> counts[2]++;
        }
        return true;
    }

    /** Cache lookups counted for the run: a compile's, or those of a compile id that never finished. */
    void addLookups(CompileLog.ArtifactCache cache) {
        add(fxGraph, cache.fxGraph());
        add(aotAutograd, cache.aotAutograd());
    }

    private static void add(int[] counts, CompileLog.CacheCounts more) {
        counts[0] += more.hit();
        counts[1] += more.miss();
        counts[2] += more.bypass();
    }

    /** Whether an artifact is an on-disk cache's: {@code fx_graph_cache_} or {@code aotautograd_cache_} and hit, miss or bypass. */
    static boolean isCacheArtifact(String name) {
        if (!name.startsWith("fx_graph_cache_") && !name.startsWith("aotautograd_cache_")) {
            return false;
        }
        String outcome = outcome(name);
        return outcome.equals("hit") || outcome.equals("miss") || outcome.equals("bypass");
    }

    private static String outcome(String name) {
        return name.substring(name.lastIndexOf('_') + 1);
    }

    /**
     * A cache lookup's key, in log order; false, and not kept, past {@value #KEYS_PER_COMPILE} keys for each compile
     * the run may hold ({@code max_compiles}): a compile looks up at most a few (real logs: one of each cache, or
     * two FX graphs on a 2.14 AOTAutograd hit).
     */
    boolean addCacheKey(CacheKey key) {
        if (cacheKeys.size() >= (long) KEYS_PER_COMPILE * limits.maxCompiles()) {
            return false;
        }
        cacheKeys.add(key.components().isEmpty() ? key
                : new CacheKey(key.graph(), key.cache(), key.outcome(), key.key(), kept(key.components().get())));
        return true;
    }

    static final int KEYS_PER_COMPILE = 10;

    /** The last key of {@code cache} ({@link CompileLog#FX_GRAPH} or {@link CompileLog#AOTAUTOGRAD}) handed on to this run. */
    CacheKeyPayload.Handed handed(String cache) {
        return cache.equals(CompileLog.FX_GRAPH) ? fxGraphHanded : aotAutogradHanded;
    }

    /**
     * {@link CacheKey#KEPT_COMPONENTS}: a log of many compiles (a 1 GiB log holds tens of thousands of keys) would
     * otherwise keep a list of its own for each and outgrow a small heap. A list equal to one kept before is shared,
     * and so is each component.
     */
    static final int KEPT_COMPONENTS = CacheKey.KEPT_COMPONENTS;

    /** The list to keep for {@code listed}: shared where an equal one is kept, none (not measured) once {@link #KEPT_COMPONENTS} are kept. */
    private Optional<List<CacheKey.Component>> kept(List<CacheKey.Component> listed) {
        List<CacheKey.Component> known = componentLists.get(listed);
        if (known != null) {
            return Optional.of(known);
        }
        if (componentsKept + listed.size() > KEPT_COMPONENTS) {
            return Optional.empty();
        }
        List<CacheKey.Component> kept = new ArrayList<>(listed.size());
        for (CacheKey.Component component : listed) {
            kept.add(components.computeIfAbsent(component, same -> same));
        }
        List<CacheKey.Component> shared = List.copyOf(kept);
        componentLists.put(shared, shared);
        componentsKept += shared.size();
        return Optional.of(shared);
    }

    /** A {@code dynamo_output_graph} record of compile {@code graph}: that variant produced an FX graph. */
    void outputGraph(String graph) {
        if (withGraph.size() < limits.maxCompiles()) {
            withGraph.add(graph);
        }
    }

    /** The log of the run; {@code graphsSeen}: the log has {@code dynamo_output_graph} records, so graphless variants are known. */
    CompileLog build(boolean graphsSeen) {
        List<String> graphless = graphsSeen ? compiles.stream().filter(id -> !withGraph.contains(id)).toList() : List.of();
        List<CompileLog.Site> sites = new ArrayList<>();
        siteCompiles.forEach((site, count) -> sites.add(new CompileLog.Site(site, siteReasons.get(site), count, siteDetails.get(site))));
        return new CompileLog(compiles, recompiles, fallbacks, List.copyOf(graphs), List.copyOf(fallbackGraphs), sites,
                recompileReasons, untimed ? OptionalDouble.empty() : OptionalDouble.of(Millis.round(compileMs)),
                new CompileLog.ArtifactCache(counts(fxGraph), counts(aotAutograd)), graphless, compileTimes, compileEvents, frames, cacheKeys);
    }

    private static CompileLog.CacheCounts counts(int[] counts) {
        return new CompileLog.CacheCounts(counts[0], counts[1], counts[2]);
    }
}
