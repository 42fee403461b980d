package dev.compilereceipt.read;

import dev.compilereceipt.json.CanonicalJson;
import dev.compilereceipt.json.CanonicalWriter;
import dev.compilereceipt.json.JsonOutput;
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

    /** How a reader writes a run's content, as members of the run's object after its label. */
    @FunctionalInterface
    public interface RunForm {
        void write(Run run, JsonOutput out);
    }

    private CanonicalImport() {
    }

    /** The trace, with its hash, of runs a reader imported. */
    public static Trace trace(String format, Path file, Fixture fixture, List<Run> runs, Limits limits, Set<Measure> notMeasured,
                              List<Long> badLines, RunForm form) {
        // Written as it is made, never as a tree: a tree of 99,001 compiles took tens of MB of a 64 MiB heap.
        CanonicalWriter out = new CanonicalWriter();
        out.startObject();
        out.key("format").value(format);
        TraceJson.fixture(out.key("fixture"), fixture);
        out.key("runs").startArray();
        for (Run run : runs) {
            out.startObject();
            out.key("label").value(run.label());
            form.write(run, out);
            out.endObject();
        }
        out.endArray();
        CanonicalJson.write(TraceJson.hashedNotMeasured(notMeasured), out.key("not_measured"));
        out.key("bad_lines").startArray();
        for (long line : badLines) {
            out.value(line);
        }
        out.endArray();
        out.endObject();
        return new Trace(file, fixture, runs, out.sha256(), limits, notMeasured, Optional.of(badLines));
    }
}
