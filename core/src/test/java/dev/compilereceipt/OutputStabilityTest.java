package dev.compilereceipt;

import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.view.html.ReceiptHtml;
import dev.compilereceipt.view.text.ReceiptSummary;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Pins every output of every fixture: the receipt JSON, both CSVs, the summary and the HTML page
 * (or the refusal) of each trace under {@code fixtures/}, as SHA-256 prefixes in
 * {@code output-hashes.txt}. A change of layout must leave this file as it is; a change of
 * behaviour shows here as the lines of the fixtures it changed. After a deliberate change, run
 * with {@code -Dcompilereceipt.outputs.update=true} to rewrite the file, and review its diff.
 */
class OutputStabilityTest {

    private static final Path EXPECTED = Fixtures.DIR.getParent()
            .resolve("core/src/test/resources/output-hashes.txt");

    @Test
    void everyFixtureGivesTheOutputsPinnedInOutputHashes() throws IOException {
        String actual = inputs().stream().map(OutputStabilityTest::line).collect(Collectors.joining("\n", "", "\n"));
        if (Boolean.getBoolean("compilereceipt.outputs.update")) {
            Files.writeString(EXPECTED, actual, StandardCharsets.UTF_8);
        }
        assertThat(actual).isEqualTo(Files.readString(EXPECTED, StandardCharsets.UTF_8));
    }

    static List<Path> inputs() throws IOException {
        try (Stream<Path> files = Files.walk(Fixtures.DIR)) {
            return files.filter(Files::isRegularFile)
                    .filter(file -> {
                        String name = file.getFileName().toString();
                        return (name.endsWith(".json") || name.endsWith(".log") || name.endsWith(".txt"))
                                && !name.equals("truth.json") && !name.contains(".approved.") && !name.contains(".received.");
                    })
                    .sorted()
                    .toList();
        }
    }

    private static String line(Path file) {
        String name = Fixtures.DIR.relativize(file).toString().replace('\\', '/');
        try {
            Trace trace = Traces.read(file);
            Receipt receipt = Receipt.of(trace);
            return name
                    + " json=" + sha(ReceiptExport.canonicalJson(receipt))
                    + " ledger=" + sha(ReceiptExport.ledgerCsv(receipt.ledger()))
                    + " receipt=" + sha(ReceiptExport.receiptCsv(receipt))
                    + " summary=" + sha(ReceiptSummary.render(receipt))
                    + " html=" + sha(ReceiptHtml.render(trace, receipt));
        } catch (TraceRefusedException refused) {
            return name + " refused=" + sha(refused.getMessage().replace(Fixtures.DIR.toString(), "fixtures"));
        } catch (UncheckedIOException e) {
            return name + " unreadable=" + e.getCause().getClass().getSimpleName();
        }
    }

    private static String sha(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
