package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.approval.ApprovalMode;
import dev.compilereceipt.approval.ApprovalRules;
import dev.compilereceipt.approval.ReceiptApproval;
import dev.compilereceipt.json.CanonicalJson;
import dev.compilereceipt.junit.TraceFixture;
import dev.compilereceipt.receipt.Receipt;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.EventType;

/**
 * The ratchet inside a test (docs/approvals.md, "Bands, the ratchet and releases"), on the Jupiter
 * engine with print-bridge's capture: its warm-up compile time is 2781.771 ms and its steady phase
 * breaks 8 times. An approved 1000 ms has the band 1000 ± (250 + 50) = 700..1300, so the received
 * time fails; an approved 2500 ms has 1825..3175, so it passes. An approved 9 breaks makes the 8
 * received an improvement.
 */
class RatchetApprovalTest {

    static final String FIXTURE = ApprovedReceiptTest.FIXTURE;
    private static final String RULES = "counts exact, times within 25%+50 ms (ratios 25%+0.1)";

    @TempDir
    Path root;

    private CopiedCapture capture;

    @BeforeEach
    void copyTheCapture() throws IOException {
        capture = CopiedCapture.in(root);
    }

    static class Margins {
        @Test
        void matches(@TraceFixture(FIXTURE) Receipt receipt) {
            assertThat(receipt).withinTimeMargins().matchesApprovedReceipt();
        }
    }

    static class Ratchet {
        @Test
        void matches(@TraceFixture(value = FIXTURE, ratchet = true) Receipt receipt) {
            assertThat(receipt).withinTimeMargins().matchesApprovedReceipt();
        }
    }

    static class Plain {
        @Test
        void matches(@TraceFixture(FIXTURE) Receipt receipt) {
            assertThat(receipt).matchesApprovedReceipt();
        }
    }

    static class PerRelease {
        @Test
        void matches(@TraceFixture(value = FIXTURE, perRelease = true) Receipt receipt) {
            assertThat(receipt).matchesApprovedReceipt();
        }
    }

    private void approve(double warmupCompileMs, int steadyBreaks) throws IOException {
        ObjectNode tree = (ObjectNode) new ObjectMapper().readTree(capture.canonical());
        ObjectNode phases = (ObjectNode) tree.path("runs").path("baseline").path("phases");
        ((ObjectNode) phases.path("warmup")).put("compile_ms", warmupCompileMs);
        ((ObjectNode) phases.path("steady")).put("breaks", steadyBreaks);
        Files.writeString(capture.approved(), CanonicalJson.write(tree) + "\n");
    }

    private EngineExecutionResults run(Class<?> cases, Map<String, String> parameters) {
        EngineTestKit.Builder kit = EngineTestKit.engine("junit-jupiter").selectors(selectClass(cases))
                .configurationParameter(TraceFixture.FIXTURES_ROOT, root.toString())
                .configurationParameter(ApprovalMode.PARAMETER, "readonly");
        parameters.forEach(kit::configurationParameter);
        return kit.execute();
    }

    /** The text with each {@code %n} a line separator, as the message is formatted; the rest, such as {@code 25%+50}, as written. */
    private static String lines(String text) {
        return text.replace("%n", System.lineSeparator());
    }

    private static String failure(EngineExecutionResults results) {
        return results.testEvents().failed().stream().findFirst().orElseThrow().getPayload(TestExecutionResult.class)
                .flatMap(TestExecutionResult::getThrowable).orElseThrow().getMessage();
    }

    private static List<Map.Entry<String, String>> reportEntries(EngineExecutionResults results) {
        return results.allEvents().stream().filter(e -> e.getType() == EventType.REPORTING_ENTRY_PUBLISHED)
                .flatMap(e -> e.getPayload(ReportEntry.class).stream())
                .flatMap(entry -> entry.getKeyValuePairs().entrySet().stream()).toList();
    }

