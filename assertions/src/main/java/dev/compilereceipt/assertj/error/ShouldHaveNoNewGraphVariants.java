package dev.compilereceipt.assertj.error;

import static dev.compilereceipt.assertj.internal.FigureText.count;

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
 * Message of {@code hasNoNewGraphVariantsIn}: the calls that compiled a new variant, as a ledger
 * table, led by the recompile causes behind the variants.
 *
 * <p>Example: print-bridge's changed phase, where {@code b12} compiled {@code 0/1} and {@code 1/1}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShouldHaveNoNewGraphVariants extends EvidenceMessage {

    private ShouldHaveNoNewGraphVariants(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldHaveNoNewGraphVariants(String subject, String phases, List<LedgerRow> offending, int variants, Receipt receipt) {
        String found = count(offending.size(), "call") + " compiled " + count(variants, "new variant");
        Evidence evidence = representation -> CauseLines.of(receipt, offending) + LedgerTable.of(offending, representation);
        return new ShouldHaveNoNewGraphVariants("%nExpecting%n  %s%nto have no new graph variants in %s%nbut %s:%n%s",
                unquotedString(subject), unquotedString(phases), unquotedString(found), evidence);
    }
}
