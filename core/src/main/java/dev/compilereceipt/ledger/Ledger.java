package dev.compilereceipt.ledger;

import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.Coverage;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Run;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The per-call ledger of a trace: one {@link LedgerRow} per call, runs in trace order, calls in
 * the order they happened. A source without calls (a TORCH_TRACE log without markers, TORCH_LOGS
 * text) has no rows, and {@link #calls()} says they were not measured rather than that there were none.
 *
 * <p>Example: {@code Ledger.of(trace).rows("candidate").size()} is the number of candidate calls;
 * {@code ReceiptExport.ledgerCsv(ledger)} writes it as {@code ledger.csv}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record Ledger(List<LedgerRow> rows, Coverage calls) {

    public Ledger {
        rows = List.copyOf(rows);
    }

    /** The ledger of a source that recorded its calls. */
    public Ledger(List<LedgerRow> rows) {
        this(rows, Coverage.MEASURED);
    }

    public static Ledger of(Trace trace) {
        List<LedgerRow> rows = new ArrayList<>();
        for (Run run : trace.runs()) {
            for (Call call : run.calls()) {
                rows.add(LedgerRows.of(trace, run.label(), call));
            }
        }
        return new Ledger(rows, trace.coverage(Measure.CALLS));
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
