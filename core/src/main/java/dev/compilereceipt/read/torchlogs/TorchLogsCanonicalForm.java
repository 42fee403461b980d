package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.trace.Fixture;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.trace.json.TraceJson;
import dev.compilereceipt.json.CanonicalJson;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The canonical form of what was imported from a TORCH_LOGS text, whose SHA-256 is the trace's
 * {@code trace_sha256}: the fixture (with the rank read, if one was chosen), the run's compile log
 * as the receipt writes it and the compiles the text names (which the receipt writes as
 * {@code null}, not measured, yet counts among the graphs seen), the measures not measured and the
 * bad lines, as RFC 8785 JSON. Two
 * texts that import to the same compile log and bad lines have the same hash, whatever other
 * output they held.
 *
 * <p>Example: <code>{"bad_lines":[],"fixture":{"name":"ci"},"format":"torch-logs-import/1",
 * "not_measured":[...],"runs":[{"calls":[],"compile_log":{...},"label":"baseline"}]}</code>.
 */
final class TorchLogsCanonicalForm {

    static final String FORMAT = "torch-logs-import/1";
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private TorchLogsCanonicalForm() {
    }

    static Trace trace(Path file, Fixture fixture, Run run, Limits limits, Set<Measure> notMeasured, List<Long> badLines) {
        ObjectNode root = NODES.objectNode();
        root.put("format", FORMAT);
        root.set("fixture", TraceJson.fixture(fixture));
        ObjectNode node = root.putArray("runs").addObject();
        node.put("label", run.label());
        node.putArray("calls");
        run.compileLog().ifPresent(log -> {
            node.set("compile_log", TraceJson.compileLog(log, m -> !notMeasured.contains(m)));
            // What the receipt writes as null is still in the trace (the compiles the text names, which give
            // runs.<label>.graphs): pinned here, so one hash never stands for two receipts.
            node.set("named_compiles", TraceJson.strings(log.compiles()));
            node.set("named_graphs", TraceJson.strings(log.graphs()));
        });
        root.set("not_measured", TraceJson.hashedNotMeasured(notMeasured));
        ArrayNode bad = root.putArray("bad_lines");
        badLines.forEach(bad::add);
        return new Trace(file, fixture, List.of(run), CanonicalJson.sha256(root), limits, notMeasured, Optional.of(badLines));
    }
}
