package dev.compilereceipt.approval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.ReceiptExport;
import dev.compilereceipt.Traces;
import dev.compilereceipt.receipt.Receipt;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the approved and received files are written (docs/hostile-input.md, "Every file the tool
 * writes"): never through a symbolic link, never over a read-only file, a replaced file's mode
 * kept, and a received file that cannot be written never hides the difference.
 */
class ApprovedReceiptFilesTest {

    @TempDir
    Path dir;

    private Path fixture;
    private Path approved;
    private Path received;
    private Receipt receipt;
    /** An approved receipt that differs from the fixture's: int-spec's. */
    private String other;

    @BeforeEach
    void copyTheFixture() throws IOException {
        fixture = Files.copy(Fixtures.PRINT_BRIDGE, dir.resolve("print-bridge.json"));
        approved = ApprovedReceipt.approvedFile(fixture);
        received = ApprovedReceipt.receivedFile(fixture);
        receipt = Receipt.of(Traces.read(fixture));
        other = ReceiptExport.canonicalJson(Receipt.of(Traces.read(Fixtures.INT_SPEC))) + "\n";
    }

    private ApprovedReceipt.Verdict check(ApprovalMode mode) {
        return ApprovedReceipt.check(receipt, fixture, mode, mode.name().toLowerCase(java.util.Locale.ROOT), List.of(), true);
    }

    private static String mode(Path file) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
    }

    @Test
    void overwriteRefusesASymbolicLinkAndLeavesItAndItsTarget() throws IOException {
        Path shared = Files.writeString(Files.createDirectory(dir.resolve("shared")).resolve("print-bridge.approved.json"), other);
        Files.createSymbolicLink(approved, shared);
        assertThatThrownBy(() -> check(ApprovalMode.OVERWRITE)).isInstanceOf(IllegalStateException.class)
                .hasMessage("cannot write " + approved + ": it is a symbolic link; name the file itself");
        assertThat(Files.isSymbolicLink(approved)).isTrue();
        assertThat(Files.readString(shared)).isEqualTo(other);
    }

    @Test
    void overwriteRefusesAReadOnlyApprovedFileAndKeepsItsBytesAndMode() throws IOException {
        Files.writeString(approved, other);
        Files.setPosixFilePermissions(approved, PosixFilePermissions.fromString("r--r--r--"));
        assertThatThrownBy(() -> check(ApprovalMode.OVERWRITE)).isInstanceOf(IllegalStateException.class)
                .hasMessage("cannot write " + approved + ": it is read-only; make it writable (chmod u+w) to have it replaced");
        assertThat(Files.readString(approved)).isEqualTo(other);
        assertThat(mode(approved)).isEqualTo("r--r--r--");
    }

    @Test
    void overwriteKeepsTheApprovedFilesMode() throws IOException {
        Files.writeString(approved, other);
        Files.setPosixFilePermissions(approved, PosixFilePermissions.fromString("rw-r-----"));
        assertThat(check(ApprovalMode.OVERWRITE).outcome()).isEqualTo(ApprovedReceipt.Outcome.OVERWRITTEN);
        assertThat(Files.readString(approved)).isEqualTo(ReceiptExport.canonicalJson(receipt) + "\n");
        assertThat(mode(approved)).isEqualTo("rw-r-----");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("print-bridge.json", "print-bridge.json.approved.json");
        }
    }

    @Test
    void aReceivedFileThatCannotBeWrittenKeepsTheDifferenceAndAddsOneLine() throws IOException {
        Files.writeString(approved, other);
        Files.writeString(Files.createDirectory(received).resolve("x"), "a folder where the received file goes");
        ApprovedReceipt.Verdict verdict = check(ApprovalMode.READONLY);
        assertThat(verdict.outcome()).isEqualTo(ApprovedReceipt.Outcome.DIFFERS);
        assertThat(verdict.received()).isEmpty();
        assertThat(verdict.diff().isEmpty()).isFalse();
        assertThat(verdict.message())
                .contains("to match the approved receipt " + approved + "\nbut " + verdict.diff().text("approved", "received") + "\n")
                .endsWith("\nThe received receipt could not be written: cannot write " + received + ": it is a folder.");
    }

    @Test
    void aMissingApprovedReceiptWhoseReceivedFileCannotBeWrittenSaysBoth() throws IOException {
        Files.writeString(Files.createDirectory(received).resolve("x"), "a folder where the received file goes");
        ApprovedReceipt.Verdict verdict = check(ApprovalMode.READONLY);
        assertThat(verdict.outcome()).isEqualTo(ApprovedReceipt.Outcome.MISSING);
        assertThat(verdict.message()).contains("but there is none, and ")
                .endsWith("never writes one.\nThe received receipt could not be written: cannot write " + received + ": it is a folder.");
    }

    @Test
    void anUnwritableFolderKeepsTheDifferenceAndNamesTheReason() throws IOException {
        Files.writeString(approved, other);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            assumeFalse(Files.isWritable(dir), "root writes into any folder, whatever its mode");
            ApprovedReceipt.Verdict verdict = check(ApprovalMode.READONLY);
            assertThat(verdict.message()).contains("\nbut " + verdict.diff().text("approved", "received") + "\n")
                    .endsWith("\nThe received receipt could not be written: cannot write " + received + ": permission denied.");
        } finally {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }
}
