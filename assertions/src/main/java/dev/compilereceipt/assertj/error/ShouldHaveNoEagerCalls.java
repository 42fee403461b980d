package dev.compilereceipt.assertj.error;

import dev.compilereceipt.assertj.internal.Evidence;
import dev.compilereceipt.assertj.internal.EvidenceMessage;
import dev.compilereceipt.assertj.internal.LedgerTable;
import dev.compilereceipt.ledger.LedgerRow;
import java.util.List;
import org.assertj.core.error.ErrorMessageFactory;
import org.apiguardian.api.API;

/**
 * Message of {@code hasNoEagerCallsIn}: the calls of a compiled phase in which nothing compiled ran.
 *
 * <p>Example: int-spec's {@code b12} and {@code b13}, after the recompile limit.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShouldHaveNoEagerCalls extends EvidenceMessage {

    private ShouldHaveNoEagerCalls(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldHaveNoEagerCalls(String subject, String phase, List<LedgerRow> offending, int calls) {
        String found = offending.size() + " of " + calls + " " + phase + " calls ran nothing compiled";
        return new ShouldHaveNoEagerCalls("%nExpecting%n  %s%nto run compiled code in every %s call%nbut %s:%n%s",
                unquotedString(subject), unquotedString(phase), unquotedString(found),
                (Evidence) representation -> LedgerTable.of(offending, representation));
    }
}
