package dev.compilereceipt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.compilereceipt.diff.ReceiptDiff;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Limits;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A receipt JSON or a trace, told by content and read once, and a receipt read as strictly as a trace. */
class ReceiptsTest {

    private static final Path FIXTURES = Path.of(System.getProperty("compilereceipt.fixtures.dir", "../fixtures"));
    private static final Path TRACE = FIXTURES.resolve("print-bridge/trace.json");
    private static final Path LOG = FIXTURES.resolve("torch-2.14/print-bridge/torch_trace.log");
    private static final Path STDIN = Path.of("(standard input)");

    @TempDir
    Path temp;

    private static String receiptText() {
        return ReceiptExport.canonicalJson(Receipt.of(Traces.read(TRACE)));
    }

    /** The canonical receipt with {@code members} put first, where their place is known: line 1, from column 2. */
    private static String receiptStartingWith(String members) {
        return "{" + members + receiptText().substring(1);
    }

    private static JsonNode fromStream(String text) {
        return Receipts.read(STDIN, new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), Limits.DEFAULT);
    }

    @Test
    void aReceiptThroughAStreamIsAReceiptNotATrace() {
        JsonNode receipt = fromStream(receiptText());
        assertThat(ReceiptDiff.between(ReceiptExport.json(Receipt.of(Traces.read(TRACE))), receipt).isEmpty()).isTrue();
        assertThat(receipt.path("format").asText()).isEqualTo(Receipt.FORMAT);
    }

    @Test
    void aTraceThroughAStreamOrAFileIsItsReceipt() throws IOException {
        JsonNode fromFile = Receipts.read(TRACE, Limits.DEFAULT);
        assertThat(fromFile).isEqualTo(ReceiptExport.json(Receipt.of(Traces.read(TRACE))));
        try (InputStream in = Files.newInputStream(TRACE)) {
            JsonNode fromStream = Receipts.read(STDIN, in, Limits.DEFAULT);
            // every figure: a stream is named by what it stands for (issue #43), which says where the receipt came
            // from and is never a difference
            assertThat(ReceiptDiff.between(fromFile, fromStream).differences()).isEmpty();
            assertThat(fromFile.at("/fixture/sources/0/path").asText()).isEqualTo("trace.json");
            assertThat(fromStream.at("/fixture/sources/0/path").asText()).isEqualTo("(standard input)");
        }
        // a TORCH_TRACE log through a stream: every figure of the file's receipt but its name, file and hash
        try (InputStream in = Files.newInputStream(LOG)) {
            assertThat(ReceiptDiff.between(Receipts.read(LOG, Limits.DEFAULT), Receipts.read(STDIN, in, Limits.DEFAULT))
                    .differences()).extracting(d -> d.pathText())
                    .containsExactly("fixture.name", "trace_sha256");
        }
    }

    @Test
    void aByteOrderMarkIsSkippedAsATracesIs() throws IOException {
        Path marked = temp.resolve("marked.json");
        Files.write(marked, ("\uFEFF" + receiptText()).getBytes(StandardCharsets.UTF_8));
        assertThat(Receipts.read(marked, Limits.DEFAULT)).isEqualTo(fromStream(receiptText()));
    }

    @Test
    void aNumberOutOfTheRangeOfADoubleIsRefusedAtItsPlace() throws IOException {
        Path infinite = Files.writeString(temp.resolve("infinite.json"), receiptStartingWith("\"bad_lines\":[1e400],"));
        assertThatThrownBy(() -> Receipts.read(infinite, Limits.DEFAULT)).isInstanceOf(TraceRefusedException.class)
                .hasMessage(infinite + ": /bad_lines/0 (line 1, column 15): NaN or infinite numbers are not allowed: 1e400 is out of the range of a double");
    }

    @Test
    void aDuplicateKeyIsRefusedNamingIt() {
        assertThatThrownBy(() -> fromStream(receiptStartingWith("\"bad_lines\":[],\"bad_lines\":[],")))
                .isInstanceOf(TraceRefusedException.class)
                .hasMessage("(standard input): /bad_lines (line 1, column 28): duplicate key: \"bad_lines\"");
    }

    @Test
    void anotherReceiptVersionIsRefusedAsAReceipt() {
        String v3 = receiptText().replace("\"format\":\"compile-receipt/2\"", "\"format\":\"compile-receipt/3\"");
        assertThatThrownBy(() -> fromStream(v3)).isInstanceOf(TraceRefusedException.class)
                .hasMessage("(standard input): /format: a receipt of format \"compile-receipt/3\"; this version reads"
                        + " compile-receipt/1 and compile-receipt/2 receipts (and compile-trace/1 traces)");
    }

    @Test
    void anOlderReceiptVersionIsReadAsItWasWritten() {
        String v1 = receiptText().replace("\"format\":\"compile-receipt/2\"", "\"format\":\"compile-receipt/1\"");
        assertThat(fromStream(v1).get("format").asText()).isEqualTo("compile-receipt/1");
    }

    @Test
    void jsonThatIsNoReceiptIsLeftToTheTraceReader() {
        assertThatThrownBy(() -> fromStream("{\"comparison\": {}, \"format\": \"compile-trace/1\"}"))
                .isInstanceOf(TraceRefusedException.class)
                .hasMessageStartingWith("(standard input): /comparison (line 1, column 16): unknown key \"comparison\"");
        assertThatThrownBy(() -> Receipts.read(temp.resolve("absent.json"), Limits.DEFAULT))
                .isInstanceOf(TraceRefusedException.class).hasMessage(temp.resolve("absent.json") + ": (document): no such file");
    }
}
