package dev.compilereceipt.assertj.error;

import dev.compilereceipt.assertj.internal.Evidence;
import dev.compilereceipt.assertj.internal.EvidenceMessage;
import dev.compilereceipt.assertj.internal.LedgerTable;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.receipt.Receipt;
import java.util.List;
import org.assertj.core.error.ErrorMessageFactory;
import org.apiguardian.api.API;

/**
 * Message of {@code hasAtMostBreaksPerCall}: the calls that crossed more breaks, and where.
 *
 * <p>Example: print-bridge's steady calls, each crossing {@code scenarios.py:31} once.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShouldHaveAtMostBreaksPerCall extends EvidenceMessage {

    private ShouldHaveAtMostBreaksPerCall(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldHaveAtMostBreaksPerCall(String subject, String phase, String limit, List<LedgerRow> offending, int calls, Receipt receipt) {
        int most = offending.stream().mapToInt(row -> row.breakSites().size()).max().orElseThrow();
        String found = offending.size() + " of " + calls + " " + phase + " calls crossed more (up to " + most + ")";
        Evidence evidence = representation -> LedgerTable.withBreaks(offending, representation) + LedgerTable.breakSites(receipt, offending);
        return new ShouldHaveAtMostBreaksPerCall("%nExpecting%n  %s%nto cross at most %s%nbut %s:%n%s",
                unquotedString(subject), unquotedString(limit), unquotedString(found), evidence);
    }
}
