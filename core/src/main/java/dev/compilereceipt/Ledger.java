package dev.compilereceipt;

import java.util.List;
import java.util.Optional;

/**
 * The per-call ledger of a trace: one {@link LedgerRow} per call, runs in trace order, calls in
 * the order they happened.
 *
 * <p>Example: {@code Ledger.of(trace).rows("candidate").size()} is the number of candidate calls;
 * {@code ReceiptExport.ledgerCsv(ledger)} writes it as {@code ledger.csv}.
 */
public record Ledger(List<LedgerRow> rows) {

    public Ledger {
        rows = List.copyOf(rows);
    }

    public static Ledger of(Trace trace) {
        return ReceiptCalculator.ledger(trace, Optional.empty());
    }

    public List<LedgerRow> rows(String run) {
        return rows.stream().filter(row -> row.run().equals(run)).toList();
    }

    public List<LedgerRow> rows(String run, Phase phase) {
        return rows.stream().filter(row -> row.run().equals(run) && row.phase() == phase).toList();
    }

    public Optional<LedgerRow> row(String run, String call) {
        return rows.stream().filter(row -> row.run().equals(run) && row.call().equals(call)).findFirst();
    }
}
