package dev.compilereceipt;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads traces. {@code compile-trace/1} JSON is read in full and validated against every rule of
 * the contract; anything that breaks one is refused with a {@link TraceRefusedException}. Two
 * single-run traces, recorded before and after an intervention, combine into one comparison.
 *
 * <p>Example: {@code Receipt receipt = Receipt.of(Traces.read(Path.of("fixtures/print-bridge/trace.json")));}
 */
public final class Traces {

    private Traces() {
    }

    public static Trace read(Path file) {
        return read(file, Limits.DEFAULT);
    }

    public static Trace read(Path file, Limits limits) {
        return BoundedTraceReader.read(file, limits);
    }

    /**
     * Reads a trace from a stream, such as a resource inside a jar; {@code name} stands for the
     * file in the trace and in every refusal message. The stream is not closed.
     */
    public static Trace read(Path name, InputStream in, Limits limits) {
        return BoundedTraceReader.read(name, in, limits);
    }

    /**
     * One comparison from two single-run traces: the run of {@code baseline} becomes the
     * {@code baseline} run, the run of {@code candidate} becomes the {@code candidate} run.
     *
     * <p>The combined trace keeps the baseline's source, fixture and limits, declares not measured
     * what either side did not measure, and is pinned by the SHA-256 of the RFC 8785 canonical
     * JSON <code>{"baseline": baseline.sha256, "candidate": candidate.sha256}</code>, so it
     * changes whenever either file changes and differs from both. Refused with an
     * {@link IllegalArgumentException} when a side holds other than exactly one run, when the two
     * were read under different limits, or when a side skipped bad lines (their line numbers would
     * no longer say which file they belong to).
     */
    public static Trace combine(Trace baseline, Trace candidate) {
        Run before = single(baseline, Run.BASELINE);
        Run after = single(candidate, Run.CANDIDATE);
        if (!baseline.limits().equals(candidate.limits())) {
            throw new IllegalArgumentException("cannot combine " + baseline.source() + " and " + candidate.source()
                    + ": they were read under different limits, " + baseline.limits() + " and " + candidate.limits());
        }
        Optional<List<Long>> badLines = badLines(baseline, candidate);
        Set<Measure> notMeasured = new HashSet<>(baseline.notMeasured());
        notMeasured.addAll(candidate.notMeasured());
        ObjectNode pins = JsonNodeFactory.instance.objectNode();
        pins.put(Run.BASELINE, baseline.sha256());
        pins.put(Run.CANDIDATE, candidate.sha256());
        List<Run> runs = List.of(
                new Run(Run.BASELINE, before.calls(), before.compileLog()),
                new Run(Run.CANDIDATE, after.calls(), after.compileLog()));
        return new Trace(baseline.source(), baseline.fixture(), runs, CanonicalJson.sha256(pins),
                baseline.limits(), notMeasured, badLines);
    }

    private static Run single(Trace trace, String role) {
        if (trace.runs().size() != 1) {
            throw new IllegalArgumentException("cannot combine: the " + role + " trace " + trace.source() + " must hold exactly one run, it holds "
                    + trace.runs().size() + " " + trace.runs().stream().map(Run::label).toList());
        }
        return trace.runs().get(0);
    }

    private static Optional<List<Long>> badLines(Trace baseline, Trace candidate) {
        for (Trace side : List.of(baseline, candidate)) {
            if (side.badLines().map(lines -> !lines.isEmpty()).orElse(false)) {
                throw new IllegalArgumentException("cannot combine: " + side.source() + " skipped bad lines "
                        + side.badLines().get() + ", which a combined receipt could not attribute to a file");
            }
        }
        return baseline.badLines().isPresent() || candidate.badLines().isPresent() ? Optional.of(List.of()) : Optional.empty();
    }
}
