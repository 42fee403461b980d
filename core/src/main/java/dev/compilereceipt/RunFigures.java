package dev.compilereceipt;

import dev.compilereceipt.receipt.BreakSite;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.GuardMiss;
import dev.compilereceipt.trace.Phase;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The figures of one run at their 0.1 name, what {@link Receipt#run(String)} gives, kept for one
 * release: each 0.1 method forwards to {@link dev.compilereceipt.receipt.RunFigures}, which
 * {@link #current()} hands out, and {@link #phase(Phase)} gives the 0.1 {@link PhaseFigures}.
 *
 * <p>Example: {@code dev.compilereceipt.Receipt.of(trace).run("baseline").graphs();}
 *
 * @deprecated moved to {@link dev.compilereceipt.receipt.RunFigures}; this wrapper goes in 0.3
 */
@Deprecated(since = "0.2", forRemoval = true)
@API(status = API.Status.DEPRECATED, since = "0.2")
@SuppressWarnings("removal") // it forwards to the other 0.1 names, deprecated alike
public final class RunFigures {

    private final dev.compilereceipt.receipt.RunFigures current;

    RunFigures(dev.compilereceipt.receipt.RunFigures current) {
        this.current = Objects.requireNonNull(current, "run");
    }

    /** The figures at their 0.2 name, {@link dev.compilereceipt.receipt.RunFigures}. */
    public dev.compilereceipt.receipt.RunFigures current() {
        return current;
    }

    public String label() {
        return current.label();
    }

    public Map<Phase, PhaseFigures> phases() {
        Map<Phase, PhaseFigures> phases = new EnumMap<>(Phase.class);
        current.phases().forEach((phase, figures) -> phases.put(phase, new PhaseFigures(figures)));
        return Collections.unmodifiableMap(phases);
    }

    public List<GraphId> graphs() {
        return current.graphs();
    }

    public List<BreakSite> breakSites() {
        return current.breakSites();
    }

    public List<GuardMiss> guardMisses() {
        return current.guardMisses();
    }

    public Optional<CompileLog> compileLog() {
        return current.compileLog();
    }

    /** {@link dev.compilereceipt.receipt.RunFigures#variants()}. */
    public List<GraphId> variants() {
        return current.variants();
    }

    /** {@link dev.compilereceipt.receipt.RunFigures#phase(Phase)}. */
    public PhaseFigures phase(Phase phase) {
        return new PhaseFigures(current.phase(phase));
    }

    public boolean hasPhases() {
        return current.hasPhases();
    }

    /** {@link dev.compilereceipt.receipt.RunFigures#breakSite(String)}. */
    public Optional<BreakSite> breakSite(String site) {
        return current.breakSite(site);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RunFigures run && run.current.equals(current);
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
