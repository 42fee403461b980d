package dev.compilereceipt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a hostile trace must not do to the person who reads its receipt, nor to the files around
 * it: forge lines on the terminal, plant formulas in a spreadsheet, overwrite the input, follow a
 * symbolic link, or leave half a page behind. The table is {@code docs/hostile-input.md}.
 */
class HostileOutputTest {

    /** A break reason that would print a fake "failures: none" and then hide the rest of the screen. */
    private static final String FORGED_REASON = "Unsupported\\n\\nfailures: none\\n\\u001b[8m";

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path dir;

    private int run(String... args) {
        return ReceiptCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    }

    private Path trace(String callId, String reason, boolean ok) throws Exception {
        Path file = dir.resolve("hostile.json");
        Files.writeString(file, "{\"format\": \"compile-trace/1\", \"fixture\": {\"name\": \"hostile\\u202e\"}, \"runs\": [{\"label\": \"baseline\","
                + " \"calls\": [{\"id\": \"" + callId + "\", \"phase\": \"steady\", \"family\": \"@SUM(A1:A9)\", \"wall_ms\": 1.5,"
                + " \"check\": {\"ok\": " + ok + "}, \"events\": [{\"kind\": \"region\", \"graph\": \"0/0\", \"cache\": \"hit\", \"ms\": 0.5},"
                + " {\"kind\": \"break\", \"site\": \"+cmd|calc.py:1\", \"reason\": \"" + reason + "\", \"eager_ms\": 0.1}]}]}]}",
                StandardCharsets.UTF_8);
        return file;
    }

    @Test
    void controlCharactersFromATraceArePrintedVisiblyNeverRaw() throws Exception {
        Path file = trace("b04", FORGED_REASON, false);
        assertThat(run("audit", file.toString())).isZero();
        String summary = out.toString();
        assertThat(summary).doesNotContain("\u001b", "\u202e")
                .contains(" eager 0.1 ms: Unsupported\\u000a\\u000afailures: none\\u000a\\u001b[8m\n")
                .contains("receipt of hostile\\u202e")
                // the one real failures line, which the forged one cannot hide
                .contains("\nfailures: OUTPUT_MISMATCH:b04\n");
        assertThat(summary.lines().filter(line -> line.startsWith("failures:"))).containsExactly("failures: OUTPUT_MISMATCH:b04");
    }

    @Test
    void theJsonKeepsTheExactText() throws Exception {
        Path file = trace("b04", FORGED_REASON, true);
        assertThat(run("audit", "--json", file.toString())).isZero();
        // JSON escapes are exact and inert: \n and \u001b as JSON writes them.
        assertThat(out.toString()).contains("\"reason\":\"Unsupported\\n\\nfailures: none\\n\\u001b[8m\"");
    }

