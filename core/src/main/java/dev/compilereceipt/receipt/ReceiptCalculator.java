package dev.compilereceipt.receipt;

import dev.compilereceipt.ledger.Ledger;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.ledger.LedgerRows;
import dev.compilereceipt.trace.BreakDetail;
import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.Check;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Decision;
import dev.compilereceipt.trace.CompileStages;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.GuardMiss;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Millis;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.Trace;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apiguardian.api.API;

/**
 * The one computation of ledger and receipt from a trace, with the bookkeeping choices that
 * {@link Bookkeeping} makes: the contract's, or a mutant's.
 *
 * <p>Example: {@code ReceiptCalculator.receipt(trace, Bookkeeping.CONTRACT).receiptSha256()}
 */
@API(status = API.Status.INTERNAL)
public final class ReceiptCalculator {

    private ReceiptCalculator() {
    }

    public static Receipt receipt(Trace trace, Bookkeeping bookkeeping) {
        List<LedgerRow> rows = new ArrayList<>();
        List<RunFigures> runs = new ArrayList<>();
        for (Run run : trace.runs()) {
            List<Call> seen = callsOf(run, bookkeeping);
            seen.forEach(call -> rows.add(LedgerRows.of(trace, run.label(), call)));
            runs.add(runFigures(trace, seen, run, bookkeeping));
        }
        Ledger ledger = new Ledger(rows, trace.coverage(Measure.CALLS));
        List<Comparison> comparisons = comparisons(runs);
        Set<FailureCode> failures = new TreeSet<>();
        comparisons.forEach(c -> c.failure().ifPresent(failures::add));
        for (Run run : trace.runs()) {
            for (Call call : run.calls()) {
                if (call.check().map(Check::failed).orElse(false)) {
                    failures.add(FailureCode.outputMismatch(call.id()));
                }
            }
        }
        List<String> notEstablished = new ArrayList<>(ReceiptLimits.NOT_ESTABLISHED);
        if (!trace.measured(Measure.COMPILES)) {
            notEstablished.add(ReceiptLimits.SILENT_FRAME_SKIPS);
        }
        if (trace.runsMerged()) {
            notEstablished.add(ReceiptLimits.RUNS_MERGED);
        }
        ReceiptLimits limits = new ReceiptLimits(trace.limits(), notEstablished,
                Arrays.stream(Measure.values()).filter(m -> !trace.measured(m)).map(Measure::id).toList(), trace.bounds(),
                trace.missingEvidence());
        Optional<Trade> trade = trade(runs, comparisons, trace.decision());
        Receipt draft = new Receipt(trace.sha256(), trace.fixture(), trace.decision(), limits, runs, ledger, comparisons,
                trade, trace.badLines(), List.copyOf(failures), "");
        String hash = ReceiptJson.bodySha256(draft);
        return new Receipt(trace.sha256(), trace.fixture(), trace.decision(), limits, runs, ledger, comparisons,
                trade, trace.badLines(), List.copyOf(failures), hash);
    }

    /** The calls of a run as the computation sees them, each event read as the bookkeeping reads it. */
    private static List<Call> callsOf(Run run, Bookkeeping bookkeeping) {
        List<Call> calls = new ArrayList<>();
        for (Call call : run.calls()) {
            if (!bookkeeping.counts(call)) {
                continue;
            }
            List<Event> read = call.events().stream().map(bookkeeping::read).toList();
            calls.add(read.equals(call.events()) ? call
                    : new Call(call.id(), call.phase(), call.family(), call.wallMs(), call.check(), read, call.guardCheckMs()));
        }
        return calls;
    }

