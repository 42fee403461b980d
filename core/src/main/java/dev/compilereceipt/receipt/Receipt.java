package dev.compilereceipt.receipt;

import dev.compilereceipt.ledger.CallCache;
import dev.compilereceipt.ledger.Ledger;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.trace.Decision;
import dev.compilereceipt.trace.Fixture;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.GuardMiss;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.Trace;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * The receipt of a trace ({@code compile-receipt/2}): figures per run and phase, graph ids,
 * break sites, guard misses, the per-call ledger, the baseline/candidate comparison and its
 * {@link Trade}, the trace's {@link Decision}, failure codes and the hashes that pin it. Computed by {@link #of(Trace)} from a trace that {@link dev.compilereceipt.Traces} read;
 * written out by {@link dev.compilereceipt.ReceiptExport}.
 *
 * <p>Example:
 * <pre>{@code
 * Receipt receipt = Receipt.of(Traces.read(Path.of("fixtures/print-bridge/trace.json")));
 * receipt.run("baseline").phase(Phase.STEADY).breaks(); // OptionalInt[8]
 * }</pre>
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record Receipt(
        String traceSha256,
        Fixture fixture,
        Optional<Decision> decision,
        ReceiptLimits limits,
        List<RunFigures> runs,
        Ledger ledger,
        List<Comparison> comparisons,
        Optional<Trade> trade,
        Optional<List<Long>> badLines,
        List<FailureCode> failures,
        String receiptSha256) {

    public static final String FORMAT = "compile-receipt/2";

    public Receipt {
        runs = List.copyOf(runs);
        comparisons = List.copyOf(comparisons);
        badLines = badLines.map(List::copyOf);
        failures = List.copyOf(failures);
    }

    /** The true receipt of a trace. */
    public static Receipt of(Trace trace) {
        return ReceiptCalculator.receipt(trace, Bookkeeping.CONTRACT);
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

    /**
     * The calls of {@code phase} in run {@code label} that recompiled: a call that compiled a variant
     * after its frame's first (graph id {@code F/V} with {@code V > 0}), or a call in which guards of
     * older variants missed (guard failures on a compile, or on a fallback that gave up, such as a
     * reached recompile limit). A first compile of a new frame (a resume frame after a break, say)
     * is a new graph variant but not a recompile.
     */
    public List<LedgerRow> recompiledCalls(String label, Phase phase) {
        RunFigures run = run(label);
        Set<String> missed = run.guardMisses().stream().map(GuardMiss::call).collect(Collectors.toSet());
        List<GraphId> recompiled = run.phase(phase).newGraphVariants().stream().filter(GraphId::isRecompile).toList();
        return ledger.rows(label, phase).stream()
                .filter(row -> missed.contains(row.call()) || row.cache().equals(Optional.of(CallCache.COMPILE))
                        && row.graphs().stream().anyMatch(recompiled::contains))
                .toList();
    }

    /**
     * The break sites of run {@code label} grouped by kind, with the calls that crossed each kind,
     * all crossings and the eager-island time; see {@link BreakKindFigures}.
     */
    public List<BreakKindFigures> breakKinds(String label) {
        return BreakKindFigures.of(run(label), ledger.rows(label));
    }

    /** The baseline/candidate comparison of a phase; empty with one run or a phase without calls. */
    public Optional<Comparison> comparison(Phase phase) {
        return comparisons.stream().filter(c -> c.phase() == phase).findFirst();
    }

    @Override
    public String toString() {
        return "Receipt[" + fixture.name() + ", runs " + runs.stream().map(RunFigures::label).toList()
                + ", receipt_sha256 " + receiptSha256 + "]";
    }
}
