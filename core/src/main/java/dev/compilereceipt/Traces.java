package dev.compilereceipt;

import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.FrozenLog;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.read.InputFile;
import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.read.compiletrace.BoundedTraceReader;
import dev.compilereceipt.read.profiler.ProfilerReader;
import dev.compilereceipt.trace.CallPhases;
import dev.compilereceipt.trace.SourceShape;
import dev.compilereceipt.read.torchlogs.TorchLogsReader;
import dev.compilereceipt.read.torchtrace.TorchTraceFolder;
import dev.compilereceipt.read.torchtrace.TorchTraceReader;
import dev.compilereceipt.read.torchtrace.TraceSource;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import dev.compilereceipt.output.OutputFile;
import dev.compilereceipt.read.torchtrace.LogFreezer;
import dev.compilereceipt.read.torchtrace.LogLines;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.apiguardian.api.API;

/**
 * Reads traces, recognising the source by content, never by name: a JSON object is
 * {@code compile-trace/1}, read in full and validated against every rule of the contract; a file
 * of glog-prefixed records is a TORCH_TRACE log, streamed record by record; a folder is a
 * TORCH_TRACE folder with one log per rank; a text with TORCH_LOGS lines anywhere in it (a CI log,
 * captured stderr) is TORCH_LOGS text, streamed line by line, one rank at a time when it holds
 * several ({@code [rankN]:} tags). Anything else is refused with a
 * {@link TraceRefusedException} that names the file, the place and the rule. Two single-run
 * traces, recorded before and after an intervention, combine into one comparison.
 *
 * <p>Example: {@code Receipt receipt = Receipt.of(Traces.read(Path.of("fixtures/print-bridge/torch_trace.log")));}
 * and, for a multi-rank folder, {@code Traces.read(dir, Traces.ranks(dir).get(0))}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class Traces {

    private Traces() {
    }

    public static Trace read(Path file) {
        try {
            return read(file, Limits.DEFAULT);
        } catch (Refusal refusal) {
            throw new TraceRefusedException(refusal);
        }
    }

    /**
     * Reads the trace at {@code file}, opened once: a regular file, a named pipe, {@code /dev/stdin}
     * or a process substitution alike; a folder is a TORCH_TRACE folder.
     */
    public static Trace read(Path file, Limits limits) {
        try {
            return read(file, limits, false);
        } catch (Refusal refusal) {
            throw new TraceRefusedException(refusal);
        }
    }

    /**
     * Reads one side of a comparison, for {@link #combine}: a file of one run whatever its label
     * (a capture after the fix may well label its run {@code candidate}).
     */
    public static Trace readSide(Path file, Limits limits) {
        try {
            return read(file, limits, true);
        } catch (Refusal refusal) {
            throw new TraceRefusedException(refusal);
        }
    }

    private static Trace read(Path file, Limits limits, boolean side) {
        if (Files.isDirectory(file)) {
            TorchTraceFolder folder = TorchTraceFolder.of(file);
            Trace first = TorchTraceReader.read(folder.only(), limits);
            return folder.warm().map(warm -> pair(first, TorchTraceReader.read(warm, limits))).orElse(first);
        }
        if (Files.isRegularFile(file) && TorchTraceReader.readsInParts(file) && TraceSource.of(file) == TraceSource.TORCH_TRACE) {
            return TorchTraceReader.read(file, limits, side);
        }
        if (TorchLogsReader.readsInParts(file)) {
            TraceSource source = TraceSource.of(file);
            if (source == TraceSource.TORCH_LOGS || source == TraceSource.TEXT) {
                return TorchLogsReader.readFile(file, limits, OptionalInt.empty(),
                        source == TraceSource.TEXT ? Optional.of(TraceSource.neither(file)) : Optional.empty());
            }
        }
        return InputFile.read(file, in -> read(file, in, limits, side));
    }

    /** The log of one rank in a TORCH_TRACE folder, or the lines of one rank in a TORCH_LOGS text. */
    public static Trace read(Path dir, int rank) {
        try {
            return read(dir, rank, Limits.DEFAULT);
        } catch (Refusal refusal) {
            throw new TraceRefusedException(refusal);
        }
    }

    public static Trace read(Path dir, int rank, Limits limits) {
        try {
            if (Files.isDirectory(dir)) {
                return TorchTraceReader.read(TorchTraceFolder.of(dir).rank(rank), limits);
            }
            Refusal neither = new Refusal(dir, "", 0, 0, "a rank is chosen in a TORCH_TRACE folder or a TORCH_LOGS text;"
                    + " this is a single file of neither");
            if (TorchLogsReader.readsInParts(dir)) {
                TraceSource source = TraceSource.of(dir);
                if (source == TraceSource.TORCH_LOGS || source == TraceSource.TEXT) {
                    return TorchLogsReader.readFile(dir, limits, OptionalInt.of(rank),
                            source == TraceSource.TEXT ? Optional.of(neither) : Optional.empty());
                }
            }
            return InputFile.read(dir, in -> {
                BufferedInputStream once = new BufferedInputStream(in, TraceSource.SNIFF);
                return switch (sniff(once)) {
                    case TORCH_LOGS -> TorchLogsReader.read(dir, once, limits, OptionalInt.of(rank), TorchLogsReader.MAX_LINE);
                    case TEXT -> TorchLogsReader.readText(dir, once, limits, OptionalInt.of(rank), neither);
                    case COMPILE_TRACE, TORCH_TRACE -> throw neither;
                };
            });
        } catch (Refusal refusal) {
            throw new TraceRefusedException(refusal);
        }
    }

    /** The ranks of the logs in a TORCH_TRACE folder, or of the {@code [rankN]:} lines of a TORCH_LOGS text, ascending. */
    public static List<Integer> ranks(Path dir) {
        try {
            if (Files.isDirectory(dir)) {
                return TorchTraceFolder.of(dir).ranks();
            }
            return InputFile.read(dir, in -> {
                BufferedInputStream once = new BufferedInputStream(in, TraceSource.SNIFF);
                if (sniff(once) != TraceSource.TORCH_LOGS) {
                    throw new Refusal(dir, "", 0, 0, "ranks are listed for a TORCH_TRACE folder or a TORCH_LOGS text;"
                            + " this is a single file of neither");
                }
                return TorchLogsReader.ranks(dir, once);
            });
        } catch (Refusal refusal) {
            throw new TraceRefusedException(refusal);
        }
    }

    /** The source {@code once}'s first bytes tell, leaving the stream at its start. */
    private static TraceSource sniff(BufferedInputStream once) throws IOException {
        once.mark(TraceSource.SNIFF + 1);
        byte[] head = once.readNBytes(TraceSource.SNIFF);
        once.reset();
        return TraceSource.of(head, head.length);
    }

    /**
     * Reads a trace from a stream (a resource inside a jar, standard input), recognised by content
     * like a file: its first bytes are looked at and the same stream is then read, once.
     * {@code name} stands for the file in the trace and in every refusal message. The stream is not closed.
     */
    public static Trace read(Path name, InputStream in, Limits limits) {
        try {
            return read(name, InputFile.bounded(name, in, InputFile.MAX_BYTES), limits, false);
        } catch (Refusal refusal) {
            throw new TraceRefusedException(refusal);
        }
    }

    /** One side of a comparison read from a stream, as {@link #readSide(Path, Limits)}. */
    public static Trace readSide(Path name, InputStream in, Limits limits) {
        try {
            return read(name, InputFile.bounded(name, in, InputFile.MAX_BYTES), limits, true);
        } catch (Refusal refusal) {
            throw new TraceRefusedException(refusal);
        }
    }

    private static Trace read(Path name, InputStream in, Limits limits, boolean side) {
        try {
            BufferedInputStream once = new BufferedInputStream(in, TraceSource.SNIFF);
            once.mark(TraceSource.SNIFF + 1);
            byte[] head = once.readNBytes(TraceSource.SNIFF);
            once.reset();
            if (ProfilerReader.isProfile(head, head.length)) {
                throw new TraceRefusedException(name, "", 0, 0, "a torch.profiler trace is read with the TORCH_TRACE log of the"
                        + " same process and the phases of its calls: receipt audit PROFILE --log LOG --phases steady=0-9,"
                        + " or Traces.readProfile");
            }
            return switch (TraceSource.of(head, head.length)) {
                case COMPILE_TRACE -> BoundedTraceReader.read(name, once, limits, side);
                case TORCH_TRACE -> TorchTraceReader.read(name, once, limits, LogLines.MAX_LINE, side);
                case TORCH_LOGS -> TorchLogsReader.read(name, once, limits, OptionalInt.empty(), TorchLogsReader.MAX_LINE);
                case TEXT -> TorchLogsReader.readText(name, once, limits, OptionalInt.empty(), TraceSource.neither(name));
            };
        } catch (IOException e) {
            throw new TraceRefusedException(name, "", 0, 0, "cannot be read: " + e.getMessage(), e);
        }
    }

    /**
     * Reads a torch.profiler trace (Chrome trace JSON, plain or gzip-compressed, recognised by
     * content) with the TORCH_TRACE log of the same process: the calls, their compiled regions,
     * compiles and guard-check time from the profile, one call per {@code ProfilerStep#N} span or,
     * with {@code callSpan}, per span of that name; the phases as given; the compile side from the
     * log. The trace is pinned by the SHA-256 of the canonical JSON
     * <code>{"log": log.sha256, "profile": sha256 of the profile's bytes}</code> and declares not
     * measured what {@link SourceShape#PROFILER_WITH_LOG} does not measure.
     *
     * <p>Example: {@code Traces.readProfile(Path.of("profile.json"), Path.of("torch_trace.log"),
     * Optional.of("request"), CallPhases.parse("warmup=0,steady=1-9"), Limits.DEFAULT)}.
     */
    public static Trace readProfile(Path profile, Path log, Optional<String> callSpan, CallPhases phases, Limits limits) {
        return readProfile(profile, log, callSpan, phases, limits, Optional.empty());
    }

    /**
     * {@link #readProfile(Path, Path, Optional, CallPhases, Limits)} with the {@code run} of a log the
     * capture helper's markers split into runs (its baseline and candidate): the run the profile is of.
     * The trace's one run is its baseline, as for every single-run source.
     */
    public static Trace readProfile(Path profile, Path log, Optional<String> callSpan, CallPhases phases, Limits limits,
                                    Optional<String> run) {
        return ProfileTraces.read(profile, read(log, limits), log, callSpan, Optional.of(phases), limits, run);
    }

    /**
     * {@link #readProfile(Path, Path, Optional, CallPhases, Limits, Optional)} of a profile the capture
     * helper wrote (its {@code --profile-out}): the phases are those its {@code compile_receipt_call}
     * markers in the log give the run's calls, in order; refused for a log without them.
     */
    public static Trace readProfile(Path profile, Path log, Optional<String> callSpan, Limits limits, Optional<String> run) {
        return ProfileTraces.read(profile, read(log, limits), log, callSpan, Optional.empty(), limits, run);
    }

    /**
     * {@link #readProfile(Path, Path, Optional, CallPhases, Limits)} of the one torch.profiler trace
     * and the one TORCH_TRACE log in {@code folder}, each recognised by content; refused when the
     * folder holds other than one of each.
     */
    public static Trace readProfile(Path folder, Optional<String> callSpan, CallPhases phases, Limits limits) {
        return readProfile(folder, callSpan, phases, limits, Optional.empty());
    }

    /** Whether {@code file} is a torch.profiler trace (recognised by content, plain or gzip), or a folder holding one. */
    public static boolean isProfile(Path file) {
        return ProfileTraces.holdsProfile(file);
    }

    /** {@link #readProfile(Path, Optional, CallPhases, Limits)} with the {@code run} of a log split into runs. */
    public static Trace readProfile(Path folder, Optional<String> callSpan, CallPhases phases, Limits limits, Optional<String> run) {
        Path[] pair = ProfileTraces.pairIn(folder);
        return readProfile(pair[0], pair[1], callSpan, phases, limits, run);
    }

    /**
     * The trace at {@code file} with, for each of its runs, the warm start read from {@code warmLog}:
     * the TORCH_TRACE log of a fresh process that reused the first one's on-disk caches (the same
     * {@code TORCHINDUCTOR_CACHE_DIR}). See {@link #withWarmStart}.
     *
     * <p>Example: {@code Traces.readWarmPair(Path.of("torch_trace.log"), Path.of("warm_torch_trace.log"), Limits.DEFAULT)};
     * a folder holding both (the warm one named {@code warm_...}) reads the same with {@link #read(Path)}.
     */
    public static Trace readWarmPair(Path file, Path warmLog, Limits limits) {
        try {
            return pair(read(file, limits, false), read(warmLog, limits, false));
        } catch (Refusal refusal) {
            throw new TraceRefusedException(refusal);
        }
    }

    private static Trace pair(Trace cold, Trace warm) {
        try {
            return withWarmStart(cold, warm);
        } catch (IllegalArgumentException refused) {
            throw new Refusal(warm.source(), "", 0, 0, refused.getMessage());
        }
    }

    /**
     * Each run of {@code cold} with its warm start from the run of the same label in {@code warm}, the
     * trace of the warm process (a TORCH_TRACE log): with call markers its eager and warmup calls and
     * its compile log, without them its compile log alone. The trace keeps {@code cold}'s source,
     * fixture, limits and bad lines, is pinned by the SHA-256 of the RFC 8785 canonical JSON
     * <code>{"trace": cold.sha256, "warm_start": warm.sha256}</code>, measures {@code warm_start} when
     * every run found its warm start, and declares not measured what the warm log does not measure of
     * it: {@code warm_start_wall_ms} without markers (or wall times), {@code fx_graph_cache} and
     * {@code aotautograd_cache} without records of that cache. Refused with an
     * {@link IllegalArgumentException} when {@code cold} already carries a warm start, {@code warm} is
     * not a TORCH_TRACE log, the two were read under different limits, the warm log skipped bad
     * lines, or no run of it has a label of {@code cold}'s.
     */
    public static Trace withWarmStart(Trace cold, Trace warm) {
        return WarmPair.of(cold, warm);
    }

    /**
     * One comparison from two single-run traces: the run of {@code baseline} becomes the
     * {@code baseline} run, the run of {@code candidate} becomes the {@code candidate} run.
     *
     * <p>The combined trace keeps the baseline's source, fixture and limits, declares not measured
     * what either side did not measure, and is pinned by the SHA-256 of the RFC 8785 canonical
     * JSON <code>{"baseline": baseline.sha256, "candidate": candidate.sha256}</code>, so it
     * changes whenever either file changes and differs from both. The decision is the one the
     * sides record: the candidate's, or the baseline's when only it has one (a decision is about
     * adopting the candidate, so it is most often written with the capture after the fix). Refused
     * with an {@link IllegalArgumentException} when a side holds other than exactly one run, when
     * the two were read under different limits, when both record a decision and the two differ, or
     * when a side skipped bad lines (their line numbers would no longer say which file they belong to).
     */
    public static Trace combine(Trace baseline, Trace candidate) {
        return TraceCombination.of(baseline, candidate);
    }

    /**
     * Writes a small TORCH_TRACE log, {@code frozen}, that keeps only the records the receipt
     * reads of {@code log} (a log file, or a TORCH_TRACE folder with one log): the call markers,
     * {@code dynamo_start}, {@code compilation_metrics} cut to the fields read, recompile reasons,
     * graph-break reasons and the cache artifacts, each payload with a fresh MD5. With
     * {@code relativeTo}, that directory is cut from every path in it ({@code /rt/scenarios.py}
     * becomes {@code scenarios.py}). The file is written as every output is ({@link OutputFile}):
     * whole or not at all, never over a link, a folder, a read-only file or the log itself. A
     * {@link TraceRefusedException} when {@code log} is not a TORCH_TRACE log or holds nothing the
     * receipt reads; an {@link OutputFile.Refused} or {@link UncheckedIOException} ({@code cannot
     * write FROZEN: <reason>}) when {@code frozen} cannot be written; the log is not checked
     * against the contract here (read it first).
     */
    public static FrozenLog freeze(Path log, Path frozen, Optional<Path> relativeTo) {
        Path file = logToFreeze(log);
        try (OutputFile out = OutputFile.begin(frozen, file)) {
            FrozenLog written = freeze(file, out, relativeTo);
            out.commit();
            return written;
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }

    /**
     * {@link #freeze(Path, Path, Optional)} into the file aside of {@code frozen}, which the caller
     * reads to check it, then commits, or closes to leave nothing behind.
     */
    public static FrozenLog freeze(Path log, OutputFile frozen, Optional<Path> relativeTo) throws IOException {
        try {
            return LogFreezer.freezeFile(logToFreeze(log), frozen, relativeTo);
        } catch (Refusal refusal) {
            throw new TraceRefusedException(refusal);
        }
    }

    private static Path logToFreeze(Path log) {
        try {
            Path file = Files.isDirectory(log) ? TorchTraceFolder.of(log).only() : log;
            LogFreezer.checkFreezable(file);
            return file;
        } catch (Refusal refusal) {
            throw new TraceRefusedException(refusal);
        }
    }
}
