package dev.compilereceipt.junit;

import dev.compilereceipt.ReceiptExport;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.compilereceipt.ledger.Ledger;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.view.html.ReceiptHtml;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.Traces;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.reporting.FileEntry;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.Events;

/** A failing test that received a fixture leaves its receipt in the test report. */
class TraceFixtureReportTest {

    private static final Path BEFORE = Path.of("src/test/resources/traces/before.json");

    @TempDir
    Path output;

    static class FailingCases {
        @Test
        void expectsASteadyCompile(@TraceFixture("traces/before.json") Receipt receipt) {
            assertThat(receipt.run("baseline").phase(Phase.STEADY).compiles()).isEqualTo(1);
        }
    }

    static class PassingCases {
        @Test
        void expectsNoSteadyCompile(@TraceFixture("traces/before.json") Receipt receipt) {
            assertThat(receipt.run("baseline").phase(Phase.STEADY).compiles()).isZero();
        }
    }

    static class FailingFieldCases {
        @TraceFixture("traces/before.json")
        Ledger ledger;

        @Test
        void expectsFiveCalls() {
            assertThat(ledger.rows()).hasSize(5);
        }
    }

    static class TwoFieldCases {
        @TraceFixture("traces/before.json")
        Ledger before;

        @TraceFixture("print-bridge/trace.json")
        Ledger printBridge;

        @Test
        void usesBefore() {
            assertThat(before.rows()).hasSize(5);
        }

        @Test
        void usesPrintBridgeInALambda() {
            org.assertj.core.api.Assertions.assertThatCode(() -> assertThat(printBridge.rows()).hasSize(1)).doesNotThrowAnyException();
        }
    }

    static class FailingConstructorCases {
        private final Receipt receipt;

        FailingConstructorCases(@TraceFixture("traces/before.json") Receipt receipt) {
            this.receipt = receipt;
        }

        @Test
        void expectsASteadyCompile() {
            assertThat(receipt.run("baseline").phase(Phase.STEADY).compiles()).isEqualTo(1);
        }
    }

    static class LongNameCases {
        @Test
        void fails(@TraceFixture("traces/long-name.json") Receipt receipt) {
            assertThat(receipt.runs()).isEmpty();
        }
    }

    /** The entry for traces/before.json, by hand: 4 calls, 1 compile (c1), graph 0/0, no breaks, steady median (2.0 + 4.0) / 2 = 3. */
    private static Map<String, String> expectedEntry() {
        Receipt receipt = Receipt.of(Traces.read(BEFORE));
        return Map.of(
                "receipt", "receipt-tiny",
                "fixture", "tiny",
                "trace_sha256", "44e5a29051bbd3a7d1772d65a1a1f8a4b5c280070fcdda9a4aeacd075c00f7db",
                "receipt_sha256", receipt.receiptSha256(),
                "baseline", "calls 4, compiles 1, fallbacks 0, graphs 1, break sites 0, steady compiles 0, steady median 3 ms",
                "failures", "none");
    }

