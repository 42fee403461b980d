package dev.compilereceipt.read.torchtrace;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Measure;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One kind of TORCH_TRACE record, as tlparse's {@code StructuredLogParser} list has one parser per
 * kind: the envelope key (and, for an artifact, the names) it answers to, which bytes of the payload
 * the reader keeps, how the payload is checked and read, what the record adds to the compile log,
 * what a freeze keeps of it, and which {@link Measure}s it is evidence of. {@link RecordKinds} holds
 * the table that the reader, the part reader and the freezer consult; a record of a kind not in it is
 * checked (MD5, JSON) and skipped. A new PyTorch record is one new kind.
 *
 * <p>Example: {@code RecordKinds.of(envelope)} of <code>{"dynamo_start": {...}, "frame_id": 0,
 * "frame_compile_id": 1}</code> is {@link CompileRecords#DYNAMO_START}: it keeps no payload, starts
 * compile {@code 0/1}, is frozen as its envelope and is evidence of {@code COMPILES} and
 * {@code FALLBACKS}.
 */
sealed interface RecordKind permits CompileRecords.Start, CompileRecords.OutputGraph, CompileRecords.Metrics,
        CompileRecords.Reasons, CompileRecords.Break, RunRecords.Marker, CacheRecords.CacheArtifact,
        CacheRecords.ChromiumCache, CacheRecords.AutogradKey, RunRecords.Release, RunRecords.Skipped {

    /** What {@link #frozenPayload} says of a kind a freeze keeps whole, however long (up to {@link LogFreezer#MAX_KEPT_PAYLOAD}). */
    long WHOLE_PAYLOAD = Long.MAX_VALUE;

    /** The envelope key of its records: {@code dynamo_start}, or {@code artifact} for a kind told by its {@link #names}. */
    String key();

    /** The artifact names it answers to; none for a kind of its own envelope key. */
    default List<String> names() {
        return List.of();
    }

    /** The measures its records are evidence of, as data: what a log without any of them cannot measure. */
    Set<Measure> measures();

    /** Whether the reader acts on the record (most kinds only with a compile id): a freeze keeps exactly these. */
    boolean acts(LogEnvelope envelope);

    /** The bytes of the payload the reader keeps to read it; 0 keeps none. */
    default int kept(LogEnvelope envelope, Limits limits) {
        return 0;
    }

    /** Whether the payload must be one JSON value, the record bad otherwise: an artifact's when its encoding says so. */
    default boolean payloadIsJson(LogEnvelope envelope) {
        return "json".equals(envelope.artifactEncoding());
    }

    /** Whether the kept payload must be UTF-8, the record bad otherwise: text read as text. */
    default boolean keptIsText() {
        return false;
    }

    /** Adds a well-formed record the reader {@link #acts} on to what the log gives. */
    void read(LogEnvelope envelope, KeptPayload payload, RecordTarget target) throws IOException;

    /** Whether a part read ahead hands on a record the reader {@link #acts} on, from what it kept of the payload. */
    default boolean handedOn(LogEnvelope envelope, KeptPayload payload) {
        return true;
    }

    /**
     * What a part read ahead keeps of a payload for {@link #read} to read later: the kept bytes, or what
     * reading them gives, read on the part's thread (a cache key's components with their values cut).
     */
    default KeptPayload condensed(LogEnvelope envelope, KeptPayload payload) {
        return new PartRecords.Bytes(payload.kept(), payload.overflowed());
    }

    /** The bytes of the payload a freeze holds as the record streams past: none, its head, or {@link #WHOLE_PAYLOAD}. */
    default long frozenPayload() {
        return 0;
    }

    /**
     * The record as a freeze writes it, from what it holds: the envelope cut in place, and the payload
     * lines to write (with a fresh MD5 when there are any); empty to drop the record after all.
     */
    default Optional<List<byte[]>> freeze(ObjectNode envelope, List<byte[]> payload) {
        return Optional.of(payload);
    }

    /**
     * The record as a freeze writes it, as {@link #freeze(ObjectNode, List)}, for a kind that also needs the record read
     * and the freeze's tally of cache keys (a cache record writes its key's components in a form of its own).
     */
    default Optional<List<byte[]>> freeze(LogEnvelope record, ObjectNode envelope, List<byte[]> payload, FrozenKeys keys) {
        return freeze(envelope, payload);
    }

    /** Whether a frozen payload is JSON text, whose strings a directory is cut from one by one. */
    default boolean frozenPayloadIsJson(LogEnvelope envelope, List<byte[]> payload) {
        return payloadIsJson(envelope);
    }

    /** The compile a record with a compile id belongs to. */
    static GraphId graph(LogEnvelope envelope) {
        return new GraphId(envelope.frameId(), envelope.frameCompileId());
    }
}
