package dev.compilereceipt.assertj.error;

import static dev.compilereceipt.assertj.internal.FigureText.indented;
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
 * Message of {@code hasNoFallbacks}: the calls whose frame gave up compiling and ran eagerly.
 *
 * <p>Example: int-spec's {@code b11}, where the recompile limit was reached.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShouldHaveNoFallbacks extends EvidenceMessage {

    private ShouldHaveNoFallbacks(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldHaveNoFallbacks(String subject, List<String> found, List<LedgerRow> offending, List<String> logged, Receipt receipt) {
        Evidence evidence = representation -> offending.isEmpty() ? indented(logged)
                : CauseLines.of(receipt, offending) + LedgerTable.of(offending, representation);
        return new ShouldHaveNoFallbacks("%nExpecting%n  %s%nto have no fallbacks%nbut %s:%n%s",
                unquotedString(subject), unquotedString(String.join("; ", found)), evidence);
    }
}
