package dev.compilereceipt.internal.torchtrace;

import dev.compilereceipt.Call;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** One run's calls and compile log while the log is read. */
final class LogRun {
    private String label;
    final List<Call> calls = new ArrayList<>();
    final Set<String> ids = new HashSet<>();
    private final CompileLogBuilder log = new CompileLogBuilder();

    LogRun(String label) {
        this.label = label;
    }

    String label() {
        return label;
    }

    void label(String name) {
        label = name;
    }

    CompileLogBuilder log() {
        return log;
    }
}
