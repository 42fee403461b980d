package dev.compilereceipt.read.torchtrace;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.read.BreakMessage;
import dev.compilereceipt.read.PassedLimit;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Measure;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The record kinds of one compile, read when they carry its compile id: {@code dynamo_start},
 * {@code dynamo_output_graph}, {@code compilation_metrics}, and the artifacts
 * {@code recompile_reasons} and {@code dynamo_graph_break_reason} ({@link CompileTracker} follows
 * the compile from its first record to its metrics).
 *
 * <p>Example: {@code CompileRecords.METRICS.freeze(envelope, List.of())} cuts the
 * {@code compilation_metrics} object to {@link CompileMetrics#FIELDS}.
 */
final class CompileRecords {

    static final Start DYNAMO_START = new Start();
    static final OutputGraph DYNAMO_OUTPUT_GRAPH = new OutputGraph();
    static final Metrics METRICS = new Metrics();
    static final Reasons RECOMPILE_REASONS = new Reasons();
    static final Break GRAPH_BREAK = new Break();

    private CompileRecords() {
    }

    /** {@code dynamo_start}: a compile begins, or restarts with a higher attempt; frozen as its envelope. */
    static final class Start implements RecordKind {
        @Override
        public String key() {
            return LogEnvelope.DYNAMO_START;
        }

        @Override
        public Set<Measure> measures() {
            // A compile that started and logged no metrics is a fallback: it did not finish.
            return Set.of(Measure.COMPILES, Measure.FALLBACKS);
        }

        @Override
        public boolean acts(LogEnvelope envelope) {
            return envelope.hasCompileId();
        }

        @Override
        public void read(LogEnvelope envelope, KeptPayload payload, RecordTarget target) {
            target.compiles().started(RecordKind.graph(envelope), envelope.attempt());
        }
    }

    /** {@code dynamo_output_graph}: the compile produced an FX graph; frozen as its envelope, the graph's code left out. */
    static final class OutputGraph implements RecordKind {
        @Override
        public String key() {
            return LogEnvelope.DYNAMO_OUTPUT_GRAPH;
        }

        @Override
        public Set<Measure> measures() {
            return Set.of(Measure.GRAPHS_COMPILED);
        }

        @Override
        public boolean acts(LogEnvelope envelope) {
            return envelope.hasCompileId();
        }

        @Override
        public void read(LogEnvelope envelope, KeptPayload payload, RecordTarget target) {
            target.outputGraph(RecordKind.graph(envelope));
        }
    }

    /**
     * {@code compilation_metrics}: the compile ends, with or without a variant, its time split by stage
     * and its restart reasons (the breaks of older logs); read from the envelope, frozen cut to the
     * {@link CompileMetrics#FIELDS} the reader takes.
     */
    static final class Metrics implements RecordKind {
        @Override
        public String key() {
            return LogEnvelope.COMPILATION_METRICS;
        }

        @Override
        public Set<Measure> measures() {
            // Its stage timers split each compile, and so, with the markers' calls, each phase's compile time.
            return Set.of(Measure.COMPILES, Measure.COMPILE_MS, Measure.COMPILE_STAGES, Measure.FALLBACKS,
                    Measure.SITE_CROSSINGS, Measure.PHASE_STAGES);
        }

        @Override
        public boolean acts(LogEnvelope envelope) {
            return envelope.hasCompileId() && envelope.metrics().isPresent();
        }

        @Override
        public void read(LogEnvelope envelope, KeptPayload payload, RecordTarget target) {
            target.compiles().metrics(RecordKind.graph(envelope), envelope.metrics().get());
        }

        @Override
        public Optional<List<byte[]>> freeze(ObjectNode envelope, List<byte[]> payload) {
            if (envelope.get(LogEnvelope.COMPILATION_METRICS) instanceof ObjectNode metrics) {
                metrics.retain(CompileMetrics.FIELDS);
            }
            return Optional.of(payload);
        }
    }

    /**
     * The {@code recompile_reasons} artifact: the guard failures that made the compile, a JSON list or
     * (2.14, a lone reason) bare text, so its payload is not checked as JSON; an id with reasons and
     * no compile hit the recompile limit. Kept and frozen whole.
     */
    static final class Reasons implements RecordKind {
        static final String NAME = "recompile_reasons";
        /** Room for this many reasons (PyTorch's default recompile limit) of the longest string is kept of a payload. */
        static final int PER_PAYLOAD = 8;

        @Override
        public String key() {
            return LogEnvelope.ARTIFACT;
        }

        @Override
        public List<String> names() {
            return List.of(NAME);
        }

        @Override
        public Set<Measure> measures() {
            return Set.of(Measure.COMPILES, Measure.FALLBACKS, Measure.RECOMPILE_CAUSES);
        }

        @Override
        public boolean acts(LogEnvelope envelope) {
            return envelope.hasCompileId();
        }

        /** A longer payload is refused before it is decoded. */
        @Override
        public int kept(LogEnvelope envelope, Limits limits) {
            return (int) Math.min(LogLines.MAX_LINE, (long) PER_PAYLOAD * limits.maxStringLength() + 64);
        }

        @Override
        public boolean payloadIsJson(LogEnvelope envelope) {
            return false;
        }

        @Override
        public void read(LogEnvelope envelope, KeptPayload payload, RecordTarget target) throws IOException {
            Limits limits = target.limits();
            if (payload.overflowed()) {
                throw PassedLimit.over("a recompile_reasons payload longer than " + PER_PAYLOAD
                        + " reasons of max_string_length", kept(envelope, limits), "max_string_length", "withMaxStringLength");
            }
            Optional<List<String>> guards = RecompileReasons.parse(payload.kept(), target.pool(), limits.maxRecompileReasons());
            if (guards.isEmpty()) {
                target.bad();
                return;
            }
            target.compiles().recompileReasons(RecordKind.graph(envelope), guards.get());
        }

        @Override
        public long frozenPayload() {
            return WHOLE_PAYLOAD;
        }

        /** A list is JSON; a lone reason (2.14) is text. */
        @Override
        public boolean frozenPayloadIsJson(LogEnvelope envelope, List<byte[]> payload) {
            for (byte[] line : payload) {
                String text = new String(line, StandardCharsets.UTF_8).strip();
                if (!text.isEmpty()) {
                    return text.startsWith("[");
                }
            }
            return false;
        }
    }

    /** The {@code dynamo_graph_break_reason} artifact: a break with its site and reason, its first 64 KiB read as UTF-8 text. */
    static final class Break implements RecordKind {
        static final String NAME = "dynamo_graph_break_reason";
        private static final int KEPT = 64 << 10;

        @Override
        public String key() {
            return LogEnvelope.ARTIFACT;
        }

        @Override
        public List<String> names() {
            return List.of(NAME);
        }

        @Override
        public Set<Measure> measures() {
            // Its site is crossed by the call that compiles it; a break that skips the frame makes a fallback.
            return Set.of(Measure.SITE_CROSSINGS, Measure.FALLBACKS, Measure.BREAK_SITES);
        }

        @Override
        public boolean acts(LogEnvelope envelope) {
            return envelope.hasCompileId();
        }

        @Override
        public int kept(LogEnvelope envelope, Limits limits) {
            return KEPT;
        }

        /** Not UTF-8, it would read as the U+FFFD of another log. */
        @Override
        public boolean keptIsText() {
            return true;
        }

        @Override
        public void read(LogEnvelope envelope, KeptPayload payload, RecordTarget target) {
            target.compiles().graphBreak(RecordKind.graph(envelope),
                    BreakMessage.ofArtifact(new String(payload.kept(), StandardCharsets.UTF_8), target.pool()));
        }

        @Override
        public long frozenPayload() {
            return WHOLE_PAYLOAD;
        }
    }
}
