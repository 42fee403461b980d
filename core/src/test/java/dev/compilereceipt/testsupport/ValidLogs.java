package dev.compilereceipt.testsupport;

import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.Run;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Renders a generated trace ({@link ValidTraces}) as the TORCH_TRACE log a capture would write:
 * {@code compile_receipt_call} markers around each call and, inside compiled calls, the records
 * PyTorch writes for its events (a compile is {@code dynamo_start}, {@code recompile_reasons} for a
 * later variant, a multi-line {@code chromium_event} and {@code compilation_metrics}; a break is a
 * {@code dynamo_graph_break_reason}; a fallback is metrics without guarded code). Every payload
 * carries its right MD5, so no line of the log is bad.
 */
public final class ValidLogs {

    private static final String PREFIX = "V1129 07:59:13.414000 21527 torch/_dynamo/utils.py:1318] ";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private ValidLogs() {
    }

    /** The log's lines, without line ends. */
    public static List<String> lines(ValidTraces.TraceSpec spec) {
        List<String> lines = new ArrayList<>();
        run(lines, Run.BASELINE, spec.baseline());
        spec.candidate().ifPresent(calls -> run(lines, Run.CANDIDATE, calls));
        return lines;
    }

    private static void run(List<String> lines, String label, List<ValidTraces.CallSpec> calls) {
        Map<Integer, Integer> nextVariant = new HashMap<>();
        for (int i = 0; i < calls.size(); i++) {
            ValidTraces.CallSpec call = calls.get(i);
            String id = label.charAt(0) + String.format("%02d", i);
            ObjectNode start = marker(label, id, call.phase(), "start");
            call.family().ifPresent(family -> start.put("family", family));
            artifact(lines, "compile_receipt_call", "json", Optional.empty(), json(start));
            if (call.phase() != Phase.EAGER) {
                call.events().forEach(event -> event(lines, event, nextVariant));
            }
            ObjectNode end = marker(label, id, call.phase(), "end");
            end.put("wall_ms", call.wallMs());
            artifact(lines, "compile_receipt_call", "json", Optional.empty(), json(end));
        }
    }

    private static void event(List<String> lines, ValidTraces.EventSpec event, Map<Integer, Integer> nextVariant) {
        switch (event.kind()) {
            case HIT -> { }
            case BREAK -> artifact(lines, "dynamo_graph_break_reason", "string", Optional.of(new GraphId(event.frame(), 0)),
                    "Graph break in user code at /rt/model.py:" + (10 + event.variant()) + "\nReason: " + event.text()
                            + "\nUser code traceback:\n  File \"/rt/model.py\", line " + (10 + event.variant()));
            case COMPILE, FALLBACK -> {
                int variant = nextVariant.merge(event.frame(), 1, Integer::sum) - 1;
                GraphId graph = new GraphId(event.frame(), variant);
                record(lines, compileId(NODES.objectNode().set("dynamo_start", NODES.objectNode().putArray("stack")), graph));
                if (variant > 0) {
                    artifact(lines, "recompile_reasons", "json", Optional.of(graph), json(JSON.valueToTree(event.guards())));
                }
                ObjectNode span = NODES.objectNode().put("name", "entire_frame_compile").put("ph", "B");
                span.putObject("args").put("compile_id", graph.toString());
                payloadRecord(lines, compileId(NODES.objectNode().set("chromium_event", NODES.objectNode()), graph),
                        span.toPrettyString());
                ObjectNode metrics = NODES.objectNode();
                metrics.put("has_guarded_code", event.kind() == ValidTraces.Kind.COMPILE);
                metrics.put("cache_size", variant);
                metrics.put("entire_frame_compile_time_s", event.otherMs() / 1000);
                if (event.kind() == ValidTraces.Kind.FALLBACK) {
                    metrics.put("fail_type", "BackendCompilerFailed");
                    metrics.put("fail_reason", event.text());
                }
                record(lines, compileId(NODES.objectNode().set("compilation_metrics", metrics), graph));
            }
        }
    }

    private static ObjectNode marker(String run, String id, Phase phase, String edge) {
        return NODES.objectNode().put("edge", edge).put("id", id).put("phase", phase.id()).put("run", run);
    }

    private static ObjectNode compileId(ObjectNode envelope, GraphId graph) {
        return envelope.put("frame_id", graph.frame()).put("frame_compile_id", graph.variant()).put("attempt", 0);
    }

    private static void artifact(List<String> lines, String name, String encoding, Optional<GraphId> graph, String payload) {
        ObjectNode envelope = NODES.objectNode();
        envelope.putObject("artifact").put("name", name).put("encoding", encoding);
        graph.ifPresent(id -> compileId(envelope, id));
        payloadRecord(lines, envelope, payload);
    }

    private static void payloadRecord(List<String> lines, ObjectNode envelope, String payload) {
        List<String> payloadLines = payload.lines().toList();
        // PyTorch hashes the payload's lines joined by \n, whatever the platform writes.
        envelope.put("has_payload", md5(String.join("\n", payloadLines)));
        record(lines, envelope);
        payloadLines.forEach(line -> lines.add("\t" + line));
    }

    private static void record(List<String> lines, ObjectNode envelope) {
        lines.add(PREFIX + json(envelope));
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String md5(String payload) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(payload.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
