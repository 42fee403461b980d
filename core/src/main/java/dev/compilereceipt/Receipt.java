package dev.compilereceipt;

import dev.compilereceipt.ledger.Ledger;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.receipt.BreakKindFigures;
import dev.compilereceipt.receipt.Comparison;
import dev.compilereceipt.receipt.FailureCode;
import dev.compilereceipt.receipt.ReceiptLimits;
import dev.compilereceipt.receipt.Trade;
import dev.compilereceipt.trace.Decision;
import dev.compilereceipt.trace.Fixture;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.Trace;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The receipt at its 0.1 name, kept for one release so that a test written against 0.1 compiles,
 * with a removal warning, and passes: {@code @TraceFixture} injects it into a parameter or field of
 * this type, {@code CompileAssertions.assertThat} and {@code SoftCompileAssertions.assertThat} take it,
 * and each of its 0.1 methods forwards to {@link dev.compilereceipt.receipt.Receipt}, which
 * {@link #current()} hands out. A record cannot be subclassed, so this wraps the receipt instead of
 * being one: a 0.2 method that takes a receipt wants {@code current()}.
 *
 * <p>Example: {@code dev.compilereceipt.Receipt.of(trace).run("baseline").phase(Phase.STEADY).breaks();}
 *
 * @deprecated moved to {@link dev.compilereceipt.receipt.Receipt}; this wrapper goes in 0.3
 */
@Deprecated(since = "0.2", forRemoval = true)
@API(status = API.Status.DEPRECATED, since = "0.2")
@SuppressWarnings("removal") // it forwards to the other 0.1 names, deprecated alike
public final class Receipt {

    public static final String FORMAT = dev.compilereceipt.receipt.Receipt.FORMAT;

    private final dev.compilereceipt.receipt.Receipt current;

    private Receipt(dev.compilereceipt.receipt.Receipt current) {
        this.current = Objects.requireNonNull(current, "receipt");
    }

    /** The receipt at its 0.1 name, forwarding to {@code receipt}. */
    public static Receipt of(dev.compilereceipt.receipt.Receipt receipt) {
        return new Receipt(receipt);
    }

    /** {@link dev.compilereceipt.receipt.Receipt#of(Trace)}. */
    public static Receipt of(Trace trace) {
        return new Receipt(dev.compilereceipt.receipt.Receipt.of(trace));
    }

    /** The receipt at its 0.2 name, {@link dev.compilereceipt.receipt.Receipt}. */
    public dev.compilereceipt.receipt.Receipt current() {
        return current;
    }

    public String format() {
        return current.format();
    }

    public String traceSha256() {
        return current.traceSha256();
    }

    public Fixture fixture() {
        return current.fixture();
    }

    public Optional<Decision> decision() {
        return current.decision();
    }

    public ReceiptLimits limits() {
        return current.limits();
    }

    public List<RunFigures> runs() {
        return current.runs().stream().map(RunFigures::new).toList();
    }

    public Ledger ledger() {
        return current.ledger();
    }

    public List<Comparison> comparisons() {
        return current.comparisons();
    }

    public Optional<Trade> trade() {
        return current.trade();
    }

    public Optional<List<Long>> badLines() {
        return current.badLines();
    }

    public List<FailureCode> failures() {
        return current.failures();
    }

    public String receiptSha256() {
        return current.receiptSha256();
    }

    /** {@link dev.compilereceipt.receipt.Receipt#run(String)}. */
    public RunFigures run(String label) {
        return new RunFigures(current.run(label));
    }

    /** {@link dev.compilereceipt.receipt.Receipt#findRun(String)}. */
    public Optional<RunFigures> findRun(String label) {
        return current.findRun(label).map(RunFigures::new);
    }

    public boolean hasRun(String label) {
        return current.hasRun(label);
    }

    /** {@link dev.compilereceipt.receipt.Receipt#recompiledCalls(String, Phase)}. */
    public List<LedgerRow> recompiledCalls(String label, Phase phase) {
        return current.recompiledCalls(label, phase);
    }

    /** {@link dev.compilereceipt.receipt.Receipt#breakKinds(String)}. */
    public List<BreakKindFigures> breakKinds(String label) {
        return current.breakKinds(label);
    }

    /** {@link dev.compilereceipt.receipt.Receipt#comparison(Phase)}. */
    public Optional<Comparison> comparison(Phase phase) {
        return current.comparison(phase);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Receipt receipt && receipt.current.equals(current);
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
