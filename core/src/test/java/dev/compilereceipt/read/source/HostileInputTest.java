package dev.compilereceipt.read.source;

import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.Traces;
import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.testsupport.HostileFiles;
import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.read.compiletrace.BoundedTraceReader;
import dev.compilereceipt.read.torchtrace.LogLines;
import dev.compilereceipt.read.torchtrace.TorchTraceReader;
import static dev.compilereceipt.testsupport.HostileFiles.repeat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile and broken files: each must end in the contract's refusal, with a rule that says what is
 * wrong, within bounded memory (this class runs in its own Surefire execution under {@code -Xmx64m})
 * and bounded time (the timeout only turns a hang into a failure; it measures nothing). The table
 * of these cases is {@code docs/hostile-input.md}.
 */
@Tag("hostile")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HostileInputTest {

    private static final String MINIMAL = "{\"format\": \"compile-trace/1\", \"fixture\": {\"name\": \"x\"}, \"runs\": "
            + "[{\"label\": \"baseline\", \"calls\": [{\"id\": \"a\", \"phase\": \"steady\", \"wall_ms\": 1.5, \"events\": []}]}]}";

    @TempDir
    Path dir;

    @Test
    void hundredThousandOpenBracketsAreRefusedAtTheDepthLimit() throws IOException {
        Path file = write("nested.json", out -> repeat(out, "[", 100_000));
        // Jackson refuses the 65th '[' (column 65) as it opens it: inside 64 arrays, having read 65 bytes.
        assertThat(refusal(file)).isEqualTo(file + ": " + "/0".repeat(64) + " (line 1, column 66): nested deeper than 64 levels"
                + " (a fixed bound: a compile-trace/1 document nests 8 levels, so this is not a trace)");
    }

    @Test
    void aHundredMegabyteStringIsRefusedAtTheStringLimit() throws IOException {
        Path file = write("long-string.json", out -> {
            out.write("{\"format\": \"".getBytes(StandardCharsets.US_ASCII));
            repeat(out, "a", 100_000_000);
            out.write("\"}".getBytes(StandardCharsets.US_ASCII));
        });
        assertThat(Files.size(file)).isEqualTo(100_000_014L);
        // The column is how far Jackson read before its buffer passed the limit: a little over 1 MiB.
        assertThat(refusal(file)).startsWith(file + ": /format (line 1, column 10")
                .endsWith("): a string longer than the limit of 1048576 characters (raise it with Limits.withMaxStringLength)");
    }

    @Test
    void aTenThousandDigitNumberIsRefusedAtTheNumberLimit() throws IOException {
        Path file = write("long-number.json", out -> {
            out.write("{\"format\": \"compile-trace/1\", \"runs\": ".getBytes(StandardCharsets.US_ASCII));
            repeat(out, "9", 10_000);
            out.write("}".getBytes(StandardCharsets.US_ASCII));
        });
        assertThat(refusal(file)).startsWith(file + ": ")
                .endsWith(": a number longer than 64 characters (a fixed bound: a double needs at most 25)");
    }

    @Test
    void aTenThousandDigitFractionIsRefusedAtTheNumberLimit() throws IOException {
        Path file = write("long-fraction.json", out -> {
            out.write("[0.".getBytes(StandardCharsets.US_ASCII));
            repeat(out, "1", 10_000);
            out.write("]".getBytes(StandardCharsets.US_ASCII));
        });
        assertThat(refusal(file)).startsWith(file + ": ")
                .endsWith(": a number longer than 64 characters (a fixed bound: a double needs at most 25)");
    }

    @Test
    void aFileOverTheDocumentLimitIsRefusedWithoutReadingItAll() throws IOException {
        // 20 MiB of spaces inside a valid start: only the document limit (16 MiB) can stop it.
        Path file = write("spaces.json", out -> {
            out.write("{\"format\": ".getBytes(StandardCharsets.US_ASCII));
            repeat(out, " ", 20 << 20);
            out.write("\"compile-trace/1\"}".getBytes(StandardCharsets.US_ASCII));
        });
        assertThat(refusal(file)).startsWith(file + ": ")
                .endsWith(": the file is over the limit of 16777216 bytes (raise it with Limits.withMaxDocumentBytes)");
    }

    @Test
    void anEndlessStreamOfStringsIsRefusedAtTheDocumentLimit() {
        // 1000-character strings one after another: under the string limit, so the document limit must end it.
        byte[] element = ("\"" + "s".repeat(1000) + "\",").getBytes(StandardCharsets.US_ASCII);
        Limits limits = Limits.DEFAULT.withMaxCalls(100_000);
        assertThat(refusal(endless("[", element), limits)).startsWith("endless.json: ")
                .endsWith(": the file is over the limit of 16777216 bytes (raise it with Limits.withMaxDocumentBytes)");
    }

    @Test
    void anEndlessArrayOfNumbersIsRefusedAtTheValueBudget() {
        // 64 + 2 * 64 * (16 + 16 * 40) = 84032 values fit a trace within the default limits; the 84033rd
        // value is the 84032nd array element, index 84031.
        assertThat(refusal(endless("[", "0,".getBytes(StandardCharsets.US_ASCII)), Limits.DEFAULT))
                .isEqualTo("endless.json: /84031 (line 1, column 168064): the document holds more than 84032 JSON values,"
                        + " more than a trace within the limits of 64 calls per run and 16 events per call can hold"
                        + " (raise them with Limits.withMaxCalls and Limits.withMaxEventsPerCall, the CLI's --max-calls"
                        + " and --max-events, or @TraceFixture(maxCalls = ..., maxEvents = ...))");
    }

    @Test
    void aLongKeyIsRefusedAtTheKeyLimit() throws IOException {
        Path file = write("long-key.json", out -> {
            out.write("{\"".getBytes(StandardCharsets.US_ASCII));
            repeat(out, "k", 100_000);
            out.write("\": 1}".getBytes(StandardCharsets.US_ASCII));
        });
        assertThat(refusal(file)).startsWith(file + ": ")
                .endsWith(": a key longer than 256 characters (a fixed bound: the format's keys are short words)");
    }

    @Test
    void aUtf8ByteOrderMarkIsSkippedAndChangesNothing() throws IOException {
        Path plain = write("plain.json", out -> out.write(MINIMAL.getBytes(StandardCharsets.UTF_8)));
        Path bom = write("bom.json", out -> {
            out.write(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
            out.write(MINIMAL.getBytes(StandardCharsets.UTF_8));
        });
        Trace withBom = Traces.read(bom);
        assertThat(withBom.sha256()).isEqualTo(Traces.read(plain).sha256());
        // the receipts differ only in the file each names (fixture.sources): with the same name, the same hash
        assertThat(Receipt.of(withBom.withSources(List.of())).receiptSha256())
                .isEqualTo(Receipt.of(Traces.read(plain).withSources(List.of())).receiptSha256());
    }

    @Test
    void aByteThatCannotStartAUtf8CharacterIsRefusedAtItsPlace() throws IOException {
        // Line 2 is `"fixture": {"name": "x` (22 bytes), then 0xFF: column 23.
        Path file = write("latin1.json", out -> out.write(bytes("{\"format\": \"compile-trace/1\",\n\"fixture\": {\"name\": \"x", 0xFF, "\"}}")));
        assertThat(refusal(file)).isEqualTo(file + ": (document) (line 2, column 23): not valid UTF-8: byte 0xFF cannot start a character");
    }

    @Test
    void anOverlongEncodingIsRefused() throws IOException {
        // 0xC0 0xAF is an overlong '/', which Jackson alone would accept as '/'.
        Path file = write("overlong.json", out -> out.write(bytes("[\"", 0xC0, 0xAF, "\"]")));
        assertThat(refusal(file)).isEqualTo(file + ": (document) (line 1, column 3): not valid UTF-8: byte 0xC0 cannot start a character");
    }

    @Test
    void anEncodedSurrogateIsRefused() throws IOException {
        Path file = write("surrogate.json", out -> out.write(bytes("[\"", 0xED, 0xA0, 0x80, "\"]")));
        assertThat(refusal(file)).isEqualTo(file
                + ": (document) (line 1, column 4): not valid UTF-8: byte 0xA0 cannot continue a multi-byte sequence here");
    }

    @Test
    void aFileCutInsideAMultiByteCharacterIsRefused() throws IOException {
        Path file = write("cut-char.json", out -> out.write(bytes("[\"", 0xE2, 0x86)));
        assertThat(refusal(file)).isEqualTo(file
                + ": (document) (line 1, column 4): not valid UTF-8: the file ends inside a multi-byte character (truncated?)");
    }

    @Test
    void aLoneSurrogateEscapeIsRefused() throws IOException {
        Path file = write("escape.json", out -> out.write(MINIMAL.replace("\"x\"", "\"\\ud800x\"").getBytes(StandardCharsets.UTF_8)));
        assertThat(refusal(file)).isEqualTo(file + ": /fixture/name (line 1, column 51): a string holds a lone surrogate"
                + " \\ud800: not Unicode text, so it has no UTF-8 form and no canonical hash");
    }

    @Test
    void aUtf16FileIsRefused() throws IOException {
        Path file = write("utf16.json", out -> out.write(MINIMAL.getBytes(StandardCharsets.UTF_16LE)));
        assertThat(refusal(file)).isEqualTo(file + ": (document) (line 1, column 2): a NUL byte: JSON text never holds one"
                + " (is the file UTF-16 or UTF-32? a trace is UTF-8)");
    }

    @Test
    void aTruncatedFileIsRefusedWhereItEnds() throws IOException {
        byte[] whole = Files.readAllBytes(Fixtures.PRINT_BRIDGE);
        Path file = write("truncated.json", out -> out.write(Arrays.copyOf(whole, whole.length / 2)));
        assertThat(refusal(file)).startsWith(file + ": /runs/0/calls/").contains("not valid JSON: Unexpected end-of-input");
    }

    @Test
    void anEmptyFileIsRefused() throws IOException {
        Path file = write("empty.json", out -> { });
        assertThat(refusal(file)).isEqualTo(file + ": (document): the file is empty: a trace is one JSON object");
    }

    @Test
    void aFileOfWhitespaceIsRefusedAsEmpty() throws IOException {
        Path file = write("blank.json", out -> out.write(" \n\t\r\n".getBytes(StandardCharsets.US_ASCII)));
        assertThat(refusal(file)).isEqualTo(file + ": (document): the file is empty: a trace is one JSON object");
    }

    @Test
    void aDirectoryIsRefused() {
        assertThat(refusal(dir)).isEqualTo(dir + ": (document): the folder holds no TORCH_TRACE log (a file whose lines start with a glog prefix and a JSON envelope, like V1129 07:59:13.414000 21527 file.py:40] {...})");
    }

    @Test
    void aMissingFileIsRefused() {
        Path file = dir.resolve("absent.json");
        assertThat(refusal(file)).isEqualTo(file + ": (document): no such file");
    }

    @Test
    void aSymbolicLinkLoopIsRefused() throws IOException {
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        Files.createSymbolicLink(a, b);
        Files.createSymbolicLink(b, a);
        assertThat(refusal(a)).isEqualTo(a + ": (document): cannot be read: Too many levels of symbolic links"
                + " or unable to access attributes of symbolic link");
    }

    @Test
    void aTimeThatWouldOverflowASumIsRefused() throws IOException {
        Path file = write("huge.json", out -> out.write(MINIMAL.replace("1.5", "1.7e308").getBytes(StandardCharsets.UTF_8)));
        assertThat(refusal(file)).isEqualTo(file + ": /runs/0/calls/0/wall_ms (line 1, column 140): a time must be at most"
                + " 1000000000000 ms (about 31 years), found 1.7e+308");
    }

    // TORCH_TRACE logs. A record is the glog prefix and a JSON envelope; payload lines start with a tab.

    private static final String PREFIX = "V1129 07:59:13.414000 21527 torch/_dynamo/utils.py:1318] ";
    private static final String START = PREFIX + "{\"dynamo_start\": {\"stack\": []}, \"frame_id\": 0, \"frame_compile_id\": 0, \"attempt\": 0}\n";
    private static final String METRICS = PREFIX + "{\"compilation_metrics\": {\"has_guarded_code\": true, \"cache_size\": 0,"
            + " \"entire_frame_compile_time_s\": 0.5}, \"frame_id\": 0, \"frame_compile_id\": 0, \"attempt\": 0}\n";
    private static final String LINE_TOO_LONG = " is longer than 16 MiB, the longest line this reader takes; TORCH_TRACE writes"
            + " large payloads as many tab-indented lines, so a line this long is not a record";

    @Test
    void aLogWhoseSecondLineNeverEndsIsRefusedAtTheLineLimit() throws IOException {
        // A valid record, then 100 MB without a newline: the reader buffers 16 MiB of it at most.
        Path file = write("endless-line.log", out -> {
            out.write(START.getBytes(StandardCharsets.US_ASCII));
            repeat(out, "x", 100_000_000);
        });
        assertThat(refusal(file)).isEqualTo(file + ": (document) (line 2): line 2" + LINE_TOO_LONG);
    }

    @Test
    void anEndlessFirstLineIsRefusedAtTheLineLimit() {
        // A glog prefix and the start of an envelope, then '[' forever: never a newline, never an end.
        InputStream in = endless(PREFIX + "{\"str\": ", "[".getBytes(StandardCharsets.US_ASCII));
        assertThat(catchThrowableOfType(Refusal.class, () -> TorchTraceReader.read(
                Path.of("endless.log"), in, Limits.DEFAULT, LogLines.MAX_LINE)).getMessage())
                .isEqualTo("endless.log: (document) (line 1): line 1" + LINE_TOO_LONG);
    }

    @Test
    void endlessGarbageAfterOneRecordIsRefusedAtTheBadLineLimit() {
        // Line 1 is a record; lines 2 .. 10001 are the 10,000 bad lines allowed; line 10002 is one too many.
        InputStream in = endless(START, "garbage\n".getBytes(StandardCharsets.US_ASCII));
        assertThat(catchThrowableOfType(Refusal.class, () -> TorchTraceReader.read(
                Path.of("garbage.log"), in, Limits.DEFAULT, LogLines.MAX_LINE)).getMessage())
                .isEqualTo("garbage.log: (document) (line 10002): more than 10000 bad lines (the first at line 2):"
                        + " too damaged to import as a TORCH_TRACE log; a real log has a few at most");
    }

    @Test
    void aSymbolicLinkLoopInsideATorchTraceFolderIsPassedOver() throws IOException {
        Path folder = Files.createDirectory(dir.resolve("trace"));
        Files.createSymbolicLink(folder.resolve("a.log"), folder.resolve("b.log"));
        Files.createSymbolicLink(folder.resolve("b.log"), folder.resolve("a.log"));
        Files.createSymbolicLink(folder.resolve("self"), folder);
        assertThat(refusal(folder)).isEqualTo(folder + ": (document): the folder holds no TORCH_TRACE log (a file whose"
                + " lines start with a glog prefix and a JSON envelope, like V1129 07:59:13.414000 21527 file.py:40] {...})");
        Files.writeString(folder.resolve("dedicated_log_torch_trace_rank_0.log"), START + METRICS);
        // The loop and the link to the folder itself are not regular files: only the log is read.
        assertThat(Traces.ranks(folder)).containsExactly(0);
        assertThat(Traces.read(folder).run("baseline").orElseThrow().compileLog().orElseThrow().compiles())
                .containsExactly("0/0");
    }

    @Test
    void aFolderOfTwoThousandFilesAndOneLogReadsTheLog() throws IOException {
        Path folder = Files.createDirectory(dir.resolve("many"));
        for (int i = 0; i < 2_000; i++) {
            // Notes, JSON, binary and empty files: each is looked at (8 KiB at most) and passed over.
            String name = String.format("file_%04d", i);
            switch (i % 4) {
                case 0 -> Files.writeString(folder.resolve(name + ".txt"), "note " + i + "\n");
                case 1 -> Files.writeString(folder.resolve(name + ".json"), "{\"i\": " + i + "}");
                case 2 -> Files.write(folder.resolve(name + ".bin"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, (byte) i});
                default -> Files.createFile(folder.resolve(name + ".log"));
            }
        }
        Files.writeString(folder.resolve("the.log"), START + METRICS);
        Trace trace = Traces.read(folder);
        assertThat(trace.source()).isEqualTo(folder.resolve("the.log"));
        assertThat(trace.run("baseline").orElseThrow().compileLog().orElseThrow().compiles()).containsExactly("0/0");
    }

    @Test
    void anEmptyTorchTraceFolderIsRefused() throws IOException {
        Path folder = Files.createDirectory(dir.resolve("empty-trace"));
        assertThat(refusal(folder)).isEqualTo(folder + ": (document): the folder holds no TORCH_TRACE log (a file whose"
                + " lines start with a glog prefix and a JSON envelope, like V1129 07:59:13.414000 21527 file.py:40] {...})");
    }

    @Test
    void aBlankLineDoesNotEndARecord() throws IOException {
        // Line 3 is a blank line: dropped, as tlparse drops empty lines, so lines 4 and 5 are still the payload of
        // line 2's record (which declares no MD5 and no JSON, so nothing of it is checked) and nothing is bad.
        Path file = write("orphan.log", out -> out.write((START + METRICS + "\n\t{\"edge\": \"start\"}\n\t}\n")
                .getBytes(StandardCharsets.UTF_8)));
        Trace trace = Traces.read(file);
        assertThat(trace.badLines()).hasValue(List.of());
        assertThat(trace.run("baseline").orElseThrow().compileLog().orElseThrow().compiles()).containsExactly("0/0");
    }

    @Test
    void aBlankLineInsideAPayloadIsDroppedAndTheRecordGoesOn() throws Exception {
        // The marker's payload {"run": ...} is split by an empty line 3; its MD5 is that of the two payload lines.
        String payload = "{\"run\": \"baseline\", \"id\": \"b0\", \"phase\": \"eager\",\n\"edge\": \"start\"}";
        String md5 = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("MD5")
                .digest(payload.getBytes(StandardCharsets.UTF_8)));
        String marker = "V1129 07:59:13.414000 21527 file.py:40] {\"artifact\": {\"name\": \"compile_receipt_call\", "
                + "\"encoding\": \"json\"}, \"has_payload\": \"" + md5 + "\"}\n";
        String lines = marker + "\t{\"run\": \"baseline\", \"id\": \"b0\", \"phase\": \"eager\",\n\n\t\"edge\": \"start\"}\n";
        String end = payload.replace("\"edge\": \"start\"", "\"edge\": \"end\", \"wall_ms\": 1.5");
        String endMd5 = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("MD5")
                .digest(end.getBytes(StandardCharsets.UTF_8)));
        lines += marker.replace(md5, endMd5) + "\t" + end.replace("\n", "\n\t") + "\n";
        String log = lines;
        Path file = write("blank-in-payload.log", out -> out.write(log.getBytes(StandardCharsets.UTF_8)));
        Trace trace = Traces.read(file);
        assertThat(trace.badLines()).hasValue(List.of());
        assertThat(trace.run("baseline").orElseThrow().calls()).extracting(Call::id).containsExactly("b0");
    }

    @Test
    void aPayloadLineFirstIsNoLog() {
        // The content sniffing sends such a file to the JSON reader; the log reader refuses it on its own too.
        byte[] log = ("\t{\"edge\": \"start\"}\n" + START).getBytes(StandardCharsets.UTF_8);
        assertThat(catchThrowableOfType(Refusal.class, () -> TorchTraceReader.read(Path.of("payload-first.log"),
                new ByteArrayInputStream(log), Limits.DEFAULT, LogLines.MAX_LINE)).getMessage())
                .isEqualTo("payload-first.log: (document) (line 1): not a TORCH_TRACE log: line 1 does not start with a glog"
                        + " prefix and a JSON envelope, like V1129 07:59:13.414000 21527 file.py:40] {...}");
    }

    @Test
    void aPayloadWhoseMd5DiffersIsABadLineNotARefusal() throws IOException {
        // Line 2's has_payload is the MD5 of "{}" (99914b932bd37a50b983c5e7c90ae93b), its payload is {"key": "k"}.
        Path file = write("md5.log", out -> out.write((START
                + PREFIX + "{\"artifact\": {\"name\": \"fx_graph_cache_hit\", \"encoding\": \"json\"}, \"frame_id\": 0,"
                + " \"frame_compile_id\": 0, \"attempt\": 0, \"has_payload\": \"99914b932bd37a50b983c5e7c90ae93b\"}\n"
                + "\t{\"key\": \"k\"}\n" + METRICS).getBytes(StandardCharsets.UTF_8)));
        Trace trace = Traces.read(file);
        assertThat(trace.badLines()).hasValue(List.of(2L));
        // The skipped cache hit is not counted; the compile at line 4 is.
        CompileLog log = trace.run("baseline").orElseThrow().compileLog().orElseThrow();
        assertThat(log.artifactCache().fxGraph()).isEqualTo(CompileLog.CacheCounts.NONE);
        assertThat(log.compiles()).containsExactly("0/0");
    }

    @Test
    void aBinaryFileIsRefused() throws IOException {
        // A PNG header: 0x89 is not ASCII, so the sniffing hands it to the JSON reader, which names the byte.
        Path file = write("image.log", out -> out.write(bytes(0x89, "PNG\r\n", 0x1A, "\n", 0, 0, 0, 13, "IHDR")));
        assertThat(refusal(file)).isEqualTo(file + ": (document) (line 1, column 1): not valid UTF-8: byte 0x89 cannot start a character");
    }

    @Test
    void binaryAfterARecordIsBadLines() throws IOException {
        // Line 2 holds NUL and 0xFF bytes and no glog prefix: a bad line; line 3 is a record again.
        Path file = write("binary-tail.log", out -> out.write(bytes(START, 0, 0xFF, 0xFE, " binary ", 0x89, "PNG\r\n", METRICS)));
        Trace trace = Traces.read(file);
        assertThat(trace.badLines()).hasValue(List.of(2L));
        assertThat(trace.run("baseline").orElseThrow().compileLog().orElseThrow().compiles()).containsExactly("0/0");
    }

    private Path write(String name, HostileFiles.Content content) throws IOException {
        return HostileFiles.write(dir, name, content);
    }


    private static byte[] bytes(Object... parts) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (Object part : parts) {
            if (part instanceof String text) {
                out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
            } else {
                out.write((Integer) part);
            }
        }
        return out.toByteArray();
    }

    /** A prefix, then one element again and again, forever: only a limit can end the read. */
    private static InputStream endless(String prefix, byte[] element) {
        byte[] start = prefix.getBytes(StandardCharsets.US_ASCII);
        return new InputStream() {
            private long position;

            @Override
            public int read() {
                long at = position++;
                return at < start.length ? start[(int) at] : element[(int) ((at - start.length) % element.length)];
            }

            @Override
            public int read(byte[] buffer, int offset, int length) {
                for (int i = 0; i < length; i++) {
                    buffer[offset + i] = (byte) read();
                }
                return length;
            }
        };
    }

    private static String refusal(Path file) {
        return catchThrowableOfType(TraceRefusedException.class, () -> Traces.read(file)).getMessage();
    }

    private static String refusal(InputStream in, Limits limits) {
        return catchThrowableOfType(Refusal.class,
                () -> BoundedTraceReader.read(Path.of("endless.json"), in, limits)).getMessage();
    }
}
