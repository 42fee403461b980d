package dev.compilereceipt.benchmarks;

import dev.compilereceipt.json.JsonReading;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The 64-call trace of the benchmarks: the print-bridge capture (two runs of 15 calls, a break in
 * every baseline call) with steady calls repeated until each run has 64 calls, the limit of a
 * {@code compile-trace/1} run; the copies get fresh ids, so the trace stays valid and each run keeps
 * the same number of calls per phase.
 */
final class SixtyFourCalls {

    static final int CALLS = 64;

    private SixtyFourCalls() {
    }

    static Path fixtures() {
        return Path.of(System.getProperty("compilereceipt.fixtures.dir", "fixtures")).toAbsolutePath().normalize();
    }

    static byte[] trace() throws IOException {
        ObjectMapper json = JsonReading.trees();
        ObjectNode trace = (ObjectNode) json.readTree(Files.readAllBytes(fixtures().resolve("print-bridge/trace.json")));
        for (JsonNode run : trace.get("runs")) {
            ArrayNode calls = (ArrayNode) run.get("calls");
            JsonNode steady = null;
            for (JsonNode call : calls) {
                if (call.get("phase").asText().equals("steady")) {
                    steady = call;
                }
            }
            for (int copy = 0; calls.size() < CALLS; copy++) {
                ObjectNode extra = steady.deepCopy();
                extra.put("id", "extra-" + copy);
                calls.add(extra);
            }
        }
        return json.writeValueAsBytes(trace);
    }
}
