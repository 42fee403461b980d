package dev.compilereceipt.read.source;

import dev.compilereceipt.read.InputFile;
import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.read.compiletrace.BoundedTraceReader;
import dev.compilereceipt.read.profiler.ProfilerReader;
import dev.compilereceipt.read.torchlogs.TorchLogsReader;
import dev.compilereceipt.read.torchtrace.LogFreezer;
import dev.compilereceipt.read.torchtrace.LogLines;
import dev.compilereceipt.read.torchtrace.TorchTraceReader;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Trace;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import org.apiguardian.api.API;

/**
 * Reads what a request names, choosing the reader by content and never by name: a JSON object is
 * {@code compile-trace/1}; glog-prefixed records are a TORCH_TRACE log, read in parts when large; a
 * folder is a TORCH_TRACE folder (one log per rank, or a log and its warm {@code warm_...} log);
 * TORCH_LOGS lines anywhere in a text make it TORCH_LOGS text; a torch.profiler trace is read with
 * the log of its process. Every choice of the whole library is made here; refusals are
 * {@link Refusal}s naming the file, the place and the rule, and the options as the caller spells them.
 *
 * <p>Example: {@code SourceReading.read(request)}, where the façade built {@code request} from a
 * {@code TraceRequest}.
 */
@API(status = API.Status.INTERNAL)
public final class SourceReading {

    private SourceReading() {
    }

    public static Trace read(SourceRequest request) {
        // The files are named once the reading succeeded: a refusal names its own file.
        return unnamed(request).withSources(SourceFiles.of(request));
    }

    private static Trace unnamed(SourceRequest request) {
        Trace read = request.isProfile() ? profile(request) : plain(request);
        if (request.warmLog().isEmpty()) {
            return read;
        }
        Path warm = request.warmLog().get();
        Trace warmTrace = plain(request.plain(warm));
        coldLog(request).ifPresent(cold -> PairAgreement.coldAndWarm(cold, read, warm, warmTrace));
        return paired(read, warmTrace, warm);
    }

    /** The TORCH_TRACE log of the cold process, where the request names it as a file: a profile's log, or the input. */
    private static Optional<Path> coldLog(SourceRequest request) {
        if (request.stream().isPresent()) {
            return Optional.empty();
        }
        if (request.isProfile()) {
            return request.log();
        }
        return Files.isDirectory(request.input()) ? Optional.empty() : Optional.of(request.input());
    }

    /** The ranks of the logs in a TORCH_TRACE folder, or of the {@code [rankN]:} lines of a TORCH_LOGS text, ascending. */
    public static List<Integer> ranks(Path input) {
        if (Files.isDirectory(input)) {
            return TorchTraceFolder.of(input).ranks();
        }
        return InputFile.read(input, in -> {
            BufferedInputStream once = new BufferedInputStream(in, TraceSource.SNIFF);
            if (TraceSource.of(once) != TraceSource.TORCH_LOGS) {
                throw new Refusal(input, "", 0, 0, "ranks are listed for a TORCH_TRACE folder or a TORCH_LOGS text;"
                        + " this is a single file of neither");
            }
            return TorchLogsReader.ranks(input, once);
        });
    }

    /**
     * The TORCH_TRACE log that freezing {@code log} reads: the file, or a folder's one log;
     * refused before anything is written when it is not a regular file or not a TORCH_TRACE log.
     */
    public static Path logToFreeze(Path log) {
        Path file = Files.isDirectory(log) ? TorchTraceFolder.of(log).only() : log;
        LogFreezer.checkFreezable(file);
        TraceSource source = TraceSource.of(file);
        if (source != TraceSource.TORCH_TRACE) {
            throw new Refusal(file, "", 0, 0, "freeze takes a TORCH_TRACE log; this is a "
                    + source.name().toLowerCase(Locale.ROOT).replace('_', ' ') + " file, which is small already");
        }
        return file;
    }

