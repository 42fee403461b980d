package dev.compilereceipt.trace;

import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One labelled series of calls: {@code baseline} (before an intervention) or {@code candidate}
 * (after it). A run read from a TORCH_TRACE log also carries the compile-side {@link CompileLog}.
 *
 * <p>Example: {@code trace.run("candidate").map(Run::calls)}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record Run(String label, List<Call> calls, Optional<CompileLog> compileLog) {

    public static final String BASELINE = "baseline";
    public static final String CANDIDATE = "candidate";

    public Run {
        calls = List.copyOf(calls);
    }

    public Run(String label, List<Call> calls) {
        this(label, calls, Optional.empty());
    }

    public List<Call> callsIn(Phase phase) {
        return calls.stream().filter(call -> call.phase() == phase).toList();
    }
}
