package dev.compilereceipt.receipt;

import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.GuardMiss;
import dev.compilereceipt.trace.Phase;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The receipt of one run: figures for every phase (zeros where a phase had no calls), every graph
 * id seen (and, apart, the ids that only fell back and made no variant), break sites, guard misses,
 * the {@link RecompileCause}s they group into, the {@link ColdStart} (with empty and with warm
 * caches) and, for a TORCH_TRACE source, the compile log. A source
 * without calls (a TORCH_TRACE log without per-call markers) has no phase figures at all:
 * {@link #phases()} is empty and {@link #phase(Phase)} throws.
 *
 * <p>Example: {@code receipt.run("baseline").graphs()} is {@code [0/0, 0/1, 1/0, 1/1]} for
 * print-bridge.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record RunFigures(
        String label,
        Map<Phase, PhaseFigures> phases,
        List<GraphId> graphs,
        List<BreakSite> breakSites,
        List<GuardMiss> guardMisses,
        Optional<CompileLog> compileLog,
        List<GraphId> fallbackGraphs,
        List<RecompileCause> recompileCauses,
        ColdStart coldStart) {

    public RunFigures {
        phases = Collections.unmodifiableMap(new EnumMap<>(phases));
        graphs = List.copyOf(graphs);
        fallbackGraphs = List.copyOf(fallbackGraphs);
        breakSites = List.copyOf(breakSites);
        guardMisses = List.copyOf(guardMisses);
        recompileCauses = List.copyOf(recompileCauses);
    }

    public RunFigures(String label, Map<Phase, PhaseFigures> phases, List<GraphId> graphs, List<BreakSite> breakSites,
                      List<GuardMiss> guardMisses, Optional<CompileLog> compileLog, List<GraphId> fallbackGraphs) {
        this(label, phases, graphs, breakSites, guardMisses, compileLog, fallbackGraphs, List.of());
    }

    /** The figures of a run without a warm start: its cold start is its warmup total alone. */
    public RunFigures(String label, Map<Phase, PhaseFigures> phases, List<GraphId> graphs, List<BreakSite> breakSites,
                      List<GuardMiss> guardMisses, Optional<CompileLog> compileLog, List<GraphId> fallbackGraphs,
                      List<RecompileCause> recompileCauses) {
        this(label, phases, graphs, breakSites, guardMisses, compileLog, fallbackGraphs, recompileCauses,
                ColdStart.withoutWarmStart(Optional.ofNullable(phases.get(Phase.WARMUP)).filter(warmup -> warmup.calls() > 0)
                        .flatMap(PhaseFigures::wallMs).map(wall -> java.util.OptionalDouble.of(wall.total()))
                        .orElse(java.util.OptionalDouble.empty())));
    }

    public RunFigures(String label, Map<Phase, PhaseFigures> phases, List<GraphId> graphs, List<BreakSite> breakSites,
                      List<GuardMiss> guardMisses, Optional<CompileLog> compileLog) {
        this(label, phases, graphs, breakSites, guardMisses, compileLog, List.of());
    }

    /** The graph ids that made a variant: {@link #graphs()} without those that only fell back. */
    public List<GraphId> variants() {
        return graphs.stream().filter(graph -> !fallbackGraphs.contains(graph)).toList();
    }

    /** The figures of a phase; an {@link IllegalStateException} when the source has no calls. */
    public PhaseFigures phase(Phase phase) {
        PhaseFigures figures = phases.get(phase);
        if (figures == null) {
            throw new IllegalStateException("run " + label + " has no phase figures: calls were not measured by this trace");
        }
        return figures;
    }

    /** Whether the source attributed compiles to calls and phases. */
    public boolean hasPhases() {
        return !phases.isEmpty();
    }

    /** The recompile causes whose subject the user names {@code subject} ({@code n}, {@code x.size()[0]}); see {@link RecompileCause#isAbout}. */
    public List<RecompileCause> recompileCauses(String subject) {
        return recompileCauses.stream().filter(cause -> cause.isAbout(subject)).toList();
    }

    /** The break site the user names {@code site}, matched on whole path segments from the end ({@link BreakSite#matches}). */
    public Optional<BreakSite> breakSite(String site) {
        return breakSites.stream().filter(b -> b.site().equals(site)).findFirst()
                .or(() -> breakSites.stream().filter(b -> b.isAt(site)).findFirst());
    }
}
