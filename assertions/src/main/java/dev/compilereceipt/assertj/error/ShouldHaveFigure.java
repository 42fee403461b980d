package dev.compilereceipt.assertj.error;

import dev.compilereceipt.assertj.internal.EvidenceMessage;
import org.assertj.core.error.ErrorMessageFactory;
import org.apiguardian.api.API;

/**
 * Message of a check on one exact figure (calls, compiles, cache hits, breaks, cache outcome...).
 *
 * <p>Example: {@code phase steady} expected to have 2 compiles but had 0.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShouldHaveFigure extends EvidenceMessage {

    private ShouldHaveFigure(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldHaveFigure(String subject, String expected, String found) {
        return new ShouldHaveFigure("%nExpecting%n  %s%nto have %s%nbut %s",
                unquotedString(subject), unquotedString(expected), unquotedString(found));
    }
}
