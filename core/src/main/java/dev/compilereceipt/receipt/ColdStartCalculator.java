package dev.compilereceipt.receipt;

import dev.compilereceipt.trace.KeyComparison;
import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.trace.WarmStart;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * The {@link ColdStart} of a run: its own warmup total beside its warm start's. A warm start with
 * calls (compile-trace/1, a warm log with call markers) is read from its calls' compile events, as
 * a phase is; one without (a warm log without markers) from its compile log, whose compiles are
 * then every compile of the warm process.
 */
final class ColdStartCalculator {

    private ColdStartCalculator() {
    }

    static ColdStart of(Trace trace, Run run, Optional<PhaseFigures> warmup) {
        OptionalDouble empty = warmup.filter(figures -> figures.calls() > 0).flatMap(PhaseFigures::wallMs)
                .map(wall -> OptionalDouble.of(wall.total())).orElse(OptionalDouble.empty());
        if (run.warmStart().isEmpty()) {
            return ColdStart.withoutWarmStart(empty);
        }
        WarmStart warm = run.warmStart().get();
        List<ColdStart.CompileCache> compiles = new ArrayList<>();
        int variants = 0;
        CompileLog.ArtifactCache lookups = CompileLog.ArtifactCache.NONE;
        if (!warm.calls().isEmpty() || warm.compileLog().isEmpty()) {
            for (Call call : warm.calls()) {
                for (Event event : call.events()) {
                    if (event instanceof Event.Region region && region.isCompile()) {
                        variants++;
                        compiles.add(new ColdStart.CompileCache(region.graph().toString(), region.artifactCache()));
                        lookups = lookups.plus(region.artifactCache());
                    } else if (event instanceof Event.Fallback fallback) {
                        compiles.add(new ColdStart.CompileCache(fallback.graph().toString(), fallback.artifactCache()));
                        lookups = lookups.plus(fallback.artifactCache());
                    }
                }
            }
        } else {
            CompileLog log = warm.compileLog().get();
            variants = log.compiles().size();
            log.compileTimes().forEach(time -> compiles.add(new ColdStart.CompileCache(time.graph(), time.cache())));
            lookups = log.artifactCache();
        }
        List<Call> warmupCalls = warm.callsIn(Phase.WARMUP);
        OptionalDouble warmMs = trace.measured(Measure.WARM_START_WALL_MS) && !warmupCalls.isEmpty()
                ? OptionalDouble.of(ReceiptCalculator.wallTime(warmupCalls.stream().mapToDouble(Call::wallMs).toArray(),
                        warmupCalls.size()).total())
                : OptionalDouble.empty();
        return new ColdStart(empty, warmMs, OptionalInt.of(variants),
                trace.measured(Measure.FX_GRAPH_CACHE) ? Optional.of(lookups.fxGraph()) : Optional.empty(),
                trace.measured(Measure.AOTAUTOGRAD_CACHE) ? Optional.of(lookups.aotAutograd()) : Optional.empty(),
                compiles.stream().map(compile -> measuredOnly(trace, compile)).toList(), true, keyChanges(run, warm));
    }

    /** Why the warm start missed, where both processes' logs are read and either lists a cache key. */
    private static Optional<List<KeyComparison.Change>> keyChanges(Run run, WarmStart warm) {
        return KeyComparison.ofRuns(run.compileLog(), warm.compileLog()).map(KeyComparison::changes);
    }

    /** A compile's lookups of the caches the trace measures: one not measured is no lookup, never a miss. */
    private static ColdStart.CompileCache measuredOnly(Trace trace, ColdStart.CompileCache compile) {
        CompileLog.ArtifactCache cache = compile.cache();
        return new ColdStart.CompileCache(compile.graph(), new CompileLog.ArtifactCache(
                trace.measured(Measure.FX_GRAPH_CACHE) ? cache.fxGraph() : CompileLog.CacheCounts.NONE,
                trace.measured(Measure.AOTAUTOGRAD_CACHE) ? cache.aotAutograd() : CompileLog.CacheCounts.NONE));
    }
}
