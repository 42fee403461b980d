package dev.compilereceipt;

import dev.compilereceipt.output.OutputFile;
import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.read.source.SourceReading;
import dev.compilereceipt.read.source.SourceRequest;
import dev.compilereceipt.read.source.Spelling;
import dev.compilereceipt.read.torchtrace.LogFreezer;
import dev.compilereceipt.trace.CallPhases;
import dev.compilereceipt.trace.FrozenLog;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Trace;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.BiPredicate;
import org.apiguardian.api.API;

/**
 * Reads traces, one way in: a {@link TraceRequest} names the input and its options, and the reader
 * is chosen by content, never by name. A JSON object is {@code compile-trace/1}, read in full and
 * validated against every rule of the contract; a file of glog-prefixed records is a TORCH_TRACE
 * log, streamed record by record; a folder is a TORCH_TRACE folder with one log per rank (or a log
 * and its warm {@code warm_...} log); a text with TORCH_LOGS lines anywhere in it (a CI log,
 * captured stderr) is TORCH_LOGS text, one rank at a time when it holds several ({@code [rankN]:}
 * tags); a torch.profiler trace is read with the TORCH_TRACE log of its process. Anything else is
 * refused with a {@link TraceRefusedException} that names the file, the place and the rule.
 * Combining two sides and pairing a warm start are operations of the model
 * ({@link Trace#combine}, {@link Trace#withWarmStart}).
 *
 * <p>Example: {@code Receipt receipt = Receipt.of(Traces.read(Path.of("fixtures/print-bridge/torch_trace.log")));}
 * and, for one rank of a multi-rank folder, {@code Traces.read(TraceRequest.of(dir).withRank(Traces.ranks(dir).get(0)))}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class Traces {

    private Traces() {
    }

    /** The trace at {@code file} under the default limits: {@code read(TraceRequest.of(file))}. */
    public static Trace read(Path file) {
        return read(TraceRequest.of(file));
    }

    /**
     * The trace a request names: its input opened once (a regular file, a named pipe,
     * {@code /dev/stdin}, a process substitution or a stream alike), read by the reader its content
     * calls for, under the request's limits and options.
     */
    public static Trace read(TraceRequest request) {
        try {
            return SourceReading.read(new SourceRequest(request.input(), request.stream(), request.rank(), request.side(),
                    request.log(), request.phases(), request.callSpan(), request.run(), request.warmLog(), request.limits(),
                    spelling(request.caller())));
        } catch (Refusal refusal) {
            throw new TraceRefusedException(refusal);
        }
    }

    private static Spelling spelling(TraceRequest.Caller caller) {
        return switch (caller) {
            case LIBRARY -> Spelling.LIBRARY;
            case CLI -> Spelling.CLI;
            case TRACE_FIXTURE -> Spelling.TRACE_FIXTURE;
        };
    }

    /** The ranks of the logs in a TORCH_TRACE folder, or of the {@code [rankN]:} lines of a TORCH_LOGS text, ascending. */
    public static List<Integer> ranks(Path dir) {
        try {
            return SourceReading.ranks(dir);
        } catch (Refusal refusal) {
            throw new TraceRefusedException(refusal);
        }
    }

    /**
     * Writes a small TORCH_TRACE log, {@code frozen}, that keeps only the records the receipt
     * reads of {@code log} (a log file, or a TORCH_TRACE folder with one log): the call markers,
     * {@code dynamo_start}, {@code compilation_metrics} cut to the fields read, recompile reasons,
     * graph-break reasons and the cache artifacts, each payload with a fresh MD5. With
     * {@code relativeTo}, that directory is cut from every path in it ({@code /rt/scenarios.py}
     * becomes {@code scenarios.py}). The file is written whole or not at all, never over a link, a
     * folder, a read-only file or the log itself. A {@link TraceRefusedException} when {@code log}
     * is not a TORCH_TRACE log or holds nothing the receipt reads; an {@link UncheckedIOException}
     * ({@code cannot write FROZEN: <reason>}) when {@code frozen} cannot be written; the log is not
     * checked against the contract here (read it first).
     *
     * <p>Example: {@code Traces.freeze(Path.of("torch_trace.log"), Path.of("frozen.log"), Optional.of(Path.of("/rt")))}.
     */
    public static FrozenLog freeze(Path log, Path frozen, Optional<Path> relativeTo) {
        return freeze(log, frozen, relativeTo, (written, aside) -> true);
    }

    /**
     * {@link #freeze(Path, Path, Optional)}, written first to a file aside of {@code frozen} that
     * {@code keep} is given (with what was frozen) to read and check: {@code frozen} is replaced
     * only when it answers {@code true}, and nothing is left behind otherwise.
     *
     * <p>Example: {@code Traces.freeze(file, out, Optional.empty(), (written, aside) ->
     * FreezeCheck.differences(receipt, Receipt.of(Traces.read(aside)), Optional.empty()).isEmpty())}.
     */
    public static FrozenLog freeze(Path log, Path frozen, Optional<Path> relativeTo, BiPredicate<FrozenLog, Path> keep) {
        Path file = logToFreeze(log);
        try (OutputFile out = OutputFile.begin(frozen, file)) {
            FrozenLog written = freezeInto(file, out, relativeTo);
            if (keep.test(written, out.aside())) {
                out.commit();
            }
            return written;
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }

    private static FrozenLog freezeInto(Path file, OutputFile out, Optional<Path> relativeTo) throws IOException {
        try {
            return LogFreezer.freezeFile(file, out, relativeTo);
        } catch (Refusal refusal) {
            throw new TraceRefusedException(refusal);
        }
    }

    private static Path logToFreeze(Path log) {
        try {
            return SourceReading.logToFreeze(log);
        } catch (Refusal refusal) {
            throw new TraceRefusedException(refusal);
        }
    }

    // What follows is the way in of 0.1, kept for one release; each forwards to a request.

    /** @deprecated use {@code read(TraceRequest.of(file).withLimits(limits))}. */
    @Deprecated(since = "0.2", forRemoval = true)
    @API(status = API.Status.DEPRECATED, since = "0.2")
    public static Trace read(Path file, Limits limits) {
        return read(TraceRequest.of(file).withLimits(limits));
    }

    /** @deprecated use {@code read(TraceRequest.of(file).withLimits(limits).asSide())}. */
    @Deprecated(since = "0.2", forRemoval = true)
    @API(status = API.Status.DEPRECATED, since = "0.2")
    public static Trace readSide(Path file, Limits limits) {
        return read(TraceRequest.of(file).withLimits(limits).asSide());
    }

    /** @deprecated use {@code read(TraceRequest.of(dir).withRank(rank))}. */
    @Deprecated(since = "0.2", forRemoval = true)
    @API(status = API.Status.DEPRECATED, since = "0.2")
    public static Trace read(Path dir, int rank) {
        return read(TraceRequest.of(dir).withRank(rank));
    }

    /** @deprecated use {@code read(TraceRequest.of(dir).withRank(rank).withLimits(limits))}. */
    @Deprecated(since = "0.2", forRemoval = true)
    @API(status = API.Status.DEPRECATED, since = "0.2")
    public static Trace read(Path dir, int rank, Limits limits) {
        return read(TraceRequest.of(dir).withRank(rank).withLimits(limits));
    }

    /** @deprecated use {@code read(TraceRequest.ofStream(name, in).withLimits(limits))}. */
    @Deprecated(since = "0.2", forRemoval = true)
    @API(status = API.Status.DEPRECATED, since = "0.2")
    public static Trace read(Path name, InputStream in, Limits limits) {
        return read(TraceRequest.ofStream(name, in).withLimits(limits));
    }

    /** @deprecated use {@code read(TraceRequest.ofStream(name, in).withLimits(limits).asSide())}. */
    @Deprecated(since = "0.2", forRemoval = true)
    @API(status = API.Status.DEPRECATED, since = "0.2")
    public static Trace readSide(Path name, InputStream in, Limits limits) {
        return read(TraceRequest.ofStream(name, in).withLimits(limits).asSide());
    }

    /** @deprecated use {@code read(TraceRequest.of(profile).withLog(log).withPhases(phases).withLimits(limits))}, with {@code withCallSpan}. */
    @Deprecated(since = "0.2", forRemoval = true)
    @API(status = API.Status.DEPRECATED, since = "0.2")
    public static Trace readProfile(Path profile, Path log, Optional<String> callSpan, CallPhases phases, Limits limits) {
        return readProfile(profile, log, callSpan, phases, limits, Optional.empty());
    }

    /** @deprecated use {@code read(TraceRequest.of(profile).withLog(log).withPhases(phases).withRun(run).withLimits(limits))}. */
    @Deprecated(since = "0.2", forRemoval = true)
    @API(status = API.Status.DEPRECATED, since = "0.2")
    public static Trace readProfile(Path profile, Path log, Optional<String> callSpan, CallPhases phases, Limits limits,
                                    Optional<String> run) {
        return read(profileRequest(TraceRequest.of(profile).withLog(log).withPhases(phases), callSpan, limits, run));
    }

    /** @deprecated use {@code read(TraceRequest.of(profile).withLog(log).withLimits(limits))}: the log's markers give the phases. */
    @Deprecated(since = "0.2", forRemoval = true)
    @API(status = API.Status.DEPRECATED, since = "0.2")
    public static Trace readProfile(Path profile, Path log, Optional<String> callSpan, Limits limits, Optional<String> run) {
        return read(profileRequest(TraceRequest.of(profile).withLog(log), callSpan, limits, run));
    }

    /** @deprecated use {@code read(TraceRequest.of(folder).withPhases(phases).withLimits(limits))}. */
    @Deprecated(since = "0.2", forRemoval = true)
    @API(status = API.Status.DEPRECATED, since = "0.2")
    public static Trace readProfile(Path folder, Optional<String> callSpan, CallPhases phases, Limits limits) {
        return read(profileRequest(TraceRequest.of(folder).withPhases(phases), callSpan, limits, Optional.empty()));
    }

    /** @deprecated use {@code read(TraceRequest.of(folder).withPhases(phases).withRun(run).withLimits(limits))}. */
    @Deprecated(since = "0.2", forRemoval = true)
    @API(status = API.Status.DEPRECATED, since = "0.2")
    public static Trace readProfile(Path folder, Optional<String> callSpan, CallPhases phases, Limits limits, Optional<String> run) {
        return read(profileRequest(TraceRequest.of(folder).withPhases(phases), callSpan, limits, run));
    }

    private static TraceRequest profileRequest(TraceRequest request, Optional<String> callSpan, Limits limits, Optional<String> run) {
        TraceRequest spanned = callSpan.map(request::withCallSpan).orElse(request).withLimits(limits);
        return run.map(spanned::withRun).orElse(spanned);
    }

    /**
     * @deprecated a request reads a profile by its options, and a profile read without them is
     * refused saying which to give; {@code Traces.read(TraceRequest.of(file))} tells.
     */
    @Deprecated(since = "0.2", forRemoval = true)
    @API(status = API.Status.DEPRECATED, since = "0.2")
    public static boolean isProfile(Path file) {
        return SourceReading.holdsProfile(file);
    }

    /** @deprecated use {@code read(TraceRequest.of(file).withWarmLog(warmLog).withLimits(limits))}. */
    @Deprecated(since = "0.2", forRemoval = true)
    @API(status = API.Status.DEPRECATED, since = "0.2")
    public static Trace readWarmPair(Path file, Path warmLog, Limits limits) {
        return read(TraceRequest.of(file).withWarmLog(warmLog).withLimits(limits));
    }

    /** @deprecated use {@link Trace#withWarmStart}: {@code cold.withWarmStart(warm)}. */
    @Deprecated(since = "0.2", forRemoval = true)
    @API(status = API.Status.DEPRECATED, since = "0.2")
    public static Trace withWarmStart(Trace cold, Trace warm) {
        return cold.withWarmStart(warm);
    }

    /** @deprecated use {@link Trace#combine}. */
    @Deprecated(since = "0.2", forRemoval = true)
    @API(status = API.Status.DEPRECATED, since = "0.2")
    public static Trace combine(Trace baseline, Trace candidate) {
        return Trace.combine(baseline, candidate);
    }

    /**
     * @deprecated its signature names an internal type; use
     * {@link #freeze(Path, Path, Optional, BiPredicate)}, which hands the file aside to a check.
     */
    @Deprecated(since = "0.2", forRemoval = true)
    @API(status = API.Status.DEPRECATED, since = "0.2")
    public static FrozenLog freeze(Path log, OutputFile frozen, Optional<Path> relativeTo) throws IOException {
        return freezeInto(logToFreeze(log), frozen, relativeTo);
    }
}
