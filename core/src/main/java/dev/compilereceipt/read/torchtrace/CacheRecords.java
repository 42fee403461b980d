package dev.compilereceipt.read.torchtrace;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Measure;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The record kinds of the on-disk compile caches: the artifacts {@code fx_graph_cache_*} and
 * {@code aotautograd_cache_*} (hit, miss or bypass; counted, their payloads not read, frozen as
 * their envelopes), and PyTorch 2.6's only record of an AOTAutograd lookup, the
 * {@code autograd_cache_*} {@code chromium_event} ({@link ChromiumCacheEvent}). A compile looks each cache up
 * once: a second outcome of one cache for one compile is a bad record, its line listed.
 *
 * <p>Example: {@code CacheRecords.FX_GRAPH.names()} is {@code fx_graph_cache_hit},
 * {@code fx_graph_cache_miss} and {@code fx_graph_cache_bypass}.
 */
final class CacheRecords {

    static final CacheArtifact FX_GRAPH = new CacheArtifact("fx_graph_cache_", Measure.FX_GRAPH_CACHE);
    static final CacheArtifact AOT_AUTOGRAD = new CacheArtifact("aotautograd_cache_", Measure.AOTAUTOGRAD_CACHE);
    static final ChromiumCache CHROMIUM = new ChromiumCache();

    private CacheRecords() {
    }

    /** One cache's artifacts: a lookup of a compile, or of the run where the record has no compile id. */
    static final class CacheArtifact implements RecordKind {
        private final List<String> names;
        private final Set<Measure> measures;

        private CacheArtifact(String prefix, Measure cache) {
            names = List.of(prefix + "hit", prefix + "miss", prefix + "bypass");
            measures = Set.of(Measure.ARTIFACT_CACHE, cache);
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

        @Override
        public void read(LogEnvelope envelope, KeptPayload payload, RecordTarget target) {
            if (envelope.hasCompileId()) {
                if (!target.compiles().cacheArtifact(RecordKind.graph(envelope), envelope.artifactName())) {
                    target.bad();
                }
            } else {
                target.runLog().countCacheArtifact(envelope.artifactName());
            }
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
