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
 * Message of {@code hasNoRecompilesIn}: the calls that recompiled (a variant after a frame's first,
 * or guards of older variants that missed), led by the recompile causes behind them.
 *
 * <p>Example: int-spec's steady phase, where {@code b04}..{@code b10} each compiled one more variant.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShouldHaveNoRecompiles extends EvidenceMessage {

    private ShouldHaveNoRecompiles(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldHaveNoRecompiles(String subject, String phases, List<LedgerRow> offending, Receipt receipt) {
        String found = count(offending.size(), "call") + " recompiled";
        Evidence evidence = representation -> CauseLines.of(receipt, offending) + LedgerTable.of(offending, representation);
        return new ShouldHaveNoRecompiles("%nExpecting%n  %s%nnot to recompile in %s%nbut %s:%n%s",
                unquotedString(subject), unquotedString(phases), unquotedString(found), evidence);
    }
}
