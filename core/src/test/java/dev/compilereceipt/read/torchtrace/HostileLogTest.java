package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.ReceiptExport;
import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.TraceRequest;
import dev.compilereceipt.Traces;
import dev.compilereceipt.testsupport.HostileFiles;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Limits;
import static dev.compilereceipt.testsupport.HostileFiles.repeat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * TORCH_TRACE logs built to exhaust memory, round two: each must end in a refusal that names the
 * file, the line, the limit of {@link Limits} and how to raise it, under {@code -Xmx64m} (this class
 * runs in the hostile-input execution) and within 30 s. The table is {@code docs/hostile-input.md}.
 */
@Tag("hostile")
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class HostileLogTest {

    private static final String PREFIX = "V1129 07:59:13.414000 21527 torch/_dynamo/utils.py:1318] ";

    @TempDir
    Path dir;

    @Test
    void aTenMegabyteGuardIsRefusedAtTheStringLimit() throws IOException {
        // Line 1 starts compile 0/1; line 2 is its recompile_reasons, one bare-text guard of 10,000,000 characters.
        Path file = write("long-guard.log", out -> {
            text(out, start(0, 1));
            text(out, PREFIX + "{\"artifact\": {\"name\": \"recompile_reasons\", \"encoding\": \"json\"}, \"frame_id\": 0,"
                    + " \"frame_compile_id\": 1, \"attempt\": 0}\n\t");
            repeat(out, "g", 10_000_000);
            text(out, "\n" + metrics(0, 1));
        });
        // 8 reasons of 1 Mi characters are kept of a recompile_reasons payload: 8,388,672 bytes.
        assertThat(refusal(file)).isEqualTo(file + ": (document) (line 2): a recompile_reasons payload longer than 8 reasons"
                + " of max_string_length, over the limit of 8388672 (max_string_length; raise it with Limits.withMaxStringLength,"
                + " the CLI's --max-string-length or @TraceFixture(maxStringLength = ...))");
    }

    @Test
    void fourHundredDistinctSixtyKilobyteSitesAreRefusedAtTheKeptTextLimit() throws IOException {
        // Each compile i reports a break at /x/<60,000 characters>i.py:1; 16 Mi characters are kept at most.
        String name = "d".repeat(60_000);
        Path file = write("long-sites.log", out -> {
            for (int i = 0; i < 400; i++) {
                text(out, start(i, 0) + breakAt(i, "/x/" + name + i + ".py:1") + metrics(i, 0));
            }
        });
        String message = refusal(file);
        assertThat(message).startsWith(file + ": (document) (line ")
                .endsWith("): the log keeps more than 16777216 characters of text (sites, reasons, guards; a recompile reason counts"
                        + " 512 more and its text 3 times more, for the records made of it), over the limit of"
                        + " 16777216 (max_kept_chars; raise it with Limits.withMaxKeptChars, the CLI's --max-kept-chars or"
                        + " @TraceFixture(maxKeptChars = ...))");
        // 16 Mi / 60,010 characters a site: the 280th compile (lines 1,396 to 1,400) passes the limit.
        assertThat(line(message)).isBetween(1390L, 1400L);
    }

    @Test
    void aHundredThousandDistinctSitesAreRefusedAtTheBreakSiteLimit() throws IOException {
        Path file = write("many-sites.log", out -> {
            for (int i = 0; i < 100_000; i++) {
                text(out, start(i, 0) + breakAt(i, "/x/m.py:" + i) + metrics(i, 0));
            }
        });
        // Compile 1000 (the 1,001st site) is lines 5,001 to 5,005; its metrics at line 5,005 hand it on.
        assertThat(refusal(file)).isEqualTo(file + ": (document) (line 5005): the run reports more than 1000 distinct break"
                + " sites, over the limit of 1000 (max_break_sites; raise it with Limits.withMaxBreakSites, the CLI's"
                + " --max-break-sites or @TraceFixture(maxBreakSites = ...))");
    }

    @Test
    void aPayloadOfTenMillionOpenBracketsIsRefusedAtTheDepthLimit() throws IOException {
        Path file = write("deep.log", out -> {
            text(out, start(0, 0) + PREFIX + "{\"chromium_event\": {}}\n");
            for (int line = 0; line < 4; line++) {
                text(out, "\t");
                repeat(out, "[", 10_000_000);
                text(out, "\n");
            }
            text(out, metrics(0, 0));
        });
        // The record at line 2 is checked as its lines stream past and refused when it ends.
        assertThat(refusal(file)).isEqualTo(file + ": (document) (line 2): a JSON payload nests deeper than 1000 levels,"
                + " over the limit of 1000 (max_depth; raise it with Limits.withMaxDepth, the CLI's --max-depth or"
                + " @TraceFixture(maxDepth = ...))");
    }

    @Test
    void aMarkerlessLogOfAQuarterMillionCompilesIsRefusedAtTheCompileLimit() throws IOException {
        Path file = write("many-compiles.log", out -> {
            for (int i = 0; i < 293_000; i++) {
                text(out, metrics(i, 0));
            }
        });
        assertThat(Files.size(file)).isGreaterThan(40_000_000L);
        // One line a compile: the 100,001st compile is line 100,001.
        assertThat(refusal(file)).isEqualTo(file + ": (document) (line 100001): the run has more than 100000 compiles, over"
                + " the limit of 100000 (max_compiles; raise it with Limits.withMaxCompiles, the CLI's --max-compiles or"
                + " @TraceFixture(maxCompiles = ...))");
    }

    @Test
    void aRaisedLimitReadsWhatTheDefaultRefuses() throws IOException {
        Path file = write("sites.log", out -> {
            for (int i = 0; i < 3; i++) {
                text(out, start(i, 0) + breakAt(i, "/x/m.py:" + i) + metrics(i, 0));
            }
        });
        assertThat(catchThrowableOfType(TraceRefusedException.class,
                () -> Traces.read(TraceRequest.of(file).withLimits(Limits.DEFAULT.withMaxBreakSites(2)))).getMessage())
                .contains("the run reports more than 2 distinct break sites");
        Receipt receipt = Receipt.of(Traces.read(TraceRequest.of(file).withLimits(Limits.DEFAULT.withMaxBreakSites(3))));
        assertThat(receipt.run("baseline").compileLog().orElseThrow().breakSites()).hasSize(3);
        // The limits read under are in the receipt.
        assertThat(ReceiptExport.canonicalJson(receipt)).contains("\"max_break_sites\":3");
    }

    private static String start(int frame, int variant) {
        return PREFIX + "{\"dynamo_start\": {\"stack\": []}, \"frame_id\": " + frame + ", \"frame_compile_id\": " + variant
                + ", \"attempt\": 0}\n";
    }

    private static String breakAt(int frame, String site) {
        return PREFIX + "{\"artifact\": {\"name\": \"dynamo_graph_break_reason\", \"encoding\": \"string\"}, \"frame_id\": "
                + frame + ", \"frame_compile_id\": 0, \"attempt\": 0}\n\tGraph break in user code at " + site
                + "\n\tReason: Unsupported: builtin: print\n";
    }

    private static String metrics(int frame, int variant) {
        return PREFIX + "{\"compilation_metrics\": {\"has_guarded_code\": true, \"cache_size\": " + variant
                + ", \"entire_frame_compile_time_s\": 0.5}, \"frame_id\": " + frame + ", \"frame_compile_id\": " + variant
                + ", \"attempt\": 0}\n";
    }

    private Path write(String name, HostileFiles.Content content) throws IOException {
        return HostileFiles.write(dir, name, content);
    }

    private static void text(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
    }


    private static String refusal(Path file) {
        return catchThrowableOfType(TraceRefusedException.class, () -> Traces.read(file)).getMessage();
    }

    private static long line(String message) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\(line (\\d+)\\)").matcher(message);
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }
}
