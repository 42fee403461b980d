package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.json.CanonicalJson;
import dev.compilereceipt.read.CanonicalImport;
import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.Fixture;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.json.CompileLogJson;
import dev.compilereceipt.trace.json.TraceJson;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.Trace;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The runs of a TORCH_TRACE log in its {@link CanonicalImport}: a {@code compile-trace/1}-like
 * document of the calls (events without the times a log does not measure) and each run's compile
 * log as the receipt writes it. Two logs that import to the same calls, compile logs and bad lines
 * have the same hash, whatever else their records held.
 *
 * <p>Example: <code>{"bad_lines":[],"fixture":{"name":"comp_metrics"},"format":"torch-trace-import/1",
 * "not_measured":[...],"runs":[{"calls":[],"compile_log":{...},"label":"baseline"}]}</code>.
 */
final class TorchTraceCanonicalForm {

    static final String FORMAT = "torch-trace-import/1";

    private TorchTraceCanonicalForm() {
    }

    static Trace trace(Path file, Fixture fixture, List<Run> runs, Limits limits, Set<Measure> notMeasured, List<Long> badLines) {
        return CanonicalImport.trace(FORMAT, file, fixture, runs, limits, notMeasured, badLines, (run, out) -> {
            out.key("calls").startArray();
            run.calls().forEach(call -> CanonicalJson.write(call(call, notMeasured), out));
            out.endArray();
            run.compileLog().ifPresent(log -> CompileLogJson.compileLog(out.key("compile_log"), log, measure -> true));
        });
    }

    private static ObjectNode call(Call call, Set<Measure> notMeasured) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("id", call.id());
        node.put("phase", call.phase().id());
        node.put("family", call.family());
        if (!notMeasured.contains(Measure.WALL_MS)) {
            node.put("wall_ms", call.wallMs());
        }
        ArrayNode events = node.putArray("events");
        for (Event event : call.events()) {
            ObjectNode e = events.addObject();
            e.put("kind", event.kind());
            if (event instanceof Event.Region region) {
                e.put("graph", region.graph().toString());
                e.put("cache", region.cache().id());
                e.put("compile_ms", region.compileMs());
                e.set("guard_failures", TraceJson.strings(region.guardFailures()));
            } else if (event instanceof Event.Fallback fallback) {
                e.put("graph", fallback.graph().toString());
                e.put("reason", fallback.reason());
                e.put("compile_ms", fallback.compileMs());
                e.set("guard_failures", TraceJson.strings(fallback.guardFailures()));
            } else if (event instanceof Event.Break brk) {
                e.put("site", brk.site());
                e.put("reason", brk.reason());
                TraceJson.detail(e, brk.detail());
            }
        }
        return node;
    }
}
