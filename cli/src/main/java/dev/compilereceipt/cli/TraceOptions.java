package dev.compilereceipt.cli;

import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.Traces;
import java.nio.file.Path;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The trace argument and the reader limits, shared by every subcommand. */
final class TraceOptions {

    /** The TRACE that means standard input. */
    static final String STANDARD_INPUT = "-";

    @Parameters(index = "0", paramLabel = "TRACE", description = "A compile-trace/1 JSON file, a TORCH_TRACE log or folder, or TORCH_LOGS text"
            + " (recognised by content); - for standard input. A pipe, /dev/stdin or a FIFO is read once.")
    Path trace;

    @Option(names = "--max-calls", paramLabel = "N", description = "Calls allowed per run (default: ${DEFAULT-VALUE}).")
    int maxCalls = Limits.DEFAULT.maxCalls();

    @Option(names = "--max-events", paramLabel = "N", description = "Events allowed per call (default: ${DEFAULT-VALUE}).")
    int maxEvents = Limits.DEFAULT.maxEventsPerCall();

    @Option(names = "--max-string-length", paramLabel = "N", description = "The longest string a trace may hold (default: ${DEFAULT-VALUE}).")
    int maxStringLength = Limits.DEFAULT.maxStringLength();

    @Option(names = "--max-break-sites", paramLabel = "N", description = "Distinct break sites a TORCH_TRACE run may report (default: ${DEFAULT-VALUE}).")
    int maxBreakSites = Limits.DEFAULT.maxBreakSites();

    @Option(names = "--max-recompile-reasons", paramLabel = "N", description = "Recompile reasons a TORCH_TRACE run may hold (default: ${DEFAULT-VALUE}).")
    int maxRecompileReasons = Limits.DEFAULT.maxRecompileReasons();

    @Option(names = "--max-compiles", paramLabel = "N", description = "Compiles a TORCH_TRACE run may hold (default: ${DEFAULT-VALUE}).")
    int maxCompiles = Limits.DEFAULT.maxCompiles();

    @Option(names = "--max-depth", paramLabel = "N", description = "The deepest nesting of a JSON payload in a TORCH_TRACE log (default: ${DEFAULT-VALUE}).")
    int maxDepth = Limits.DEFAULT.maxDepth();

    @Option(names = "--max-kept-chars", paramLabel = "N", description = "Characters of text a TORCH_TRACE log may keep (default: ${DEFAULT-VALUE}).")
    long maxKeptChars = Limits.DEFAULT.maxKeptChars();

    @Option(names = "--rank", paramLabel = "N", description = "The rank to read from a TORCH_TRACE folder with several logs, or"
            + " from TORCH_LOGS text with [rankN]: lines.")
    Integer rank;

    Trace read() {
        Limits limits = new Limits(maxCalls, maxEvents, maxStringLength, Limits.DEFAULT.maxDocumentBytes(), maxBreakSites,
                maxRecompileReasons, maxCompiles, maxDepth, maxKeptChars);
        if (trace.toString().equals(STANDARD_INPUT)) {
            if (rank != null) {
                throw new TraceRefusedException(trace, "", 0, 0, "a rank is chosen in a TORCH_TRACE folder or a TORCH_LOGS"
                        + " file; standard input is read whole");
            }
            return Traces.read(Path.of("(standard input)"), System.in, limits);
        }
        return rank == null ? Traces.read(trace, limits) : Traces.read(trace, rank, limits);
    }
}
