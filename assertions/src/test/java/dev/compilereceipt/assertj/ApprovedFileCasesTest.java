package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.ReceiptExport;
import dev.compilereceipt.TraceRequest;
import dev.compilereceipt.Traces;
import dev.compilereceipt.approval.ApprovedReceipt;
import dev.compilereceipt.json.CanonicalJson;
import dev.compilereceipt.junit.TraceFixture;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Limits;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.opentest4j.AssertionFailedError;

/**
 * The approved-receipt cases of issue #30, each as it was seen: a passing check that deleted the
 * received file a failing check of the same fixture had just named; one fixture under two
 * requests sharing one approved file ({@link ApprovalPerTestTest} runs the two limits in
 * parallel; here, the names, and a rank); an approved file of random bytes; a byte-order mark.
 */
class ApprovedFileCasesTest {

    static final String FIXTURE = ApprovedReceiptTest.FIXTURE;

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

    /** A check of every figure, then one that leaves times out, on one fixture in one run. */
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class StrictThenLenient {
        @Test
        @Order(1)
        void strict(@TraceFixture(FIXTURE) Receipt receipt) {
            assertThat(receipt).matchesApprovedReceipt();
        }

        @Test
        @Order(2)
        void lenient(@TraceFixture(FIXTURE) Receipt receipt) {
            assertThat(receipt).compileSideOnly().matchesApprovedReceipt();
        }
    }

    /** The same two checks the other way round. */
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class LenientThenStrict {
        @Test
        @Order(1)
        void lenient(@TraceFixture(FIXTURE) Receipt receipt) {
            assertThat(receipt).compileSideOnly().matchesApprovedReceipt();
        }

        @Test
        @Order(2)
        void strict(@TraceFixture(FIXTURE) Receipt receipt) {
            assertThat(receipt).matchesApprovedReceipt();
        }
    }

    static class Lenient {
        @Test
        void lenient(@TraceFixture(FIXTURE) Receipt receipt) {
            assertThat(receipt).compileSideOnly().matchesApprovedReceipt();
        }
    }

    static class Strict {
        @Test
        void strict(@TraceFixture(FIXTURE) Receipt receipt) {
            assertThat(receipt).matchesApprovedReceipt();
        }
    }

    static class TwoRanks {
        @Test
        void rankZero(@TraceFixture(value = "approval/ranks.txt", rank = 0) Receipt receipt) {
            assertThat(receipt).matchesApprovedReceipt();
        }

        @Test
        void rankOne(@TraceFixture(value = "approval/ranks.txt", rank = 1) Receipt receipt) {
            assertThat(receipt).matchesApprovedReceipt();
        }
    }

    @Test
    void aReceivedFileNamedInAFailureSurvivesEveryCheckThatPassesOnlyByWhatItIgnores() throws IOException {
        String timeApart = approvedWithSteadyMedian(0.5);
        for (Class<?> cases : List.of(StrictThenLenient.class, LenientThenStrict.class)) {
            for (String mode : List.of("readonly", "missing")) {
                Files.writeString(approved, timeApart);
                Files.deleteIfExists(received);
                EngineExecutionResults results = run(cases, mode);
                results.testEvents().assertStatistics(stats -> stats.started(2).succeeded(1).failed(1));
                assertThat(failure(results).getMessage()).as("%s %s", cases.getSimpleName(), mode)
                        .contains("The received receipt is " + received + ".");
                assertThat(received).as("%s %s: the file the failure names", cases.getSimpleName(), mode).hasContent(canonical.strip());
            }
        }
        // a later run of the lenient test alone passes and leaves it too
        run(Lenient.class, "readonly").testEvents().assertStatistics(stats -> stats.succeeded(1));
        assertThat(received).hasContent(canonical.strip());
        assertThat(approved).hasContent(timeApart.strip());

        // once the fixture's receipt matches in every figure, no check of it fails: its next run deletes it
        Files.writeString(approved, canonical);
        run(Strict.class, "readonly").testEvents().assertStatistics(stats -> stats.succeeded(1));
        assertThat(received).doesNotExist();
    }

