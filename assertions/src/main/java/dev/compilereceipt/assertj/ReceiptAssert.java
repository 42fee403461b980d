package dev.compilereceipt.assertj;

import dev.compilereceipt.receipt.Receipt;
import org.apiguardian.api.API;

/**
 * Assertions on a {@link Receipt}; see {@link AbstractReceiptAssert} for the checks, which hold
 * their logic in {@code dev.compilereceipt.assertj.internal}. Not final: soft assertions subclass it
 * through a proxy.
 *
 * <p>Example: {@code new ReceiptAssert(receipt).hasNoRecompilesIn(Phase.STEADY);} reads better as
 * {@code CompileAssertions.assertThat(receipt).hasNoRecompilesIn(STEADY)}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public class ReceiptAssert extends AbstractReceiptAssert<ReceiptAssert, Receipt> {

    public ReceiptAssert(Receipt actual) {
        super(actual, ReceiptAssert.class);
    }

    /**
     * The trade, by its 0.1 name: {@link #trade()}.
     *
     * @deprecated renamed {@link #trade()} (a phase's comparison is {@link #comparison(dev.compilereceipt.trace.Phase)});
     *     this name goes in 0.3
     */
    @Deprecated(since = "0.2", forRemoval = true)
    @API(status = API.Status.DEPRECATED, since = "0.2")
    public TradeAssert comparison() {
        return trade();
    }
}
