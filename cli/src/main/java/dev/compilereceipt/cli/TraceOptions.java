package dev.compilereceipt.cli;

import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.TraceRequest;
import dev.compilereceipt.Traces;
import dev.compilereceipt.trace.CallPhases;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The trace argument and the reader limits, shared by every subcommand. */
final class TraceOptions {

    /** The TRACE that means standard input. */
    static final String STANDARD_INPUT = "-";

    @Parameters(index = "0", paramLabel = "TRACE", description = "A compile-trace/1 JSON file, a TORCH_TRACE log or folder, or TORCH_LOGS text"
            + " (recognised by content); - for standard input. A pipe, /dev/stdin or a FIFO is read once. With --phases, a"
            + " torch.profiler trace (.json or .json.gz) with its --log, or a folder holding both.")
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

    @Option(names = "--log", paramLabel = "LOG", description = "The TORCH_TRACE log of the process whose torch.profiler trace"
            + " TRACE is: the compile side of its receipt.")
    Path log;

    @Option(names = "--phases", paramLabel = "RANGES", converter = PhasesConverter.class, description = "The phase of each call"
            + " of a torch.profiler trace, by call index from 0: eager=0-2,warmup=3,steady=4-83,changed=84-89. Every call is in"
            + " one; none is guessed.")
    CallPhases phases;

    @Option(names = "--call-span", paramLabel = "NAME", description = "The span of one call in a torch.profiler trace, such as"
            + " a record_function(\"request\") (default: ProfilerStep#N).")
    String callSpan;

    @Option(names = "--run", paramLabel = "LABEL", description = "The run of the --log that the torch.profiler trace is of,"
            + " where the capture helper's markers split the log into runs (baseline, candidate).")
    String run;

    @Option(names = "--warm", paramLabel = "WARMLOG", description = "The TORCH_TRACE log of a fresh process that reused"
            + " the caches of TRACE's process (the same TORCHINDUCTOR_CACHE_DIR): each run's cold_start gets its compiles and"
            + " cache outcomes, its warm start.")
    Path warm;

    /** Turns the text of --phases into phases, its refusal into picocli's one-line usage error. */
    static final class PhasesConverter implements CommandLine.ITypeConverter<CallPhases> {
        @Override
        public CallPhases convert(String text) {
            try {
                return CallPhases.parse(text);
            } catch (IllegalArgumentException wrong) {
                throw new CommandLine.TypeConversionException(wrong.getMessage());
            }
        }
    }

    /** The one request the options make; which reader runs is the library's choice. */
    TraceRequest request() {
        Limits limits = new Limits(maxCalls, maxEvents, maxStringLength, Limits.DEFAULT.maxDocumentBytes(), maxBreakSites,
                maxRecompileReasons, maxCompiles, maxDepth, maxKeptChars);
        TraceRequest request = (trace.toString().equals(STANDARD_INPUT)
                ? TraceRequest.ofStream(Path.of("(standard input)"), System.in) : TraceRequest.of(trace))
                .withLimits(limits).from(TraceRequest.Caller.CLI);
        if (rank != null) {
            request = request.withRank(rank);
        }
        if (log != null) {
            request = request.withLog(log);
        }
        if (phases != null) {
            request = request.withPhases(phases);
        }
        if (callSpan != null) {
            request = request.withCallSpan(callSpan);
        }
        if (run != null) {
            request = request.withRun(run);
        }
        return warm == null ? request : request.withWarmLog(warm);
    }

    Trace read() {
        return Traces.read(request());
    }
}
