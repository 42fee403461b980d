package dev.compilereceipt.assertj;

import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Message of {@code hasNoFallbacks}: the calls whose frame gave up compiling and ran eagerly.
 *
 * <p>Example: int-spec's {@code b11}, where the recompile limit was reached.
 */
final class ShouldHaveNoFallbacks extends BasicErrorMessageFactory {

    private ShouldHaveNoFallbacks(String format, Object... arguments) {
        super(format, arguments);
    }

    static ErrorMessageFactory shouldHaveNoFallbacks(String subject, String found, String evidence) {
        return new ShouldHaveNoFallbacks("%nExpecting%n  %s%nto have no fallbacks%nbut %s:%n%s",
                unquotedString(subject), unquotedString(found), unquotedString(evidence));
    }
}
