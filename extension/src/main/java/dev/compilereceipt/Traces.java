package dev.compilereceipt;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads traces, recognising the source by content, never by name: a JSON object is
 * {@code compile-trace/1}, read in full and validated against every rule of the contract; a file
 * of glog-prefixed records is a TORCH_TRACE log, streamed record by record; a folder is a
 * TORCH_TRACE folder with one log per rank. Anything else is refused with a
 * {@link TraceRefusedException} that names the file, the place and the rule.
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
}
