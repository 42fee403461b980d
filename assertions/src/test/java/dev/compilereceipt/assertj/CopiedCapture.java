package dev.compilereceipt.assertj;

import dev.compilereceipt.ReceiptExport;
import dev.compilereceipt.Traces;
import dev.compilereceipt.receipt.Receipt;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * print-bridge's capture copied to {@code ROOT/approval/print-bridge.json}, with the approved and
 * received files a check of it names and the receipt's canonical bytes, for the approval tests.
 */
record CopiedCapture(Path fixture, Path approved, Path received, String canonical) {

    static CopiedCapture in(Path root) throws IOException {
        Path fixture = Files.createDirectories(root.resolve("approval")).resolve("print-bridge.json");
        Files.copy(Fixtures.dir().resolve("print-bridge/trace.json"), fixture);
        return new CopiedCapture(fixture, root.resolve("approval/print-bridge.json.approved.json"),
                root.resolve("approval/print-bridge.json.received.json"),
                ReceiptExport.canonicalJson(Receipt.of(Traces.read(fixture))) + "\n");
    }
}
