package dev.compilereceipt.assertj;

import dev.compilereceipt.Ranks;
import dev.compilereceipt.receipt.BreakSite;
import dev.compilereceipt.receipt.Comparison;
import dev.compilereceipt.ledger.Ledger;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.Receipt;
import org.assertj.core.api.InstanceOfAssertFactory;
import org.apiguardian.api.API;

/**
 * One {@link InstanceOfAssertFactory} a type, for AssertJ's {@code asInstanceOf} and
 * {@code extracting}, as AssertJ's own {@code InstanceOfAssertFactories} has for JDK types.
 *
 * <p>Example: {@code assertThat((Object) receipt).asInstanceOf(RECEIPT).hasNoFallbacks();}
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
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
    @API(status = API.Status.EXPERIMENTAL, since = "0.3")
    public static final InstanceOfAssertFactory<Ranks, RanksAssert> RANKS =
            new InstanceOfAssertFactory<>(Ranks.class, CompileAssertions::assertThat);

    private CompileAssertFactories() {
    }
}
