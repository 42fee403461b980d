package dev.compilereceipt;

import java.nio.file.Path;

/**
 * Reads traces. {@code compile-trace/1} JSON is read in full and validated against every rule of
 * the contract; anything that breaks one is refused with a {@link TraceRefusedException}.
 *
 * <p>Example: {@code Receipt receipt = Receipt.of(Traces.read(Path.of("fixtures/print-bridge/trace.json")));}
 */
public final class Traces {

    private Traces() {
    }

    public static Trace read(Path file) {
        return read(file, Limits.DEFAULT);
    }

    public static Trace read(Path file, Limits limits) {
        return BoundedTraceReader.read(file, limits);
    }
}
