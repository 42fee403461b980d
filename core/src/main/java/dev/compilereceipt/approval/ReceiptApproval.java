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

    /** The report entry that says a count improved and the check passed (outside ratchet mode). */
    public static final String IMPROVED_ENTRY = "compilereceipt.improved";

    /** The approved files this run has said can be refreshed. */
    private static final Set<Path> REFRESHABLE_SAID = ConcurrentHashMap.newKeySet();

    private ReceiptApproval() {
    }

    /**
     * Checks a receipt the running test was handed against the approved receipt beside its fixture;
     * an {@link IllegalArgumentException} saying what to do for any other receipt.
     */
    public static ApprovedReceipt.Verdict check(Receipt receipt, List<String> ignored) {
        return check(receipt, ignored, ApprovalRules.EXACT);
    }

    /**
     * As {@link #check(Receipt, List)}, under {@code rules} (an assert's {@code within(bands)}),
     * to which the suite's properties ({@link ApprovalRules#withParameters}) and the fixture's
     * {@code perRelease} and {@code ratchet} are added.
     */
    public static ApprovedReceipt.Verdict check(Receipt receipt, List<String> ignored, ApprovalRules rules) {
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
        return check(running, receipt, target.fixture().get(), target.rank(), ignored, target.mayWrite(),
                rules.withPerRelease(rules.perRelease() || target.perRelease()).withRatchet(rules.ratchet() || target.ratchet()));
    }

    /** Checks any receipt against the approved receipt beside {@code fixture} ({@code <fixture>.approved.json}). */
    public static ApprovedReceipt.Verdict check(Receipt receipt, Path fixture, List<String> ignored) {
        return check(receipt, fixture, ignored, ApprovalRules.EXACT);
    }

    /** As {@link #check(Receipt, Path, List)}, under {@code rules} and the suite's properties. */
    public static ApprovedReceipt.Verdict check(Receipt receipt, Path fixture, List<String> ignored, ApprovalRules rules) {
        Optional<ApprovalContext> running = running();
        Optional<ApprovalTarget> target = running.flatMap(context -> context.targetOf(receipt));
        ApprovalRules withTarget = target.map(t -> rules.withPerRelease(rules.perRelease() || t.perRelease())
                .withRatchet(rules.ratchet() || t.ratchet())).orElse(rules);
        return check(running, receipt, fixture.toAbsolutePath().normalize(),
                target.map(ApprovalTarget::rank).orElse(OptionalInt.empty()), ignored, target.map(ApprovalTarget::mayWrite).orElse(true),
                withTarget);
    }

    private static ApprovedReceipt.Verdict check(Optional<ApprovalContext> context, Receipt receipt, Path fixture, OptionalInt rank,
                                                 List<String> ignored, boolean mayWrite, ApprovalRules asked) {
        java.util.function.Function<String, Optional<String>> parameter = key -> context.isPresent()
                ? context.get().configurationParameter(key) : Optional.ofNullable(System.getProperty(key));
        // The suite's properties first, then what the check and the fixture ask for on top: a rule switched on stays on.
        ApprovalRules suite = ApprovalRules.EXACT.withParameters(parameter);
        ApprovalRules rules = asked.exact() ? suite.withPerRelease(suite.perRelease() || asked.perRelease())
                .withRatchet(suite.ratchet() || asked.ratchet()) : asked.withPerRelease(suite.perRelease() || asked.perRelease())
                .withRatchet(suite.ratchet() || asked.ratchet());
        Optional<String> configured = parameter.apply(ApprovalMode.PARAMETER);
        ApprovalMode mode = ApprovalMode.of(configured, System.getenv());
        String modeText = configured.isPresent() && !configured.get().isBlank() ? mode.id()
                : mode.id() + (mode == ApprovalMode.READONLY ? " (the default where the environment variable CI is set)"
                        : " (the default where the environment variable CI is not set)");
        ApprovedReceipt.Verdict verdict = ApprovedReceipt.check(receipt, fixture, rank, mode, modeText, ignored, mayWrite, rules);
        if (verdict.passed() && !verdict.judgement().improvements().isEmpty()) {
            String line = "the " + receipt.fixture().name() + " receipt improved on " + verdict.approved() + ": "
                    + verdict.judgement().improvements().stream().map(f -> f.text(false)).collect(java.util.stream.Collectors.joining("; "))
                    + "; approve it so it stays improved";
            context.ifPresent(c -> c.publishReportEntry(IMPROVED_ENTRY, line));
            System.out.println("compile-receipt: " + line);
        }
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
