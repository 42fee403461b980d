package dev.compilereceipt;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The receipt of one run: figures for every phase (zeros where a phase had no calls), every graph
 * id seen, break sites, guard misses and, for a TORCH_TRACE source, the compile log.
 *
 * <p>Example: {@code receipt.run("baseline").graphs()} is {@code [0/0, 0/1, 1/0, 1/1]} for
 * print-bridge.
 */
public record RunFigures(
        String label,
        Map<Phase, PhaseFigures> phases,
        List<GraphId> graphs,
        List<BreakSite> breakSites,
        List<GuardMiss> guardMisses,
        Optional<CompileLog> compileLog) {

    public RunFigures {
        phases = Collections.unmodifiableMap(new EnumMap<>(phases));
        graphs = List.copyOf(graphs);
        breakSites = List.copyOf(breakSites);
        guardMisses = List.copyOf(guardMisses);
    }

    public PhaseFigures phase(Phase phase) {
        return phases.get(phase);
    }

    public Optional<BreakSite> breakSite(String site) {
        return breakSites.stream().filter(b -> b.site().equals(site)).findFirst();
    }
}
