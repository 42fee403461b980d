package dev.compilereceipt.read.torchtrace;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.trace.CacheKey;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Measure;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The record kinds of the on-disk compile caches: the artifacts {@code fx_graph_cache_*} and
 * {@code aotautograd_cache_*} (hit, miss or bypass; counted, their keys read into the compile log's
 * {@code cacheKeys}), 2.6's {@code aotautograd_cache_hash} (a key, its outcome in {@code cache_state}), and PyTorch 2.6's only record of an AOTAutograd lookup, the
 * {@code autograd_cache_*} {@code chromium_event} ({@link ChromiumCacheEvent}). A compile looks each cache up
 * once: a second outcome of one cache for one compile is a bad record, its line listed.
 *
 * <p>Example: {@code CacheRecords.FX_GRAPH.names()} is {@code fx_graph_cache_hit},
 * {@code fx_graph_cache_miss} and {@code fx_graph_cache_bypass}.
 */
final class CacheRecords {

    static final CacheArtifact FX_GRAPH = new CacheArtifact("fx_graph_cache_", Measure.FX_GRAPH_CACHE, CompileLog.FX_GRAPH);
    static final CacheArtifact AOT_AUTOGRAD = new CacheArtifact("aotautograd_cache_", Measure.AOTAUTOGRAD_CACHE,
            CompileLog.AOTAUTOGRAD);
    static final AutogradKey AOT_AUTOGRAD_KEY = new AutogradKey();
    static final ChromiumCache CHROMIUM = new ChromiumCache();

    private CacheRecords() {
    }

    /**
     * What a cache record's payload is kept to read its key: twice the longest string, so that a graph
     * module's code of up to {@code max_string_length} leaves room for the other components; a longer
     * payload keeps its key, its components not measured ({@link CacheKeyPayload}).
     */
    static int keptForKey(Limits limits) {
        return (int) Math.min(LogLines.MAX_LINE, 2L * limits.maxStringLength() + 4096);
    }

    /** The compile a key belongs to as PyTorch spells it: {@code 0/0}, or {@code 0/0_1} for the restart after a graph break. */
    static String keyGraph(LogEnvelope envelope) {
        String graph = RecordKind.graph(envelope).toString();
        return envelope.attempt() > 0 ? graph + "_" + envelope.attempt() : graph;
    }

    /**
     * Adds the key a payload names to the run's compile log; a payload that is no JSON object is counted only. Frozen
     * components that do not read make the record a bad line, and its key's components not measured.
     */
    static void addKey(LogEnvelope envelope, KeptPayload payload, RecordTarget target, String cache, Optional<String> outcome)
            throws IOException {
        Optional<CacheKeyPayload.Read> read = CacheKeyPayload.read(payload, target.pool(), target.runLog().handed(cache));
        if (read.isEmpty()) {
            return;
        }
        Optional<String> said = outcome.or(read.get()::state).filter(CacheRecords::isOutcome);
        boolean added = said.isPresent() && target.runLog().addCacheKey(new CacheKey(keyGraph(envelope), cache, said.get(),
                read.get().key(), read.get().components()));
        if (!added || read.get().unreadable()) {
            target.bad();    // once a record, whatever is wrong with it
        }
    }

    private static boolean isOutcome(String outcome) {
        return outcome.equals(CompileLog.HIT) || outcome.equals(CompileLog.MISS) || outcome.equals(CompileLog.BYPASS);
    }

    /** One cache's artifacts: a lookup of a compile, or of the run where the record has no compile id; the key of a compile's. */
    static final class CacheArtifact implements RecordKind {
        private final List<String> names;
        private final Set<Measure> measures;
        private final String cache;

        private CacheArtifact(String prefix, Measure measure, String cache) {
            names = List.of(prefix + "hit", prefix + "miss", prefix + "bypass");
            measures = Set.of(Measure.ARTIFACT_CACHE, measure);
            this.cache = cache;
        }

        @Override
        public int kept(LogEnvelope envelope, Limits limits) {
            return envelope.hasCompileId() ? keptForKey(limits) : 0;
        }

        @Override
        public KeptPayload condensed(LogEnvelope envelope, KeptPayload payload) {
            return envelope.hasCompileId() ? CacheKeyPayload.ahead(payload) : RecordKind.super.condensed(envelope, payload);
        }

        @Override
        public String key() {
            return LogEnvelope.ARTIFACT;
        }

        @Override
        public List<String> names() {
            return names;
        }

        @Override
        public Set<Measure> measures() {
            return measures;
        }

        @Override
        public boolean acts(LogEnvelope envelope) {
            return true;
        }

        /** A compile's key is frozen with its components ({@link CacheKeyPayload#frozen}); a run's record as its envelope. */
        @Override
        public long frozenPayload() {
            return CacheKeyPayload.MAX_INFLATED + 1L;
        }