    private static void assertAttached(Events events) throws Exception {
        List<FileEntry> files = events.fileEntryPublished().stream().map(e -> e.getRequiredPayload(FileEntry.class)).toList();
        assertThat(files).hasSize(1);
        Path directory = files.get(0).getPath();
        assertThat(directory.getFileName()).hasToString("receipt-tiny");
        try (var listing = Files.list(directory)) {
            assertThat(listing.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("receipt.json", "ledger.csv", "receipt.csv", "receipt.html");
        }
        Trace trace = Traces.read(BEFORE);
        Receipt receipt = Receipt.of(trace);
        assertThat(directory.resolve("receipt.json")).hasContent(ReceiptExport.canonicalJson(receipt));
        assertThat(directory.resolve("ledger.csv")).hasContent(ReceiptExport.ledgerCsv(receipt.ledger()));
        assertThat(directory.resolve("receipt.csv")).hasContent(ReceiptExport.receiptCsv(receipt));
        assertThat(directory.resolve("receipt.html")).hasBinaryContent(ReceiptHtml.render(trace, receipt).getBytes(StandardCharsets.UTF_8));
        List<Map<String, String>> entries = events.reportingEntryPublished().stream()
                .map(e -> e.getRequiredPayload(ReportEntry.class).getKeyValuePairs()).toList();
        assertThat(entries).containsExactly(expectedEntry());
    }

    @Test
    void aFailingTestThatReceivedAReceiptAttachesIt() throws Exception {
        Events events = EngineRun.withFixturesRoot().output(output).execute(FailingCases.class).testEvents();

        events.assertStatistics(stats -> stats.started(1).failed(1));
        assertAttached(events);
    }

    @Test
    void aFailingTestWithAFixtureFieldAttachesItsReceipt() throws Exception {
        Events events = EngineRun.withFixturesRoot().output(output).execute(FailingFieldCases.class).testEvents();

        events.assertStatistics(stats -> stats.started(1).failed(1));
        assertAttached(events);
    }

    @Test
    void aFailingTestWhoseConstructorReceivedAReceiptAttachesIt() throws Exception {
        // JUnit 5.12 resolves a constructor's parameters in the class's context by default, and in a context of
        // the test method with the extension context scope test_method: both count for the test.
        Events legacy = EngineRun.withFixturesRoot().output(output.resolve("legacy")).execute(FailingConstructorCases.class).testEvents();
        legacy.assertStatistics(stats -> stats.started(1).failed(1));
        assertAttached(legacy);
        Events method = EngineRun.withFixturesRoot().output(output.resolve("method"))
                .parameter("junit.jupiter.extensions.testinstantiation.extensioncontextscope.default", "test_method")
                .execute(FailingConstructorCases.class).testEvents();
        method.assertStatistics(stats -> stats.started(1).failed(1));
        assertAttached(method);
    }

    @Test
    void aSecondRunIntoTheSameOutputAttachesAgainUnderAFreshName() throws Exception {
        // JUnit 5.12 refuses to publish into a folder that exists, as after a second mvn test without clean.
        EngineRun.withFixturesRoot().output(output).execute(FailingCases.class);
        Events again = EngineRun.withFixturesRoot().output(output).execute(FailingCases.class).testEvents();

        again.assertStatistics(stats -> stats.started(1).failed(1));
        List<FileEntry> files = again.fileEntryPublished().stream().map(e -> e.getRequiredPayload(FileEntry.class)).toList();
        assertThat(files).hasSize(1);
        Path directory = files.get(0).getPath();
        assertThat(directory.resolve("receipt.json")).exists();
        Map<String, String> entry = again.reportingEntryPublished().stream()
                .map(e -> e.getRequiredPayload(ReportEntry.class).getKeyValuePairs()).findFirst().orElseThrow();
        assertThat(entry).doesNotContainKey("attachments");
        assertThat(entry.get("receipt")).isEqualTo(directory.getFileName().toString()).startsWith("receipt-tiny");
    }

    @Test
    void aFailingTestAttachesTheFieldsItReadAndNotTheOthers() {
        Events events = EngineRun.withFixturesRoot().output(output).execute(TwoFieldCases.class).testEvents();

        events.assertStatistics(stats -> stats.started(2).failed(2));
        Map<String, List<String>> attached = new java.util.TreeMap<>();
        events.fileEntryPublished().stream().forEach(e -> attached.computeIfAbsent(
                e.getTestDescriptor().getDisplayName(), k -> new java.util.ArrayList<>())
                .add(e.getRequiredPayload(FileEntry.class).getPath().getFileName().toString()));
        assertThat(attached).containsExactly(
                Map.entry("usesBefore()", List.of("receipt-tiny")),
                Map.entry("usesPrintBridgeInALambda()", List.of("receipt-print-bridge")));
    }

    @Test
    void aLongFixtureNameIsCutAndEndsInAHashOfTheWholeName() {
        Events events = EngineRun.withFixturesRoot().output(output).execute(LongNameCases.class).testEvents();

        events.assertStatistics(stats -> stats.started(1).failed(1));
        Path directory = events.fileEntryPublished().stream().map(e -> e.getRequiredPayload(FileEntry.class)).findFirst()
                .orElseThrow().getPath();
        // "receipt-" + the first 71 characters of "tiny-xxx…" + "-" + 8 hex digits of the name's SHA-256
        assertThat(directory.getFileName().toString()).matches("receipt-tiny-x{66}-[0-9a-f]{8}");
        assertThat(directory.resolve("receipt.json")).exists();
    }

    @Test
    void aPassingTestAttachesNothing() {
        Events events = EngineRun.withFixturesRoot().output(output).execute(PassingCases.class).testEvents();

        events.assertStatistics(stats -> stats.started(1).succeeded(1));
        assertThat(events.fileEntryPublished().count()).isZero();
        assertThat(events.reportingEntryPublished().count()).isZero();
    }

    @Test
    void attachAlwaysAttachesForPassingTestsToo() throws Exception {
        Events events = EngineRun.withFixturesRoot().parameter(TraceFixture.REPORT_ATTACH, "always").output(output)
                .execute(PassingCases.class).testEvents();

        events.assertStatistics(stats -> stats.started(1).succeeded(1));
        assertAttached(events);
    }

    @Test
    void attachNeverAttachesNothingEvenOnFailure() {
        Events events = EngineRun.withFixturesRoot().parameter(TraceFixture.REPORT_ATTACH, "never").output(output)
                .execute(FailingCases.class).testEvents();

        events.assertStatistics(stats -> stats.started(1).failed(1));
        assertThat(events.fileEntryPublished().count()).isZero();
        assertThat(events.reportingEntryPublished().count()).isZero();
    }

    @Test
    void whenFilesCannotBeWrittenTheEntrySaysSoAndTheOutcomeStands() {
        // no output directory: the test kit refuses file output
        Events events = EngineRun.withFixturesRoot().parameter(TraceFixture.REPORT_ATTACH, "always").execute(PassingCases.class).testEvents();

        events.assertStatistics(stats -> stats.started(1).succeeded(1));
        assertThat(events.fileEntryPublished().count()).isZero();
        Map<String, String> entry = events.reportingEntryPublished().stream()
                .map(e -> e.getRequiredPayload(ReportEntry.class).getKeyValuePairs()).findFirst().orElseThrow();
        assertThat(entry).containsAllEntriesOf(expectedEntry());
        assertThat(entry.get("attachments")).startsWith("not written: ");
    }

    @Test
    void anUnknownAttachModeIsAConfigurationError() {
        Events events = EngineRun.withFixturesRoot().parameter(TraceFixture.REPORT_ATTACH, "sometimes").output(output)
                .execute(PassingCases.class).testEvents();

        events.assertThatEvents().haveExactly(1, event(test("expectsNoSteadyCompile"), finishedWithFailure(
                instanceOf(ExtensionConfigurationException.class),
                message("compilereceipt.report.attach must be one of on-failure, always, never; found \"sometimes\""))));
    }
}
