package dev.compilereceipt.assertj;

import dev.compilereceipt.Ranks;
import dev.compilereceipt.receipt.BreakSite;
import dev.compilereceipt.receipt.Comparison;
import dev.compilereceipt.ledger.Ledger;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.Receipt;
import org.assertj.core.api.AbstractSoftAssertions;
import org.apiguardian.api.API;

/**
 * Soft receipt assertions: every failed check is collected and {@link #assertAll()} reports them
 * together. Navigation ({@code run}, {@code phase}, {@code breakSite}, {@code comparison},
 * {@code row}) stays soft. Works with AssertJ's {@code SoftAssertionsExtension} as an injected
 * parameter or an {@code @InjectSoftAssertions} field.
 *
 * <p>Example:
 * <pre>{@code
 * SoftCompileAssertions softly = new SoftCompileAssertions();
 * softly.assertThat(receipt).hasNoNewGraphVariantsIn(CHANGED);
 * softly.assertThat(receipt).run("baseline").phase(STEADY).hasBreaks(0);
 * softly.assertAll();
 * }</pre>
 * A navigation that fails (a run or break site that is not there) is collected too and returns an
 * assert whose checks do nothing, so what follows it in the chain neither throws nor adds a message,
 * and every message collected before and after survives.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
@SuppressWarnings("removal") // takes the 0.1 names for one release
public class SoftCompileAssertions extends AbstractSoftAssertions {

    public ReceiptAssert assertThat(Receipt actual) {
        ReceiptAssert soft = proxy(ReceiptAssert.class, Receipt.class, actual);
        soft.softly = this;
        return soft;
    }

    public LedgerAssert assertThat(Ledger actual) {
        LedgerAssert soft = proxy(LedgerAssert.class, Ledger.class, actual);
        soft.softly = this;
        return soft;
    }

    public LedgerRowAssert assertThat(LedgerRow actual) {
        return proxy(LedgerRowAssert.class, LedgerRow.class, actual);
    }

    public PhaseFiguresAssert assertThat(PhaseFigures actual) {
        return proxy(PhaseFiguresAssert.class, PhaseFigures.class, actual);
    }

    public BreakSiteAssert assertThat(BreakSite actual) {
        return proxy(BreakSiteAssert.class, BreakSite.class, actual);
    }

    public ComparisonAssert assertThat(Comparison actual) {
        return proxy(ComparisonAssert.class, Comparison.class, actual);
    }

    /** Soft checks of all ranks of a job; {@code rank(n)} stays soft. */
    @API(status = API.Status.EXPERIMENTAL, since = "0.3")
    public RanksAssert assertThat(Ranks actual) {
        RanksAssert soft = proxy(RanksAssert.class, Ranks.class, actual);
        soft.softly = this;
        return soft;
    }

    /**
     * Soft checks of a receipt held at its 0.1 name.
     *
     * @deprecated take {@link Receipt}; {@code dev.compilereceipt.Receipt} goes in 0.3
     */
    @Deprecated(since = "0.2", forRemoval = true)
    @API(status = API.Status.DEPRECATED, since = "0.2")
    public ReceiptAssert assertThat(dev.compilereceipt.Receipt actual) {
        return assertThat(actual == null ? null : actual.current());
    }

    /**
     * Soft checks of a phase's figures held at their 0.1 name.
     *
     * @deprecated take {@link PhaseFigures}; {@code dev.compilereceipt.PhaseFigures} goes in 0.3
     */
    @Deprecated(since = "0.2", forRemoval = true)
    @API(status = API.Status.DEPRECATED, since = "0.2")
    public PhaseFiguresAssert assertThat(dev.compilereceipt.PhaseFigures actual) {
        return assertThat(actual == null ? null : actual.current());
    }
}
