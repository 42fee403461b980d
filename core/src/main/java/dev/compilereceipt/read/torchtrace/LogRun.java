package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.Limits;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** One run's calls and compile log while the log is read. */
final class LogRun {
    private String label;
    final List<Call> calls = new ArrayList<>();
    final Set<String> ids = new HashSet<>();
    private final CompileLogBuilder log;

    LogRun(String label, Limits limits) {
        this.label = label;
        this.log = new CompileLogBuilder(limits);
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
