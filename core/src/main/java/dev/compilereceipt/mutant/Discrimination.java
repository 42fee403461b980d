package dev.compilereceipt.mutant;

import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.Trace;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Whether a trace can tell a mutant from the truth at all. A mutant that changes nothing on a
 * trace (no breaks to conflate, no hits to miscount, no warmup to drop, one run to average) is
 * reported with what the trace lacks, never counted as killed.
 *
 * <p>Example: {@code Discrimination.lack(trace, Mutant.AVERAGE_UNEQUAL_CALLS)}, for a trace of one run, is
 * {@code Optional.of("the trace has one run only ...")}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class Discrimination {

    private Discrimination() {
    }

    /** What the trace lacks to tell {@code mutant} from the truth; empty when it can tell. */
    public static Optional<String> lack(Trace trace, Mutant mutant) {
        return switch (mutant) {
            case CONFLATE_BREAKS_AND_RECOMPILES -> trace.measured(Measure.CALLS) && any(trace, Event.Break.class)
                    ? Optional.empty() : Optional.of("the trace has no graph breaks in its calls");
            case HIDE_EAGER_ISLANDS -> trace.measured(Measure.EAGER_ISLAND_MS) && anyEagerIslandTime(trace)
                    ? Optional.empty() : Optional.of(trace.measured(Measure.EAGER_ISLAND_MS)
                    ? "the trace has no break with eager_ms > 0" : "the trace did not measure eager-island time");
            case COUNT_CACHE_HITS_AS_COMPILES -> trace.measured(Measure.CACHE_HITS) && anyHit(trace)
                    ? Optional.empty() : Optional.of(trace.measured(Measure.CACHE_HITS)
                    ? "the trace has no cache hits" : "the trace did not measure cache hits");
            case DROP_WARMUP -> trace.runs().stream().anyMatch(run -> !run.callsIn(Phase.WARMUP).isEmpty())
                    ? Optional.empty() : Optional.of("the trace has no warmup calls");
            case AVERAGE_UNEQUAL_CALLS -> averageLack(trace);
        };
    }

    private static Optional<String> averageLack(Trace trace) {
        if (trace.run(Run.CANDIDATE).isEmpty()) {
            return Optional.of("the trace has one run only (no candidate to average against the baseline)");
        }
        if (!trace.measured(Measure.WALL_MS)) {
            return Optional.of("the trace did not measure wall time");
        }
        boolean timed = trace.run(Run.CANDIDATE).get().calls().stream().anyMatch(call -> call.wallMs() > 0);
        return timed ? Optional.empty() : Optional.of("the candidate's calls all took 0 ms");
    }

    private static boolean any(Trace trace, Class<? extends Event> kind) {
        return trace.runs().stream().flatMap(run -> run.calls().stream()).flatMap(call -> call.events().stream())
                .anyMatch(kind::isInstance);
    }

    private static boolean anyHit(Trace trace) {
        return trace.runs().stream().flatMap(run -> run.calls().stream()).flatMap(call -> call.events().stream())
                .anyMatch(event -> event instanceof Event.Region region && !region.isCompile());
    }

    private static boolean anyEagerIslandTime(Trace trace) {
        return trace.runs().stream().flatMap(run -> run.calls().stream()).flatMap(call -> call.events().stream())
                .anyMatch(event -> event instanceof Event.Break brk && brk.eagerMs() > 0);
    }
}
