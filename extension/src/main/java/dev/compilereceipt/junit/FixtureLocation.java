package dev.compilereceipt.junit;

import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.TraceRequest;
import dev.compilereceipt.Traces;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Where a fixture was found: a file, or a classpath resource that is not a file (inside a jar).
 * {@link #key()} identifies it for sharing: the absolute file path or the resource URL.
 * {@link #source()} is the fixture's file in the source tree, where its approved receipt is kept:
 * the file itself, or for a classpath resource the same name under the fixtures root (else
 * {@code src/test/resources}), never the copy in {@code target/}; empty when there is none.
 */
record FixtureLocation(String key, Optional<Path> file, Optional<URL> resource, Path name, Optional<Path> source) {

    static FixtureLocation file(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        return new FixtureLocation(absolute.toString(), Optional.of(absolute), Optional.empty(), absolute, Optional.of(absolute));
    }

    static FixtureLocation resource(URL url, String resourceName) {
        return new FixtureLocation(url.toString(), Optional.empty(), Optional.of(url), Path.of(resourceName), Optional.empty());
    }

    FixtureLocation withSource(Optional<Path> sourceFile) {
        return new FixtureLocation(key, file, resource, name, sourceFile.map(f -> f.toAbsolutePath().normalize()));
    }

    /**
     * The refusal as the user should read it: naming the fixture's file in the source tree, which
     * they edit, rather than the copy in {@code target/} that was read.
     */
    TraceRefusedException inSourceTree(TraceRefusedException refusal) {
        if (file.isEmpty() || source.isEmpty() || file.get().equals(source.get())) {
            return refusal;
        }
        Optional<Path> edited = refusal.file().equals(file.get()) ? source : besideInSourceTree(refusal.file());
        if (edited.isEmpty()) {
            return refusal;
        }
        TraceRefusedException shown = new TraceRefusedException(edited.get(), refusal.pointer(), refusal.line().orElse(0L),
                refusal.column().orElse(0L), refusal.rule(), refusal.getCause());
        shown.setStackTrace(refusal.getStackTrace());
        return shown;
    }

    /**
     * A file read beside the fixture's copy (a profile's {@code log}, a folder's log) as the source tree
     * holds it: the same path from the source fixture's folder, where that file exists (issue #43).
     */
    private Optional<Path> besideInSourceTree(Path refused) {
        Path copies = file.get().toAbsolutePath().normalize().getParent();
        Path sources = source.get().getParent();
        Path read = refused.toAbsolutePath().normalize();
        if (copies == null || sources == null || !read.startsWith(copies)) {
            return Optional.empty();
        }
        Path edited = sources.resolve(copies.relativize(read));
        return java.nio.file.Files.exists(edited) ? Optional.of(edited) : Optional.empty();
    }

    /** Reads and checks the trace; a {@link TraceRefusedException} when the contract refuses it. */
    Trace read(Limits limits, OptionalInt rank) {
        return read(limits, rank, false, ProfileRequest.NONE, Optional.empty());
    }

    /**
     * With {@code side}, a trace of one run whatever its label, for {@code baseline = ..., candidate = ...}; with
     * the phases of {@code profile}, a torch.profiler trace with {@code log} (or, in a folder, the log beside it).
     * The library chooses the reader; only what a resource inside a jar cannot give is refused here.
     */
    Trace read(Limits limits, OptionalInt rank, boolean side, ProfileRequest profile, Optional<Path> log) {
        if (file.isPresent()) {
            return Traces.read(request(TraceRequest.of(file.get()), limits, rank, side, profile, log));
        }
        if (profile.isProfile()) {
            throw new TraceRefusedException(name, "", 0, 0, "a torch.profiler trace is read from its file; " + key
                    + " is a classpath resource inside a jar");
        }
        if (rank.isPresent()) {
            throw new TraceRefusedException(name, "", 0, 0, "a rank is read from a TORCH_TRACE folder or a TORCH_LOGS text"
                    + " on disk; " + key + " is a classpath resource inside a jar, read as a stream");
        }
        try (InputStream in = resource.get().openStream()) {
            return Traces.read(request(TraceRequest.ofStream(name, in), limits, rank, side, profile, log));
        } catch (IOException e) {
            throw new TraceRefusedException(name, "", 0, 0, "cannot be read from " + key + ": " + e, e);
        }
    }

    /** The annotation's attributes as the one request the library reads. */
    private static TraceRequest request(TraceRequest input, Limits limits, OptionalInt rank, boolean side, ProfileRequest profile,
                                        Optional<Path> log) {
        TraceRequest request = input.withLimits(limits).from(TraceRequest.Caller.TRACE_FIXTURE);
        if (rank.isPresent()) {
            request = request.withRank(rank.getAsInt());
        }
        if (side) {
            request = request.asSide();
        }
        if (log.isPresent()) {
            request = request.withLog(log.get());
        }
        if (profile.callPhases().isPresent()) {
            request = request.withPhases(profile.callPhases().get());
        }
        if (profile.callSpan().isPresent()) {
            request = request.withCallSpan(profile.callSpan().get());
        }
        return profile.run().isPresent() ? request.withRun(profile.run().get()) : request;
    }
}
