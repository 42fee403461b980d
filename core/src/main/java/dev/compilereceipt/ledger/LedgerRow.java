package dev.compilereceipt.ledger;

import dev.compilereceipt.trace.Coverage;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Phase;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.apiguardian.api.API;

/**
 * One row of the ledger: one call, with the graph ids it touched, the break sites it crossed
 * (once per crossing), its cache outcome and its times in milliseconds, rounded half-even to 4
 * decimals. A figure the source did not measure is empty: a marked TORCH_TRACE log cannot tell a
 * call that hit the cache from one that ran eagerly, so its cache outcome is empty unless it compiled
 * or fell back. Its graph ids and break sites are then only those its compiles found, the least
 * it touched: {@link #graphsSeen()} and {@link #breakSitesSeen()} say so.
 *
 * <p>Example: the print-bridge baseline call {@code b04} touched {@code [0/0, 1/0]}, crossed
 * {@code [scenarios.py:31]} and was {@code Optional.of(HIT)}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record LedgerRow(
        String run,
        String call,
        Phase phase,
        String family,
        List<GraphId> graphs,
        List<String> breakSites,
        Optional<CallCache> cache,
        OptionalDouble wallMs,
        double compileMs,
        OptionalDouble eagerIslandMs,
        Coverage graphsSeen,
        Coverage breakSitesSeen,
        OptionalDouble guardCheckMs) {

    public LedgerRow {
        graphs = List.copyOf(graphs);
        breakSites = List.copyOf(breakSites);
    }

    /** A row of a source that does not measure guard checks. */
    public LedgerRow(String run, String call, Phase phase, String family, List<GraphId> graphs, List<String> breakSites,
                     Optional<CallCache> cache, OptionalDouble wallMs, double compileMs, OptionalDouble eagerIslandMs,
                     Coverage graphsSeen, Coverage breakSitesSeen) {
        this(run, call, phase, family, graphs, breakSites, cache, wallMs, compileMs, eagerIslandMs, graphsSeen, breakSitesSeen,
                OptionalDouble.empty());
    }

    /** A row of a source that saw every region and break of the call. */
    public LedgerRow(String run, String call, Phase phase, String family, List<GraphId> graphs, List<String> breakSites,
                     Optional<CallCache> cache, OptionalDouble wallMs, double compileMs, OptionalDouble eagerIslandMs) {
        this(run, call, phase, family, graphs, breakSites, cache, wallMs, compileMs, eagerIslandMs, Coverage.MEASURED,
                Coverage.MEASURED);
    }
}
