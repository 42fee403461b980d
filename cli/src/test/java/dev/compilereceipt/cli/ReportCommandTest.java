package dev.compilereceipt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.view.html.ReceiptHtml;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.Traces;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code receipt report}: the page written where asked, and the exit codes of the other commands. */
class ReportCommandTest {

    private static final Path FIXTURES = Path.of(System.getProperty("compilereceipt.fixtures.dir", "../fixtures"));

    @TempDir
    Path temp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return ReceiptCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    }

    @Test
    void writesTheReceiptPageToTheOutputFile() throws Exception {
        Path traceFile = FIXTURES.resolve("print-bridge/trace.json");
        Path page = temp.resolve("reports/receipt.html");

        assertThat(run("report", traceFile.toString(), "-o", page.toString())).isZero();

        Trace trace = Traces.read(traceFile);
        assertThat(Files.readString(page, StandardCharsets.UTF_8)).isEqualTo(ReceiptHtml.render(trace, Receipt.of(trace)));
        assertThat(Files.readString(page, StandardCharsets.UTF_8))
                .contains("<g class=\"call\" data-run=\"baseline\" data-call=\"b04\" data-phase=\"steady\"");
        assertThat(out.toString()).isEmpty();
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void withoutAnOutputFileThePageGoesToStandardOutput() {
        assertThat(run("report", FIXTURES.resolve("int-spec/trace.json").toString())).isZero();

        assertThat(out.toString()).startsWith("<!DOCTYPE html>\n").endsWith("</html>\n")
                .contains("<span class=\"fixture-name\">int-spec</span>");
    }

    @Test
    void aRefusedTraceExitsWithTwoAndTheContractsMessage() throws Exception {
        Path traceFile = temp.resolve("trace.json");
        Files.writeString(traceFile, "{\"format\": \"compile-trace/2\"}");
        Path page = temp.resolve("receipt.html");

        assertThat(run("report", traceFile.toString(), "-o", page.toString())).isEqualTo(2);

        assertThat(err.toString()).isEqualTo("receipt: refused: " + traceFile + ": /format (line 1, column 12): "
                + "format must be exactly \"compile-trace/1\", found \"compile-trace/2\"" + System.lineSeparator());
        assertThat(page).doesNotExist();
    }

    @Test
    void anOutputThatIsAFolderIsRefusedInPlainWords() throws Exception {
        Path directory = Files.createDirectories(temp.resolve("receipt.html"));

        int code = run("report", FIXTURES.resolve("print-bridge/trace.json").toString(), "-o", directory.toString());

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("receipt: cannot write " + directory + ": it is a folder" + System.lineSeparator());
    }
}