    private static RunFigures runFigures(Trace trace, List<Call> calls, Run run, Bookkeeping bookkeeping) {
        Map<Phase, PhaseFigures> phases = new EnumMap<>(Phase.class);
        boolean byPhase = trace.measured(Measure.CALLS);
        Set<String> graphless = run.compileLog().map(log -> Set.copyOf(log.graphless())).orElse(Set.of());
        for (Phase phase : byPhase ? Phase.values() : new Phase[0]) {
            List<Call> inPhase = calls.stream().filter(call -> call.phase() == phase).toList();
            phases.put(phase, phaseFigures(trace, phase, inPhase, bookkeeping.meanDivisor(run.label(), inPhase.size()),
                    bookkeeping.countsBreaksAsCompiles(), graphless));
        }
        Set<GraphId> graphs = new TreeSet<>();
        Set<GraphId> ran = new TreeSet<>();
        Map<String, List<Call>> crossings = new TreeMap<>();
        List<GuardMiss> misses = new ArrayList<>();
        List<RecompileCauses.Failure> failures = new ArrayList<>();
        Set<GraphId> limitGraphs = new TreeSet<>();
        for (Call call : calls) {
            Set<String> sitesOfCall = new LinkedHashSet<>();
            for (Event event : call.events()) {
                if (event instanceof Event.Region region) {
                    graphs.add(region.graph());
                    ran.add(region.graph());
                    region.guardFailures().forEach(guard -> misses.add(new GuardMiss(call.id(), region.graph(), guard)));
                    region.guardFailures().forEach(guard -> failures.add(RecompileCauses.failure(call, region.graph(), guard)));
                } else if (event instanceof Event.Fallback fallback) {
                    graphs.add(fallback.graph());
                    fallback.guardFailures().forEach(guard -> misses.add(new GuardMiss(call.id(), fallback.graph(), guard)));
                    fallback.guardFailures().forEach(guard -> failures.add(RecompileCauses.failure(call, fallback.graph(), guard)));
                    if (RecompileCauses.isRecompileLimit(fallback.reason())) {
                        limitGraphs.add(fallback.graph());
                    }
                } else if (event instanceof Event.Break brk) {
                    sitesOfCall.add(brk.site());
                }
            }
            sitesOfCall.forEach(site -> crossings.computeIfAbsent(site, s -> new ArrayList<>()).add(call));
        }
        if (calls.isEmpty()) {
            // A log without calls still saw graph ids: those its compile log names.
            run.compileLog().ifPresent(log -> java.util.stream.Stream.concat(log.graphs().stream(), log.fallbackGraphs().stream())
                    .map(GraphId::parse).flatMap(Optional::stream).forEach(graphs::add));
            run.compileLog().ifPresent(log -> log.graphs().stream().map(GraphId::parse).flatMap(Optional::stream).forEach(ran::add));
        }
        List<GraphId> fellBack = graphs.stream().filter(graph -> !ran.contains(graph)).toList();
        List<BreakSite> sites = new ArrayList<>();
        crossings.forEach((site, crossingCalls) -> sites.add(breakSite(trace, site, crossingCalls)));
        List<RecompileCause> causes = calls.isEmpty() ? RecompileCauses.ofLog(run)
                : RecompileCauses.of(failures, limitGraphs, byPhase,
                        FrameIndex.of(run.compileLog()));
        return new RunFigures(run.label(), phases, List.copyOf(graphs), sites, misses, run.compileLog(), fellBack, causes,
                ColdStartCalculator.of(trace, run, Optional.ofNullable(phases.get(Phase.WARMUP))));
    }

    private static BreakSite breakSite(Trace trace, String site, List<Call> calls) {
        Event.Break first = null;
        BreakDetail detail = BreakDetail.NONE;
        int perCallMax = 0;
        double eagerMs = 0;
        for (Call call : calls) {
            int crossings = 0;
            for (Event event : call.events()) {
                if (event instanceof Event.Break brk && brk.site().equals(site)) {
                    if (first == null) {
                        first = brk;
                        detail = brk.detail();
                    } else {
                        detail = detail.orUserFrameOf(brk.detail());
                    }
                    crossings++;
                    eagerMs += brk.eagerMs();
                }
            }
            perCallMax = Math.max(perCallMax, crossings);
        }
        // A later break adds only a user frame, which no kind depends on: the first break's kinds are the site's.
        return new BreakSite(site, first.reason(), calls.size(), perCallMax, trace.measuredMs(Measure.EAGER_ISLAND_MS, eagerMs), detail,
                trace.coverage(Measure.SITE_CROSSINGS), first.breakKind(), first.causeKind());
    }

    private static PhaseFigures phaseFigures(Trace trace, Phase phase, List<Call> calls, int meanDivisor,
                                             boolean breaksAreCompiles, Set<String> graphless) {
        int compiles = 0;
        int hits = 0;
        int fallbacks = 0;
        int breaks = 0;
        double eagerMs = 0;
        double compileMs = 0;
        CompileStages stages = CompileStages.NONE;
        List<GraphId> newVariants = new ArrayList<>();
        for (Call call : calls) {
            for (Event event : call.events()) {
                if (event instanceof Event.Region region) {
                    compileMs += region.compileMs();
                    stages = stages.plus(region.stages());
                    if (region.isCompile()) {
                        compiles++;
                        newVariants.add(region.graph());
                    } else {
                        hits++;
                    }
                } else if (event instanceof Event.Fallback fallback) {
                    fallbacks++;
                    compileMs += fallback.compileMs();
                    stages = stages.plus(fallback.stages());
                } else if (event instanceof Event.Break brk) {
                    breaks++;
                    eagerMs += brk.eagerMs();
                }
            }
        }
        if (breaksAreCompiles) {
            compiles += breaks;
        }
        // A phase without calls has no timing at all: a median of nothing is not 0.
        Optional<WallTime> wall = trace.measured(Measure.WALL_MS) && !calls.isEmpty()
                ? Optional.of(wallTime(calls.stream().mapToDouble(Call::wallMs).toArray(), meanDivisor))
                : Optional.empty();
        return new PhaseFigures(phase, calls.size(), wall, compiles,
                trace.measured(Measure.CACHE_HITS) ? OptionalInt.of(hits) : OptionalInt.empty(),
                fallbacks,
                trace.measured(Measure.BREAKS) ? OptionalInt.of(breaks) : OptionalInt.empty(),
                trace.measuredMs(Measure.EAGER_ISLAND_MS, eagerMs), Millis.round(compileMs), newVariants,
                graphsCompiled(trace, graphless, newVariants),
                trace.measured(Measure.PHASE_STAGES) ? Optional.of(stages) : Optional.empty(), guardCheck(calls));
    }

