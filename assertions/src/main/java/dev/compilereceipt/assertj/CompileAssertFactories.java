package dev.compilereceipt.assertj;

import dev.compilereceipt.BreakSite;
import dev.compilereceipt.Comparison;
import dev.compilereceipt.Ledger;
import dev.compilereceipt.LedgerRow;
import dev.compilereceipt.PhaseFigures;
import dev.compilereceipt.Receipt;
import org.assertj.core.api.InstanceOfAssertFactory;

/**
 * One {@link InstanceOfAssertFactory} a type, for AssertJ's {@code asInstanceOf} and
 * {@code extracting}, as AssertJ's own {@code InstanceOfAssertFactories} has for JDK types.
 *
 * <p>Example: {@code assertThat((Object) receipt).asInstanceOf(RECEIPT).hasNoFallbacks();}
 */
public final class CompileAssertFactories {

    public static final InstanceOfAssertFactory<Receipt, ReceiptAssert> RECEIPT =
            new InstanceOfAssertFactory<>(Receipt.class, CompileAssertions::assertThat);
    public static final InstanceOfAssertFactory<Ledger, LedgerAssert> LEDGER =
            new InstanceOfAssertFactory<>(Ledger.class, CompileAssertions::assertThat);
    public static final InstanceOfAssertFactory<LedgerRow, LedgerRowAssert> LEDGER_ROW =
            new InstanceOfAssertFactory<>(LedgerRow.class, CompileAssertions::assertThat);
    public static final InstanceOfAssertFactory<PhaseFigures, PhaseFiguresAssert> PHASE_FIGURES =
            new InstanceOfAssertFactory<>(PhaseFigures.class, CompileAssertions::assertThat);
    public static final InstanceOfAssertFactory<BreakSite, BreakSiteAssert> BREAK_SITE =
            new InstanceOfAssertFactory<>(BreakSite.class, CompileAssertions::assertThat);
    public static final InstanceOfAssertFactory<Comparison, ComparisonAssert> COMPARISON =
            new InstanceOfAssertFactory<>(Comparison.class, CompileAssertions::assertThat);

    private CompileAssertFactories() {
    }
}
