package dev.compilereceipt.read.torchtrace;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The table of TORCH_TRACE record kinds this project reads, in one place: the reader, the part
 * reader and the freezer each ask it for the kind of an envelope, by the key the envelope scan has
 * already read (and for an artifact its name), with no allocation; a record of no kind here is
 * {@link RunRecords#SKIPPED}.
 *
 * <p>Example: {@code RecordKinds.of(envelope)} of an artifact named {@code fx_graph_cache_miss} is
 * {@link CacheRecords#FX_GRAPH}; of a {@code describe_tensor} record it is {@code SKIPPED}.
 */
final class RecordKinds {

    /** Every kind read, in the order of a compile's records. */
    static final List<RecordKind> ALL = List.of(RunRecords.MARKER, RunRecords.TORCH_VERSION, CompileRecords.DYNAMO_START,
            CompileRecords.RECOMPILE_REASONS, CompileRecords.GRAPH_BREAK, CompileRecords.DYNAMO_OUTPUT_GRAPH,
            CacheRecords.FX_GRAPH, CacheRecords.AOT_AUTOGRAD, CacheRecords.AOT_AUTOGRAD_KEY, CacheRecords.CHROMIUM, CompileRecords.METRICS);

    private static final Map<String, RecordKind> BY_KEY = new HashMap<>();
    private static final Map<String, RecordKind> BY_ARTIFACT = new HashMap<>();

    static {
        for (RecordKind kind : ALL) {
            if (kind.names().isEmpty()) {
                put(BY_KEY, kind.key(), kind);
            }
            for (String name : kind.names()) {
                put(BY_ARTIFACT, name, kind);
            }
        }
    }

    private RecordKinds() {
    }

    private static void put(Map<String, RecordKind> table, String key, RecordKind kind) {
        if (table.put(key, kind) != null) {
            throw new IllegalStateException("two record kinds answer to " + key);
        }
    }

    /** Whether records of event key {@code key} may be of a kind in the table: any artifact, and the kinds' own keys. */
    static boolean mayRead(String key) {
        return key.equals(LogEnvelope.ARTIFACT) || BY_KEY.containsKey(key);
    }

    /** The kind of a record, {@link RunRecords#SKIPPED} for one this project does not read. */
    static RecordKind of(LogEnvelope envelope) {
        String key = envelope.kind();
        RecordKind kind = key.equals(LogEnvelope.ARTIFACT) ? BY_ARTIFACT.get(envelope.artifactName()) : BY_KEY.get(key);
        return kind == null ? RunRecords.SKIPPED : kind;
    }
}
