package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.compilereceipt.approval.ApprovalMode;
import dev.compilereceipt.approval.ReceiptApproval;
import dev.compilereceipt.junit.TraceFixture;
import dev.compilereceipt.receipt.Receipt;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * {@code matchesApprovedReceipt()} on approved receipts 0.1 wrote (compile-receipt/1, the example
 * project's files of commit 23ee5f9, kept in core's test resources): a file lacking only figures
 * compile-receipt/2 added passes, and the run says once, as a report entry, that it can be
 * refreshed; a file holding a figure whose meaning changed fails with the format's sentence; the
 * {@code refresh} mode rewrites the first and leaves the second.
 */
class ApprovalAcrossFormatsTest {

    private static final Path OLD = Path.of("../core/src/test/resources/formats/compile-receipt-1");

    @TempDir
    Path root;

    @BeforeEach
    void copyTheOldTree() throws IOException {
        for (String file : List.of("print-bridge/trace.json", "print-bridge/torch-2.6.log")) {
            Files.createDirectories(root.resolve(file).getParent());
            Files.copy(OLD.resolve(file), root.resolve(file));
            Files.copy(OLD.resolve(file + ".approved.json"), root.resolve(file + ".approved.json"));
        }
    }

    static class OnlyNewFigures {
        @Test
        void matches(@TraceFixture("print-bridge/trace.json") Receipt receipt) {
            assertThat(receipt).matchesApprovedReceipt();
        }

        @Test
        void matchesTheCompileSide(@TraceFixture("print-bridge/trace.json") Receipt receipt) {
            assertThat(receipt).compileSideOnly().matchesApprovedReceipt();
        }
    }

    static class AChangedMeaning {
        @Test
        void matches(@TraceFixture("print-bridge/torch-2.6.log") Receipt receipt) {
            assertThat(receipt).compileSideOnly().matchesApprovedReceipt();
        }
    }

    private EngineExecutionResults execute(Class<?> cases, Optional<String> mode) {
        EngineTestKit.Builder kit = EngineTestKit.engine("junit-jupiter").selectors(selectClass(cases))
                .configurationParameter(TraceFixture.FIXTURES_ROOT, root.toString());
        mode.ifPresent(m -> kit.configurationParameter(ApprovalMode.PARAMETER, m));
        return kit.execute();
    }

    private static List<String> entries(EngineExecutionResults results, String key) {
        return results.allEvents().reportingEntryPublished().stream()
                .flatMap(e -> e.getPayload(ReportEntry.class).stream())
                .flatMap(entry -> Optional.ofNullable(entry.getKeyValuePairs().get(key)).stream()).toList();
    }

    @Test
    void anOlderFileLackingOnlyNewFiguresPassesAndIsSaidOnceToBeRefreshable() throws IOException {
        Path approved = root.resolve("print-bridge/trace.json.approved.json");
        String before = Files.readString(approved);
        EngineExecutionResults results = execute(OnlyNewFigures.class, Optional.of("readonly"));
        results.testEvents().assertStatistics(stats -> stats.started(2).succeeded(2).failed(0));
        assertThat(entries(results, ReceiptApproval.FORMAT_ENTRY)).containsExactly(approved + " is compile-receipt/1 and matched in"
                + " every figure both formats define; compile-receipt/2 adds 38 figures it does not hold: refresh it with"
                + " ./receipt approve --refresh " + approved.getParent() + " or -Dcompilereceipt.approve=refresh");
        assertThat(Files.readString(approved)).isEqualTo(before);
    }

    @Test
    void refreshRewritesTheFileInTheCurrentFormat() throws IOException {
        Path approved = root.resolve("print-bridge/trace.json.approved.json");
        EngineExecutionResults results = execute(OnlyNewFigures.class, Optional.of("refresh"));
        results.testEvents().assertStatistics(stats -> stats.started(2).succeeded(2).failed(0));
        assertThat(entries(results, ApprovalMode.PARAMETER)).containsExactly("refreshed the approved receipt " + approved
                + " (compile-receipt/1 → compile-receipt/2, 38 figures added; compilereceipt.approve = refresh):"
                + " every figure both formats define matched");
        assertThat(Files.readString(approved)).startsWith("{").contains("\"format\":\"compile-receipt/2\"");
    }

    @Test
    void aChangedMeaningFailsWithTheFormatSentenceGroupedApart() throws IOException {
        Path approved = root.resolve("print-bridge/torch-2.6.log.approved.json");
        Path received = root.resolve("print-bridge/torch-2.6.log.received.json");
        String before = Files.readString(approved);
        EngineExecutionResults results = execute(AChangedMeaning.class, Optional.of("refresh"));
        results.testEvents().assertStatistics(stats -> stats.started(1).succeeded(0).failed(1));
        String message = results.testEvents().failed().stream().findFirst().orElseThrow()
                .getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable).orElseThrow().getMessage();
        assertThat(message).isEqualTo(String.format("%nExpecting%n  the torch-2.6 receipt%nto match the approved receipt " + approved + "%n"
                + "but 53 figures changed their meaning between the formats (approved compile-receipt/1 → received compile-receipt/2):\n"
                + "  compile-receipt 0.2 knows this source only bounds `ledger[b03].break_sites` and 23 more like it: the approved"
                + " [\"scenarios.py:31\"] listed only what it saw; re-approve\n"
                + "  compile-receipt 0.2 knows this source only bounds `ledger[b03].graphs` and 23 more like it: the approved"
                + " [\"0/0\",\"1/0\"] listed only what it saw; re-approve\n"
                + "  compile-receipt 0.2 knows this source only bounds `runs.baseline.break_sites[scenarios.py:31].calls`: the approved 2"
                + " was never measured; re-approve\n"
                + "  compile-receipt 0.2 knows this source only bounds `runs.baseline.break_sites[scenarios.py:31].per_call_max`: the"
                + " approved 1 was never measured; re-approve\n"
                + "  compile-receipt 0.2 knows this source does not measure `runs.baseline.compile_log.artifact_cache.aotautograd` and 1"
                + " more like it: the approved {\"bypass\":0,\"hit\":0,\"miss\":0} was never measured; re-approve\n"
                + "  compile-receipt 0.2 hashes the trace as it reads it now (`trace_sha256`): the approved"
                + " \"2b8b07f5670ec434294d6e68166b4666dfef0d3250c2f7270646ade2f6819270\" is the hash of an earlier reading; re-approve\n"
                + "no other figure differs (ignoring **.*_ms, **.stages, **.ratio)\n"
                + "(compile-receipt/2 added 47 figures the approved compile-receipt/1 receipt does not hold: not compared)%n")
                + "The received receipt is " + received + ".%n".formatted()
                + "Approve it: review the difference, then mv " + received + " " + approved
                + ", or run the tests with -Dcompilereceipt.approve=overwrite (rewrites every approved receipt that differs).");
        assertThat(Files.readString(approved)).isEqualTo(before);
    }
}
