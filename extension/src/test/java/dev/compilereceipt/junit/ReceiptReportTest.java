package dev.compilereceipt.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.Traces;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The block a failing test prints for build tools that keep only standard output (Surefire's XML). */
class ReceiptReportTest {

    private final Receipt receipt = Receipt.of(Traces.read(EngineRun.FIXTURES.resolve("print-bridge/trace.json")));

    @Test
    void printsTheEntryAndWhereTheFilesAre() {
        String block = ReceiptReport.printed(ReceiptReport.entry(receipt, "receipt-print-bridge"), Path.of("/reports/receipt-print-bridge"));
        // baseline: 15 calls, compiles 2 (warmup) + 2 (changed), 4 graphs, 1 break site, steady median 0.091;
        // candidate: 15 calls, 1 + 1 compiles, 2 graphs; steady ratio 0.0643 / 0.091 = 0.706593
        assertThat(block).isEqualTo("compile-receipt: receipt of print-bridge attached at /reports/receipt-print-bridge "
                + "(receipt.json, ledger.csv, receipt.csv, receipt.html)\n"
                + "  trace_sha256: " + receipt.traceSha256() + "\n"
                + "  receipt_sha256: " + receipt.receiptSha256() + "\n"
                + "  baseline: calls 15, compiles 4, fallbacks 0, graphs 4, break sites 1, steady compiles 0, steady median 0.091 ms\n"
                + "  candidate: calls 15, compiles 2, fallbacks 0, graphs 2, break sites 0, steady compiles 0, steady median 0.0643 ms\n"
                + "  steady: median 0.091 ms -> 0.0643 ms, ratio 0.706593\n"
                + "  failures: none\n");
    }

    @Test
    void saysSoWhenTheFilesCouldNotBeWritten() {
        assertThat(ReceiptReport.printed(ReceiptReport.entry(receipt, "receipt-print-bridge"), null))
                .startsWith("compile-receipt: receipt of print-bridge (files not written)\n");
    }
}
