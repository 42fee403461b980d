package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.junit.TraceFixture;
import dev.compilereceipt.receipt.Receipt;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Two tests that read one profile under two requests keep two approved receipts (issue #43, item 4):
 * the approved file's name carries the log, the run and the call span it was read with, and a short
 * hash of the whole request (phases included); a fixture read without them keeps its plain name.
 */
class ProfileApprovedFilesTest {

    @TempDir
    Path root;

    static class TwoRequests {
        @Test
        void everyCall(@TraceFixture(value = "profile/profile.json", log = "profile/torch_trace.log", callSpan = "request",
                phases = "steady=0-3,changed=4,steady=5") Receipt receipt) {
            assertThat(receipt).matchesApprovedReceipt();
        }

        @Test
        void allSteady(@TraceFixture(value = "profile/profile.json", log = "profile/torch_trace.log", callSpan = "request",
                phases = "steady=0-5") Receipt receipt) {
            assertThat(receipt).matchesApprovedReceipt();
        }

        @Test
        void theLogAlone(@TraceFixture("profile/torch_trace.log") Receipt receipt) {
            assertThat(receipt).matchesApprovedReceipt();
        }
    }

    @Test
    void eachRequestHasItsOwnApprovedFile() throws IOException {
        Path folder = Files.createDirectories(root.resolve("profile"));
        for (String file : new String[] {"profile.json", "torch_trace.log"}) {
            Files.copy(Fixtures.dir().resolve("profiler/2.14-plain").resolve(file), folder.resolve(file));
        }

        EngineExecutionResults recorded = ApprovedReceiptTest.ApprovalRun.execute(TwoRequests.class, root, Optional.of("missing"));
        recorded.testEvents().assertStatistics(stats -> stats.started(3).succeeded(3));
        // and again, read-only: each test finds its own file and matches it
        EngineExecutionResults again = ApprovedReceiptTest.ApprovalRun.execute(TwoRequests.class, root, Optional.of("readonly"));
        again.testEvents().assertStatistics(stats -> stats.started(3).succeeded(3));

        try (Stream<Path> files = Files.list(folder)) {
            assertThat(files.map(file -> file.getFileName().toString()).sorted()).containsExactly(
                    "profile.json",
                    "profile.json.log-torch_trace.log.span-request.request-bac8f8d4.approved.json",
                    "profile.json.log-torch_trace.log.span-request.request-f9f9f41d.approved.json",
                    "torch_trace.log",
                    "torch_trace.log.approved.json");
        }
    }
}
