package dev.compilereceipt.read.source;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.json.CanonicalJson;
import dev.compilereceipt.read.InputFile;
import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.read.profiler.ProfilerReader;
import dev.compilereceipt.trace.CallPhases;
import dev.compilereceipt.trace.Fixture;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.SourceShape;
import dev.compilereceipt.trace.Trace;
import java.io.BufferedInputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.zip.GZIPInputStream;

/**
 * How a torch.profiler trace is joined to the TORCH_TRACE log of its process: the calls, their
 * compiled regions and guard-check time from the profile, the phases as given (or as the log's
 * call markers give them), the compile side from the log. The trace is pinned by the SHA-256 of
 * the canonical JSON <code>{"log": log.sha256, "profile": sha256 of the profile's bytes}</code>
 * and declares not measured what {@link SourceShape#PROFILER_WITH_LOG} does not measure.
 */
final class ProfileJoin {

    private ProfileJoin() {
    }

    /**
     * The trace of {@code profile} with {@code compiles}, the trace of its log. The run of the log is its one run, or
     * the one named {@code run} of a log the capture helper's markers split into runs.
     */
    static Trace read(Path profile, Trace compiles, Path log, Optional<String> callSpan, Optional<CallPhases> phases,
                      Limits limits, Optional<String> run, Spelling spelling) {
        try {
            Run logRun = logRun(compiles, log, run, spelling);
            if (logRun.compileLog().isEmpty()) {
                throw new Refusal(log, "", 0, 0, "the log beside a torch.profiler trace is a TORCH_TRACE log of"
                        + " one process; this is not");
            }
            CallPhases callPhases = phases.orElseGet(() -> markedPhases(logRun, log));
            ProfilerReader.Read read;
            try (InputStream in = profileStream(profile)) {
                read = ProfilerReader.read(profile, in, limits, callSpan, callPhases, logRun.compileLog().get());
            }
            ObjectNode pins = JsonNodeFactory.instance.objectNode();
            pins.put("log", compiles.sha256());
            pins.put("profile", read.sha256());
            Set<Measure> notMeasured = new HashSet<>(SourceShape.PROFILER_WITH_LOG.notMeasured());
            notMeasured.addAll(read.notMeasured());
            for (Measure fromLog : List.of(Measure.GRAPHS_COMPILED, Measure.COMPILE_STAGES, Measure.FX_GRAPH_CACHE,
                    Measure.AOTAUTOGRAD_CACHE)) {
                if (!compiles.measured(fromLog)) {
                    notMeasured.add(fromLog);
                }
            }
            String stem = profile.getFileName().toString().replaceFirst("(\\.json)?(\\.gz)?$", "");
            return new Trace(profile, new Fixture(stem, compiles.fixture().fields(), Optional.empty()),
                    List.of(new Run(Run.BASELINE, read.calls(), logRun.compileLog())), CanonicalJson.sha256(pins), limits,
                    notMeasured, compiles.badLines(), Optional.empty(), SourceShape.PROFILER_WITH_LOG.bounds())
                    .withMissingEvidence(read.notMeasured().contains(Measure.PHASE_STAGES)
                            ? Map.of(Measure.PHASE_STAGES, ProfilerReader.NO_PHASE_STAGES) : Map.of());
        } catch (NoSuchFileException e) {
            throw new Refusal(profile, "", 0, 0, "no such file", e);
        } catch (IOException e) {
            throw new Refusal(profile, "", 0, 0, "cannot be read: " + e.getMessage(), e);
        }
    }

    /**
     * The phases the capture helper's {@code compile_receipt_call} markers give the run's calls, in
     * order: the profile's calls are those calls, one to one (the read refuses a profile with
     * another number of calls). A log without markers gives none, and no phase is guessed.
     */
    private static CallPhases markedPhases(Run logRun, Path log) {
        if (logRun.calls().isEmpty()) {
            throw new Refusal(log, "", 0, 0, "the log has no compile_receipt_call markers to take the phases"
                    + " of the profile's calls from: give them (--phases eager=0-2,warmup=3,steady=4-9, by call index from 0;"
                    + " @TraceFixture(phases = ...))");
        }
        return CallPhases.of(logRun.calls().stream().map(call -> call.phase()).toList());
    }

