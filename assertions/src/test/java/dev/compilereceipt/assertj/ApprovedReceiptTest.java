package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.ReceiptExport;
import dev.compilereceipt.Traces;
import dev.compilereceipt.approval.ApprovalMode;
import dev.compilereceipt.json.CanonicalJson;
import dev.compilereceipt.junit.TraceFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.EventType;
import org.opentest4j.AssertionFailedError;

/**
 * {@code matchesApprovedReceipt()} run on the Jupiter engine in each mode, against a copy of the
 * print-bridge capture in a temporary fixtures root: an approved receipt that matches, one that
 * differs (the whole message, the received file), a missing one in each mode, and the default
 * mode with and without the environment variable {@code CI} (in forked JVMs, since a JVM cannot
 * change its own environment).
 */
class ApprovedReceiptTest {

    static final String FIXTURE = "approval/print-bridge.json";

    @TempDir
    Path root;

    private Path fixture;
    private Path approved;
    private Path received;
    private String canonical;

    @BeforeEach
    void copyTheCapture() throws IOException {
        CopiedCapture capture = CopiedCapture.in(root);
        fixture = capture.fixture();
        approved = capture.approved();
        received = capture.received();
        canonical = capture.canonical();
    }

    static class Plain {
        @Test
        void matches(@TraceFixture(FIXTURE) Receipt receipt) {
            assertThat(receipt).matchesApprovedReceipt();
        }
    }

    static class IgnoringWallTimes {
        @Test
        void matches(@TraceFixture(FIXTURE) Receipt receipt) {
            assertThat(receipt).ignoring("runs.*.phases.*.wall_ms").matchesApprovedReceipt();
        }
    }

    static class CompileSide {
        @Test
        void matches(@TraceFixture(FIXTURE) Receipt receipt) {
            assertThat(receipt).compileSideOnly().matchesApprovedReceipt();
        }
    }

    static class Mutants {
        @dev.compilereceipt.junit.MutantTest
        void theApprovedReceiptKillsEveryMutant(@TraceFixture(FIXTURE) Receipt receipt) {
            assertThat(receipt).matchesApprovedReceipt();
        }
    }

    @Test
    void anApprovedReceiptKillsEveryMutantAndAMutantWritesNothing() throws IOException {
        Files.writeString(approved, canonical);
        for (String mode : List.of("missing", "overwrite")) {
            // unmutated matches; each of the five mutants changes a figure of print-bridge, so each is killed
            run(Mutants.class, Optional.of(mode)).testEvents().assertStatistics(stats -> stats.started(6).succeeded(6));
            assertThat(approved).as(mode).hasContent(canonical.strip());
            assertThat(received).as("%s: a mutated receipt is never written", mode).doesNotExist();
        }
    }

    @Test
    void anEqualApprovedReceiptPassesAndItsStaleReceivedFileGoes() throws IOException {
        Files.writeString(approved, canonical);
        Files.writeString(received, "left by an earlier failing run");
        for (String mode : List.of("readonly", "missing", "overwrite")) {
            EngineExecutionResults results = run(Plain.class, Optional.of(mode));
            results.testEvents().assertStatistics(stats -> stats.succeeded(1).failed(0));
            assertThat(reportEntries(results)).as(mode).isEmpty();
        }
        assertThat(received).doesNotExist();
        assertThat(approved).hasContent(canonical.strip());
    }

