package dev.compilereceipt.testsupport;

import dev.compilereceipt.Traces;
import dev.compilereceipt.trace.Trace;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where the repository's {@code fixtures/} folder is, for tests run by Maven or an IDE. */
public final class Fixtures {

    public static final Path DIR = root();
    public static final Path PRINT_BRIDGE = DIR.resolve("print-bridge/trace.json");
    public static final Path INT_SPEC = DIR.resolve("int-spec/trace.json");

    private Fixtures() {
    }

    public static Path root() {
        String configured = System.getProperty("compilereceipt.fixtures.dir");
        if (configured != null && Files.isDirectory(Path.of(configured))) {
            return Path.of(configured);
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("fixtures/print-bridge"))) {
                return dir.resolve("fixtures");
            }
        }
        throw new IllegalStateException("fixtures/ not found above " + Path.of("").toAbsolutePath());
    }

    public static Path path(String relative) {
        return root().resolve(relative);
    }

    public static Trace trace(String relative) {
        return Traces.read(path(relative));
    }
}
