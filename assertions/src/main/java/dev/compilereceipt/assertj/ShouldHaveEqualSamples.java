package dev.compilereceipt.assertj;

import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Message of {@code hasEqualSamples}: the phases whose baseline and candidate call counts differ.
 *
 * <p>Example: steady with 8 baseline calls and 7 candidate calls.
 */
final class ShouldHaveEqualSamples extends BasicErrorMessageFactory {

    private ShouldHaveEqualSamples(String format, Object... arguments) {
        super(format, arguments);
    }

    static ErrorMessageFactory shouldHaveEqualSamples(String subject, String found) {
        return new ShouldHaveEqualSamples("%nExpecting%n  %s%nto have as many candidate calls as baseline calls in every phase%nbut %s",
                unquotedString(subject), unquotedString(found));
    }
}
