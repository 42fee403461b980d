package dev.compilereceipt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.trace.KeyComparison;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sides {@code receipt diff} is given (issue #30): a receipt JSON told by content, from a file
 * or standard input, read as strictly as a trace, with one line naming the file, the place and the
 * rule and exit 2 for what is refused. Pipes and process substitution are in .ci/hostile-cli.sh.
 */
class DiffInputTest {

    private static final Path TRACE = Path.of(System.getProperty("compilereceipt.fixtures.dir", "../fixtures"))
            .resolve("print-bridge/trace.json");

    private StringWriter out;
    private StringWriter err;
    private String receipt;

    @TempDir
    Path temp;

    @BeforeEach
    void receiptOfPrintBridge() {
        assertThat(run("audit", "--json", TRACE.toString())).isZero();
        receipt = out.toString().strip();
    }

    private int run(String... args) {
        out = new StringWriter();
        err = new StringWriter();
        return ReceiptCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    }

    private int runWithStandardInput(byte[] input, String... args) {
        InputStream before = System.in;
        System.setIn(new ByteArrayInputStream(input));
        try {
            return run(args);
        } finally {
            System.setIn(before);
        }
    }

    /** The receipt with {@code members} put first, where their place is known: line 1, from column 2. */
    private Path receiptStartingWith(String name, String members) throws Exception {
        return Files.writeString(temp.resolve(name), "{" + members + receipt.substring(1));
    }

    @Test
    void aNumberOutOfTheRangeOfADoubleIsRefusedNamingTheFileAndThePlace() throws Exception {
        Path infinite = receiptStartingWith("infinite.json", "\"bad_lines\":[1e400],");
        assertThat(run("diff", infinite.toString(), TRACE.toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("receipt: refused: " + infinite + ": /bad_lines/0 (line 1, column 15):"
                + " NaN or infinite numbers are not allowed: 1e400 is out of the range of a double\n");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void aDuplicateKeyIsRefusedNotLeftToDecideTheFigure() throws Exception {
        Path twice = receiptStartingWith("twice.json", "\"bad_lines\":[],\"bad_lines\":[],");
        assertThat(run("diff", TRACE.toString(), twice.toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("receipt: refused: " + twice + ": /bad_lines (line 1, column 28): duplicate key: \"bad_lines\"\n");
    }

    @Test
    void aByteOrderMarkIsSkipped() throws Exception {
        Path marked = temp.resolve("marked.json");
        Files.write(marked, ("\uFEFF" + receipt).getBytes(StandardCharsets.UTF_8));
        assertThat(run("diff", marked.toString(), TRACE.toString())).isZero();
        assertThat(out.toString()).endsWith("\nno figure differs\ncache keys (before → after): " + KeyComparison.NO_KEYS + "\n");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void aReceiptOnStandardInputIsAReceipt() {
        assertThat(runWithStandardInput(receipt.getBytes(StandardCharsets.UTF_8), "diff", "-", TRACE.toString())).isZero();
        assertThat(out.toString()).isEqualTo("before: -\nafter:  " + TRACE + "\nno figure differs\n"
                + "cache keys (before → after): which cache key components changed is not measured: the source lists no cache keys"
                + " (only a TORCH_TRACE log does)\n");
        byte[] twice = ("{\"bad_lines\":[],\"bad_lines\":[]," + receipt.substring(1)).getBytes(StandardCharsets.UTF_8);
        assertThat(runWithStandardInput(twice, "diff", TRACE.toString(), "-")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("receipt: refused: (standard input): /bad_lines (line 1, column 28): duplicate key: \"bad_lines\"\n");
    }

    @Test
    void standardInputIsOneSideOnly() {
        assertThat(runWithStandardInput(receipt.getBytes(StandardCharsets.UTF_8), "diff", "-", "-")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("receipt: refused: -: (document): standard input can be read once: give - for one side only\n");
    }
}
