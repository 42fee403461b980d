package dev.compilereceipt;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The receipt of a trace ({@code compile-receipt/1}): figures per run and phase, graph ids,
 * break sites, guard misses, the per-call ledger, the baseline/candidate comparison, failure codes
 * and the hashes that pin it. Computed by {@link #of(Trace)}; exported with
 * {@link #toCanonicalJson()}, {@link #toReceiptCsv()} and {@link Ledger#toCsv()}.
 *
 * <p>Example:
 * <pre>{@code
 * Receipt receipt = Receipt.of(Traces.read(Path.of("fixtures/print-bridge/trace.json")));
 * receipt.run("baseline").phase(Phase.STEADY).breaks(); // OptionalInt[8]
 * }</pre>
 */
public record Receipt(
        String traceSha256,
        Fixture fixture,
        ReceiptLimits limits,
        List<RunFigures> runs,
        Ledger ledger,
        List<Comparison> comparisons,
        Optional<List<Long>> badLines,
        List<String> failures,
        Optional<Mutant> mutant,
        String receiptSha256) {

    public static final String FORMAT = "compile-receipt/1";

    public Receipt {
        runs = List.copyOf(runs);
        comparisons = List.copyOf(comparisons);
        badLines = badLines.map(List::copyOf);
        failures = List.copyOf(failures);
    }

    /** The true receipt of a trace. */
    public static Receipt of(Trace trace) {
        return ReceiptCalculator.receipt(trace, Optional.empty());
    }

    /** The receipt as the production computation gives it with {@code mutant} switched on. */
    public static Receipt of(Trace trace, Mutant mutant) {
        return ReceiptCalculator.receipt(trace, Optional.of(mutant));
    }

    /** Reads the trace at {@code file} and computes its receipt. */
    public static Receipt read(Path file) {
        return of(Traces.read(file));
    }

    public String format() {
        return FORMAT;
    }

    /** The run with this label; an {@link IllegalArgumentException} naming the runs there are otherwise. */
    public RunFigures run(String label) {
        return runs.stream().filter(run -> run.label().equals(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no run \"" + label + "\" in this receipt; it has "
                        + runs.stream().map(RunFigures::label).toList()));
    }

    public Optional<RunFigures> findRun(String label) {
        return runs.stream().filter(run -> run.label().equals(label)).findFirst();
    }

    public boolean hasRun(String label) {
        return findRun(label).isPresent();
    }

    /** The baseline/candidate comparison of a phase; empty with one run or a phase without calls. */
    public Optional<Comparison> comparison(Phase phase) {
        return comparisons.stream().filter(c -> c.phase() == phase).findFirst();
    }

    /** RFC 8785 canonical JSON of the whole receipt, {@code receipt_sha256} included. */
    public String toCanonicalJson() {
        return CanonicalJson.write(ReceiptJson.tree(this));
    }

    /** {@code receipt.csv}: one row per run and phase with the phase figures. */
    public String toReceiptCsv() {
        return ReceiptCsv.phases(this);
    }

    /** {@code ledger.csv}: one row per call. */
    public String toLedgerCsv() {
        return ReceiptCsv.ledger(ledger);
    }

    @Override
    public String toString() {
        return "Receipt[" + fixture.name() + ", runs " + runs.stream().map(RunFigures::label).toList()
                + ", receipt_sha256 " + receiptSha256 + mutant.map(m -> ", mutant " + m.id()).orElse("") + "]";
    }
}
