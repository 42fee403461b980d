package dev.compilereceipt.testsupport;

import dev.compilereceipt.ReceiptExport;
import dev.compilereceipt.Traces;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.view.text.ReceiptSummary;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a trace's receipt JSON, ledger.csv and receipt.csv into a folder; run in forked JVMs by {@code LocaleIndependenceTest}. */
public final class ReceiptBytesMain {

    private ReceiptBytesMain() {
    }

    public static void main(String[] args) throws IOException {
        Receipt receipt = Receipt.of(Traces.read(Path.of(args[0])));
        Path out = Path.of(args[1]);
        Files.write(out.resolve("receipt.json"), ReceiptExport.canonicalJson(receipt).getBytes(StandardCharsets.UTF_8));
        Files.write(out.resolve("ledger.csv"), ReceiptExport.ledgerCsv(receipt.ledger()).getBytes(StandardCharsets.UTF_8));
        Files.write(out.resolve("receipt.csv"), ReceiptExport.receiptCsv(receipt).getBytes(StandardCharsets.UTF_8));
        Files.write(out.resolve("summary.txt"), ReceiptSummary.render(receipt).getBytes(StandardCharsets.UTF_8));
    }
}
