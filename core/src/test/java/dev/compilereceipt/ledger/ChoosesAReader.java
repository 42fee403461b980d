package dev.compilereceipt.ledger;

import dev.compilereceipt.read.torchtrace.TorchTraceReader;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Trace;
import java.nio.file.Path;

/** Breaks the layout on purpose, for {@code LayoutRulesFailTest}: a reader chosen outside {@code read.source}. */
final class ChoosesAReader {

    private ChoosesAReader() {
    }

    static Trace read(Path log) {
        return TorchTraceReader.read(log, Limits.DEFAULT);
    }
}