    @Test
    void aRequestOffTheDefaultsIsNamedInTheApprovedFileAndTheDefaultKeepsTodaysName() throws IOException {
        assertThat(ApprovedReceipt.request(Limits.DEFAULT, OptionalInt.empty())).isEmpty();
        assertThat(ApprovedReceipt.approvedFile(fixture)).isEqualTo(approved);
        assertThat(ApprovedReceipt.approvedFile(fixture, Limits.DEFAULT.withMaxCalls(128).withMaxDepth(50), OptionalInt.of(1)))
                .isEqualTo(root.resolve("approval/print-bridge.json.max_calls-128.max_depth-50.rank-1.approved.json"));
        assertThat(ApprovedReceipt.receivedFile(fixture, Limits.DEFAULT.withMaxCalls(128), OptionalInt.empty()))
                .isEqualTo(root.resolve("approval/print-bridge.json.max_calls-128.received.json"));

        // a receipt made in code under other limits finds the same file as the injected one
        Receipt wide = Receipt.of(Traces.read(TraceRequest.of(fixture).withLimits(Limits.DEFAULT.withMaxCalls(128))));
        Path wideApproved = root.resolve("approval/print-bridge.json.max_calls-128.approved.json");
        Files.writeString(wideApproved, ReceiptExport.canonicalJson(wide) + "\n");
        assertThat(wide).matchesApprovedReceipt(fixture);
        assertThat(approved).doesNotExist();

        // a TORCH_LOGS text of two ranks: the print-bridge capture as rank 0, int-spec as rank 1
        Path ranks = root.resolve("approval/ranks.txt");
        List<String> lines = new java.util.ArrayList<>();
        Files.readAllLines(Fixtures.dir().resolve("torch-logs/2.6-print-bridge/torch_logs.txt")).forEach(l -> lines.add("[rank0]:" + l));
        Files.readAllLines(Fixtures.dir().resolve("torch-logs/2.6-int-spec/torch_logs.txt")).forEach(l -> lines.add("[rank1]:" + l));
        Files.write(ranks, lines);
        run(TwoRanks.class, "missing").testEvents().assertStatistics(stats -> stats.succeeded(2));
        assertThat(root.resolve("approval/ranks.txt.rank-0.approved.json"))
                .hasContent(ReceiptExport.canonicalJson(Receipt.of(Traces.read(TraceRequest.of(ranks).withRank(0)))));
        assertThat(root.resolve("approval/ranks.txt.rank-1.approved.json"))
                .hasContent(ReceiptExport.canonicalJson(Receipt.of(Traces.read(TraceRequest.of(ranks).withRank(1)))));
        assertThat(root.resolve("approval/ranks.txt.approved.json")).doesNotExist();
        run(TwoRanks.class, "readonly").testEvents().assertStatistics(stats -> stats.succeeded(2));
    }

    @Test
    void anApprovedFileOfBytesThatAreNotUtf8FailsNamingTheByteAndWritesTheReceivedFile() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes("{\n  \"format\": \"".getBytes(StandardCharsets.US_ASCII));
        bytes.writeBytes(new byte[] {(byte) 0xFF, (byte) 0xFE, 0x12, (byte) 0x9C});
        bytes.writeBytes("\"\n}\n".getBytes(StandardCharsets.US_ASCII));
        Files.write(approved, bytes.toByteArray());
        AssertionFailedError failure = failure(run(Strict.class, "readonly"));
        assertThat(failure.getMessage()).isEqualTo(String.format("%n"
                + "Expecting%n"
                + "  the print-bridge receipt%n"
                + "to match the approved receipt " + approved + "%n"
                + "but the approved file is not UTF-8: byte 0xFF at line 2, column 14 (byte offset 15) is not UTF-8%n"
                + "The received receipt is " + received + ".%n"
                + "Approve it: review the difference, then mv " + received + " " + approved
                + ", or run the tests with -Dcompilereceipt.approve=overwrite (rewrites every approved receipt that differs)."));
        assertThat(received).hasContent(canonical.strip());

        // cut off inside a three-byte character at the very end
        Files.write(approved, ("{\"format\": \"" + "x").getBytes(StandardCharsets.US_ASCII));
        Files.write(approved, new byte[] {(byte) 0xE2, (byte) 0x82}, java.nio.file.StandardOpenOption.APPEND);
        assertThat(failure(run(Strict.class, "missing")).getMessage())
                .contains("but the approved file is not UTF-8: bytes 0xE2 0x82 at line 1, column 14 (byte offset 13):"
                        + " the file ends inside a character%n".formatted());

        run(Strict.class, "overwrite").testEvents().assertStatistics(stats -> stats.succeeded(1));
        assertThat(approved).hasContent(canonical.strip());
        assertThat(received).doesNotExist();
    }

    @Test
    void aByteOrderMarkBeforeTheApprovedReceiptIsSkipped() throws IOException {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        Files.write(approved, concat(bom, canonical.getBytes(StandardCharsets.UTF_8)));
        Files.writeString(received, "left by an earlier failing run");
        run(Strict.class, "readonly").testEvents().assertStatistics(stats -> stats.succeeded(1));
        assertThat(received).doesNotExist();
        assertThat(Files.readAllBytes(approved)).as("readonly rewrites nothing").startsWith(bom);

        // a marked file that differs fails on its figures, as any other
        Files.write(approved, concat(bom, approvedWithSteadyMedian(0.5).getBytes(StandardCharsets.UTF_8)));
        assertThat(failure(run(Strict.class, "readonly")).getMessage()).contains(String.format(
                "but 1 figure differs (approved → received):%n"
                + "  times%n"
                + "    runs.candidate.phases.steady.wall_ms.median: 0.5 → 0.0643%n"));
    }

    private String approvedWithSteadyMedian(double median) throws IOException {
        ObjectNode tree = (ObjectNode) new ObjectMapper().readTree(canonical);
        ((ObjectNode) tree.path("runs").path("candidate").path("phases").path("steady").path("wall_ms")).put("median", median);
        return CanonicalJson.write(tree) + "\n";
    }

    private EngineExecutionResults run(Class<?> cases, String mode) {
        return ApprovedReceiptTest.ApprovalRun.execute(cases, root, Optional.of(mode));
    }

    private static AssertionFailedError failure(EngineExecutionResults results) {
        Throwable thrown = results.testEvents().failed().stream().findFirst().orElseThrow()
                .getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable).orElseThrow();
        assertThat(thrown).isInstanceOf(AssertionFailedError.class);
        return (AssertionFailedError) thrown;
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = new byte[first.length + second.length];
        System.arraycopy(first, 0, both, 0, first.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }
}
