package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.compilereceipt.ReceiptExport;
import dev.compilereceipt.TraceRequest;
import dev.compilereceipt.Traces;
import dev.compilereceipt.approval.ApprovalMode;
import dev.compilereceipt.junit.ApprovedReceipts;
import dev.compilereceipt.junit.TraceFixture;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Limits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.EventType;

/**
 * Where {@code matchesApprovedReceipt()} finds its receipt's approval: in the store of the test
 * it was handed to, reached through the test bound to the assert's thread. Two tests run in
 * parallel each see only their own receipt while both are running; a test does not see the
 * receipt an earlier test was given; a class's static field is approved in {@code @BeforeAll};
 * and after a run nothing is bound to the thread that ran it. The two tests read one fixture
 * under two limits, which are two approved files (issue #30).
 */
class ApprovalPerTestTest {

    static final String FIXTURE = ApprovedReceiptTest.FIXTURE;
    static final String UNKNOWN = "the print-bridge receipt was not handed to this test (%s) by @TraceFixture,"
            + " so its fixture is unknown: name the fixture file with matchesApprovedReceipt(Path)";

    @TempDir
    Path root;

    private Path fixture;
    private Path approved;
    private Path approved128;

    @BeforeEach
    void copyTheCapture() throws IOException {
        CopiedCapture capture = CopiedCapture.in(root);
        fixture = capture.fixture();
        approved = capture.approved();
        approved128 = root.resolve("approval/print-bridge.json.max_calls-128.approved.json");
        InParallel.reset();
    }

    /** Meets the other test twice, so that each checks while the other is running too; alone, each would wait 30 s and fail. */
    @Execution(ExecutionMode.CONCURRENT)
    static class InParallel {
        static final Map<String, Receipt> HANDED = new ConcurrentHashMap<>();
        static final Map<String, Throwable> OTHERS = new ConcurrentHashMap<>();
        static CyclicBarrier meet = new CyclicBarrier(2);
        static CyclicBarrier done = new CyclicBarrier(2);

        static void reset() {
            HANDED.clear();
            OTHERS.clear();
            meet = new CyclicBarrier(2);
            done = new CyclicBarrier(2);
        }

        @Test
        void defaultLimits(@TraceFixture(FIXTURE) Receipt receipt) throws Exception {
            check("defaultLimits", "moreCalls", receipt);
        }

        @Test
        void moreCalls(@TraceFixture(value = FIXTURE, maxCalls = 128) Receipt receipt) throws Exception {
            check("moreCalls", "defaultLimits", receipt);
        }

        private static void check(String mine, String other, Receipt receipt) throws Exception {
            HANDED.put(mine, receipt);
            meet.await(30, TimeUnit.SECONDS);
            assertThat(receipt).matchesApprovedReceipt();
            OTHERS.put(mine, catchThrowable(() -> assertThat(HANDED.get(other)).matchesApprovedReceipt()));
            done.await(30, TimeUnit.SECONDS);
        }
    }

    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class OneAfterAnother {
        static Receipt first;
        static final AtomicReference<Throwable> FROM_ITS_OWN_THREAD = new AtomicReference<>();

        @Test
        @Order(1)
        void first(@TraceFixture(FIXTURE) Receipt receipt) {
            first = receipt;
            assertThat(receipt).matchesApprovedReceipt();
        }

        @Test
        @Order(2)
        void second(@TraceFixture(value = FIXTURE, maxCalls = 128) Receipt receipt) {
            assertThat(first).matchesApprovedReceipt();
        }

        @Test
        @Order(3)
        void third(@TraceFixture(FIXTURE) Receipt receipt) throws InterruptedException {
            Thread started = new Thread(() -> FROM_ITS_OWN_THREAD.set(catchThrowable(() -> assertThat(receipt).matchesApprovedReceipt())));
            started.start();
            started.join();
            assertThat(receipt).matchesApprovedReceipt();
        }
    }

    static class StaticField {
        @TraceFixture(FIXTURE)
        static Receipt shared;

        @BeforeAll
        static void approvedBeforeAnyTest() {
            assertThat(shared).matchesApprovedReceipt();
        }

