package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.trace.CodeFrame;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.CompileStages;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.GraphId;
import java.util.List;
import java.util.Optional;

/**
 * One finished compile of a TORCH_TRACE log: its compile id, whether it made a variant (and
 * whether that variant was a recompile) or fell back with a reason, its compile time and its
 * stages ({@link CompileStages#NONE} where the metrics do not split it), its on-disk cache lookups, the guard
 * failures that caused it, the graph breaks it reported, each with its site settled, and the frame
 * its metrics name (empty for a compile without metrics).
 *
 * <p>Example: int-spec's {@code 0/8} has recompile reasons and no {@code compilation_metrics}:
 * {@code madeVariant()} is false, reason "recompile limit reached: the frame now runs eagerly".
 */
record LogCompile(
        GraphId graph,
        boolean madeVariant,
        boolean recompile,
        String reason,
        double compileMs,
        boolean timed,
        CompileStages stages,
        CompileLog.ArtifactCache cache,
        List<String> guardFailures,
        List<Event.Break> breaks,
        Optional<CodeFrame> frame) {

    static final String UNFINISHED = "the compile did not finish: the log has no compilation_metrics for it";

    LogCompile {
        guardFailures = List.copyOf(guardFailures);
        breaks = List.copyOf(breaks);
    }

    LogCompile withBreaks(List<Event.Break> settled) {
        return new LogCompile(graph, madeVariant, recompile, reason, compileMs, timed, stages, cache, guardFailures, settled, frame);
    }

    /** The events of the call this compile happened in: its region or fallback, then its breaks. */
    void addEventsTo(List<Event> events) {
        events.add(madeVariant
                ? new Event.Region(graph, Event.Cache.COMPILE, 0, compileMs, guardFailures, stages, cache)
                : new Event.Fallback(graph, reason, compileMs, guardFailures, stages, cache));
        events.addAll(breaks);
    }
}
