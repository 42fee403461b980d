package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.trace.Measure;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What a TORCH_LOGS text itself leaves unmeasured beyond its shape's table, by the loggers it shows
 * were off (issue #41): the recompile causes, where a run shows a recompiled variant ({@code 0/1} in
 * a graph-break line's prefix) and holds no recompile line for it (the {@code recompiles} logger was
 * off); the break sites, where a run names a resume frame ({@code torch_dynamo_resume_in_*}, made by a
 * break) and holds no graph-break line (the {@code graph_breaks} logger was off). A text with both
 * loggers on, or one that shows neither, measures both as its shape says.
 */
final class TextCoverage {

    private TextCoverage() {
    }

    static Set<Measure> notMeasured(List<TextRuns.Labelled> runs) {
        Set<Measure> notMeasured = EnumSet.noneOf(Measure.class);
        if (runs.stream().anyMatch(run -> !run.reading().recompilesWithoutReason().isEmpty())) {
            notMeasured.add(Measure.RECOMPILE_CAUSES);
        }
        if (runs.stream().anyMatch(run -> !run.reading().resumeFramesWithoutBreak().isEmpty())) {
            notMeasured.add(Measure.BREAK_SITES);
        }
        return notMeasured;
    }
}
