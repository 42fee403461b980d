package dev.compilereceipt.trace;

import org.apiguardian.api.API;

/**
 * A quantity a trace source may not have measured. A receipt writes such a figure as
 * {@code null} and lists it in {@code limits.not_measured}; it is never reported as 0.
 *
 * <p>Example: a TORCH_TRACE log has no runtime timings, so its trace declares
 * {@code WALL_MS} and {@code EAGER_ISLAND_MS} not measured.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public enum Measure {
    /**
     * Calls and their phases: a log without per-call markers cannot attribute compiles to calls,
     * so it has no ledger rows and no phase figures.
     */
    CALLS("calls"),
    /** Whole-call wall time. */
    WALL_MS("wall_ms"),
    /** Execution time of compiled regions. */
    REGION_MS("region_ms"),
    /** Time spent in eager islands between regions. */
    EAGER_ISLAND_MS("eager_island_ms"),
    /** Reuse of cached variants: a log records compiles, not hits. */
    CACHE_HITS("cache_hits"),
    /** Breaks crossed per call: a log records a break when compiling, not each time it is crossed. */
    BREAKS("breaks"),
    /**
     * Which compiles made a variant, first compiles among them ({@code compile_log.compiles} and
     * {@code graphs}): TORCH_LOGS text names recompiles, fallbacks and breaks, never a compile that
     * went well on a frame's first try.
     */
    COMPILES("compiles"),
    /**
     * Which variants produced an FX graph ({@code graphs_compiled}, {@code compile_log.graphless_variants}):
     * a variant is a cache entry with its guards, and Dynamo can guard a frame that yields no graph
     * (a frame whose only work broke). Only a TORCH_TRACE log says so, in its {@code dynamo_output_graph}
     * records; a log without any while it has variants (cut by an older {@code receipt freeze}) does not.
     */
    GRAPHS_COMPILED("graphs_compiled"),
    /** Time spent compiling ({@code compile_log.compile_ms}): TORCH_LOGS text gives no compile times. */
    COMPILE_MS("compile_ms"),
    /**
     * The compile time split by stage ({@code stages} and {@code unattributed_ms} beside each
     * {@code compile_ms}, {@code compile_log.compile_times}): a TORCH_TRACE log's
     * {@code compilation_metrics} time PyTorch's nested stages; compile-trace/1 and TORCH_LOGS text do not.
     */
    COMPILE_STAGES("compile_stages"),
    /** The on-disk FX graph and AOTAutograd caches ({@code compile_log.artifact_cache}): not in TORCH_LOGS text. */
    ARTIFACT_CACHE("artifact_cache"),
    /**
     * Frames that gave up and ran eagerly: a PyTorch 2.6 TORCH_LOGS text writes no line when Dynamo
     * skips a frame whose graph break is inside a loop, so there they are a lower bound.
     */
    FALLBACKS("fallbacks"),
    /**
     * The calls that crossed a break site and the crossings per call: a TORCH_TRACE log records a
     * break in the call that compiles it, not in the calls that cross it later, so with per-call
     * markers they are a lower bound.
     */
    SITE_CROSSINGS("site_crossings"),
    /**
     * The start of a fresh process whose on-disk caches were warm ({@code cold_start.warm_caches_ms},
     * {@code compiles}, {@code cache}, the trade's {@code warm_caches}): only where a run carries a
     * warm start (compile-trace/1 {@code warm_start}, a TORCH_TRACE log paired with the warm process's).
     */
    WARM_START("warm_start"),
    /** The wall time of a warm start's warmup ({@code cold_start.warm_caches_ms}): a warm log without call markers has none. */
    WARM_START_WALL_MS("warm_start_wall_ms"),
    /**
     * Each compile's FX graph cache outcome ({@code fx_graph} of {@code artifact_cache}, per compile and
     * in {@code cold_start.cache}): a log says it in {@code fx_graph_cache_*} artifacts, a
     * compile-trace/1 capture in its events' {@code artifact_cache}; a source with neither does not.
     */
    FX_GRAPH_CACHE("fx_graph_cache"),
    /**
     * Each compile's AOTAutograd cache outcome: {@code aotautograd_cache_*} artifacts (2.8+), or
     * PyTorch 2.6's {@code autograd_cache_*} chromium events, which it writes only with the cache on
     * ({@code TORCHINDUCTOR_AUTOGRAD_CACHE=1}; off by default in 2.6).
     */
    AOTAUTOGRAD_CACHE("aotautograd_cache"),
    /**
     * Why each variant above {@code N/0} was compiled: the guard failures behind every recompile
     * ({@code compile_log.recompile_reasons}, the receipt's recompile causes). A TORCH_LOGS text writes
     * them only with the {@code recompiles} logger on; a text that shows a recompiled variant
     * ({@code 0/1} in a graph-break line's prefix) and holds no recompile line for it did not measure them.
     */
    RECOMPILE_CAUSES("recompile_causes"),
    /**
     * Where the compiles broke ({@code break_sites}, {@code compile_log.break_sites}): a TORCH_LOGS
     * text writes them only with the {@code graph_breaks} logger on; a text that shows compiles that
     * broke (a resume frame {@code torch_dynamo_resume_in_*}) and holds no graph-break line did not measure them.
     */
    BREAK_SITES("break_sites"),
    /**
     * Whether each compiled call's output matched eager's ({@code failures}' {@code OUTPUT_MISMATCH}
     * codes, {@code hasNoFailures}): only a compile-trace/1 capture records it, in each call's
     * {@code check}; a capture whose compiled calls carry none, a TORCH_TRACE log, a TORCH_LOGS text and
     * a profile record no output at all, so no mismatch there is not a fact.
     */
    OUTPUT_CHECKS("output_checks"),
    /**
     * A phase's compile time split by stage ({@code phases.*.stages}, {@code compileStages(phase)}), apart
     * from the compile log's per-compile stages ({@link #COMPILE_STAGES}): a torch.profiler trace times each
     * compile by its span, which the log's stage timers do not split, so its phases have no stages where
     * no compile of its calls carries timers, while its log's own compiles may.
     */
    PHASE_STAGES("phase_stages");

    private final String id;

    Measure(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }
}
