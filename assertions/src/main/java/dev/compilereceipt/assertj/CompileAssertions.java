package dev.compilereceipt.assertj;

import dev.compilereceipt.Ranks;
import dev.compilereceipt.receipt.BreakSite;
import dev.compilereceipt.receipt.Comparison;
import dev.compilereceipt.ledger.Ledger;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.Receipt;
import org.apiguardian.api.API;

/**
 * Entry point of the receipt assertions: {@code assertThat} for a receipt, its ledger and the
 * pieces navigated to from them. Import it statically beside AssertJ's own {@code Assertions}.
 *
 * <p>Example:
 * <pre>{@code
 * import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
 *
 * assertThat(receipt).hasNoNewGraphVariantsIn(STEADY).hasNoFallbacks();
 * }</pre>
 */
@API(status = API.Status.STABLE, since = "0.2")
@SuppressWarnings("removal") // takes the 0.1 names for one release
public class CompileAssertions {

    protected CompileAssertions() {
    }

    public static ReceiptAssert assertThat(Receipt actual) {
        return new ReceiptAssert(actual);
    }

    public static LedgerAssert assertThat(Ledger actual) {
        return new LedgerAssert(actual);
    }

    public static LedgerRowAssert assertThat(LedgerRow actual) {
        return new LedgerRowAssert(actual);
    }

    public static PhaseFiguresAssert assertThat(PhaseFigures actual) {
        return new PhaseFiguresAssert(actual);
    }

    public static BreakSiteAssert assertThat(BreakSite actual) {
        return new BreakSiteAssert(actual);
    }

    public static ComparisonAssert assertThat(Comparison actual) {
        return new ComparisonAssert(actual);
    }

    /** The checks of all ranks of a job: {@code assertThat(ranks).compiledAlike()}. */
    @API(status = API.Status.EXPERIMENTAL, since = "0.3")
    public static RanksAssert assertThat(Ranks actual) {
        return new RanksAssert(actual);
    }

    /**
     * The checks of a receipt held at its 0.1 name, as {@code @TraceFixture} injects it into a
     * parameter of that type.
     *
     * @deprecated take {@link Receipt}; {@code dev.compilereceipt.Receipt} goes in 0.3
     */
    @Deprecated(since = "0.2", forRemoval = true)
    @API(status = API.Status.DEPRECATED, since = "0.2")
    public static ReceiptAssert assertThat(dev.compilereceipt.Receipt actual) {
        return new ReceiptAssert(actual == null ? null : actual.current());
    }

    /**
     * The checks of a phase's figures held at their 0.1 name.
     *
     * @deprecated take {@link PhaseFigures}; {@code dev.compilereceipt.PhaseFigures} goes in 0.3
     */
    @Deprecated(since = "0.2", forRemoval = true)
    @API(status = API.Status.DEPRECATED, since = "0.2")
    public static PhaseFiguresAssert assertThat(dev.compilereceipt.PhaseFigures actual) {
        return new PhaseFiguresAssert(actual == null ? null : actual.current());
    }
}
