package dev.compilereceipt.trace;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.apiguardian.api.API;

/**
 * What a TORCH_TRACE log says about the compiles of one run, independent of calls: compile ids
 * that made a variant, recompiles among them, compile ids that gave up, break sites, the guard
 * failures behind recompiles, compile time (each compile's, split by stage, in {@code compileTimes}),
 * the on-disk artifact caches, the frame of each compile id it names ({@code frames}), and each cache
 * lookup's key with the components it was hashed from, in log order ({@code cacheKeys}, see {@link CacheKey}).
 *
 * <p>Example: for a recompile storm {@code compileLog.recompiles().size()} is the number of
 * compiles with {@code cache_size > 0} or variant above 0. A variant Dynamo guarded without producing
 * an FX graph is in {@code graphless} as well as in {@code compiles}: a stdlib frame Dynamo traced
 * and broke in at once, and its resume, are two variants and no graph.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record CompileLog(
        List<String> compiles,
        List<String> recompiles,
        List<String> fallbacks,
        List<String> graphs,
        List<String> fallbackGraphs,
        List<Site> breakSites,
        List<RecompileReason> recompileReasons,
        OptionalDouble compileMs,
        ArtifactCache artifactCache,
        List<String> graphless,
        List<CompileTime> compileTimes,
        List<CompileEvents> compileEvents,
        Map<String, CodeFrame> frames,
        List<CacheKey> cacheKeys) {

    /** The reason of a fallback whose frame hit the recompile limit: Dynamo gave up before compiling. */
    public static final String RECOMPILE_LIMIT = "recompile limit reached: the frame now runs eagerly";

    /** A compile log whose source lists no cache keys (anything but a TORCH_TRACE log). */
    public CompileLog(List<String> compiles, List<String> recompiles, List<String> fallbacks, List<String> graphs,
                      List<String> fallbackGraphs, List<Site> breakSites, List<RecompileReason> recompileReasons,
                      OptionalDouble compileMs, ArtifactCache artifactCache, List<String> graphless,
                      List<CompileTime> compileTimes, List<CompileEvents> compileEvents, Map<String, CodeFrame> frames) {
        this(compiles, recompiles, fallbacks, graphs, fallbackGraphs, breakSites, recompileReasons, compileMs, artifactCache,
                graphless, compileTimes, compileEvents, frames, List.of());
    }

    /** A compile log that does not name the frame of each compile (a source before 0.2). */
    public CompileLog(List<String> compiles, List<String> recompiles, List<String> fallbacks, List<String> graphs,
                      List<String> fallbackGraphs, List<Site> breakSites, List<RecompileReason> recompileReasons,
                      OptionalDouble compileMs, ArtifactCache artifactCache, List<String> graphless,
                      List<CompileTime> compileTimes, List<CompileEvents> compileEvents) {
        this(compiles, recompiles, fallbacks, graphs, fallbackGraphs, breakSites, recompileReasons, compileMs, artifactCache,
                graphless, compileTimes, compileEvents, Map.of());
    }

    /** A compile log that does not say what each compile made and reported, compile by compile (TORCH_LOGS text). */
    public CompileLog(List<String> compiles, List<String> recompiles, List<String> fallbacks, List<String> graphs,
                      List<String> fallbackGraphs, List<Site> breakSites, List<RecompileReason> recompileReasons,
                      OptionalDouble compileMs, ArtifactCache artifactCache, List<String> graphless,
                      List<CompileTime> compileTimes) {
        this(compiles, recompiles, fallbacks, graphs, fallbackGraphs, breakSites, recompileReasons, compileMs, artifactCache,
                graphless, compileTimes, List.of());
    }

    /** A compile log whose variants all produced a graph, or whose source does not say ({@link Measure#GRAPHS_COMPILED}). */
    public CompileLog(List<String> compiles, List<String> recompiles, List<String> fallbacks, List<String> graphs,
                      List<String> fallbackGraphs, List<Site> breakSites, List<RecompileReason> recompileReasons,
                      OptionalDouble compileMs, ArtifactCache artifactCache) {
        this(compiles, recompiles, fallbacks, graphs, fallbackGraphs, breakSites, recompileReasons, compileMs, artifactCache, List.of());
    }

    /** A compile log that does not time its compiles one by one (TORCH_LOGS text). */
    public CompileLog(List<String> compiles, List<String> recompiles, List<String> fallbacks, List<String> graphs,
                      List<String> fallbackGraphs, List<Site> breakSites, List<RecompileReason> recompileReasons,
                      OptionalDouble compileMs, ArtifactCache artifactCache, List<String> graphless) {
        this(compiles, recompiles, fallbacks, graphs, fallbackGraphs, breakSites, recompileReasons, compileMs, artifactCache,
                graphless, List.of());
    }

    public CompileLog {
        cacheKeys = List.copyOf(cacheKeys);
        frames = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(frames));
        compileEvents = List.copyOf(compileEvents);
        compileTimes = List.copyOf(compileTimes);
        graphless = List.copyOf(graphless);
        compiles = List.copyOf(compiles);
        recompiles = List.copyOf(recompiles);
        fallbacks = List.copyOf(fallbacks);
        graphs = List.copyOf(graphs);
        fallbackGraphs = List.copyOf(fallbackGraphs);
        breakSites = List.copyOf(breakSites);
        recompileReasons = List.copyOf(recompileReasons);
    }

    /** The FX graphs compiled: the variants less the graphless ones (a figure where {@link Measure#GRAPHS_COMPILED} is measured). */
    public int graphsCompiled() {
        return compiles.size() - graphless.size();
    }

    /**
     * The frame that compiled {@code graph}: the one named for that compile id, else for another
     * compile of the same frame id (a recompile-limit fallback logs no frame of its own: it is the
     * code object its frame id's other compiles name); empty where the source names none.
     */
    public Optional<CodeFrame> frameOf(GraphId graph) {
        CodeFrame exact = frames.get(graph.toString());
        if (exact != null) {
            return Optional.of(exact);
        }
        CodeFrame sameFrame = null;
        for (Map.Entry<String, CodeFrame> named : frames.entrySet()) {
            if (GraphId.parse(named.getKey()).filter(id -> id.frame() == graph.frame()).isPresent()) {
                sameFrame = named.getValue();
            }
        }
        return Optional.ofNullable(sameFrame);
    }

    /** The compiles that missed or bypassed a cache they looked up, in log order. */
    public List<CompileTime> coldCompiles() {
        return compileTimes.stream().filter(time -> time.cache().warm().map(warm -> !warm).orElse(false)).toList();
    }

    /** The stages of every compile of the log summed; {@link CompileStages#NONE} where none was split. */
    public CompileStages stages() {
        CompileStages sum = CompileStages.NONE;
        for (CompileTime time : compileTimes) {
            sum = sum.plus(time.stages());
        }
        return sum;
    }

    /**
     * One compile's time, in log order, variants and fallbacks alike: {@code compileMs} empty where its
     * metrics give no time, {@code stages} {@link CompileStages#NONE} where they do not split it.
     */
    public record CompileTime(String graph, OptionalDouble compileMs, CompileStages stages, ArtifactCache cache) {
        /** A compile whose cache lookups the source does not give. */
        public CompileTime(String graph, OptionalDouble compileMs, CompileStages stages) {
            this(graph, compileMs, stages, ArtifactCache.NONE);
        }
    }

    /**
     * What one compile made, in log order, variants and fallbacks alike, as the call it happened in
     * would hold it: {@code outcome} an {@link Event.Region} (cache compile, 0 ms: no call ran it yet)
     * or an {@link Event.Fallback}, and the graph breaks it reported. A source that joins the log to
     * the calls of another (a torch.profiler trace) places them.
     */
    public record CompileEvents(Event outcome, List<Event.Break> breaks) {
        public CompileEvents {
            if (!(outcome instanceof Event.Region) && !(outcome instanceof Event.Fallback)) {
                throw new IllegalArgumentException("a compile makes a region or falls back, not " + outcome.kind());
            }
            breaks = List.copyOf(breaks);
        }

        public GraphId graph() {
            return outcome instanceof Event.Region region ? region.graph() : ((Event.Fallback) outcome).graph();
        }

        public boolean madeVariant() {
            return outcome instanceof Event.Region;
        }
    }

    /**
     * A graph-break site seen while compiling, how many compiles reported it, and what the eager
     * island costs in {@code kind} (see {@link BreakKind}), with, for a {@link BreakKind#FRAME_SKIP},
     * the {@code causeKind} of the break that made Dynamo give up the frame: decided when the site
     * was read and carried, so writers and views only read them.
     */
    public record Site(String site, String reason, int compiles, BreakDetail detail, BreakKind kind,
                       Optional<BreakKind> causeKind) {
        /** A site as a reader builds it: its kinds decided here, once, from its reason and detail. */
        public Site(String site, String reason, int compiles, BreakDetail detail) {
            this(site, reason, compiles, detail, BreakKind.of(reason, detail), BreakKind.causeOf(reason, detail));
        }

        public Site(String site, String reason, int compiles) {
            this(site, reason, compiles, BreakDetail.NONE);
        }

        /** Where the user's own code is; see {@link BreakDetail#userCodeAt(String)}. */
        public Optional<String> userCode() {
            return detail.userCodeAt(site);
        }
    }

    /** One guard failure that made {@code graph} recompile. */
    public record RecompileReason(String graph, String guard) {
    }

    /** Hits, misses and bypasses of one on-disk compile cache. */
    public record CacheCounts(int hit, int miss, int bypass) {
        public static final CacheCounts NONE = new CacheCounts(0, 0, 0);

        /** One lookup of the outcome {@code hit}, {@code miss} or {@code bypass}. */
        public static CacheCounts of(String outcome) {
            return switch (outcome) {
                case HIT -> new CacheCounts(1, 0, 0);
                case MISS -> new CacheCounts(0, 1, 0);
                case BYPASS -> new CacheCounts(0, 0, 1);
                default -> throw new IllegalArgumentException("a cache outcome is hit, miss or bypass, not " + outcome);
            };
        }

        public CacheCounts plus(CacheCounts other) {
            return new CacheCounts(hit + other.hit, miss + other.miss, bypass + other.bypass);
        }

        /** Outcome by outcome the larger: two records of the same lookups (2.14's artifact and chromium event) count once. */
        public CacheCounts max(CacheCounts other) {
            return new CacheCounts(Math.max(hit, other.hit), Math.max(miss, other.miss), Math.max(bypass, other.bypass));
        }

        public boolean isEmpty() {
            return hit + miss + bypass == 0;
        }

        /** Whether a lookup did not load from the cache: a miss, or a bypass (the cache was not used, the stage ran). */
        public boolean missed() {
            return miss + bypass > 0;
        }

        /**
         * The outcome of one compile's lookups in words: {@code miss} if any missed, else {@code bypass}
         * if any bypassed, else {@code hit}; empty where the compile looked nothing up.
         */
        public Optional<String> outcome() {
            return miss > 0 ? Optional.of(MISS) : bypass > 0 ? Optional.of(BYPASS) : hit > 0 ? Optional.of(HIT) : Optional.empty();
        }
    }

    public static final String HIT = "hit";
    public static final String MISS = "miss";
    public static final String BYPASS = "bypass";
    /** The FX graph cache (Inductor's compiled graphs), as the receipt names it. */
    public static final String FX_GRAPH = "fx_graph";
    /** The AOTAutograd cache, as the receipt names it. */
    public static final String AOTAUTOGRAD = "aotautograd";

    /**
     * The FX graph cache and the AOTAutograd cache: of a run, every lookup; of one compile, its own.
     * A compile is warm when it looked up at least one cache and loaded from every one it looked up,
     * cold when any lookup missed or bypassed ({@link #missed()} names those caches).
     *
     * <p>Example: a warm start of print-bridge on PyTorch 2.14 has per compile
     * {@code fxGraph (1, 0, 0)}, {@code aotAutograd (1, 0, 0)}: warm.
     */
    public record ArtifactCache(CacheCounts fxGraph, CacheCounts aotAutograd) {
        public static final ArtifactCache NONE = new ArtifactCache(CacheCounts.NONE, CacheCounts.NONE);

        public ArtifactCache plus(ArtifactCache other) {
            return new ArtifactCache(fxGraph.plus(other.fxGraph), aotAutograd.plus(other.aotAutograd));
        }

        /** The counts of one cache by its receipt name, {@link #FX_GRAPH} or {@link #AOTAUTOGRAD}. */
        public CacheCounts of(String cache) {
            return switch (cache) {
                case FX_GRAPH -> fxGraph;
                case AOTAUTOGRAD -> aotAutograd;
                default -> throw new IllegalArgumentException("the caches are fx_graph and aotautograd, not " + cache);
            };
        }

        public boolean isEmpty() {
            return fxGraph.isEmpty() && aotAutograd.isEmpty();
        }

        /** The caches a lookup of which missed or bypassed, in the order fx_graph, aotautograd. */
        public List<String> missed() {
            List<String> missed = new java.util.ArrayList<>();
            if (fxGraph.missed()) {
                missed.add(FX_GRAPH);
            }
            if (aotAutograd.missed()) {
                missed.add(AOTAUTOGRAD);
            }
            return List.copyOf(missed);
        }

        /** True when warm, false when cold, empty when nothing was looked up. */
        public Optional<Boolean> warm() {
            return isEmpty() ? Optional.empty() : Optional.of(missed().isEmpty());
        }
    }
}