    /** Whether {@code file} is a torch.profiler trace (plain or gzip), or a folder holding one. */
    public static boolean holdsProfile(Path file) {
        return ProfileJoin.holdsProfile(file);
    }

    private static Trace plain(SourceRequest request) {
        Path input = request.input();
        if (request.stream().isPresent()) {
            if (request.rank().isPresent()) {
                throw new Refusal(input, "", 0, 0, "a rank is chosen in a TORCH_TRACE folder or a TORCH_LOGS file on disk;"
                        + " a stream is read whole");
            }
            return stream(input, InputFile.bounded(input, request.stream().get(), InputFile.MAX_BYTES), request);
        }
        if (Files.isRegularFile(input) && ProfileJoin.isProfile(input)) {
            throw profileWithoutOptions(input, request.spelling());
        }
        return request.rank().isPresent() ? rank(input, request.rank().getAsInt(), request.limits()) : file(input, request);
    }

    private static Trace file(Path file, SourceRequest request) {
        Limits limits = request.limits();
        if (Files.isDirectory(file)) {
            TorchTraceFolder folder = TorchTraceFolder.of(file);
            Path cold = folder.only();
            Trace first = TorchTraceReader.read(cold, limits);
            return folder.warm().map(warm -> {
                Trace warmTrace = TorchTraceReader.read(warm, limits);
                PairAgreement.coldAndWarm(cold, first, warm, warmTrace);
                return paired(first, warmTrace, warm);
            }).orElse(first);
        }
        if (Files.isRegularFile(file) && TorchTraceReader.readsInParts(file) && TraceSource.of(file) == TraceSource.TORCH_TRACE) {
            return TorchTraceReader.read(file, limits, request.side());
        }
        if (TorchLogsReader.readsInParts(file)) {
            TraceSource source = TraceSource.of(file);
            if (source == TraceSource.TORCH_LOGS || source == TraceSource.TEXT) {
                return TorchLogsReader.readFile(file, limits, OptionalInt.empty(),
                        source == TraceSource.TEXT ? Optional.of(TraceSource.neither(file)) : Optional.empty());
            }
        }
        return InputFile.read(file, in -> stream(file, in, request));
    }

    private static Trace rank(Path input, int rank, Limits limits) {
        if (Files.isDirectory(input)) {
            return TorchTraceReader.read(TorchTraceFolder.of(input).rank(rank), limits);
        }
        Refusal neither = new Refusal(input, "", 0, 0, "a rank is chosen in a TORCH_TRACE folder or a TORCH_LOGS text;"
                + " this is a single file of neither");
        if (TorchLogsReader.readsInParts(input)) {
            TraceSource source = TraceSource.of(input);
            if (source == TraceSource.TORCH_LOGS || source == TraceSource.TEXT) {
                return TorchLogsReader.readFile(input, limits, OptionalInt.of(rank),
                        source == TraceSource.TEXT ? Optional.of(neither) : Optional.empty());
            }
        }
        return InputFile.read(input, in -> {
            BufferedInputStream once = new BufferedInputStream(in, TraceSource.SNIFF);
            return switch (TraceSource.of(once)) {
                case TORCH_LOGS -> TorchLogsReader.read(input, once, limits, OptionalInt.of(rank), TorchLogsReader.MAX_LINE);
                case TEXT -> TorchLogsReader.readText(input, once, limits, OptionalInt.of(rank), neither);
                case COMPILE_TRACE, TORCH_TRACE -> throw neither;
            };
        });
    }

