package dev.compilereceipt;

import java.nio.file.Path;

/** The real traces in the repository's {@code fixtures/} folder (Surefire passes its place). */
final class Fixtures {

    static final Path DIR = Path.of(System.getProperty("compilereceipt.fixtures.dir", "../fixtures"));
    static final Path PRINT_BRIDGE = DIR.resolve("print-bridge/trace.json");
    static final Path INT_SPEC = DIR.resolve("int-spec/trace.json");

    private Fixtures() {
    }
}
