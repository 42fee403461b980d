package dev.compilereceipt.read;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.json.CanonicalJson;
import dev.compilereceipt.trace.Fixture;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.trace.json.TraceJson;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The canonical form of what a log reader imported, whose SHA-256 is the trace's
 * {@code trace_sha256}, as RFC 8785 JSON: the reader's format ({@code torch-trace-import/1},
 * {@code torch-logs-import/1}), the fixture, each run as the reader writes it (its label, then what
 * the reader read of it: calls, compile log), the measures not measured and the bad lines. Two
 * inputs that import to the same runs and bad lines have the same hash, whatever else they held;
 * what tells two imports apart is in the run, which only the reader knows how to write.
 *
 * <p>Example: <code>{"bad_lines":[],"fixture":{"name":"ci"},"format":"torch-logs-import/1",
 * "not_measured":[...],"runs":[{"calls":[],"compile_log":{...},"label":"baseline"}]}</code>.
 */
@API(status = API.Status.INTERNAL)
public final class CanonicalImport {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** How a reader writes a run's content into its node, beside the label. */
    @FunctionalInterface
    public interface RunForm {
        void write(Run run, ObjectNode node);
    }

    private CanonicalImport() {
    }

    /** The trace, with its hash, of runs a reader imported. */
    public static Trace trace(String format, Path file, Fixture fixture, List<Run> runs, Limits limits, Set<Measure> notMeasured,
                              List<Long> badLines, RunForm form) {
        ObjectNode root = NODES.objectNode();
        root.put("format", format);
        root.set("fixture", TraceJson.fixture(fixture));
        ArrayNode runNodes = root.putArray("runs");
        for (Run run : runs) {
            ObjectNode node = runNodes.addObject();
            node.put("label", run.label());
            form.write(run, node);
        }
        root.set("not_measured", TraceJson.hashedNotMeasured(notMeasured));
        ArrayNode bad = root.putArray("bad_lines");
        badLines.forEach(bad::add);
        return new Trace(file, fixture, runs, CanonicalJson.sha256(root), limits, notMeasured, Optional.of(badLines));
    }
}
