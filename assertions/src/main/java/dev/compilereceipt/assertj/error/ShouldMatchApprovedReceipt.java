package dev.compilereceipt.assertj.error;

import dev.compilereceipt.assertj.internal.EvidenceMessage;
import org.assertj.core.error.ErrorMessageFactory;
import org.apiguardian.api.API;

/**
 * Message of {@code matchesApprovedReceipt}: the approved file, the figure-level difference most
 * important first, where the received receipt was written and how to approve it.
 *
 * <p>Example: {@code but 1 figure differs (approved → received): variants runs.candidate.phases.changed.compiles: 1 → 2}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShouldMatchApprovedReceipt extends EvidenceMessage {

    private ShouldMatchApprovedReceipt(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldMatchApprovedReceipt(String verdictMessage) {
        return new ShouldMatchApprovedReceipt("%s", unquotedString(verdictMessage));
    }
}
