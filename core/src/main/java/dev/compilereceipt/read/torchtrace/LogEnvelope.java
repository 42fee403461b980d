package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.json.JsonReading;
import dev.compilereceipt.read.UnicodeText;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.read.Interner;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.Optional;

/**
 * The JSON envelope of one TORCH_TRACE record: the compile id ({@code frame_id},
 * {@code frame_compile_id}, {@code attempt}), the MD5 of the payload ({@code has_payload}) and the
 * one event key, with the parts of the event this project reads (artifact name and encoding,
 * {@link CompileMetrics}). Every field is optional; unknown keys and event kinds are skipped
 * token by token without building a tree.
 *
 * <p>Example: <code>{"artifact": {"name": "recompile_reasons", "encoding": "json"}, "frame_id": 0,
 * "frame_compile_id": 1, "attempt": 0, "has_payload": "..."}</code> is kind {@code artifact},
 * artifact {@code recompile_reasons}, compile id {@code 0/1}.
 */
record LogEnvelope(
        String kind,
        long frameId,
        long frameCompileId,
        long attempt,
        Optional<String> payloadMd5,
        String artifactName,
        String artifactEncoding,
        Optional<CompileMetrics> metrics) {

    static final String ARTIFACT = "artifact";
    static final String CHROMIUM_EVENT = "chromium_event";
    static final String COMPILATION_METRICS = "compilation_metrics";
    static final String DYNAMO_START = "dynamo_start";
    /** The record of an FX graph Dynamo produced: what tells a variant with a graph from a graphless one. */
    static final String DYNAMO_OUTPUT_GRAPH = "dynamo_output_graph";
    static final long NONE = -1;

    private static final JsonFactory FACTORY = JsonReading.RECORDS;

    /** What a freeze counts a dropped record under: its key, or {@code artifact NAME}. */
    String label() {
        return kind.equals(ARTIFACT) ? "artifact " + artifactName : kind;
    }

    boolean hasCompileId() {
        return frameId >= 0 && frameCompileId >= 0;
    }

    /** Whether the payload of this record must be valid JSON, as its {@link RecordKind} says. */
    boolean payloadIsJson() {
        return RecordKinds.of(this).payloadIsJson(this);
    }

    /** Parses the envelope; empty when it is not one valid JSON object. */
    static Optional<LogEnvelope> parse(byte[] bytes, int from, int to, Interner pool) {
        Optional<LogEnvelope> scanned = EnvelopeScan.read(bytes, from, to, pool);
        return scanned != null ? scanned : parseWithJackson(bytes, from, to, pool);
    }

    /** {@link #parse} without {@link EnvelopeScan}: what the scan's answers must equal. */
    static Optional<LogEnvelope> parseWithJackson(byte[] bytes, int from, int to, Interner pool) {
        try (JsonParser parser = FACTORY.createParser(bytes, from, to - from)) {
            return read(parser, pool);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * The envelope {@code parser} gives from its start, by the rules of {@link #parseWithJackson}: a
     * parser of the line's bytes, or of the tree a freeze has read them into ({@link FrozenEnvelope}).
     */
    static Optional<LogEnvelope> read(JsonParser parser, Interner pool) throws IOException {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            return Optional.empty();
        }
        String kind = "";
        long frameId = NONE;
        long frameCompileId = NONE;
        long attempt = 0;
        String md5 = null;
        String artifactName = "";
        String artifactEncoding = "";
        CompileMetrics metrics = null;
        String metricsCompileId = null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            JsonToken value = parser.nextToken();
            switch (key) {
                case "frame_id" -> frameId = integer(parser, value);
                case "frame_compile_id" -> frameCompileId = integer(parser, value);
                case "attempt" -> attempt = Math.max(0, integer(parser, value));
                case "has_payload" -> md5 = value == JsonToken.VALUE_STRING ? parser.getText() : null;
                case "compiled_autograd_id", "rank", "compiled_autograd_attempt" -> parser.skipChildren();
                default -> {
                    if (!kind.isEmpty()) {
                        parser.skipChildren();
                        continue;
                    }
                    kind = pool.intern(key);
                    if (ARTIFACT.equals(key) && value == JsonToken.START_OBJECT) {
                        String[] artifact = artifact(parser, pool);
                        artifactName = artifact[0];
                        artifactEncoding = artifact[1];
                    } else if (COMPILATION_METRICS.equals(key) && value == JsonToken.START_OBJECT) {
                        CompileMetrics.Reading reading = CompileMetrics.read(parser, pool);
                        metrics = reading.metrics();
                        metricsCompileId = reading.compileId();
                    } else {
                        parser.skipChildren();
                    }
                }
            }
        }
        if (parser.currentToken() != JsonToken.END_OBJECT || parser.nextToken() != null) {
            return Optional.empty();
        }
        if (frameId < 0 && metricsCompileId != null) {
            long[] id = compileId(metricsCompileId);
            frameId = id[0];
            frameCompileId = id[1];
        }
        return Optional.of(new LogEnvelope(kind, frameId, frameCompileId, attempt, Optional.ofNullable(md5),
                artifactName, artifactEncoding, Optional.ofNullable(metrics)));
    }

    /**
     * A {@code compilation_metrics} envelope whose other fields {@link EnvelopeScan} read: the
     * metrics are read by {@link CompileMetrics#read} from {@code metricsObject}, the fields it
     * takes copied from the envelope as written; empty where that reading finds the record bad.
     */
    static Optional<LogEnvelope> withMetrics(String kind, long frameId, long frameCompileId, long attempt, String md5,
            byte[] metricsObject, Interner pool) {
        try (JsonParser parser = FACTORY.createParser(metricsObject)) {
            parser.nextToken();
            CompileMetrics.Reading reading = CompileMetrics.read(parser, pool);
            long frame = frameId;
            long variant = frameCompileId;
            if (frame < 0 && reading.compileId() != null) {
                long[] id = compileId(reading.compileId());
                frame = id[0];
                variant = id[1];
            }
            return Optional.of(new LogEnvelope(kind, frame, variant, attempt, Optional.ofNullable(md5), "", "",
                    Optional.of(reading.metrics())));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static String[] artifact(JsonParser parser, Interner pool) throws IOException {
        String name = "";
        String encoding = "";
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            JsonToken value = parser.nextToken();
            if (value == JsonToken.VALUE_STRING && key.equals("name")) {
                name = pool.intern(UnicodeText.text(parser));
            } else if (value == JsonToken.VALUE_STRING && key.equals("encoding")) {
                encoding = pool.intern(UnicodeText.text(parser));
            } else {
                parser.skipChildren();
            }
        }
        return new String[] {name, encoding};
    }

    private static long integer(JsonParser parser, JsonToken value) throws IOException {
        if (value == JsonToken.VALUE_NUMBER_INT && parser.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
            return parser.getLongValue();
        }
        parser.skipChildren();
        return NONE;
    }

    /** {@code "F/V"} or {@code "F/V_A"} as {frame, variant}; {-1, -1} for anything else. */
    private static long[] compileId(String text) {
        int underscore = text.indexOf('_');
        String id = underscore < 0 ? text : text.substring(0, underscore);
        return GraphId.parse(id).map(g -> new long[] {g.frame(), g.variant()}).orElse(new long[] {NONE, NONE});
    }
}
