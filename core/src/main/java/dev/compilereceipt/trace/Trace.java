package dev.compilereceipt.trace;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * What a torch.compile run recorded, whatever source it was read from: the fixture, one or two
 * runs of calls, the SHA-256 of the trace's canonical form, the limits it was read under, what
 * the source did not measure, for a TORCH_TRACE log the line numbers of skipped records and, for a
 * {@code compile-trace/1} file that records one, the {@link Decision} (logs have none), and whether
 * its runs are merged: a TORCH_LOGS text without {@code compile_receipt_run} markers cannot tell a
 * capture's baseline from its candidate, so its one {@code baseline} run holds every run of its
 * process ({@code runsMerged}), and, for a measure the source could have measured but whose records
 * it did not hold, the evidence missing ({@code missingEvidence}: "the text holds no recompile lines
 * for 0/1: was the recompiles logger on?"), which the not-measured sentence of a check names.
 *
 * <p>Example: {@code Trace trace = Traces.read(Path.of("fixtures/print-bridge/trace.json"));}
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record Trace(
        Path source,
        Fixture fixture,
        List<Run> runs,
        String sha256,
        Limits limits,
        Set<Measure> notMeasured,
        Optional<List<Long>> badLines,
        Optional<Decision> decision,
        Map<Measure, Coverage> bounds,
        boolean runsMerged,
        Map<Measure, String> missingEvidence) {

    public Trace {
        runs = List.copyOf(runs);
        notMeasured = Set.copyOf(notMeasured);
        badLines = badLines.map(List::copyOf);
        bounds = Map.copyOf(bounds);
        missingEvidence = Map.copyOf(missingEvidence);
        if (bounds.values().stream().anyMatch(c -> c != Coverage.LOWER_BOUND && c != Coverage.UPPER_BOUND)) {
            throw new IllegalArgumentException("bounds hold lower and upper bounds only: " + bounds);
        }
        if (!notMeasured.containsAll(missingEvidence.keySet())) {
            throw new IllegalArgumentException("missing evidence is named for measures not measured only: " + missingEvidence.keySet());
        }
    }

    /** A trace that names no evidence missing beyond its shape's table. */
    public Trace(Path source, Fixture fixture, List<Run> runs, String sha256, Limits limits, Set<Measure> notMeasured,
                 Optional<List<Long>> badLines, Optional<Decision> decision, Map<Measure, Coverage> bounds, boolean runsMerged) {
        this(source, fixture, runs, sha256, limits, notMeasured, badLines, decision, bounds, runsMerged, Map.of());
    }

    /** A trace whose runs its source told apart. */
    public Trace(Path source, Fixture fixture, List<Run> runs, String sha256, Limits limits, Set<Measure> notMeasured,
                 Optional<List<Long>> badLines, Optional<Decision> decision, Map<Measure, Coverage> bounds) {
        this(source, fixture, runs, sha256, limits, notMeasured, badLines, decision, bounds, false);
    }

    /** A trace whose source measured every figure it did not name as not measured. */
    public Trace(Path source, Fixture fixture, List<Run> runs, String sha256, Limits limits, Set<Measure> notMeasured,
                 Optional<List<Long>> badLines, Optional<Decision> decision) {
        this(source, fixture, runs, sha256, limits, notMeasured, badLines, decision, Map.of());
    }

    /** A trace that records no decision, as every TORCH_TRACE log and TORCH_LOGS text is. */
    public Trace(Path source, Fixture fixture, List<Run> runs, String sha256, Limits limits, Set<Measure> notMeasured,
                 Optional<List<Long>> badLines) {
        this(source, fixture, runs, sha256, limits, notMeasured, badLines, Optional.empty());
    }

    public Optional<Run> run(String label) {
        return runs.stream().filter(run -> run.label().equals(label)).findFirst();
    }

    public boolean measured(Measure measure) {
        return !notMeasured.contains(measure);
    }

    /** How this trace's source saw {@code measure}: measured, a bound, or not measured. */
    public Coverage coverage(Measure measure) {
        return notMeasured.contains(measure) ? Coverage.NOT_MEASURED : bounds.getOrDefault(measure, Coverage.MEASURED);
    }

    /** {@code ms} rounded to 4 decimals where the source measured {@code measure}; empty where it did not. */
    public OptionalDouble measuredMs(Measure measure, double ms) {
        return measured(measure) ? OptionalDouble.of(Millis.round(ms)) : OptionalDouble.empty();
    }

    /** The same trace with these figures known as bounds of the truth. */
    public Trace withBounds(Map<Measure, Coverage> otherBounds) {
        return new Trace(source, fixture, runs, sha256, limits, notMeasured, badLines, decision, otherBounds, runsMerged,
                missingEvidence);
    }

    /** The same trace, its fixture naming the files it was read from ({@link Fixture#sources()}). */
    public Trace withSources(List<Fixture.Source> files) {
        return new Trace(source, fixture.withSources(files), runs, sha256, limits, notMeasured, badLines, decision, bounds, runsMerged,
                missingEvidence);
    }

    /** The same trace with its runs in another order, or some left out. */
    public Trace withRuns(List<Run> otherRuns) {
        return new Trace(source, fixture, otherRuns, sha256, limits, notMeasured, badLines, decision, bounds, runsMerged,
                missingEvidence);
    }

    /** The same trace, its one run holding every run of its process or not ({@link #runsMerged()}). */
    public Trace withRunsMerged(boolean merged) {
        return new Trace(source, fixture, runs, sha256, limits, notMeasured, badLines, decision, bounds, merged, missingEvidence);
    }

    /**
     * The same trace with {@code evidence} missing: each measure it names is not measured, for the reason given
     * (what the source shows happened, the records that would measure it, and what would supply them). The trace's
     * hash is unchanged: it pins what was read, and the reason is read from it.
     */
    public Trace withMissingEvidence(Map<Measure, String> evidence) {
        Set<Measure> more = new HashSet<>(notMeasured);
        more.addAll(evidence.keySet());
        Map<Measure, String> all = new EnumMap<>(Measure.class);
        all.putAll(missingEvidence);
        all.putAll(evidence);
        return new Trace(source, fixture, runs, sha256, limits, more, badLines, decision, bounds, runsMerged, all);
    }

    /**
     * One comparison from two single-run traces: the run of {@code baseline} becomes the
     * {@code baseline} run, the run of {@code candidate} becomes the {@code candidate} run.
     *
     * <p>The combined trace keeps the baseline's source, fixture and limits, declares not measured
     * what either side did not measure, and is pinned by the SHA-256 of the RFC 8785 canonical
     * JSON <code>{"baseline": baseline.sha256, "candidate": candidate.sha256}</code>, so it
     * changes whenever either file changes and differs from both. The decision is the one the
     * sides record: the candidate's, or the baseline's when only it has one (a decision is about
     * adopting the candidate, so it is most often written with the capture after the fix). Refused
     * with an {@link IllegalArgumentException} when a side holds other than exactly one run, when
     * the two were read under different limits, when both record a decision and the two differ, or
     * when a side skipped bad lines (their line numbers would no longer say which file they belong to).
     *
     * <p>Example: {@code Trace.combine(Traces.read(TraceRequest.of(file).asSide()), Traces.read(TraceRequest.of(out).asSide()))}.
     */
    public static Trace combine(Trace baseline, Trace candidate) {
        return TraceCombination.of(baseline, candidate);
    }

    /**
     * Each run of this trace with its warm start from the run of the same label in {@code warm}, the
     * trace of the warm process (a TORCH_TRACE log that reused this process's on-disk caches, the same
     * {@code TORCHINDUCTOR_CACHE_DIR}): with call markers its eager and warmup calls and its compile
     * log, without them its compile log alone. The trace keeps this one's source, fixture, limits and
     * bad lines, is pinned by the SHA-256 of the RFC 8785 canonical JSON
     * <code>{"trace": sha256, "warm_start": warm.sha256}</code>, measures {@code warm_start} when every
     * run found its warm start, and declares not measured what the warm log does not measure of it:
     * {@code warm_start_wall_ms} without markers (or wall times), {@code fx_graph_cache} and
     * {@code aotautograd_cache} without records of that cache. Refused with an
     * {@link IllegalArgumentException} when this trace already carries a warm start, {@code warm} is
     * not a TORCH_TRACE log, the two were read under different limits, the warm log skipped bad
     * lines, or no run of it has a label of this trace's.
     *
     * <p>Example: {@code trace.withWarmStart(Traces.read(Path.of("warm_torch_trace.log")))}.
     */
    public Trace withWarmStart(Trace warm) {
        return WarmPair.of(this, warm);
    }
}
