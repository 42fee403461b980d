package dev.compilereceipt;

import dev.compilereceipt.internal.compiletrace.BoundedTraceReader;
import dev.compilereceipt.internal.json.CanonicalJson;
import dev.compilereceipt.internal.torchtrace.TorchTraceFolder;
import dev.compilereceipt.internal.torchtrace.TorchTraceReader;
import dev.compilereceipt.internal.torchtrace.TraceSource;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads traces, recognising the source by content, never by name: a JSON object is
 * {@code compile-trace/1}, read in full and validated against every rule of the contract; a file
 * of glog-prefixed records is a TORCH_TRACE log, streamed record by record; a folder is a
 * TORCH_TRACE folder with one log per rank. Anything else is refused with a
 * {@link TraceRefusedException} that names the file, the place and the rule. Two single-run
 * traces, recorded before and after an intervention, combine into one comparison.
 *
 * <p>Example: {@code Receipt receipt = Receipt.of(Traces.read(Path.of("fixtures/print-bridge/torch_trace.log")));}
 * and, for a multi-rank folder, {@code Traces.read(dir, Traces.ranks(dir).get(0))}.
 */
public final class Traces {

    private Traces() {
    }

    public static Trace read(Path file) {
        return read(file, Limits.DEFAULT);
    }

    public static Trace read(Path file, Limits limits) {
        if (Files.isDirectory(file)) {
            return TorchTraceReader.read(TorchTraceFolder.of(file).only(), limits);
        }
        return switch (TraceSource.of(file)) {
            case COMPILE_TRACE -> BoundedTraceReader.read(file, limits);
            case TORCH_TRACE -> TorchTraceReader.read(file, limits);
        };
    }

    /** The log of one rank in a TORCH_TRACE folder. */
    public static Trace read(Path dir, int rank) {
        return read(dir, rank, Limits.DEFAULT);
    }

    public static Trace read(Path dir, int rank, Limits limits) {
        if (!Files.isDirectory(dir)) {
            throw new TraceRefusedException(dir, "", 0, 0, "a rank is chosen in a TORCH_TRACE folder; this is a single file");
        }
        return TorchTraceReader.read(TorchTraceFolder.of(dir).rank(rank), limits);
    }

    /** The ranks of the logs in a TORCH_TRACE folder, ascending. */
    public static List<Integer> ranks(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new TraceRefusedException(dir, "", 0, 0, "ranks are listed for a TORCH_TRACE folder; this is a single file");
        }
        return TorchTraceFolder.of(dir).ranks();
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
