package dev.compilereceipt.assertj;

import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Message of a navigation to a piece that is not there: a run, a break site, a comparison or a
 * ledger row, with what is there instead.
 *
 * <p>Example: break site {@code model.py:12} asked of a run that only crossed {@code scenarios.py:31}.
 */
final class ShouldContain extends BasicErrorMessageFactory {

    private ShouldContain(String format, Object... arguments) {
        super(format, arguments);
    }

    static ErrorMessageFactory shouldContain(String subject, String piece, String found) {
        return new ShouldContain("%nExpecting%n  %s%nto have %s%nbut %s",
                unquotedString(subject), unquotedString(piece), unquotedString(found));
    }
}