    private static Run logRun(Trace compiles, Path log, Optional<String> run, Spelling spelling) {
        List<String> labels = compiles.runs().stream().map(Run::label).toList();
        if (run.isPresent()) {
            return compiles.run(run.get()).orElseThrow(() -> new Refusal(log, "", 0, 0, "the log holds no run \""
                    + run.get() + "\" (its runs: " + labels + ")"));
        }
        if (labels.size() != 1) {
            throw new Refusal(log, "", 0, 0, "the log holds the runs " + labels + " (its compile_receipt_call"
                    + " markers): name the one the torch.profiler trace is of with " + spelling.run());
        }
        return compiles.runs().get(0);
    }

    /** The one torch.profiler trace and the one TORCH_TRACE log in {@code folder}; refused when it holds other than one of each. */
    static Path[] pairIn(Path folder) {
        List<Path> profiles = new java.util.ArrayList<>();
        List<Path> logs = new java.util.ArrayList<>();
        try (java.util.stream.Stream<Path> files = Files.list(folder)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                if (isProfile(file)) {
                    profiles.add(file);
                } else if (isTorchTrace(file)) {
                    logs.add(file);
                }
            }
        } catch (NoSuchFileException e) {
            throw new Refusal(folder, "", 0, 0, "no such folder", e);
        } catch (IOException e) {
            throw new Refusal(folder, "", 0, 0, "cannot be read: " + e.getMessage(), e);
        }
        if (profiles.size() != 1 || logs.size() != 1) {
            throw new Refusal(folder, "", 0, 0, "a folder read as a profile holds one torch.profiler trace and"
                    + " one TORCH_TRACE log; this one holds " + profiles.size() + " " + names(profiles) + " and " + logs.size()
                    + " " + names(logs) + TorchTraceFolder.chooseOne(TorchTraceFolder.inputsIn(folder)));
        }
        return new Path[] {profiles.get(0), logs.get(0)};
    }

    private static String names(List<Path> files) {
        return files.stream().map(file -> file.getFileName().toString()).toList().toString();
    }

    /** Whether {@code file} is a torch.profiler trace, or a folder holding one. */
    static boolean holdsProfile(Path file) {
        if (!Files.isDirectory(file)) {
            return Files.isRegularFile(file) && isProfile(file);
        }
        try (java.util.stream.Stream<Path> files = Files.list(file)) {
            return files.filter(Files::isRegularFile).anyMatch(ProfileJoin::isProfile);
        } catch (IOException e) {
            return false;
        }
    }

    static boolean isProfile(Path file) {
        try {
            profileStream(file).close();
            return true;
        } catch (Refusal | IOException notOne) {
            return false;
        }
    }

    private static boolean isTorchTrace(Path file) {
        try {
            return TraceSource.of(file) == TraceSource.TORCH_TRACE;
        } catch (Refusal neither) {
            return false;
        }
    }

    /** The profile's bytes, uncompressed where they are gzip, once its first bytes say it is a torch.profiler trace. */
    static InputStream profileStream(Path profile) throws IOException {
        // A pipe through a FileChannel fails on available() in JDK 17 ("Illegal seek"), as in read(Path, Limits, boolean).
        boolean pipe = Files.exists(profile) && !Files.isRegularFile(profile);
        InputStream raw = new BufferedInputStream(InputFile.bounded(profile, pipe ? new FileInputStream(profile.toFile())
                : Files.newInputStream(profile), InputFile.MAX_BYTES));
        raw.mark(2);
        boolean gzip = raw.read() == 0x1f && raw.read() == 0x8b;
        raw.reset();
        BufferedInputStream in = new BufferedInputStream(gzip ? new GZIPInputStream(raw) : raw, TraceSource.SNIFF);
        in.mark(TraceSource.SNIFF + 1);
        byte[] head = in.readNBytes(TraceSource.SNIFF);
        in.reset();
        if (!ProfilerReader.isProfile(head, head.length)) {
            in.close();
            throw new Refusal(profile, "", 0, 0, "not a torch.profiler trace: a Chrome trace JSON object with"
                    + " \"traceEvents\" in its first " + TraceSource.SNIFF + " bytes" + (gzip ? " (after gunzip)" : ""));
        }
        return in;
    }
}
