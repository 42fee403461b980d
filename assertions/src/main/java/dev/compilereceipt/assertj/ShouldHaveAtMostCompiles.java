package dev.compilereceipt.assertj;

import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Message of {@code hasAtMostCompilesIn}: the runs over the limit and the calls that compiled.
 *
 * <p>Example: at most 1 compile in changed, where print-bridge's baseline compiled 2.
 */
final class ShouldHaveAtMostCompiles extends BasicErrorMessageFactory {

    private ShouldHaveAtMostCompiles(String format, Object... arguments) {
        super(format, arguments);
    }

    static ErrorMessageFactory shouldHaveAtMostCompiles(String subject, String limit, String found, String evidence) {
        return new ShouldHaveAtMostCompiles("%nExpecting%n  %s%nto compile at most %s%nbut %s:%n%s",
                unquotedString(subject), unquotedString(limit), unquotedString(found), unquotedString(evidence));
    }
}
