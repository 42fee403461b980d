package dev.compilereceipt.cli;

import dev.compilereceipt.Limits;
import dev.compilereceipt.Trace;
import dev.compilereceipt.Traces;
import java.nio.file.Path;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The trace argument and the reader limits, shared by every subcommand. */
final class TraceOptions {

    @Parameters(index = "0", paramLabel = "TRACE", description = "A compile-trace/1 JSON file, a TORCH_TRACE log or a TORCH_TRACE folder (recognised by content).")
    Path trace;

    @Option(names = "--max-calls", paramLabel = "N", description = "Calls allowed per run (default: ${DEFAULT-VALUE}).")
    int maxCalls = Limits.DEFAULT.maxCalls();

    @Option(names = "--max-events", paramLabel = "N", description = "Events allowed per call (default: ${DEFAULT-VALUE}).")
    int maxEvents = Limits.DEFAULT.maxEventsPerCall();

    @Option(names = "--rank", paramLabel = "N", description = "The rank to read from a TORCH_TRACE folder with several logs.")
    Integer rank;

    Trace read() {
        Limits limits = new Limits(maxCalls, maxEvents);
        return rank == null ? Traces.read(trace, limits) : Traces.read(trace, rank, limits);
    }
}
