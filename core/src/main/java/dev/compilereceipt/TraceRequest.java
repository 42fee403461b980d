package dev.compilereceipt;

import dev.compilereceipt.trace.CallPhases;
import dev.compilereceipt.trace.Limits;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.apiguardian.api.API;

/**
 * What to read, as one immutable value, in the spirit of Jackson's {@code ObjectReader}: the input
 * (a file, a folder, a pipe, or a stream) and the options that change what is read of it: the
 * limits, one rank, whether it is one side of a comparison, a torch.profiler trace's log, phases,
 * call span and run, and the log of a warm process. Each {@code with...} returns a new request;
 * {@link Traces#read(TraceRequest)} reads it, choosing the reader by content, never by name. The
 * CLI's options and {@code @TraceFixture}'s attributes each build one request, so every way in
 * reads alike.
 *
 * <p>Example: {@code Traces.read(TraceRequest.of(Path.of("profile.json")).withLog(Path.of("torch_trace.log"))
 * .withPhases(CallPhases.parse("warmup=0,steady=1-9")).withLimits(Limits.DEFAULT.withMaxCalls(128)))}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public final class TraceRequest {

    /** Who builds the request: a refusal names each option the way that caller writes it. */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2")
    public enum Caller {
        /** Code calling the library: {@code withPhases(...)}. */
        LIBRARY,
        /** The {@code receipt} command: {@code --phases}. */
        CLI,
        /** A {@code @TraceFixture} annotation: {@code phases = "..."}. */
        TRACE_FIXTURE
    }

    private final Path input;
    private final Optional<InputStream> stream;
    private final Limits limits;
    private final OptionalInt rank;
    private final boolean side;
    private final Optional<Path> log;
    private final Optional<CallPhases> phases;
    private final Optional<String> callSpan;
    private final Optional<String> run;
    private final Optional<Path> warmLog;
    private final Caller caller;

    private TraceRequest(Path input, Optional<InputStream> stream, Limits limits, OptionalInt rank, boolean side,
                         Optional<Path> log, Optional<CallPhases> phases, Optional<String> callSpan, Optional<String> run,
                         Optional<Path> warmLog, Caller caller) {
        this.input = Objects.requireNonNull(input, "input");
        this.stream = stream;
        this.limits = Objects.requireNonNull(limits, "limits");
        this.rank = rank;
        this.side = side;
        this.log = log;
        this.phases = phases;
        this.callSpan = callSpan;
        this.run = run;
        this.warmLog = warmLog;
        this.caller = Objects.requireNonNull(caller, "caller");
    }

    /** The file, folder, named pipe or {@code /dev/stdin} at {@code input}, opened once when read. */
    public static TraceRequest of(Path input) {
        return new TraceRequest(input, Optional.empty(), Limits.DEFAULT, OptionalInt.empty(), false, Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Caller.LIBRARY);
    }

    /**
     * A stream (a resource inside a jar, standard input), read once and not closed; {@code name}
     * stands for it in the trace and in every refusal.
     */
    public static TraceRequest ofStream(Path name, InputStream in) {
        return new TraceRequest(name, Optional.of(Objects.requireNonNull(in, "in")), Limits.DEFAULT, OptionalInt.empty(),
                false, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Caller.LIBRARY);
    }

    public TraceRequest withLimits(Limits other) {
        return new TraceRequest(input, stream, other, rank, side, log, phases, callSpan, run, warmLog, caller);
    }

    /** The log of one rank in a TORCH_TRACE folder, or the lines of one rank in a TORCH_LOGS text. */
    public TraceRequest withRank(int other) {
        return new TraceRequest(input, stream, limits, OptionalInt.of(other), side, log, phases, callSpan, run, warmLog, caller);
    }

    /**
     * One side of a comparison, for {@link dev.compilereceipt.trace.Trace#combine}: a file of one run
     * whatever its label (a capture after the fix may well label its run {@code candidate}).
     */
    public TraceRequest asSide() {
        return new TraceRequest(input, stream, limits, rank, true, log, phases, callSpan, run, warmLog, caller);
    }

    /**
     * The input is a torch.profiler trace (Chrome trace JSON, plain or gzip) and {@code other} the
     * TORCH_TRACE log of the same process: the compile side of its receipt. Without
     * {@link #withPhases}, the log's {@code compile_receipt_call} markers give the calls' phases.
     */
    public TraceRequest withLog(Path other) {
        return new TraceRequest(input, stream, limits, rank, side, Optional.of(other), phases, callSpan, run, warmLog, caller);
    }

    /** The phase of each call of a torch.profiler trace (a folder holding the profile and its log needs no {@link #withLog}). */
    public TraceRequest withPhases(CallPhases other) {
        return new TraceRequest(input, stream, limits, rank, side, log, Optional.of(other), callSpan, run, warmLog, caller);
    }

    /** The span of one call in a torch.profiler trace, such as a {@code record_function("request")}; else {@code ProfilerStep#N}. */
    public TraceRequest withCallSpan(String other) {
        return new TraceRequest(input, stream, limits, rank, side, log, phases, Optional.of(other), run, warmLog, caller);
    }

    /** The run of the profile's log that the profile is of, where the capture helper's markers split the log into runs. */
    public TraceRequest withRun(String other) {
        return new TraceRequest(input, stream, limits, rank, side, log, phases, callSpan, Optional.of(other), warmLog, caller);
    }

    /**
     * The TORCH_TRACE log of a fresh process that reused the input's process's caches: each run's
     * warm start, as {@link dev.compilereceipt.trace.Trace#withWarmStart} gives it.
     */
    public TraceRequest withWarmLog(Path other) {
        return new TraceRequest(input, stream, limits, rank, side, log, phases, callSpan, run, Optional.of(other), caller);
    }

    /** Refusals name the options as {@code other} writes them. */
    public TraceRequest from(Caller other) {
        return new TraceRequest(input, stream, limits, rank, side, log, phases, callSpan, run, warmLog, other);
    }

    public Path input() {
        return input;
    }

    public Optional<InputStream> stream() {
        return stream;
    }

    public Limits limits() {
        return limits;
    }

    public OptionalInt rank() {
        return rank;
    }

    public boolean side() {
        return side;
    }

    public Optional<Path> log() {
        return log;
    }

    public Optional<CallPhases> phases() {
        return phases;
    }

    public Optional<String> callSpan() {
        return callSpan;
    }

    public Optional<String> run() {
        return run;
    }

    public Optional<Path> warmLog() {
        return warmLog;
    }

    public Caller caller() {
        return caller;
    }

    @Override
    public String toString() {
        return "TraceRequest[" + input + (stream.isPresent() ? " (stream)" : "") + (rank.isPresent() ? ", rank " + rank.getAsInt() : "")
                + (side ? ", side" : "") + log.map(l -> ", log " + l).orElse("") + phases.map(p -> ", phases " + p).orElse("")
                + callSpan.map(c -> ", call span " + c).orElse("") + run.map(r -> ", run " + r).orElse("")
                + warmLog.map(w -> ", warm log " + w).orElse("") + "]";
    }
}
