package dev.compilereceipt.assertj;

import dev.compilereceipt.BreakSite;
import dev.compilereceipt.Comparison;
import dev.compilereceipt.Ledger;
import dev.compilereceipt.LedgerRow;
import dev.compilereceipt.PhaseFigures;
import dev.compilereceipt.Receipt;

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
}