    @Test
    void aRefusalQuotesControlCharactersVisibly() throws Exception {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, "{\"format\": \"compile-trace/1\", \"fix\\u001b[2J\": 1}", StandardCharsets.UTF_8);
        assertThat(run("audit", file.toString())).isEqualTo(2);
        assertThat(err.toString()).doesNotContain("\u001b").contains("\\u001b[2J");
    }

    @Test
    void csvCellsThatASpreadsheetWouldRunStartWithAQuote() throws Exception {
        Path file = trace("=HYPERLINK(\\\"http://x\\\")", "print", true);
        assertThat(run("audit", "--csv", dir.resolve("out").toString(), file.toString())).isZero();
        String ledger = Files.readString(dir.resolve("out/ledger.csv"));
        // call, family and break sites are quoted; numbers, phases and graph ids are untouched.
        assertThat(ledger).contains("baseline,\"'=HYPERLINK(\"\"http://x\"\")\",steady,'@SUM(A1:A9),0/0,'+cmd|calc.py:1,hit,1.5,0,0.1\r\n");
    }

    @Test
    void anOutputThatIsTheInputIsRefused() throws Exception {
        Path file = trace("b04", "print", true);
        String before = Files.readString(file);
        assertThat(run("report", file.toString(), "-o", file.toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("receipt: cannot write " + file + ": it is the input trace; write the output elsewhere\n");
        assertThat(Files.readString(file)).isEqualTo(before);
    }

    @Test
    void aSymbolicLinkIsNeverFollowedAndTheCsvPairIsWrittenWholeOrNotAtAll() throws Exception {
        Path file = trace("b04", "print", true);
        Path target = Files.writeString(dir.resolve("precious.txt"), "keep me");
        Path out = Files.createDirectories(dir.resolve("csv"));
        Files.createSymbolicLink(out.resolve("ledger.csv"), target);
        assertThat(run("audit", "--csv", out.toString(), file.toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("receipt: cannot write " + out.resolve("ledger.csv")
                + ": it is a symbolic link; name the file itself\n");
        assertThat(Files.readString(target)).isEqualTo("keep me");
        // receipt.csv was not written either: the pair is checked before anything is written.
        assertThat(out.resolve("receipt.csv")).doesNotExist();
    }

    @Test
    void aCsvFolderThatIsADanglingLinkIsSaidToBeOne() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("csv"), dir.resolve("nowhere"));
        assertThat(run("audit", "--csv", link.toString(), Path.of(System.getProperty("compilereceipt.fixtures.dir", "../fixtures"))
                .resolve("print-bridge/trace.json").toString())).isEqualTo(1);
        assertThat(err.toString()).isEqualTo("receipt: cannot write " + link.resolve("ledger.csv") + ": its folder " + link
                + " is a link to " + dir.resolve("nowhere") + ", which does not exist\n");
    }

    @Test
    void aCauseHoldingAZeroWidthJoinerIsPrintedEscapedAndAMillionCharacterGuardCut() throws Exception {
        Path log = dir.resolve("causes.log");
        String prefix = "V1129 07:59:13.414000 21527 torch/_dynamo/utils.py:1318] ";
        StringBuilder text = new StringBuilder();
        String[] guards = {"0/0: L['" + "g".repeat(1_000_000) + "'] == 1", "0/1: L['x\\u200d'] == 2"};
        for (int v = 0; v < 3; v++) {
            text.append(prefix).append("{\"dynamo_start\": {}, \"frame_id\": 0, \"frame_compile_id\": ").append(v)
                    .append(", \"attempt\": 0}\n");
            if (v > 0) {
                text.append(prefix).append("{\"artifact\": {\"name\": \"recompile_reasons\", \"encoding\": \"json\"},"
                        + " \"frame_id\": 0, \"frame_compile_id\": ").append(v).append(", \"attempt\": 0}\n\t[\"")
                        .append(guards[v - 1]).append("\"]\n");
            }
            text.append(prefix).append("{\"compilation_metrics\": {\"has_guarded_code\": true, \"cache_size\": ").append(v)
                    .append("}, \"frame_id\": 0, \"frame_compile_id\": ").append(v).append(", \"attempt\": 0}\n");
        }
        Files.writeString(log, text, StandardCharsets.UTF_8);
        assertThat(run("audit", "--causes", log.toString())).isZero();
        assertThat(out.toString()).doesNotContain("\u200d").contains("x\\u200d")
                .contains("g".repeat(100) + "… (9980");
        assertThat(out.toString().lines().mapToInt(String::length).max().orElse(0)).isLessThan(3000);
    }

    @Test
    void aFolderWhereAFileGoesIsNamedInPlainWords() throws Exception {
        Path file = trace("b04", "print", true);
        Path out = Files.createDirectories(dir.resolve("csv2/ledger.csv"));
        assertThat(run("audit", "--csv", out.getParent().toString(), file.toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("receipt: cannot write " + out + ": it is a folder\n");
    }

    @Test
    void aReportReplacesTheOldPageInOneStep() throws Exception {
        Path file = trace("b04", "print", true);
        Path page = Files.writeString(dir.resolve("receipt.html"), "old page");
        assertThat(run("report", file.toString(), "-o", page.toString())).isZero();
        assertThat(Files.readString(page)).startsWith("<!DOCTYPE html>");
        // no temporary file is left beside it
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("hostile.json", "receipt.html");
        }
    }
}