    @Test
    void aDifferentApprovedReceiptFailsWithTheFiguresMostImportantFirstAndWritesTheReceivedFile() throws IOException {
        Files.writeString(approved, approvedWith(2, 0.5));
        for (String mode : List.of("readonly", "missing")) {
            Files.deleteIfExists(received);
            EngineExecutionResults results = run(Plain.class, Optional.of(mode));
            results.testEvents().assertStatistics(stats -> stats.failed(1));
            AssertionFailedError failure = failure(results);
            assertThat(failure.getMessage()).isEqualTo(String.format("%n"
                    + "Expecting%n"
                    + "  the print-bridge receipt%n"
                    + "to match the approved receipt " + approved + "%n"
                    + "but 2 figures differ (approved → received):%n"
                    + "  variants%n"
                    + "    runs.candidate.phases.changed.compiles: 2 → 1%n"
                    + "  times%n"
                    + "    runs.candidate.phases.steady.wall_ms.median: 0.5 → 0.0643%n"
                    + "The received receipt is " + received + ".%n"
                    + "Approve it: review the difference, then mv " + received + " " + approved
                    + ", or run the tests with -Dcompilereceipt.approve=overwrite (rewrites every approved receipt that differs)."));
            assertThat(failure.getExpected().getStringRepresentation())
                    .isEqualTo("runs.candidate.phases.changed.compiles: 2\nruns.candidate.phases.steady.wall_ms.median: 0.5");
            assertThat(failure.getActual().getStringRepresentation())
                    .isEqualTo("runs.candidate.phases.changed.compiles: 1\nruns.candidate.phases.steady.wall_ms.median: 0.0643");
            assertThat(received).as(mode).hasContent(canonical.strip());
            assertThat(approved).as("%s never rewrites an approved receipt", mode).hasContent(approvedWith(2, 0.5));
        }
    }

    @Test
    void ignoredFiguresAreLeftOutAndTheCompileSidePresetLeavesOutEveryTime() throws IOException {
        Files.writeString(approved, approvedWith(2, 0.5));
        AssertionFailedError failure = failure(run(IgnoringWallTimes.class, Optional.of("readonly")));
        assertThat(failure.getMessage()).contains(String.format("but 1 figure differs (approved → received):%n"
                        + "  variants%n"
                        + "    runs.candidate.phases.changed.compiles: 2 → 1%n"
                        + "(ignoring runs.*.phases.*.wall_ms)%n"));
        Files.writeString(approved, approvedWith(1, 0.5));
        run(IgnoringWallTimes.class, Optional.of("readonly")).testEvents().assertStatistics(stats -> stats.succeeded(1));
        run(CompileSide.class, Optional.of("readonly")).testEvents().assertStatistics(stats -> stats.succeeded(1));
        run(Plain.class, Optional.of("readonly")).testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(received).hasContent(canonical.strip());
    }

    @Test
    void overwriteRewritesADifferentApprovedReceiptAndSaysSo() throws IOException {
        Files.writeString(approved, approvedWith(2, 0.0643));
        EngineExecutionResults results = run(Plain.class, Optional.of("overwrite"));
        results.testEvents().assertStatistics(stats -> stats.succeeded(1));
        assertThat(approved).hasContent(canonical.strip());
        assertThat(received).doesNotExist();
        assertThat(reportEntries(results)).containsExactly(Map.entry(ApprovalMode.PARAMETER,
                "overwrote the approved receipt " + approved + " (compilereceipt.approve = overwrite): 1 figure differs (approved → received):\n"
                        + "  variants\n"
                        + "    runs.candidate.phases.changed.compiles: 2 → 1"));
    }

    @Test
    void aMissingApprovedReceiptFailsInReadonlyAndIsRecordedInMissingAndOverwrite() throws IOException {
        EngineExecutionResults readonly = run(Plain.class, Optional.of("readonly"));
        readonly.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(failure(readonly).getMessage()).isEqualTo(String.format("%n"
                + "Expecting%n"
                + "  the print-bridge receipt%n"
                + "to match the approved receipt " + approved + "%n"
                + "but there is none, and compilereceipt.approve = readonly never writes one.%n"
                + "The received receipt is " + received + ".%n"
                + "Approve it: review it, then mv " + received + " " + approved
                + ", or run the tests once with -Dcompilereceipt.approve=missing and commit print-bridge.json.approved.json."));
        assertThat(failure(readonly).getExpected().getStringRepresentation()).isEqualTo("an approved receipt at " + approved);
        assertThat(approved).doesNotExist();
        assertThat(received).hasContent(canonical.strip());

        for (String mode : List.of("missing", "overwrite")) {
            Files.deleteIfExists(approved);
            EngineExecutionResults results = run(Plain.class, Optional.of(mode));
            results.testEvents().assertStatistics(stats -> stats.succeeded(1));
            assertThat(approved).as(mode).hasContent(canonical.strip());
            assertThat(received).as("%s deletes the received file of a passing test", mode).doesNotExist();
            assertThat(reportEntries(results)).containsExactly(Map.entry(ApprovalMode.PARAMETER,
                    "recorded the approved receipt " + approved + " (compilereceipt.approve = " + mode + ")"));
        }
    }

