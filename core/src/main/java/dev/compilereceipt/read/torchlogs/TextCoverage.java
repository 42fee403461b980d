package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.trace.Measure;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What a TORCH_LOGS text itself leaves unmeasured beyond its shape's table, by the loggers it shows
 * were off (issue #41), each with the evidence missing, run by run: the recompile causes, where a run
 * shows a recompiled variant ({@code 0/1} in a graph-break line's prefix) and holds no recompile line
 * for it ("the text holds no recompile lines for 0/1: was the recompiles logger on?"); the break
 * sites, where a run names a resume frame ({@code torch_dynamo_resume_in_*}, made by a break) and holds
 * no graph-break line. A text with both loggers on, or one that shows neither, measures both as its
 * shape says.
 */
final class TextCoverage {

    private TextCoverage() {
    }

    static Map<Measure, String> missingEvidence(List<TextRuns.Labelled> runs) {
        Map<Measure, String> missing = new EnumMap<>(Measure.class);
        String variants = perRun(runs, run -> run.reading().recompilesWithoutReason());
        if (!variants.isEmpty()) {
            missing.put(Measure.RECOMPILE_CAUSES, "the text holds no recompile lines for " + variants
                    + ": was the recompiles logger on?");
        }
        String frames = perRun(runs, run -> run.reading().resumeFramesWithoutBreak());
        if (!frames.isEmpty()) {
            missing.put(Measure.BREAK_SITES, "the text names the resume frame " + frames + ", which only a graph break makes,"
                    + " and holds no graph-break lines: was the graph_breaks logger on?");
        }
        return missing;
    }

    /** What each run lacks, joined with "and"; each run named where the text holds more than one. */
    private static String perRun(List<TextRuns.Labelled> runs, Function<TextRuns.Labelled, List<String>> lacking) {
        List<String> parts = new ArrayList<>();
        for (TextRuns.Labelled run : runs) {
            List<String> lacks = lacking.apply(run);
            if (!lacks.isEmpty()) {
                parts.add(String.join(" and ", lacks) + (runs.size() > 1 ? " in run " + run.label() : ""));
            }
        }
        return String.join("; ", parts);
    }
}
