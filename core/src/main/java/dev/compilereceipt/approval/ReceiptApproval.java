package dev.compilereceipt.approval;

import dev.compilereceipt.receipt.Receipt;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apiguardian.api.API;

/**
 * The approval of a receipt where it is checked: inside a running test, through that framework's
 * {@link ApprovalContext} (the fixture the test was handed, its mode parameter, a report entry for a
 * written file); anywhere else, beside the fixture it is given, with the mode of the system property
 * {@value ApprovalMode#PARAMETER} (or the environment), and no report.
 *
 * <p>Example:
 * <pre>{@code
 * ApprovedReceipt.Verdict verdict = ReceiptApproval.check(receipt, Path.of("traces/print-bridge.json"), List.of());
 * if (!verdict.passed()) throw new AssertionError(verdict.message());
 * }</pre>
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public final class ReceiptApproval {

    /** The report entry that says an approved file of an older format can be refreshed. */
    public static final String FORMAT_ENTRY = "compilereceipt.format";

    /** The approved files this run has said can be refreshed. */
    private static final Set<Path> REFRESHABLE_SAID = ConcurrentHashMap.newKeySet();

    private ReceiptApproval() {
    }

    /**
     * Checks a receipt the running test was handed against the approved receipt beside its fixture;
     * an {@link IllegalArgumentException} saying what to do for any other receipt.
     */
    public static ApprovedReceipt.Verdict check(Receipt receipt, List<String> ignored) {
        Optional<ApprovalContext> running = running();
        if (running.isEmpty()) {
            throw new IllegalArgumentException("the " + receipt.fixture().name() + " receipt did not come from @TraceFixture"
                    + " (no @TraceFixture test is running on this thread), so its fixture is unknown:"
                    + " name the fixture file with matchesApprovedReceipt(Path)");
        }
        ApprovalTarget target = running.get().targetOf(receipt).orElseThrow(() -> new IllegalArgumentException(
                "the " + receipt.fixture().name() + " receipt was not handed to this test (" + running.get().testName()
                        + ") by @TraceFixture, so its fixture is unknown: name the fixture file with matchesApprovedReceipt(Path)"));
        if (target.fixture().isEmpty()) {
            throw new IllegalArgumentException(target.unavailable());
        }
        return check(running, receipt, target.fixture().get(), target.rank(), ignored, target.mayWrite());
    }

    /** Checks any receipt against the approved receipt beside {@code fixture} ({@code <fixture>.approved.json}). */
    public static ApprovedReceipt.Verdict check(Receipt receipt, Path fixture, List<String> ignored) {
        Optional<ApprovalContext> running = running();
        Optional<ApprovalTarget> target = running.flatMap(context -> context.targetOf(receipt));
        return check(running, receipt, fixture.toAbsolutePath().normalize(),
                target.map(ApprovalTarget::rank).orElse(OptionalInt.empty()), ignored, target.map(ApprovalTarget::mayWrite).orElse(true));
    }

    private static ApprovedReceipt.Verdict check(Optional<ApprovalContext> context, Receipt receipt, Path fixture, OptionalInt rank,
                                                 List<String> ignored, boolean mayWrite) {
        Optional<String> configured = context.isPresent() ? context.get().configurationParameter(ApprovalMode.PARAMETER)
                : Optional.ofNullable(System.getProperty(ApprovalMode.PARAMETER));
        ApprovalMode mode = ApprovalMode.of(configured, System.getenv());
        String modeText = configured.isPresent() && !configured.get().isBlank() ? mode.id()
                : mode.id() + (mode == ApprovalMode.READONLY ? " (the default where the environment variable CI is set)"
                        : " (the default where the environment variable CI is not set)");
        ApprovedReceipt.Verdict verdict = ApprovedReceipt.check(receipt, fixture, rank, mode, modeText, ignored, mayWrite);
        if (verdict.outcome() == ApprovedReceipt.Outcome.RECORDED || verdict.outcome() == ApprovedReceipt.Outcome.OVERWRITTEN
                || verdict.outcome() == ApprovedReceipt.Outcome.REFRESHED) {
            context.ifPresent(c -> c.publishReportEntry(ApprovalMode.PARAMETER, verdict.message()));
            // Surefire keeps no report entries; a written file must not go unnoticed, so it is said where a person looks.
            System.out.println("compile-receipt: " + verdict.message() + "; review it and commit it with its fixture");
        } else if (verdict.refreshable() && REFRESHABLE_SAID.add(verdict.approved())) {
            // Once per approved file and run: every check of one fixture would say it again.
            String line = ApprovedFormat.refreshable(verdict.approved(), verdict.diff().formatGap().orElseThrow());
            context.ifPresent(c -> c.publishReportEntry(FORMAT_ENTRY, line));
            System.out.println("compile-receipt: " + line);
        }
        return verdict;
    }

    /** The first provider whose test runs on this thread; looked up on each check, as providers hold no state. */
    private static Optional<ApprovalContext> running() {
        for (ApprovalContext context : ServiceLoader.load(ApprovalContext.class)) {
            if (context.isTestRunning()) {
                return Optional.of(context);
            }
        }
        return Optional.empty();
    }
}
