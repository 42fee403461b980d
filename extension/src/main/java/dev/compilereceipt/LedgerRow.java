package dev.compilereceipt;

import java.util.List;
import java.util.OptionalDouble;

/**
 * One row of the ledger: one call, with the graph ids it touched, the break sites it crossed
 * (once per crossing), its cache outcome and its times in milliseconds, rounded half-even to 4
 * decimals. A time the source did not measure is empty.
 *
 * <p>Example: the print-bridge baseline call {@code b04} touched {@code [0/0, 1/0]}, crossed
 * {@code [scenarios.py:31]} and was a {@code HIT}.
 */
public record LedgerRow(
        String run,
        String call,
        Phase phase,
        String family,
        List<GraphId> graphs,
        List<String> breakSites,
        CallCache cache,
        OptionalDouble wallMs,
        double compileMs,
        OptionalDouble eagerIslandMs) {

    public LedgerRow {
        graphs = List.copyOf(graphs);
        breakSites = List.copyOf(breakSites);
    }
}
