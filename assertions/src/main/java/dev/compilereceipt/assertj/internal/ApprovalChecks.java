package dev.compilereceipt.assertj.internal;

import static dev.compilereceipt.assertj.error.ShouldMatchApprovedReceipt.shouldMatchApprovedReceipt;
import static dev.compilereceipt.assertj.internal.FigureFailures.diffFailure;

import dev.compilereceipt.approval.ApprovedReceipt;
import org.apiguardian.api.API;
import org.assertj.core.api.AssertionInfo;

/**
 * The check of a receipt against its approved file: core's {@code ReceiptApproval} decides and words
 * the difference, this turns a failed verdict into the assert's failure, with the approved and the
 * received figures as the IDE diff.
 *
 * <p>Example: {@code ApprovalChecks.matches(info, ReceiptApproval.check(receipt, List.of()))} throws
 * what {@code assertThat(receipt).matchesApprovedReceipt()} reports.
 */
@API(status = API.Status.INTERNAL, since = "0.2")
public final class ApprovalChecks {

    private ApprovalChecks() {
    }

    public static void matches(AssertionInfo info, ApprovedReceipt.Verdict verdict) {
        if (!verdict.passed()) {
            throw diffFailure(info, shouldMatchApprovedReceipt(verdict.message()), verdict.actual(), verdict.expected());
        }
    }
}
