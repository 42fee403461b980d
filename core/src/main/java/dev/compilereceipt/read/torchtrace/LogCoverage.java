package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.SourceShape;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What a TORCH_TRACE log itself leaves unmeasured beyond its shape's table: which variants made a
 * graph, where it has variants and no {@code dynamo_output_graph} record (a log cut by an older
 * freeze); the compile stages (the log's and so its phases'), where it has compile time and no compile split by stage; a cache's
 * outcomes, where it holds no record of a lookup of that cache ({@link SourceShape#NO_CACHE_RECORD}):
 * a cache that was off writes none, and its outcomes are not 0 but unknown.
 */
final class LogCoverage {

    private LogCoverage() {
    }

    static Set<Measure> notMeasured(List<Run> runs, boolean sawOutputGraph) {
        Set<Measure> notMeasured = EnumSet.noneOf(Measure.class);
        if (!sawOutputGraph && runs.stream().anyMatch(run -> !run.compileLog().orElseThrow().compiles().isEmpty())) {
            notMeasured.add(Measure.GRAPHS_COMPILED);
        }
        if (runs.stream().noneMatch(LogCoverage::splitsAnyCompile) && runs.stream().anyMatch(LogCoverage::hasCompileTime)) {
            notMeasured.add(Measure.COMPILE_STAGES);
            notMeasured.add(Measure.PHASE_STAGES);
        }
        if (runs.stream().allMatch(run -> run.compileLog().orElseThrow().artifactCache().fxGraph().isEmpty())) {
            notMeasured.add(Measure.FX_GRAPH_CACHE);
        }
        if (runs.stream().allMatch(run -> run.compileLog().orElseThrow().artifactCache().aotAutograd().isEmpty())) {
            notMeasured.add(Measure.AOTAUTOGRAD_CACHE);
        }
        return notMeasured;
    }

    /** Whether a compile of the run has its time split by stage ({@link SourceShape#NO_STAGE_TIMERS} when none has). */
    private static boolean splitsAnyCompile(Run run) {
        return run.compileLog().orElseThrow().compileTimes().stream().anyMatch(time -> !time.stages().isEmpty());
    }

    private static boolean hasCompileTime(Run run) {
        return run.compileLog().orElseThrow().compileTimes().stream()
                .anyMatch(time -> time.compileMs().isEmpty() || time.compileMs().getAsDouble() > 0);
    }
}
