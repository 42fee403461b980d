package dev.compilereceipt.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.approval.ApprovalContext;
import dev.compilereceipt.approval.ApprovalTarget;
import dev.compilereceipt.receipt.Receipt;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The extension is the {@link ApprovalContext} of core's approval: registered as the service, it
 * sees the {@code @TraceFixture} test running on the thread and where that test's receipt is
 * approved, and no test outside one.
 */
class ApprovalContextServiceTest {

    static final AtomicReference<String> SEEN = new AtomicReference<>();

    static class HandedCases {
        @Test
        void handed(@TraceFixture("print-bridge/trace.json") Receipt receipt) {
            ApprovalContext context = ServiceLoader.load(ApprovalContext.class).findFirst().orElseThrow();
            SEEN.set(context.isTestRunning() + " " + context.testName() + " "
                    + context.targetOf(receipt).flatMap(ApprovalTarget::fixture).map(fixture -> fixture.getFileName().toString()).orElse("none"));
        }
    }

    @Test
    void theExtensionProvidesTheServiceAndItSeesOnlyATestOfItsOwn() {
        List<ApprovalContext> contexts = ServiceLoader.load(ApprovalContext.class).stream().map(ServiceLoader.Provider::get).toList();
        assertThat(contexts).singleElement().isInstanceOf(JUnitApprovalContext.class)
                .satisfies(context -> assertThat(context.isTestRunning()).isFalse());

        EngineRun.withFixturesRoot().execute(HandedCases.class).testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
        assertThat(SEEN.get()).isEqualTo("true handed(Receipt) trace.json");
    }
}
