package dev.compilereceipt.assertj;

import dev.compilereceipt.ledger.LedgerRow;
import java.util.List;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Message of {@code hasNoEagerCallsIn}: the calls of a compiled phase in which nothing compiled ran.
 *
 * <p>Example: int-spec's {@code b12} and {@code b13}, after the recompile limit.
 */
final class ShouldHaveNoEagerCalls extends BasicErrorMessageFactory {

    private ShouldHaveNoEagerCalls(String format, Object... arguments) {
        super(format, arguments);
    }

    static ErrorMessageFactory shouldHaveNoEagerCalls(String subject, String phase, List<LedgerRow> offending, int calls) {
        String found = offending.size() + " of " + calls + " " + phase + " calls ran nothing compiled";
        return new ShouldHaveNoEagerCalls("%nExpecting%n  %s%nto run compiled code in every %s call%nbut %s:%n%s",
                unquotedString(subject), unquotedString(phase), unquotedString(found), unquotedString(LedgerTable.of(offending)));
    }
}
