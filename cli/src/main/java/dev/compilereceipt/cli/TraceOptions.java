package dev.compilereceipt.cli;

import dev.compilereceipt.Limits;
import dev.compilereceipt.Trace;
import dev.compilereceipt.Traces;
import java.nio.file.Path;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The trace argument and the reader limits, shared by every subcommand. */
final class TraceOptions {

    @Parameters(index = "0", paramLabel = "TRACE", description = "A compile-trace/1 JSON file.")
    Path trace;

    @Option(names = "--max-calls", paramLabel = "N", description = "Calls allowed per run (default: ${DEFAULT-VALUE}).")
    int maxCalls = Limits.DEFAULT.maxCalls();

    @Option(names = "--max-events", paramLabel = "N", description = "Events allowed per call (default: ${DEFAULT-VALUE}).")
    int maxEvents = Limits.DEFAULT.maxEventsPerCall();

    Trace read() {
        return Traces.read(trace, new Limits(maxCalls, maxEvents));
    }
}
