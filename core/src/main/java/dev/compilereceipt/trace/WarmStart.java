package dev.compilereceipt.trace;

import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A run's warm start: the eager control and warmup calls of a fresh process that reused the
 * on-disk caches the run's own process left (Inductor's FX graph cache, the AOTAutograd cache,
 * Triton's), with their events. From {@code compile-trace/1} the run's {@code warm_start.calls};
 * from a second TORCH_TRACE log (the warm process's), the eager and warmup calls of its run of the
 * same label and its compile log, or, from a log without call markers, its compile log alone.
 *
 * <p>Example: {@code trace.run("baseline").flatMap(Run::warmStart).map(WarmStart::calls)}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record WarmStart(List<Call> calls, Optional<CompileLog> compileLog) {

    public WarmStart {
        calls = List.copyOf(calls);
    }

    public List<Call> callsIn(Phase phase) {
        return calls.stream().filter(call -> call.phase() == phase).toList();
    }
}
