package dev.compilereceipt.junit;

import dev.compilereceipt.approval.ApprovalContext;
import dev.compilereceipt.approval.ApprovalTarget;
import dev.compilereceipt.receipt.Receipt;
import java.util.Optional;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The JUnit Jupiter test running on this thread as an approval sees it, registered as the
 * {@link ApprovalContext} service: the records of {@link ApprovalRecords} in the store of the
 * context {@link RunningTest} binds, its configuration parameters and its report. Public only
 * because {@link java.util.ServiceLoader} instantiates it; nobody names it.
 *
 * <p>Example: {@code ServiceLoader.load(ApprovalContext.class)} finds it beside the extension.
 */
@API(status = API.Status.INTERNAL, since = "0.2")
public final class JUnitApprovalContext implements ApprovalContext {

    @Override
    public boolean isTestRunning() {
        return RunningTest.current().isPresent();
    }

    @Override
    public String testName() {
        return running().getDisplayName();
    }

    @Override
    public Optional<ApprovalTarget> targetOf(Receipt receipt) {
        return RunningTest.current().flatMap(context -> ApprovalRecords.of(context, receipt));
    }

    @Override
    public Optional<String> configurationParameter(String key) {
        return running().getConfigurationParameter(key);
    }

    @Override
    public void publishReportEntry(String key, String value) {
        running().publishReportEntry(key, value);
    }

    private static ExtensionContext running() {
        return RunningTest.current().orElseThrow(() -> new IllegalStateException("no @TraceFixture test is running on this thread"));
    }
}
