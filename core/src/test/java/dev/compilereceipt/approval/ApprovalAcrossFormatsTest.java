package dev.compilereceipt.approval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.ReceiptExport;
import dev.compilereceipt.Traces;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Limits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Approved receipts that 0.1 wrote (compile-receipt/1, the example project's files of commit
 * 23ee5f9) checked by this version: a file that lacks only the figures compile-receipt/2 added
 * matches and can be refreshed; a file holding a figure whose meaning changed fails with the
 * format's sentence; {@code refresh} rewrites only the first; the file name says the fixture.
 */
class ApprovalAcrossFormatsTest {

    private static final Path OLD = Path.of("src/test/resources/formats/compile-receipt-1");

    @TempDir
    Path dir;

    private Path printBridge;
    private Path log26;

    @BeforeEach
    void copyTheOldTree() throws IOException {
        for (String file : List.of("print-bridge/trace.json", "print-bridge/torch-2.6.log")) {
            Files.createDirectories(dir.resolve(file).getParent());
            Files.copy(OLD.resolve(file), dir.resolve(file));
            Files.copy(OLD.resolve(file + ".approved.json"), dir.resolve(file + ".approved.json"));
        }
        printBridge = dir.resolve("print-bridge/trace.json");
        log26 = dir.resolve("print-bridge/torch-2.6.log");
    }

    private static ApprovedReceipt.Verdict check(Path fixture, ApprovalMode mode) {
        return ApprovedReceipt.check(Receipt.of(Traces.read(fixture)), fixture, mode, mode.id(), List.of(), true);
    }

    @Test
    void anOlderFileLackingOnlyNewFiguresMatchesAndCanBeRefreshed() throws IOException {
        String before = Files.readString(ApprovedReceipt.approvedFile(printBridge));
        ApprovedReceipt.Verdict verdict = check(printBridge, ApprovalMode.READONLY);
        assertThat(verdict.outcome()).isEqualTo(ApprovedReceipt.Outcome.MATCHED);
        assertThat(verdict.refreshable()).isTrue();
        assertThat(verdict.message()).isEqualTo("matched " + ApprovedReceipt.approvedFile(printBridge));
        assertThat(Files.readString(ApprovedReceipt.approvedFile(printBridge))).isEqualTo(before);
        assertThat(ApprovedFormat.refreshable(verdict.approved(), verdict.diff().formatGap().orElseThrow())).isEqualTo(
                verdict.approved() + " is compile-receipt/1 and matched in every figure both formats define; compile-receipt/2 adds"
                        + " 38 figures it does not hold: refresh it with ./receipt approve --refresh " + dir.resolve("print-bridge")
                        + " or -Dcompilereceipt.approve=refresh");
    }

    @Test
    void refreshRewritesAMatchingOlderFileInTheCurrentFormat() throws IOException {
        ApprovedReceipt.Verdict verdict = check(printBridge, ApprovalMode.REFRESH);
        assertThat(verdict.outcome()).isEqualTo(ApprovedReceipt.Outcome.REFRESHED);
        assertThat(verdict.message()).isEqualTo("refreshed the approved receipt " + verdict.approved()
                + " (compile-receipt/1 → compile-receipt/2, 38 figures added; compilereceipt.approve = refresh):"
                + " every figure both formats define matched");
        assertThat(Files.readString(verdict.approved()))
                .isEqualTo(ReceiptExport.canonicalJson(Receipt.of(Traces.read(printBridge))) + "\n");
        assertThat(check(printBridge, ApprovalMode.REFRESH).outcome()).isEqualTo(ApprovedReceipt.Outcome.MATCHED);
        assertThat(check(printBridge, ApprovalMode.READONLY).refreshable()).isFalse();
    }

    @Test
    void aChangedMeaningFailsWithTheFormatSentenceAndRefreshLeavesTheFile() throws IOException {
        String before = Files.readString(ApprovedReceipt.approvedFile(log26));
        ApprovedReceipt.Verdict verdict = check(log26, ApprovalMode.REFRESH);
        assertThat(verdict.outcome()).isEqualTo(ApprovedReceipt.Outcome.DIFFERS);
        assertThat(verdict.message()).startsWith("%nExpecting%n  the torch-2.6 receipt%nto match the approved receipt %s%n".formatted(verdict.approved())
                        + "but 53 figures changed their meaning between the formats (approved compile-receipt/1 → received compile-receipt/2):\n")
                .contains("  compile-receipt 0.2 knows this source only bounds `runs.baseline.break_sites[scenarios.py:31].calls`:"
                        + " the approved 2 was never measured; re-approve\n")
                .contains("no other figure differs\n(compile-receipt/2 added 47 figures the approved compile-receipt/1 receipt does not hold: not compared)\n");
        assertThat(verdict.expected()).startsWith("ledger[b03].break_sites: [\"scenarios.py:31\"]\n");
        assertThat(verdict.actual()).startsWith("ledger[b03].break_sites: {\"at_least\":1,\"known\":[\"scenarios.py:31\"]}\n");
        assertThat(Files.readString(verdict.approved())).isEqualTo(before);
        assertThat(ApprovedFormat.refresh(Receipt.of(Traces.read(log26)), verdict.approved()).status()).isEqualTo(ApprovedFormat.Status.DIFFERS);
        assertThat(Files.readString(verdict.approved())).isEqualTo(before);
    }

    @Test
    void refreshNeverRecordsAMissingFile() {
        // no approved file for rank 3: refresh fails as readonly does, writing only the received file
        ApprovedReceipt.Verdict verdict = ApprovedReceipt.check(Receipt.of(Traces.read(printBridge)), printBridge, OptionalInt.of(3),
                ApprovalMode.REFRESH, "refresh", List.of(), true);
        assertThat(verdict.outcome()).isEqualTo(ApprovedReceipt.Outcome.MISSING);
        assertThat(verdict.approved()).doesNotExist();
    }

    @Test
    void theApprovedFileNameSaysItsFixtureAndRequest() throws IOException {
        assertThat(ApprovedFileName.of(ApprovedReceipt.approvedFile(printBridge))).hasValue(
                new ApprovedFileName(ApprovedReceipt.approvedFile(printBridge), List.of(printBridge), Limits.DEFAULT, OptionalInt.empty()));
        Path named = ApprovedReceipt.approvedFile(printBridge, Limits.DEFAULT.withMaxCalls(128), OptionalInt.of(1));
        assertThat(named.getFileName()).hasToString("trace.json.max_calls-128.rank-1.approved.json");
        assertThat(ApprovedFileName.of(named)).hasValue(new ApprovedFileName(named, List.of(printBridge), Limits.DEFAULT.withMaxCalls(128), OptionalInt.of(1)));
        Path pair = dir.resolve("print-bridge/trace.json+torch-2.6.log.approved.json");
        assertThat(ApprovedFileName.of(pair)).hasValue(new ApprovedFileName(pair, List.of(printBridge, log26), Limits.DEFAULT, OptionalInt.empty()));
        assertThat(ApprovedFileName.of(dir.resolve("print-bridge/gone.json.approved.json"))).isEmpty();
        assertThat(ApprovedFileName.of(dir.resolve("print-bridge/trace.json"))).isEmpty();
    }
}
