package dev.compilereceipt.assertj.error;

import dev.compilereceipt.assertj.internal.Evidence;
import dev.compilereceipt.assertj.internal.EvidenceMessage;
import dev.compilereceipt.assertj.internal.FigureText;
import dev.compilereceipt.assertj.internal.LedgerTable;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.receipt.Receipt;
import java.util.List;
import org.assertj.core.error.ErrorMessageFactory;
import org.apiguardian.api.API;

/**
 * Message of the time limits ({@code hasEagerIslandTimeAtMost}, {@code hasCompileTimeAtMost},
 * median and p90 limits): the figure, its limit and the value found per run.
 *
 * <p>Example: eager-island time in steady at most 0.1 ms, where print-bridge's baseline spent 0.1953 ms.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShouldHaveAtMostMs extends EvidenceMessage {

    private ShouldHaveAtMostMs(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldHaveAtMostMs(String subject, String figure, List<String> found, List<LedgerRow> offending, boolean crossedBreaks, Receipt receipt) {
        Evidence evidence = representation -> offending.isEmpty() ? "" : ":" + FigureText.NL + LedgerTable.of(offending, representation)
                + (crossedBreaks ? LedgerTable.breakSites(receipt, offending) : "");
        return new ShouldHaveAtMostMs("%nExpecting%n  %s%nto have %s%nbut %s%s",
                unquotedString(subject), unquotedString(figure), unquotedString(String.join("; ", found)), evidence);
    }

    /** One figure over its limit: the figure is its own evidence. */
    public static ErrorMessageFactory shouldHaveAtMostMs(String subject, String figure, double foundMs) {
        return new ShouldHaveAtMostMs("%nExpecting%n  %s%nto have %s%nbut it was %s ms",
                unquotedString(subject), unquotedString(figure), new Milliseconds(foundMs));
    }
}
