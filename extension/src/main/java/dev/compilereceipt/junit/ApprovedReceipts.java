package dev.compilereceipt.junit;

import dev.compilereceipt.approval.ApprovalMode;
import dev.compilereceipt.approval.ApprovedReceipt;
import dev.compilereceipt.receipt.Receipt;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Approved receipts inside a JUnit test, for a caller that has no {@link ExtensionContext} (an
 * AssertJ assert): AssertJ's {@code assertThat(receipt).matchesApprovedReceipt()} stands on it.
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
     * other receipt.
     */
    public static ApprovedReceipt.Verdict check(Receipt receipt, List<String> ignored) {
        Optional<ExtensionContext> running = RunningTest.current();
        if (running.isEmpty()) {
            throw new IllegalArgumentException("the " + receipt.fixture().name() + " receipt did not come from @TraceFixture"
                    + " (no @TraceFixture test is running on this thread), so its fixture is unknown:"
                    + " name the fixture file with matchesApprovedReceipt(Path)");
        }
        ApprovalTarget target = ApprovalRecords.of(running.get(), receipt).orElseThrow(() -> new IllegalArgumentException(
                "the " + receipt.fixture().name() + " receipt was not handed to this test (" + running.get().getDisplayName()
                        + ") by @TraceFixture, so its fixture is unknown: name the fixture file with matchesApprovedReceipt(Path)"));
        if (target.fixture().isEmpty()) {
            throw new IllegalArgumentException(target.unavailable());
        }
        return check(running, receipt, target.fixture().get(), target.rank(), ignored, target.mayWrite());
    }

    /** Checks any receipt against the approved receipt beside {@code fixture} ({@code <fixture>.approved.json}). */
    public static ApprovedReceipt.Verdict check(Receipt receipt, Path fixture, List<String> ignored) {
        Optional<ExtensionContext> running = RunningTest.current();
        Optional<ApprovalTarget> target = running.flatMap(context -> ApprovalRecords.of(context, receipt));
        return check(running, receipt, fixture.toAbsolutePath().normalize(),
                target.map(ApprovalTarget::rank).orElse(OptionalInt.empty()), ignored, target.map(ApprovalTarget::mayWrite).orElse(true));
    }

    private static ApprovedReceipt.Verdict check(Optional<ExtensionContext> context, Receipt receipt, Path fixture, OptionalInt rank,
                                                 List<String> ignored, boolean mayWrite) {
        Optional<String> configured = context.isPresent() ? context.get().getConfigurationParameter(ApprovalMode.PARAMETER)
                : Optional.ofNullable(System.getProperty(ApprovalMode.PARAMETER));
        ApprovalMode mode = ApprovalMode.of(configured, System.getenv());
        String modeText = configured.isPresent() && !configured.get().isBlank() ? mode.id()
                : mode.id() + (mode == ApprovalMode.READONLY ? " (the default where the environment variable CI is set)"
                        : " (the default where the environment variable CI is not set)");
        ApprovedReceipt.Verdict verdict = ApprovedReceipt.check(receipt, fixture, rank, mode, modeText, ignored, mayWrite);
        if (verdict.outcome() == ApprovedReceipt.Outcome.RECORDED || verdict.outcome() == ApprovedReceipt.Outcome.OVERWRITTEN) {
            context.ifPresent(c -> c.publishReportEntry(ApprovalMode.PARAMETER, verdict.message()));
            // Surefire keeps no report entries; a written file must not go unnoticed, so it is said where a person looks.
            System.out.println("compile-receipt: " + verdict.message() + "; review it and commit it with its fixture");
        }
        return verdict;
    }
}
