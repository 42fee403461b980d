package dev.compilereceipt.approval;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.Traces;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.testsupport.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Approved receipts per PyTorch release (docs/approvals.md, "Per release"): which file is compared, which is written. */
class ReleaseFilesTest {

    @TempDir
    Path dir;

    private static ObjectNode receiptOf(String torch) {
        ObjectNode receipt = JsonNodeFactory.instance.objectNode();
        ObjectNode fixture = receipt.putObject("fixture");
        if (torch != null) {
            fixture.put("torch", torch);
        }
        return receipt;
    }

    @Test
    void theReleaseIsMajorDotMinorOfFixtureTorch() {
        assertThat(ReleaseFiles.release(receiptOf("2.6.0+debian"))).contains("2.6");
        assertThat(ReleaseFiles.release(receiptOf("2.14.1"))).contains("2.14");
        assertThat(ReleaseFiles.release(receiptOf("2.15.0.dev20260101"))).contains("2.15");
        assertThat(ReleaseFiles.release(receiptOf(null))).isEmpty();
        assertThat(ReleaseFiles.release(receiptOf("nightly"))).isEmpty();
    }

    @Test
    void aNewReleaseIsComparedWithTheNewestOlderReleaseNumericallyAndWritesItsOwn() throws IOException {
        Path plain = dir.resolve("trace.json.approved.json");
        Files.writeString(dir.resolve("trace.json.torch-2.6.approved.json"), "{}");
        Files.writeString(dir.resolve("trace.json.torch-2.14.approved.json"), "{}");
        Files.writeString(dir.resolve("trace.json.torch-2.16.approved.json"), "{}");
        Files.writeString(dir.resolve("other.json.torch-2.15.approved.json"), "{}");
        assertThat(ReleaseFiles.choose(plain, Optional.of("2.15"), true)).isEqualTo(new ReleaseFiles.Choice(
                dir.resolve("trace.json.torch-2.15.approved.json"), dir.resolve("trace.json.torch-2.14.approved.json"),
                Optional.of("no approved receipt for torch 2.15 yet; compared with 2.14's")));
        assertThat(ReleaseFiles.choose(plain, Optional.of("2.14"), true)).isEqualTo(new ReleaseFiles.Choice(
                dir.resolve("trace.json.torch-2.14.approved.json"), dir.resolve("trace.json.torch-2.14.approved.json"), Optional.empty()));
        assertThat(ReleaseFiles.choose(plain, Optional.of("2.5"), true).compared()).isEqualTo(dir.resolve("trace.json.torch-2.5.approved.json"));
        assertThat(ReleaseFiles.choose(plain, Optional.of("2.15"), false))
                .isEqualTo(new ReleaseFiles.Choice(plain, plain, Optional.empty()));
        assertThat(ReleaseFiles.choose(plain, Optional.empty(), true)).isEqualTo(new ReleaseFiles.Choice(plain, plain,
                Optional.of("the receipt names no torch release (fixture.torch), so the plain trace.json.approved.json is used")));
    }

    @Test
    void aReleaseFileNamesItsFixtureForRefresh() throws IOException {
        Path fixture = Files.writeString(dir.resolve("trace.json"), "{}");
        assertThat(ApprovedFileName.of(dir.resolve("trace.json.torch-2.14.approved.json")).orElseThrow().fixtures()).containsExactly(fixture);
        assertThat(ApprovedFileName.of(dir.resolve("trace.json.max_calls-128.torch-2.6.approved.json")).orElseThrow().limits().maxCalls())
                .isEqualTo(128);
    }

    @Test
    void anUpgradeShowsWhatMovedAndApprovingKeepsTheOldReleasesFile() throws IOException {
        Path old = Files.copy(Fixtures.PRINT_BRIDGE, Files.createDirectory(dir.resolve("old")).resolve("trace.json"));
        Receipt receipt26 = Receipt.of(Traces.read(old));
        ApprovalRules rules = ApprovalRules.EXACT.withinMargins().withPerRelease(true);
        ApprovedReceipt.Verdict recorded = ApprovedReceipt.check(receipt26, old, OptionalInt.empty(), ApprovalMode.MISSING, "missing",
                List.of(), true, rules);
        Path approved26 = dir.resolve("old/trace.json.torch-2.6.approved.json");
        assertThat(recorded.outcome()).isEqualTo(ApprovedReceipt.Outcome.RECORDED);
        assertThat(recorded.approved()).isEqualTo(approved26);
        assertThat(dir.resolve("old/trace.json.approved.json")).doesNotExist();

        Path fixture = dir.resolve("old/trace.json");
        Files.copy(Fixtures.path("torch-2.14/print-bridge/trace.json"), fixture, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Receipt receipt214 = Receipt.of(Traces.read(fixture));
        ApprovedReceipt.Verdict differs = ApprovedReceipt.check(receipt214, fixture, OptionalInt.empty(), ApprovalMode.READONLY,
                "readonly", List.of(), true, rules);
        assertThat(differs.outcome()).isEqualTo(ApprovedReceipt.Outcome.DIFFERS);
        assertThat(differs.message()).startsWith("%nExpecting%n  the print-bridge receipt%nto match the approved receipt %s%n"
                .formatted(approved26) + "but no approved receipt for torch 2.14 yet; compared with 2.6's%n".formatted());
        assertThat(differs.received()).contains(dir.resolve("old/trace.json.torch-2.14.received.json"));
        assertThat(differs.message()).contains("mv " + dir.resolve("old/trace.json.torch-2.14.received.json") + " "
                + dir.resolve("old/trace.json.torch-2.14.approved.json"));

        ApprovedReceipt.Verdict overwritten = ApprovedReceipt.check(receipt214, fixture, OptionalInt.empty(), ApprovalMode.OVERWRITE,
                "overwrite", List.of(), true, rules);
        assertThat(overwritten.outcome()).isEqualTo(ApprovedReceipt.Outcome.OVERWRITTEN);
        assertThat(dir.resolve("old/trace.json.torch-2.14.approved.json")).exists();
        assertThat(approved26).exists();
        assertThat(ApprovedReceipt.check(receipt214, fixture, OptionalInt.empty(), ApprovalMode.READONLY, "readonly", List.of(), true, rules)
                .outcome()).isEqualTo(ApprovedReceipt.Outcome.MATCHED);
        assertThat(ApprovedReceipt.check(receipt26, fixture, OptionalInt.empty(), ApprovalMode.READONLY, "readonly", List.of(), true, rules)
                .outcome()).isEqualTo(ApprovedReceipt.Outcome.MATCHED);
    }
}
