package dev.compilereceipt.assertj;

import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Message of {@code hasAtMostBreaksPerCall}: the calls that crossed more breaks, and where.
 *
 * <p>Example: print-bridge's steady calls, each crossing {@code scenarios.py:31} once.
 */
final class ShouldHaveAtMostBreaksPerCall extends BasicErrorMessageFactory {

    private ShouldHaveAtMostBreaksPerCall(String format, Object... arguments) {
        super(format, arguments);
    }

    static ErrorMessageFactory shouldHaveAtMostBreaksPerCall(String subject, String limit, String found, String evidence) {
        return new ShouldHaveAtMostBreaksPerCall("%nExpecting%n  %s%nto cross at most %s%nbut %s:%n%s",
                unquotedString(subject), unquotedString(limit), unquotedString(found), unquotedString(evidence));
    }
}
