package dev.compilereceipt;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a trace's receipt JSON, ledger.csv and receipt.csv into a folder; run in forked JVMs by {@link LocaleIndependenceTest}. */
public final class ReceiptBytesMain {

    private ReceiptBytesMain() {
    }

    public static void main(String[] args) throws IOException {
        Receipt receipt = Receipt.of(Traces.read(Path.of(args[0])));
        Path out = Path.of(args[1]);
        Files.write(out.resolve("receipt.json"), receipt.toCanonicalJson().getBytes(StandardCharsets.UTF_8));
        Files.write(out.resolve("ledger.csv"), receipt.toLedgerCsv().getBytes(StandardCharsets.UTF_8));
        Files.write(out.resolve("receipt.csv"), receipt.toReceiptCsv().getBytes(StandardCharsets.UTF_8));
        Files.write(out.resolve("summary.txt"), ReceiptSummary.render(receipt).getBytes(StandardCharsets.UTF_8));
    }
}