        @Test
        void andInATest() {
            assertThat(shared).matchesApprovedReceipt();
        }
    }

    @Test
    void twoTestsInParallelEachSeeTheirOwnReceiptAndRecordOneFileEach() throws IOException {
        EngineExecutionResults recorded = run(InParallel.class, "missing", true);
        recorded.testEvents().assertStatistics(stats -> stats.started(2).succeeded(2));
        assertThat(InParallel.OTHERS.get("defaultLimits")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(UNKNOWN.formatted("defaultLimits(Receipt)"));
        assertThat(InParallel.OTHERS.get("moreCalls")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(UNKNOWN.formatted("moreCalls(Receipt)"));
        assertThat(reportEntries(recorded)).containsExactlyInAnyOrder(
                "recorded the approved receipt " + approved + " (compilereceipt.approve = missing)",
                "recorded the approved receipt " + approved128 + " (compilereceipt.approve = missing)");
        assertThat(approved).hasContent(canonical(Limits.DEFAULT));
        assertThat(approved128).hasContent(canonical(Limits.DEFAULT.withMaxCalls(128)));

        // the next, unchanged run: each request is compared with its own file
        InParallel.reset();
        run(InParallel.class, "readonly", true).testEvents().assertStatistics(stats -> stats.started(2).succeeded(2));
        try (var files = Files.list(root.resolve("approval"))) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactlyInAnyOrder("print-bridge.json",
                    "print-bridge.json.approved.json", "print-bridge.json.max_calls-128.approved.json");
        }
    }

    @Test
    void aTestDoesNotSeeTheReceiptAnEarlierTestWasGivenNorDoesAThreadItStarts() {
        EngineExecutionResults results = run(OneAfterAnother.class, "missing", false);
        results.testEvents().assertStatistics(stats -> stats.started(3).succeeded(2).failed(1));
        assertThat(thrown(results.testEvents().failed().stream().findFirst().orElseThrow()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage(UNKNOWN.formatted("second(Receipt)"));
        assertThat(OneAfterAnother.FROM_ITS_OWN_THREAD.get()).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the print-bridge receipt did not come from @TraceFixture (no @TraceFixture test is running on this"
                        + " thread), so its fixture is unknown: name the fixture file with matchesApprovedReceipt(Path)");
        // the test kit ran the tests on this very thread: nothing of theirs is bound to it now
        assertThat(catchThrowable(() -> ApprovedReceipts.check(OneAfterAnother.first, List.of())))
                .hasMessageContaining("(no @TraceFixture test is running on this thread)");
    }

    @Test
    void aStaticFieldIsApprovedInBeforeAllAndInEachTest() {
        run(StaticField.class, "missing", false).testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
        assertThat(approved).hasContent(canonical(Limits.DEFAULT));
    }

    private String canonical(Limits limits) {
        return ReceiptExport.canonicalJson(Receipt.of(Traces.read(TraceRequest.of(fixture).withLimits(limits))));
    }

    private EngineExecutionResults run(Class<?> cases, String mode, boolean parallel) {
        EngineTestKit.Builder kit = EngineTestKit.engine("junit-jupiter").selectors(selectClass(cases))
                .configurationParameter(TraceFixture.FIXTURES_ROOT, root.toString())
                .configurationParameter(ApprovalMode.PARAMETER, mode);
        if (parallel) {
            kit.configurationParameter("junit.jupiter.execution.parallel.enabled", "true")
                    .configurationParameter("junit.jupiter.execution.parallel.config.strategy", "fixed")
                    .configurationParameter("junit.jupiter.execution.parallel.config.fixed.parallelism", "2");
        }
        return kit.execute();
    }

    private static Throwable thrown(Event event) {
        return event.getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable).orElseThrow();
    }

    private static List<String> reportEntries(EngineExecutionResults results) {
        return results.allEvents().stream().filter(e -> e.getType() == EventType.REPORTING_ENTRY_PUBLISHED)
                .flatMap(e -> e.getPayload(ReportEntry.class).stream())
                .flatMap(entry -> entry.getKeyValuePairs().values().stream())
                .toList();
    }
}
