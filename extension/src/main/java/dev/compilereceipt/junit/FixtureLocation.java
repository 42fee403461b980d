package dev.compilereceipt.junit;

import dev.compilereceipt.Limits;
import dev.compilereceipt.Trace;
import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.Traces;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a fixture was found: a file, or a classpath resource that is not a file (inside a jar).
 * {@link #key()} identifies it for sharing: the absolute file path or the resource URL.
 */
record FixtureLocation(String key, Optional<Path> file, Optional<URL> resource, Path name) {

    static FixtureLocation file(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        return new FixtureLocation(absolute.toString(), Optional.of(absolute), Optional.empty(), absolute);
    }

    static FixtureLocation resource(URL url, String resourceName) {
        return new FixtureLocation(url.toString(), Optional.empty(), Optional.of(url), Path.of(resourceName));
    }

    /** Reads and checks the trace; a {@link TraceRefusedException} when the contract refuses it. */
    Trace read() {
        if (file.isPresent()) {
            return Traces.read(file.get());
        }
        try (InputStream in = resource.get().openStream()) {
            return Traces.read(name, in, Limits.DEFAULT);
        } catch (IOException e) {
            throw new TraceRefusedException(name, "", 0, 0, "cannot be read from " + key + ": " + e, e);
        }
    }
}