    private static Trace stream(Path name, InputStream in, SourceRequest request) {
        try {
            BufferedInputStream once = new BufferedInputStream(in, TraceSource.SNIFF);
            byte[] head = TraceSource.head(once);
            if (ProfilerReader.isProfile(head, head.length)) {
                throw profileWithoutOptions(name, request.spelling());
            }
            Limits limits = request.limits();
            return switch (TraceSource.of(head, head.length)) {
                case COMPILE_TRACE -> BoundedTraceReader.read(name, once, limits, request.side());
                case TORCH_TRACE -> TorchTraceReader.read(name, once, limits, LogLines.MAX_LINE, request.side());
                case TORCH_LOGS -> TorchLogsReader.read(name, once, limits, OptionalInt.empty(), TorchLogsReader.MAX_LINE);
                case TEXT -> TorchLogsReader.readText(name, once, limits, OptionalInt.empty(), TraceSource.neither(name));
            };
        } catch (IOException e) {
            throw new Refusal(name, "", 0, 0, "cannot be read: " + e.getMessage(), e);
        }
    }

    private static Refusal profileWithoutOptions(Path profile, Spelling spelling) {
        return new Refusal(profile, "", 0, 0, spelling.profileRead());
    }

    private static Trace profile(SourceRequest request) {
        Path profile = request.input();
        Spelling spelling = request.spelling();
        if (request.rank().isPresent()) {
            throw new Refusal(profile, "", 0, 0, "a torch.profiler trace is read from its file, without " + spelling.rank()
                    + (request.stream().isPresent() ? "; this is a stream" : ""));
        }
        if (request.stream().isPresent()) {
            // Its options were given: only where it comes from is wrong.
            throw new Refusal(profile, "", 0, 0, "a torch.profiler trace is read from its file, not from standard input:"
                    + " give the profile's path");
        }
        Limits limits = request.limits();
        if (request.log().isPresent()) {
            // Without phases: the capture helper's profile, whose log's call markers give them.
            Path log = request.log().get();
            refuseOtherThanALog(log, spelling);
            PairAgreement.profileAndLog(profile, log);
            return ProfileJoin.read(profile, plain(request.plain(log)), log, request.callSpan(), request.phases(), limits,
                    request.run(), spelling);
        }
        if (request.phases().isEmpty()) {
            throw new Refusal(profile, "", 0, 0, "a torch.profiler trace is read with the phases of its calls: "
                    + spelling.phases() + " (by call index from 0), as no phase is guessed, or with a " + spelling.log()
                    + " whose compile_receipt_call markers give them");
        }
        if (!Files.isDirectory(profile)) {
            throw new Refusal(profile, "", 0, 0, "a torch.profiler trace is read with the TORCH_TRACE log of the same"
                    + " process: " + spelling.log() + ", or a folder holding both");
        }
        Path[] pair = ProfileJoin.pairIn(profile);
        PairAgreement.profileAndLog(pair[0], pair[1]);
        return ProfileJoin.read(pair[0], plain(request.plain(pair[1])), pair[1], request.callSpan(), request.phases(), limits,
                request.run(), spelling);
    }

    /** A profile's log that is a file of another kind is refused as what it is, before the profile is read against it. */
    private static void refuseOtherThanALog(Path log, Spelling spelling) {
        try {
            if (!Files.isRegularFile(log) || Files.size(log) == 0) {
                return;   // a pipe is read once, by the log's reader; an empty file is refused there
            }
        } catch (IOException e) {
            return;
        }
        String kind;
        if (ProfileJoin.isProfile(log)) {
            kind = "a torch.profiler trace";
        } else {
            kind = switch (TraceSource.of(log)) {
                case TORCH_LOGS -> "a TORCH_LOGS text";
                case COMPILE_TRACE -> "a compile-trace/1 trace";
                case TORCH_TRACE, TEXT -> "";
            };
        }
        if (!kind.isEmpty()) {
            throw new Refusal(log, "", 0, 0, "this is " + kind + "; " + spelling.log() + " wants the TORCH_TRACE log of the"
                    + " profiled process (the files TORCH_TRACE=<folder> writes)");
        }
    }

    private static Trace paired(Trace cold, Trace warm, Path warmLog) {
        try {
            return cold.withWarmStart(warm);
        } catch (IllegalArgumentException refused) {
            throw new Refusal(warmLog, "", 0, 0, refused.getMessage());
        }
    }
}