    @Test
    void anUnknownModeFailsTheTestNamingTheParameter() {
        EngineExecutionResults results = run(Plain.class, Optional.of("sometimes"));
        results.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(results.testEvents().failed().stream().findFirst().orElseThrow().getPayload(org.junit.platform.engine.TestExecutionResult.class)
                .flatMap(org.junit.platform.engine.TestExecutionResult::getThrowable).orElseThrow())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("compilereceipt.approve must be readonly, missing, overwrite or refresh; found \"sometimes\"");
        assertThat(approved).doesNotExist();
    }

    @Test
    void anApprovedFileThatIsNotJsonFailsNamingWhereItBreaks() throws IOException {
        Files.writeString(approved, "{\"runs\": [}");
        AssertionFailedError failure = failure(run(Plain.class, Optional.of("readonly")));
        assertThat(failure.getMessage()).startsWith(String.format("%nExpecting%n  the print-bridge receipt%nto match the approved receipt "
                + approved + "%nbut the approved file is not a JSON receipt: line 1, column 11: Unexpected close marker '}'"));
        run(Plain.class, Optional.of("overwrite")).testEvents().assertStatistics(stats -> stats.succeeded(1));
        assertThat(approved).hasContent(canonical.strip());
    }

    @Test
    void aReceiptMadeInCodeNamesItsFixtureOrIsToldTo() throws IOException {
        Receipt receipt = Receipt.of(Traces.read(fixture));
        Throwable unknown = org.assertj.core.api.Assertions.catchThrowable(() -> assertThat(receipt).matchesApprovedReceipt());
        assertThat(unknown).isInstanceOf(IllegalArgumentException.class).hasMessage("the print-bridge receipt did not come from"
                + " @TraceFixture (no @TraceFixture test is running on this thread), so its fixture is unknown:"
                + " name the fixture file with matchesApprovedReceipt(Path)");
        Files.writeString(approved, canonical);
        assertThat(receipt).matchesApprovedReceipt(fixture);
    }

    @Test
    void withoutAModeCiMeansReadonlyAndElsewhereMissing() throws Exception {
        assertThat(ApprovalMode.of(Optional.empty(), Map.of())).isEqualTo(ApprovalMode.MISSING);
        assertThat(ApprovalMode.of(Optional.empty(), Map.of("CI", "true"))).isEqualTo(ApprovalMode.READONLY);
        assertThat(ApprovalMode.of(Optional.empty(), Map.of("CI", "false"))).isEqualTo(ApprovalMode.MISSING);
        assertThat(ApprovalMode.of(Optional.of(" overwrite "), Map.of("CI", "1"))).isEqualTo(ApprovalMode.OVERWRITE);

        String ci = fork(Map.of("CI", "true"));
        assertThat(ci).contains("tests failed: 1", "but there is none, and compilereceipt.approve = readonly"
                + " (the default where the environment variable CI is set) never writes one.");
        assertThat(approved).doesNotExist();
        assertThat(received).hasContent(canonical.strip());

        String local = fork(Map.of());
        assertThat(local).contains("tests failed: 0", "report entry: recorded the approved receipt " + approved
                + " (compilereceipt.approve = missing (the default where the environment variable CI is not set))");
        // Issue #35, friction 4: one line of output says a file was written, where Surefire and a console show it.
        assertThat(local).contains("compile-receipt: recorded the approved receipt " + approved
                + " (compilereceipt.approve = missing (the default where the environment variable CI is not set));"
                + " review it and commit it with its fixture" + System.lineSeparator());
        assertThat(ci).doesNotContain("compile-receipt: recorded");
        assertThat(approved).hasContent(canonical.strip());
        assertThat(received).doesNotExist();
    }