    @Test
    void aTimeBeyondItsBandFailsWithTheWholeMessage() throws IOException {
        approve(1000, 8);
        EngineExecutionResults results = run(Margins.class, Map.of());
        results.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(failure(results)).isEqualTo(lines("%n"
                + "Expecting%n"
                + "  the print-bridge receipt%n"
                + "to match the approved receipt " + capture.approved() + "%n"
                + "but 1 figure moved beyond the rules (approved → received; " + RULES + "):%n"
                + "  times%n"
                + "    runs.baseline.phases.warmup.compile_ms: 1000 → 2781.771 is ×2.78, above the band 700..1300 (1000 ± 25%+50);"
                + " approve 2781.771%n"
                + "The received receipt is " + capture.received() + ".%n"
                + "Approve it: review the difference, then mv " + capture.received() + " " + capture.approved()
                + ", or run the tests with -Dcompilereceipt.approve=overwrite (rewrites every approved receipt that differs)."));
    }

    @Test
    void aTimeWithinItsBandPassesButTheExactCheckFailsIt() throws IOException {
        approve(2500, 8);
        run(Margins.class, Map.of()).testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));
        run(Plain.class, Map.of()).testEvents().assertStatistics(stats -> stats.failed(1));
        // The suite property turns the bands on for every check.
        run(Plain.class, Map.of(ApprovalRules.BANDS, "true")).testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));
        run(Plain.class, Map.of(ApprovalRules.MARGIN + "compile", "10%+0")).testEvents().assertStatistics(stats -> stats.failed(1));
    }

    @Test
    void anImprovementPassesAndIsReportedOutsideTheRatchet() throws IOException {
        approve(2781.771, 9);
        EngineExecutionResults results = run(Margins.class, Map.of());
        results.testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));
        assertThat(reportEntries(results)).containsExactly(Map.entry(ReceiptApproval.IMPROVED_ENTRY, "the print-bridge receipt improved on "
                + capture.approved() + ": runs.baseline.phases.steady.breaks: 9 → 8 improved; approve it so it stays improved"));
    }

    @Test
    void anImprovementFailsInRatchetModeByAttributeOrSuiteProperty() throws IOException {
        approve(2781.771, 9);
        String expected = lines("%n"
                + "Expecting%n"
                + "  the print-bridge receipt%n"
                + "to match the approved receipt " + capture.approved() + "%n"
                + "but 1 figure moved beyond the rules (approved → received; " + RULES + ", ratchet):%n"
                + "  breaks%n"
                + "    runs.baseline.phases.steady.breaks: 9 → 8 improved: approve it so it stays improved%n"
                + "The received receipt is " + capture.received() + ".%n"
                + "Approve it: review the difference, then mv " + capture.received() + " " + capture.approved()
                + ", or run the tests with -Dcompilereceipt.approve=overwrite (rewrites every approved receipt that differs).");
        assertThat(failure(run(Ratchet.class, Map.of()))).isEqualTo(expected);
        assertThat(failure(run(Margins.class, Map.of(ApprovalRules.RATCHET, "true")))).isEqualTo(expected);
        // A regression fails in both modes.
        approve(2781.771, 7);
        run(Margins.class, Map.of()).testEvents().assertStatistics(stats -> stats.failed(1));
    }

    @Test
    void perReleaseRecordsTheReleasesOwnFile() throws IOException {
        EngineExecutionResults results = run(PerRelease.class, Map.of(ApprovalMode.PARAMETER, "missing"));
        results.testEvents().assertStatistics(stats -> stats.succeeded(1));
        Path release = capture.fixture().resolveSibling("print-bridge.json.torch-2.6.approved.json");
        assertThat(release).hasContent(capture.canonical().strip());
        assertThat(capture.approved()).doesNotExist();
        run(Plain.class, Map.of(ApprovalRules.PER_RELEASE, "true")).testEvents().assertStatistics(stats -> stats.succeeded(1));
    }
}