    /** The guard-check time of a phase whose every call has one; empty for a phase without calls or a source without them. */
    private static Optional<GuardCheckTime> guardCheck(List<Call> calls) {
        if (calls.isEmpty() || calls.stream().anyMatch(call -> call.guardCheckMs().isEmpty())) {
            return Optional.empty();
        }
        WallTime times = wallTime(calls.stream().mapToDouble(call -> call.guardCheckMs().getAsDouble()).toArray(), calls.size());
        return Optional.of(new GuardCheckTime(times.total(), times.median()));
    }

    /** The phase's new variants that produced an FX graph, where the source says which did. */
    private static OptionalInt graphsCompiled(Trace trace, Set<String> graphless, List<GraphId> newVariants) {
        if (!trace.measured(Measure.GRAPHS_COMPILED)) {
            return OptionalInt.empty();
        }
        return OptionalInt.of((int) newVariants.stream().filter(id -> !graphless.contains(id.toString())).count());
    }

    static WallTime wallTime(double[] wallMs, int divisor) {
        double total = 0;
        for (double ms : wallMs) {
            total += ms;
        }
        double[] sorted = wallMs.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        int p90Rank = (9 * n + 9) / 10;
        return new WallTime(Millis.round(total), Millis.round(total / divisor), Millis.round(median),
                Millis.round(sorted[p90Rank - 1]));
    }

    private static Optional<Trade> trade(List<RunFigures> runs, List<Comparison> comparisons, Optional<Decision> decision) {
        Optional<RunFigures> baseline = runs.stream().filter(run -> run.label().equals(Run.BASELINE)).findFirst();
        Optional<RunFigures> candidate = runs.stream().filter(run -> run.label().equals(Run.CANDIDATE)).findFirst();
        if (baseline.isEmpty() || candidate.isEmpty()) {
            return Optional.empty();
        }
        return TradeCalculator.trade(baseline.get(), candidate.get(),
                comparisons.stream().filter(c -> c.phase() == Phase.STEADY).findFirst(), decision);
    }

    private static List<Comparison> comparisons(List<RunFigures> runs) {
        Map<String, RunFigures> byLabel = new LinkedHashMap<>();
        runs.forEach(run -> byLabel.put(run.label(), run));
        RunFigures baseline = byLabel.get(Run.BASELINE);
        RunFigures candidate = byLabel.get(Run.CANDIDATE);
        if (baseline == null || candidate == null) {
            return List.of();
        }
        List<Comparison> comparisons = new ArrayList<>();
        for (Phase phase : Phase.values()) {
            PhaseFigures before = baseline.phases().get(phase);
            PhaseFigures after = candidate.phases().get(phase);
            if (before == null || after == null) {
                continue;
            }
            if (before.calls() == 0 && after.calls() == 0) {
                continue;
            }
            if (before.calls() != after.calls()) {
                comparisons.add(new Comparison(phase, before.calls(), after.calls(), OptionalDouble.empty(),
                        OptionalDouble.empty(), OptionalDouble.empty(), Optional.of(FailureCode.unequalPhaseSamples(phase))));
                continue;
            }
            OptionalDouble beforeMedian = before.wallMs().map(w -> OptionalDouble.of(w.median())).orElse(OptionalDouble.empty());
            OptionalDouble afterMedian = after.wallMs().map(w -> OptionalDouble.of(w.median())).orElse(OptionalDouble.empty());
            OptionalDouble ratio = beforeMedian.isPresent() && afterMedian.isPresent() && beforeMedian.getAsDouble() > 0
                    ? OptionalDouble.of(Millis.ratio(afterMedian.getAsDouble() / beforeMedian.getAsDouble()))
                    : OptionalDouble.empty();
            comparisons.add(new Comparison(phase, before.calls(), after.calls(), beforeMedian, afterMedian, ratio,
                    Optional.empty()));
        }
        return comparisons;
    }
}
