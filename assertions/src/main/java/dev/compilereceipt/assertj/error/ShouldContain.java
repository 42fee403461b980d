package dev.compilereceipt.assertj.error;

import dev.compilereceipt.assertj.internal.EvidenceMessage;
import org.assertj.core.error.ErrorMessageFactory;
import org.apiguardian.api.API;

/**
 * Message of a navigation to a piece that is not there: a run, a break site, a comparison or a
 * ledger row, with what is there instead.
 *
 * <p>Example: break site {@code model.py:12} asked of a run that only crossed {@code scenarios.py:31}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShouldContain extends EvidenceMessage {

    private ShouldContain(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldContain(String subject, String piece, String found) {
        return new ShouldContain("%nExpecting%n  %s%nto have %s%nbut %s",
                unquotedString(subject), unquotedString(piece), unquotedString(found));
    }
}
