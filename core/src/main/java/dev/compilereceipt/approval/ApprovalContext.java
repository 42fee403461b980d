package dev.compilereceipt.approval;

import dev.compilereceipt.receipt.Receipt;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What an approval needs from the test running on this thread, for a caller that has no handle on
 * that test (an AssertJ assert): where a receipt the test was handed is approved, the test's own
 * configuration, and its report. A test framework's integration provides it as a
 * {@link java.util.ServiceLoader} service ({@code META-INF/services/dev.compilereceipt.approval.ApprovalContext});
 * {@link ReceiptApproval} asks each provider in turn and uses the first whose test is running.
 * Without one (a plain {@code main}, a framework with no provider), an approval reads and writes the
 * files beside the fixture it is given, with the mode of the system property, and reports nothing.
 *
 * <p>Example: the JUnit extension registers its own, so
 * {@code ReceiptApproval.check(receipt, List.of())} inside a {@code @TraceFixture} test finds the
 * fixture that test was handed.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public interface ApprovalContext {

    /** Whether a test of this provider's framework is running on this thread; the other methods are asked only then. */
    boolean isTestRunning();

    /** The running test's name, as its report shows it ({@code second(Receipt)}). */
    String testName();

    /** Where {@code receipt} is approved, if the running test (or what contains it) was handed it. */
    Optional<ApprovalTarget> targetOf(Receipt receipt);

    /** The running test's configuration parameter {@code key} ({@value ApprovalMode#PARAMETER}). */
    Optional<String> configurationParameter(String key);

    /** Publishes a report entry of the running test. */
    void publishReportEntry(String key, String value);
}
