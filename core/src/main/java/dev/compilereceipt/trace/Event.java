package dev.compilereceipt.trace;

import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One thing that happened inside a call, in the order it happened: a compiled {@link Region}
 * ran, a graph {@link Break} left compiled code for an eager island, or a {@link Fallback} gave up
 * compiling and ran the frame eagerly.
 *
 * <p>Example: {@code new Event.Break("model.py:31", "Unsupported: builtin: print", 0.0404)}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public sealed interface Event {

    /** The kind as written in a trace: {@code region}, {@code break} or {@code fallback}. */
    String kind();

    /** Whether a region reused a cached variant or compiled a new one in this call. */
    enum Cache {
        HIT, COMPILE;

        public String id() {
            return this == HIT ? "hit" : "compile";
        }
    }

    /**
     * A compiled region ran. {@code compileMs} is 0 for a hit; {@code guardFailures} are the
     * guards of older variants that missed before this variant was compiled; {@code stages} split
     * {@code compileMs} by compile stage where the source measures them ({@link CompileStages#NONE} else);
     * {@code artifactCache} holds the compile's on-disk cache lookups where the source gives them.
     */
    record Region(GraphId graph, Cache cache, double ms, double compileMs, List<String> guardFailures,
                  CompileStages stages, CompileLog.ArtifactCache artifactCache) implements Event {
        public Region(GraphId graph, Cache cache, double ms, double compileMs, List<String> guardFailures) {
            this(graph, cache, ms, compileMs, guardFailures, CompileStages.NONE);
        }

        /** A region whose compile's on-disk cache lookups the source does not give. */
        public Region(GraphId graph, Cache cache, double ms, double compileMs, List<String> guardFailures, CompileStages stages) {
            this(graph, cache, ms, compileMs, guardFailures, stages, CompileLog.ArtifactCache.NONE);
        }

        public Region {
            guardFailures = List.copyOf(guardFailures);
        }

        public boolean isCompile() {
            return cache == Cache.COMPILE;
        }

        @Override
        public String kind() {
            return "region";
        }
    }

    /**
     * A graph break at {@code site} ({@code file:line}): the eager island between two regions.
     * {@code reason} is the graph-break type where PyTorch gives one, else its free text;
     * {@code breakKind} and {@code causeKind} are what {@link BreakKind#of} and {@link BreakKind#causeOf}
     * decided when the break was read, carried so that nothing downstream asks the rules again.
     */
    record Break(String site, String reason, double eagerMs, BreakDetail detail, BreakKind breakKind,
                 Optional<BreakKind> causeKind) implements Event {
        /** A break as a reader builds it: its kinds decided here, once, from its reason and detail. */
        public Break(String site, String reason, double eagerMs, BreakDetail detail) {
            this(site, reason, eagerMs, detail, BreakKind.of(reason, detail), BreakKind.causeOf(reason, detail));
        }

        public Break(String site, String reason, double eagerMs) {
            this(site, reason, eagerMs, BreakDetail.NONE);
        }

        /** The same break with another eager-island time; its kinds are carried, not decided again. */
        public Break withEagerMs(double ms) {
            return new Break(site, reason, ms, detail, breakKind, causeKind);
        }

        @Override
        public String kind() {
            return "break";
        }
    }

    /** Dynamo or the backend tried to compile {@code graph} and gave up: the frame ran eagerly. */
    record Fallback(GraphId graph, String reason, double compileMs, List<String> guardFailures, CompileStages stages,
                    CompileLog.ArtifactCache artifactCache) implements Event {
        public Fallback(GraphId graph, String reason, double compileMs, List<String> guardFailures) {
            this(graph, reason, compileMs, guardFailures, CompileStages.NONE);
        }

        /** A fallback whose on-disk cache lookups the source does not give. */
        public Fallback(GraphId graph, String reason, double compileMs, List<String> guardFailures, CompileStages stages) {
            this(graph, reason, compileMs, guardFailures, stages, CompileLog.ArtifactCache.NONE);
        }

        public Fallback {
            guardFailures = List.copyOf(guardFailures);
        }

        @Override
        public String kind() {
            return "fallback";
        }
    }
}
