package dev.compilereceipt.assertj;

import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Message of {@code candidateMedianIsAtMost}: both medians, the factor and the limit it gives.
 *
 * <p>Example: int-spec's changed phase, where the candidate median 0.1072 ms is over 1 x 0.0527 ms.
 */
final class ShouldHaveCandidateMedianAtMost extends BasicErrorMessageFactory {

    private ShouldHaveCandidateMedianAtMost(String format, Object... arguments) {
        super(format, arguments);
    }

    static ErrorMessageFactory shouldHaveCandidateMedianAtMost(String subject, String limit, String found) {
        return new ShouldHaveCandidateMedianAtMost("%nExpecting%n  %s%nto have a candidate median of at most %s%nbut %s",
                unquotedString(subject), unquotedString(limit), unquotedString(found));
    }
}
