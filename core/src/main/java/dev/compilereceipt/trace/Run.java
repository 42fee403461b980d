package dev.compilereceipt.trace;

import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One labelled series of calls: {@code baseline} (before an intervention) or {@code candidate}
 * (after it). A run read from a TORCH_TRACE log also carries the compile-side {@link CompileLog};
 * a run may carry its {@link WarmStart}, the same start in a fresh process with warm caches.
 *
 * <p>Example: {@code trace.run("candidate").map(Run::calls)}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record Run(String label, List<Call> calls, Optional<CompileLog> compileLog, Optional<WarmStart> warmStart) {

    public static final String BASELINE = "baseline";
    public static final String CANDIDATE = "candidate";

    public Run {
        calls = List.copyOf(calls);
    }

    public Run(String label, List<Call> calls) {
        this(label, calls, Optional.empty());
    }

    /** A run of one process: no warm start beside it. */
    public Run(String label, List<Call> calls, Optional<CompileLog> compileLog) {
        this(label, calls, compileLog, Optional.empty());
    }

    /** The same run under another label (a side of a comparison), its warm start kept. */
    public Run labelled(String other) {
        return new Run(other, calls, compileLog, warmStart);
    }

    /** The same run with {@code warm} as its warm start. */
    public Run withWarmStart(WarmStart warm) {
        return new Run(label, calls, compileLog, Optional.of(warm));
    }

    public List<Call> callsIn(Phase phase) {
        return calls.stream().filter(call -> call.phase() == phase).toList();
    }
}
