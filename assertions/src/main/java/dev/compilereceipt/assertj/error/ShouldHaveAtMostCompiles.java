package dev.compilereceipt.assertj.error;

import dev.compilereceipt.assertj.internal.CauseLines;
import dev.compilereceipt.assertj.internal.Evidence;
import dev.compilereceipt.assertj.internal.EvidenceMessage;
import dev.compilereceipt.assertj.internal.LedgerTable;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.receipt.Receipt;
import java.util.List;
import org.assertj.core.error.ErrorMessageFactory;
import org.apiguardian.api.API;

/**
 * Message of {@code hasAtMostCompilesIn}: the runs over the limit and the calls that compiled.
 *
 * <p>Example: at most 1 compile in changed, where print-bridge's baseline compiled 2.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShouldHaveAtMostCompiles extends EvidenceMessage {

    private ShouldHaveAtMostCompiles(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldHaveAtMostCompiles(String subject, String limit, List<String> found, List<LedgerRow> offending, Receipt receipt) {
        Evidence evidence = representation -> CauseLines.of(receipt, offending) + LedgerTable.of(offending, representation);
        return new ShouldHaveAtMostCompiles("%nExpecting%n  %s%nto compile at most %s%nbut %s:%n%s",
                unquotedString(subject), unquotedString(limit), unquotedString(String.join("; ", found)), evidence);
    }
}
