package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.read.CanonicalImport;
import dev.compilereceipt.read.LogFixtureName;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Fixture;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.SourceShape;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.trace.json.CompileLogJson;
import dev.compilereceipt.trace.json.TraceJson;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The runs of a TORCH_LOGS text in its {@link CanonicalImport}: no calls, {@code "marked": true}
 * when run markers told them apart, the compile log as the receipt writes it and the compiles the text names (which the receipt writes as {@code null}, not
 * measured, yet counts among the graphs seen). Two texts that import to the same compile log and
 * bad lines have the same hash, whatever other output they held.
 *
 * <p>Example: <code>{"bad_lines":[],"fixture":{"name":"ci"},"format":"torch-logs-import/1",
 * "not_measured":[...],"runs":[{"calls":[],"compile_log":{...},"label":"baseline"}]}</code>.
 */
final class TorchLogsCanonicalForm {

    static final String FORMAT = "torch-logs-import/1";

    private TorchLogsCanonicalForm() {
    }

    /** The trace of a finished reading of {@code file}; {@code tagged}, the rank it read by its tags. */
    static Trace of(Path file, TextRuns reading, OptionalInt tagged, Limits limits) {
        Map<String, String> fields = tagged.isPresent() ? Map.of("rank", Integer.toString(tagged.getAsInt())) : Map.of();
        List<Run> runs = reading.runs().stream()
                .map(run -> new Run(run.label(), List.of(), Optional.of(run.reading().build()))).toList();
        SourceShape shape = runs.stream().anyMatch(run -> structured(run.compileLog().orElseThrow()))
                ? SourceShape.TORCH_LOGS_2_8 : SourceShape.TORCH_LOGS_2_6;
        Map<Measure, String> missing = TextCoverage.missingEvidence(reading.runs());
        Set<Measure> notMeasured = shape.notMeasured();
        notMeasured.addAll(missing.keySet());
        return trace(file, new Fixture(LogFixtureName.of(file, tagged), fields, Optional.empty()), runs, limits,
                notMeasured, reading.badLines(), reading.marked()).withBounds(shape.bounds()).withRunsMerged(!reading.marked())
                .withMissingEvidence(missing);
    }

    /**
     * Whether the text is PyTorch 2.8 or later: a graph break with a registry id or an explanation.
     * Those releases log a frame given up after a break ({@code Skipping the function and falling
     * back to eager}); 2.6 skips a frame that breaks in a loop without a line, so without that sign
     * the fallbacks read are only the least there were.
     */
    private static boolean structured(CompileLog log) {
        return log.breakSites().stream().anyMatch(site -> site.detail().gbId().isPresent() || site.detail().explanation().isPresent());
    }

    static Trace trace(Path file, Fixture fixture, List<Run> runs, Limits limits, Set<Measure> notMeasured, List<Long> badLines,
                       boolean marked) {
        return CanonicalImport.trace(FORMAT, file, fixture, runs, limits, notMeasured, badLines, (imported, node) -> {
            node.putArray("calls");
            if (marked) {
                // A marked text's one baseline run and an unmarked text's are two receipts (only the second says its runs are merged).
                node.put("marked", true);
            }
            imported.compileLog().ifPresent(log -> {
                node.set("compile_log", CompileLogJson.compileLog(log, m -> !notMeasured.contains(m)));
                // What the receipt writes as null is still in the trace (the compiles the text names, which give
                // runs.<label>.graphs): pinned here, so one hash never stands for two receipts.
                node.set("named_compiles", TraceJson.strings(log.compiles()));
                node.set("named_graphs", TraceJson.strings(log.graphs()));
            });
        });
    }
}
