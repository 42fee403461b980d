package dev.compilereceipt.trace;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.apiguardian.api.API;

/**
 * What a TORCH_TRACE log says about the compiles of one run, independent of calls: compile ids
 * that made a variant, recompiles among them, compile ids that gave up, break sites, the guard
 * failures behind recompiles, compile time (each compile's, split by stage, in {@code compileTimes})
 * and the on-disk artifact caches.
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
        List<CompileEvents> compileEvents) {

    /** The reason of a fallback whose frame hit the recompile limit: Dynamo gave up before compiling. */
    public static final String RECOMPILE_LIMIT = "recompile limit reached: the frame now runs eagerly";

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
    public record CompileTime(String graph, OptionalDouble compileMs, CompileStages stages) {
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

    /** A graph-break site seen while compiling, and how many compiles reported it. */
    public record Site(String site, String reason, int compiles, BreakDetail detail) {
        public Site(String site, String reason, int compiles) {
            this(site, reason, compiles, BreakDetail.NONE);
        }

        /** What the eager island costs in kind; see {@link BreakKind}. */
        public BreakKind kind() {
            return BreakKind.of(reason, detail);
        }

        /** For a {@link BreakKind#FRAME_SKIP}, the kind of the break that made Dynamo give up the frame. */
        public Optional<BreakKind> causeKind() {
            return BreakKind.causeOf(reason, detail);
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
    }

    /** The FX graph cache and the AOTAutograd cache. */
    public record ArtifactCache(CacheCounts fxGraph, CacheCounts aotAutograd) {
        public static final ArtifactCache NONE = new ArtifactCache(CacheCounts.NONE, CacheCounts.NONE);
    }
}
