package dev.compilereceipt;

import dev.compilereceipt.receipt.WallTime;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Phase;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.apiguardian.api.API;

/**
 * The figures of one phase at their 0.1 name, what {@link RunFigures#phase(Phase)} gives, kept for
 * one release so that {@code PhaseFigures warmup = receipt.run("candidate").phase(WARMUP);} still
 * compiles: each 0.1 method forwards to {@link dev.compilereceipt.receipt.PhaseFigures}, which
 * {@link #current()} hands out and {@code CompileAssertions.assertThat} takes.
 *
 * <p>Example: {@code dev.compilereceipt.Receipt.of(trace).run("baseline").phase(Phase.STEADY).compileMs();}
 *
 * @deprecated moved to {@link dev.compilereceipt.receipt.PhaseFigures}; this wrapper goes in 0.3
 */
@Deprecated(since = "0.2", forRemoval = true)
@API(status = API.Status.DEPRECATED, since = "0.2")
public final class PhaseFigures {

    private final dev.compilereceipt.receipt.PhaseFigures current;

    PhaseFigures(dev.compilereceipt.receipt.PhaseFigures current) {
        this.current = Objects.requireNonNull(current, "phase");
    }

    /** The figures at their 0.2 name, {@link dev.compilereceipt.receipt.PhaseFigures}. */
    public dev.compilereceipt.receipt.PhaseFigures current() {
        return current;
    }

    public Phase phase() {
        return current.phase();
    }

    public int calls() {
        return current.calls();
    }

    public Optional<WallTime> wallMs() {
        return current.wallMs();
    }

    public int compiles() {
        return current.compiles();
    }

    public OptionalInt cacheHits() {
        return current.cacheHits();
    }

    public int fallbacks() {
        return current.fallbacks();
    }

    public OptionalInt breaks() {
        return current.breaks();
    }

    public OptionalDouble eagerIslandMs() {
        return current.eagerIslandMs();
    }

    public double compileMs() {
        return current.compileMs();
    }

    public List<GraphId> newGraphVariants() {
        return current.newGraphVariants();
    }

    /** {@link dev.compilereceipt.receipt.PhaseFigures#breaksPerCall()}. */
    public OptionalDouble breaksPerCall() {
        return current.breaksPerCall();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PhaseFigures figures && figures.current.equals(current);
    }

    @Override
    public int hashCode() {
        return current.hashCode();
    }

    @Override
    public String toString() {
        return current.toString();
    }
}