    private String approvedWith(int candidateChangedCompiles, double candidateSteadyMedian) throws IOException {
        ObjectNode tree = (ObjectNode) new ObjectMapper().readTree(canonical);
        ObjectNode candidate = (ObjectNode) tree.path("runs").path("candidate").path("phases");
        ((ObjectNode) candidate.path("changed")).put("compiles", candidateChangedCompiles);
        ((ObjectNode) candidate.path("steady").path("wall_ms")).put("median", candidateSteadyMedian);
        return CanonicalJson.write(tree) + "\n";
    }

    private EngineExecutionResults run(Class<?> cases, Optional<String> mode) {
        return ApprovalRun.execute(cases, root, mode);
    }

    private static AssertionFailedError failure(EngineExecutionResults results) {
        Event failed = results.testEvents().failed().stream().findFirst().orElseThrow();
        Throwable thrown = failed.getPayload(org.junit.platform.engine.TestExecutionResult.class)
                .flatMap(org.junit.platform.engine.TestExecutionResult::getThrowable).orElseThrow();
        assertThat(thrown).isInstanceOf(AssertionFailedError.class);
        return (AssertionFailedError) thrown;
    }

    private static List<Map.Entry<String, String>> reportEntries(EngineExecutionResults results) {
        return results.allEvents().stream().filter(e -> e.getType() == EventType.REPORTING_ENTRY_PUBLISHED)
                .flatMap(e -> e.getPayload(ReportEntry.class).stream())
                .flatMap(entry -> entry.getKeyValuePairs().entrySet().stream())
                .toList();
    }

    /** Runs {@link Plain} in a JVM whose environment is {@code environment} alone (plus PATH), with no mode set. */
    private String fork(Map<String, String> environment) throws IOException, InterruptedException {
        Path log = Files.createTempFile(root, "jvm", ".log");
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), ApprovalRun.class.getName(), root.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        String path = builder.environment().getOrDefault("PATH", "/usr/bin:/bin");
        builder.environment().clear();
        builder.environment().put("PATH", path);
        builder.environment().putAll(environment);
        Process process = builder.start();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("forked JVM finished").isTrue();
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as("forked JVM exit, log: %s", output).isZero();
        return output;
    }

    /** The engine run of one case class with the temporary fixtures root; as a main, {@link Plain} with no mode, printing what happened. */
    static final class ApprovalRun {

        static EngineExecutionResults execute(Class<?> cases, Path root, Optional<String> mode) {
            EngineTestKit.Builder kit = EngineTestKit.engine("junit-jupiter").selectors(selectClass(cases))
                    .configurationParameter(TraceFixture.FIXTURES_ROOT, root.toString());
            mode.ifPresent(m -> kit.configurationParameter(ApprovalMode.PARAMETER, m));
            return kit.execute();
        }

        public static void main(String[] args) {
            EngineExecutionResults results = execute(Plain.class, Path.of(args[0]), Optional.empty());
            System.out.println("tests failed: " + results.testEvents().failed().count());
            results.testEvents().failed().stream().forEach(e -> e.getPayload(org.junit.platform.engine.TestExecutionResult.class)
                    .flatMap(org.junit.platform.engine.TestExecutionResult::getThrowable).ifPresent(t -> System.out.println(t.getMessage())));
            reportEntries(results).forEach(entry -> System.out.println("report entry: " + entry.getValue()));
        }
    }
}
