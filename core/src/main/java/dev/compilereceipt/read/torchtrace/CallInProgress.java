package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.Phase;
import java.util.ArrayList;
import java.util.List;

/** The call between a start marker and its end marker. */
final class CallInProgress {
    final String id;
    final Phase phase;
    final String family;
    final long line;
    final List<LogCompile> compiles = new ArrayList<>();

    CallInProgress(CallMarker start, long line) {
        this.id = start.id();
        this.phase = Phase.parse(start.phase().orElseThrow()).orElseThrow();
        this.family = start.family().orElse(Call.DEFAULT_FAMILY);
        this.line = line;
    }
}
