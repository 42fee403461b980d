package dev.compilereceipt.assertj;

import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Message of {@code matchesApprovedReceipt}: the approved file, the figure-level difference most
 * important first, where the received receipt was written and how to approve it.
 *
 * <p>Example: {@code but 1 figure differs (approved → received): variants runs.candidate.phases.changed.compiles: 1 → 2}.
 */
final class ShouldMatchApprovedReceipt extends BasicErrorMessageFactory {

    private ShouldMatchApprovedReceipt(String format, Object... arguments) {
        super(format, arguments);
    }

    static ErrorMessageFactory shouldMatchApprovedReceipt(String verdictMessage) {
        return new ShouldMatchApprovedReceipt("%s", unquotedString(verdictMessage));
    }
}
