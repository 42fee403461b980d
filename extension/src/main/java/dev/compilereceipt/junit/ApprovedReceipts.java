package dev.compilereceipt.junit;

import dev.compilereceipt.approval.ApprovalMode;
import dev.compilereceipt.approval.ApprovedReceipt;
import dev.compilereceipt.approval.ReceiptApproval;
import dev.compilereceipt.receipt.Receipt;
import java.nio.file.Path;
import java.util.List;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Approved receipts inside a JUnit test, for a caller that has no {@link ExtensionContext}: the
 * extension's side of {@link ReceiptApproval}, which AssertJ's
 * {@code assertThat(receipt).matchesApprovedReceipt()} stands on, reaching the running test through
 * the {@link dev.compilereceipt.approval.ApprovalContext} service this module provides
 * ({@link JUnitApprovalContext}).
 *
 * <p>How it finds what it needs. When {@link TraceFixture} hands a receipt to a test, it records
 * where that receipt is approved (its fixture's file, its rank, or why there is none, and whether
 * it may be written) in the JUnit store of the context that received it, in the extension's
 * namespace, keyed by the receipt instance. A check here reads the store of the test running on
 * this thread: the extension binds that test's context to its thread from {@code beforeEach} to
 * {@code afterEach}. JUnit gives no static way to the current context; a thread-local binding is
 * the one way an assert can reach it, and it is kept to that binding: the records, the mode (the
 * test's configuration parameter {@value ApprovalMode#PARAMETER}) and the report entry for a
 * recorded or rewritten approved receipt all come from the context; the same is printed as one
 * line of standard output, which Surefire keeps in its XML report. Tests run in parallel are on
 * threads of their own and see only their own store, and a receipt handed to one test is unknown
 * to another, so nothing is shared between tests but the fixture, which is read once per run.
 * Outside a test (or on a thread the test started), no context is bound: the mode then comes from
 * the system property of that name.
 *
 * <p>Example:
 * <pre>{@code
 * ApprovedReceipt.Verdict verdict = ApprovedReceipts.check(receipt, List.of("runs.*.phases.*.wall_ms"));
 * if (!verdict.passed()) throw new AssertionError(verdict.message());
 * }</pre>
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ApprovedReceipts {

    private ApprovedReceipts() {
    }

    /**
     * Checks a receipt that {@link TraceFixture} handed to the running test against the approved
     * receipt beside its fixture; an {@link IllegalArgumentException} saying what to do for any
     * other receipt. The same as {@link ReceiptApproval#check(Receipt, List)}.
     */
    public static ApprovedReceipt.Verdict check(Receipt receipt, List<String> ignored) {
        return ReceiptApproval.check(receipt, ignored);
    }

    /**
     * Checks any receipt against the approved receipt beside {@code fixture} ({@code <fixture>.approved.json}).
     * The same as {@link ReceiptApproval#check(Receipt, Path, List)}.
     */
    public static ApprovedReceipt.Verdict check(Receipt receipt, Path fixture, List<String> ignored) {
        return ReceiptApproval.check(receipt, fixture, ignored);
    }
}
