package dev.compilereceipt.junit;

import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.approval.ApprovalMode;
import dev.compilereceipt.approval.ApprovedReceipt;
import java.nio.file.Path;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.apiguardian.api.API;

/**
 * Approved receipts inside a JUnit test: knows the fixture of every receipt {@link TraceFixture}
 * handed out (so an assertion needs no path), reads the mode from the running test's
 * configuration parameter {@value ApprovalMode#PARAMETER} (or the system property of that name
 * outside a test), and publishes a report entry when it records or rewrites an approved receipt.
 * AssertJ's {@code assertThat(receipt).matchesApprovedReceipt()} stands on it.
 *
 * <p>Example:
 * <pre>{@code
 * ApprovedReceipt.Verdict verdict = ApprovedReceipts.check(receipt, List.of("runs.*.phases.*.wall_ms"));
 * if (!verdict.passed()) throw new AssertionError(verdict.message());
 * }</pre>
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ApprovedReceipts {

    private static final Map<Receipt, ApprovalTarget> TARGETS = Collections.synchronizedMap(new IdentityHashMap<>());
    private static final ThreadLocal<ExtensionContext> RUNNING = new ThreadLocal<>();

    private ApprovedReceipts() {
    }

    /**
     * Checks a receipt that {@link TraceFixture} injected against the approved receipt beside its
     * fixture; an {@link IllegalArgumentException} saying what to do for any other receipt.
     */
    public static ApprovedReceipt.Verdict check(Receipt receipt, List<String> ignored) {
        ApprovalTarget target = TARGETS.get(receipt);
        if (target == null) {
            throw new IllegalArgumentException("the " + receipt.fixture().name() + " receipt did not come from @TraceFixture,"
                    + " so its fixture is unknown: name the fixture file with matchesApprovedReceipt(Path)");
        }
        if (target.fixture().isEmpty()) {
            throw new IllegalArgumentException(target.unavailable());
        }
        return check(receipt, target.fixture().get(), ignored, target.mayWrite());
    }

    /** Checks any receipt against the approved receipt beside {@code fixture} ({@code <fixture>.approved.json}). */
    public static ApprovedReceipt.Verdict check(Receipt receipt, Path fixture, List<String> ignored) {
        ApprovalTarget target = TARGETS.get(receipt);
        return check(receipt, fixture.toAbsolutePath().normalize(), ignored, target == null || target.mayWrite());
    }

    private static ApprovedReceipt.Verdict check(Receipt receipt, Path fixture, List<String> ignored, boolean mayWrite) {
        Optional<ExtensionContext> context = Optional.ofNullable(RUNNING.get());
        Optional<String> configured = context.isPresent() ? context.get().getConfigurationParameter(ApprovalMode.PARAMETER)
                : Optional.ofNullable(System.getProperty(ApprovalMode.PARAMETER));
        ApprovalMode mode = ApprovalMode.of(configured, System.getenv());
        String modeText = configured.isPresent() && !configured.get().isBlank() ? mode.id()
                : mode.id() + (mode == ApprovalMode.READONLY ? " (the default where the environment variable CI is set)"
                        : " (the default where the environment variable CI is not set)");
        ApprovedReceipt.Verdict verdict = ApprovedReceipt.check(receipt, fixture, mode, modeText, ignored, mayWrite);
        if (verdict.outcome() == ApprovedReceipt.Outcome.RECORDED || verdict.outcome() == ApprovedReceipt.Outcome.OVERWRITTEN) {
            context.ifPresent(c -> c.publishReportEntry(ApprovalMode.PARAMETER, verdict.message()));
        }
        return verdict;
    }

    static void register(Receipt receipt, ApprovalTarget target) {
        TARGETS.put(receipt, target);
    }

    static void forget(Receipt receipt) {
        TARGETS.remove(receipt);
    }

    /** The test running on this thread, from before its method runs until after. */
    static void running(ExtensionContext context) {
        RUNNING.set(context);
    }

    static void finished() {
        RUNNING.remove();
    }
}
