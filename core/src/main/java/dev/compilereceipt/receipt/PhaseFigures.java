package dev.compilereceipt.receipt;

import dev.compilereceipt.trace.CompileStages;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Phase;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.apiguardian.api.API;

/**
 * The figures of one phase of one run, summed over its calls: compiles are regions that compiled
 * a new variant, cache hits are regions that reused one, fallbacks and breaks are events of those
 * kinds; {@code compileStages} split {@code compileMs} by stage (empty where the source does not
 * measure stages); the guard-check time where the source measures it (a torch.profiler trace). A
 * figure the source did not measure is empty, never 0.
 *
 * <p>Example: {@code receipt.run("baseline").phase(Phase.STEADY).newGraphVariants().isEmpty()}
 * is what "steady traffic never compiles" means.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record PhaseFigures(
        Phase phase,
        int calls,
        Optional<WallTime> wallMs,
        int compiles,
        OptionalInt cacheHits,
        int fallbacks,
        OptionalInt breaks,
        OptionalDouble eagerIslandMs,
        double compileMs,
        List<GraphId> newGraphVariants,
        OptionalInt graphsCompiled,
        Optional<CompileStages> compileStages,
        Optional<GuardCheckTime> guardCheckMs) {

    public PhaseFigures {
        newGraphVariants = List.copyOf(newGraphVariants);
    }

    /** Phase figures of a source that splits compile time by no stage and measures no guard checks. */
    public PhaseFigures(Phase phase, int calls, Optional<WallTime> wallMs, int compiles, OptionalInt cacheHits, int fallbacks,
                        OptionalInt breaks, OptionalDouble eagerIslandMs, double compileMs, List<GraphId> newGraphVariants,
                        OptionalInt graphsCompiled) {
        this(phase, calls, wallMs, compiles, cacheHits, fallbacks, breaks, eagerIslandMs, compileMs, newGraphVariants,
                graphsCompiled, Optional.empty(), Optional.empty());
    }

    /** What no stage claims of {@link #compileMs}; empty where the source does not measure stages. */
    public OptionalDouble unattributedMs() {
        return compileStages.map(stages -> OptionalDouble.of(stages.unattributedMs(compileMs))).orElse(OptionalDouble.empty());
    }

    /** Graph breaks crossed per call of this phase; empty when breaks were not measured or the phase has no calls. */
    public OptionalDouble breaksPerCall() {
        return breaks.isPresent() && calls > 0 ? OptionalDouble.of((double) breaks.getAsInt() / calls) : OptionalDouble.empty();
    }
}
