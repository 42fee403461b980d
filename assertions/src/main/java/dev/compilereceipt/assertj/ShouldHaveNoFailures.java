package dev.compilereceipt.assertj;

import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Message of {@code hasNoFailures}: the receipt's failure codes, each with what it means.
 *
 * <p>Example: {@code UNEQUAL_PHASE_SAMPLES:steady} when a candidate call is missing.
 */
final class ShouldHaveNoFailures extends BasicErrorMessageFactory {

    private ShouldHaveNoFailures(String format, Object... arguments) {
        super(format, arguments);
    }

    static ErrorMessageFactory shouldHaveNoFailures(String subject, String found) {
        return new ShouldHaveNoFailures("%nExpecting%n  %s%nto have no failures%nbut it has:%n%s",
                unquotedString(subject), unquotedString(found));
    }
}
