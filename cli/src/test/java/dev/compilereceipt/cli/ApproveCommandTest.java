package dev.compilereceipt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.ReceiptExport;
import dev.compilereceipt.Traces;
import dev.compilereceipt.receipt.Receipt;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code receipt approve --refresh DIR} and {@code receipt diff} across formats, on the approved
 * receipts 0.1 wrote (compile-receipt/1, the example project's files of commit 23ee5f9, kept in
 * core's test resources): the file lacking only new figures is refreshed, the files whose figures
 * changed meaning are kept and listed, and the exit code says whether any is left.
 */
class ApproveCommandTest {

    private static final Path OLD = Path.of("../core/src/test/resources/formats/compile-receipt-1");

    @TempDir
    Path tree;

    private StringWriter out = new StringWriter();
    private StringWriter err = new StringWriter();

    private int run(String... args) {
        out = new StringWriter();
        err = new StringWriter();
        return ReceiptCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    }

    @BeforeEach
    void copyTheOldTree() throws IOException {
        for (String file : List.of("int-spec/trace.json", "print-bridge/trace.json", "print-bridge/torch-2.6.log")) {
            Files.createDirectories(tree.resolve(file).getParent());
            Files.copy(OLD.resolve(file), tree.resolve(file));
            Files.copy(OLD.resolve(file + ".approved.json"), tree.resolve(file + ".approved.json"));
        }
    }

    @Test
    void refreshRewritesOnlyTheFilesWhoseComparedFiguresMatchAndListsWhatItDid() throws IOException {
        Path intSpec = tree.resolve("int-spec/trace.json.approved.json");
        Path printBridge = tree.resolve("print-bridge/trace.json.approved.json");
        Path log26 = tree.resolve("print-bridge/torch-2.6.log.approved.json");
        String intSpecBefore = Files.readString(intSpec);
        String log26Before = Files.readString(log26);

        assertThat(run("approve", "--refresh", tree.toString())).isEqualTo(1);
        assertThat(out.toString()).startsWith("kept      " + intSpec + ": 36 figures changed their meaning between the formats"
                        + " (approved compile-receipt/1 → received compile-receipt/2):\n"
                        + "      compile-receipt 0.2 writes `runs.baseline.guard_misses[0].guard` and 35 more like it in one normal form on"
                        + " every source: the approved \"0/0: L['n'] == 1                                                 \" is the earlier"
                        + " spelling of the same text; re-approve\n")
                .contains("\nkept      " + log26 + ": 53 figures changed their meaning")
                .endsWith("\nrefreshed " + printBridge + " (compile-receipt/1 → compile-receipt/2, 38 figures added)\n"
                        + "1 refreshed to compile-receipt/2, 0 current, 2 left to re-approve\n");
        assertThat(err.toString()).isEmpty();
        assertThat(Files.readString(printBridge)).isEqualTo(
                ReceiptExport.canonicalJson(Receipt.of(Traces.read(tree.resolve("print-bridge/trace.json")))) + "\n");
        assertThat(Files.readString(intSpec)).isEqualTo(intSpecBefore);
        assertThat(Files.readString(log26)).isEqualTo(log26Before);

        Files.delete(intSpec);
        Files.delete(log26);
        assertThat(run("approve", "--refresh", tree.toString())).isZero();
        assertThat(out.toString()).isEqualTo("current   " + printBridge + "\n0 refreshed to compile-receipt/2, 1 current, 0 left to re-approve\n");
    }

    @Test
    void aFileWithoutItsFixtureIsKeptAndAFolderIsRequired() throws IOException {
        Path orphan = Files.writeString(tree.resolve("gone.json.approved.json"), "{}");
        Files.delete(tree.resolve("int-spec/trace.json.approved.json"));
        Files.delete(tree.resolve("print-bridge/torch-2.6.log.approved.json"));
        assertThat(run("approve", "--refresh", tree.toString())).isEqualTo(1);
        assertThat(out.toString()).startsWith("kept      " + orphan + ": no fixture beside it by that name\n");
        assertThat(run("approve", "--refresh", orphan.toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("receipt: refused: " + orphan + ": (document): not a folder: --refresh takes the folder of your approved receipts\n");
    }

    @Test
    void diffBetweenTwoFormatsComparesWhatBothDefine() {
        assertThat(run("diff", tree.resolve("print-bridge/trace.json.approved.json").toString(),
                tree.resolve("print-bridge/trace.json").toString())).isZero();
        assertThat(out.toString()).endsWith("\nno figure differs\n"
                + "(compile-receipt/2 added 38 figures the before compile-receipt/1 receipt does not hold: not compared)\n"
                + "cache keys (before → after): which cache key components changed is not measured: the source lists no cache keys"
                + " (only a TORCH_TRACE log does)\n");
        assertThat(run("diff", tree.resolve("print-bridge/torch-2.6.log.approved.json").toString(),
                tree.resolve("print-bridge/torch-2.6.log").toString())).isEqualTo(1);
        assertThat(out.toString()).contains("\n53 figures changed their meaning between the formats (before compile-receipt/1 → after compile-receipt/2):\n")
                .contains("  compile-receipt 0.2 knows this source only bounds `runs.baseline.break_sites[scenarios.py:31].calls`: the before 2"
                        + " was never measured; compare receipts of one format\n");
    }
}