        @Override
        public Optional<List<byte[]>> freeze(LogEnvelope record, ObjectNode envelope, List<byte[]> payload, FrozenKeys keys) {
            String name = record.artifactName();
            return record.hasCompileId() ? keys.freeze(payload, Optional.of(name.substring(name.lastIndexOf('_') + 1)))
                    : Optional.of(List.of());
        }

        @Override
        public void read(LogEnvelope envelope, KeptPayload payload, RecordTarget target) throws IOException {
            if (envelope.hasCompileId()) {
                if (!target.compiles().cacheArtifact(RecordKind.graph(envelope), envelope.artifactName())) {
                    target.bad();
                    return;
                }
                String name = envelope.artifactName();
                addKey(envelope, payload, target, cache, Optional.of(name.substring(name.lastIndexOf('_') + 1)));
            } else {
                target.runLog().countCacheArtifact(envelope.artifactName());
            }
        }
    }

    /**
     * PyTorch 2.6's {@code aotautograd_cache_hash} artifact: the AOTAutograd key of a compile and its
     * components, the outcome in {@code cache_state}. 2.6 counts the lookup in its chromium event
     * ({@link ChromiumCache}); this record adds the key only.
     */
    static final class AutogradKey implements RecordKind {
        @Override
        public String key() {
            return LogEnvelope.ARTIFACT;
        }

        @Override
        public List<String> names() {
            return List.of("aotautograd_cache_hash");
        }

        @Override
        public Set<Measure> measures() {
            return Set.of(Measure.AOTAUTOGRAD_CACHE);
        }

        @Override
        public boolean acts(LogEnvelope envelope) {
            return envelope.hasCompileId();
        }

        @Override
        public int kept(LogEnvelope envelope, Limits limits) {
            return keptForKey(limits);
        }

        @Override
        public KeptPayload condensed(LogEnvelope envelope, KeptPayload payload) {
            return CacheKeyPayload.ahead(payload);
        }

        @Override
        public void read(LogEnvelope envelope, KeptPayload payload, RecordTarget target) throws IOException {
            addKey(envelope, payload, target, CompileLog.AOTAUTOGRAD, Optional.empty());
        }

        @Override
        public long frozenPayload() {
            return CacheKeyPayload.MAX_INFLATED + 1L;
        }

        @Override
        public Optional<List<byte[]>> freeze(LogEnvelope record, ObjectNode envelope, List<byte[]> payload, FrozenKeys keys) {
            return keys.freeze(payload, Optional.empty());
        }
    }

    /**
     * A {@code chromium_event} of a compile: its payload is JSON, the first {@value ChromiumCacheEvent#KEPT}
     * bytes are kept to tell an {@code autograd_cache_*} event, and a freeze keeps such an event cut
     * to its name, as an instant event, and drops every other.
     */
    static final class ChromiumCache implements RecordKind {
        @Override
        public String key() {
            return LogEnvelope.CHROMIUM_EVENT;
        }

        @Override
        public Set<Measure> measures() {
            return Set.of(Measure.ARTIFACT_CACHE, Measure.AOTAUTOGRAD_CACHE);
        }

        @Override
        public boolean acts(LogEnvelope envelope) {
            return envelope.hasCompileId();
        }

        @Override
        public int kept(LogEnvelope envelope, Limits limits) {
            return envelope.hasCompileId() ? ChromiumCacheEvent.KEPT : 0;
        }

        @Override
        public boolean payloadIsJson(LogEnvelope envelope) {
            return true;
        }

        @Override
        public void read(LogEnvelope envelope, KeptPayload payload, RecordTarget target) {
            Optional<String> outcome = ChromiumCacheEvent.outcome(payload.kept());
            if (outcome.isPresent() && !target.compiles().chromiumAutogradLookup(RecordKind.graph(envelope), outcome.get())) {
                target.bad();
            }
        }

        /** Only a cache lookup: most chromium events are of other things. */
        @Override
        public boolean handedOn(LogEnvelope envelope, KeptPayload payload) {
            return ChromiumCacheEvent.outcome(payload.kept()).isPresent();
        }

        @Override
        public long frozenPayload() {
            return ChromiumCacheEvent.KEPT;
        }

        @Override
        public Optional<List<byte[]>> freeze(ObjectNode envelope, List<byte[]> payload) {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            for (int i = 0; i < payload.size(); i++) {
                if (i > 0) {
                    head.write('\n');
                }
                head.writeBytes(payload.get(i));
            }
            return ChromiumCacheEvent.outcome(head.toByteArray()).map(outcome -> List.of(("{\"name\": \""
                    + ChromiumCacheEvent.PREFIX + outcome + "\", \"ph\": \"i\"}").getBytes(StandardCharsets.UTF_8)));
        }
    }
}
