package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.read.Refusal;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Trace;

import dev.compilereceipt.Traces;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A log read in parts on two threads gives what reading it line by line gives: the same trace
 * (its hash covers runs, calls, compile logs and bad lines) or the same refusal, whatever the
 * part size, so with part boundaries inside envelopes, inside payloads, on line ends and inside
 * CRLF pairs; and a log it cannot split (a line longer than a part reader takes, a payload it would
 * keep more of) is read line by line instead.
 */
class LogPartsTest {

    /** Part sizes from under a record (most records cut) to larger than some logs. */
    private static final int[] PART_SIZES = {997, 4096, 65_536, 1 << 20};

    @TempDir
    Path dir;

    static Stream<Path> realLogs() throws IOException {
        Path fixtures = fixtures();
        List<Path> logs = new ArrayList<>();
        try (Stream<Path> files = Files.walk(fixtures)) {
            files.filter(p -> p.toString().endsWith(".log") && !p.toString().contains("torch-logs")).sorted().forEach(logs::add);
        }
        assertThat(logs).hasSizeGreaterThanOrEqualTo(9);
        return logs.stream();
    }

    @ParameterizedTest
    @MethodSource("realLogs")
    void everyRealLogReadsInPartsAsLineByLine(Path log) throws IOException {
        assertSameInParts(log);
    }

    @Test
    void theMarkersOfTwoRunsDecideAcrossParts() throws IOException {
        // print-bridge: two runs whose compile ids start again at 0/0; a part of 1000 bytes holds no whole call.
        Path log = fixtures().resolve("print-bridge/torch_trace.log");
        Trace parts = TorchTraceReader.readInParts(log, Limits.DEFAULT, false, 1000);
        assertThat(parts.runs()).extracting(run -> run.label()).containsExactly("baseline", "candidate");
        assertThat(parts.sha256()).isEqualTo(lineByLine(log).sha256());
    }

    @Test
    void badMd5sTruncationCrlfBlankAndOrphanLinesReadAsLineByLine() throws IOException {
        String log = Files.readString(fixtures().resolve("print-bridge/torch_trace.log"), StandardCharsets.UTF_8);
        List<String> lines = new ArrayList<>(List.of(log.split("\n", -1)));
        // A payload line changed (its MD5 no longer matches), an envelope broken, orphan payload lines after it,
        // a blank line inside a payload and one outside, a line of garbage.
        int payload = indexOf(lines, "\t", 40);
        lines.set(payload, lines.get(payload) + "x");
        int envelope = indexOf(lines, "V", payload + 5);
        lines.set(envelope, lines.get(envelope).replace("{", "{{"));
        lines.add(envelope + 2, "");
        lines.add(indexOf(lines, "V", envelope + 10), "   ");
        lines.add(indexOf(lines, "V", envelope + 40), "not a record");
        String damaged = String.join("\n", lines);
        Path bad = write("damaged.log", damaged);
        Trace trace = lineByLine(bad);
        assertThat(trace.badLines().orElseThrow()).hasSizeGreaterThanOrEqualTo(3);
        assertSameInParts(bad);
        assertSameInParts(write("crlf.log", damaged.replace("\n", "\r\n")));
        // Truncated inside an envelope, inside a payload, and inside a marker's call (refused: the log ends inside it).
        for (int cut : new int[] {damaged.length() / 3 + 17, damaged.length() / 2 + 5, damaged.length() - 301}) {
            assertSameInParts(write("cut-" + cut + ".log", damaged.substring(0, cut)));
        }
    }

    @Test
    void longRunsOfLinesThatStartNoRecordReadAsLineByLine() throws IOException {
        // Many parts in which no record line starts: 200,000 blank lines between two records and inside a payload,
        // and one payload of 50,000 lines (each such part holds no line; the part its record is in reads them all).
        String log = Files.readString(fixtures().resolve("print-bridge/torch_trace.log"), StandardCharsets.UTF_8);
        String blank = "\n".repeat(200_000);
        int between = log.indexOf("\nV", log.length() / 3) + 1;
        int inside = log.indexOf("\n\t", log.length() * 2 / 3) + 1;
        Path blanks = write("blanks.log", log.substring(0, between) + blank + log.substring(between, inside) + blank
                + log.substring(inside));
        assertThat(lineByLine(blanks).badLines()).isEqualTo(lineByLine(fixtures().resolve("print-bridge/torch_trace.log")).badLines());
        assertSameInParts(blanks);
        String line = "x".repeat(99);
        String payload = String.join("\n", java.util.Collections.nCopies(50_000, line));
        String record = "V1129 07:59:13.414000 21527 file.py:40] {\"str\": {}, \"has_payload\": \"" + md5(payload) + "\"}\n\t"
                + payload.replace("\n", "\n\t") + "\n";
        Path long_ = write("long-payload.log", log.substring(0, between) + record + log.substring(between));
        assertThat(lineByLine(long_).badLines()).isEqualTo(lineByLine(fixtures().resolve("print-bridge/torch_trace.log")).badLines());
        assertSameInParts(long_);
        assertSameInParts(write("long-payload-last.log", log + record));
    }

    private static String md5(String text) throws IOException {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("MD5")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IOException(e);
        }
    }

    @Test
    void aRefusalInTheMiddleIsTheOneLineByLineGives() throws IOException {
        String log = Files.readString(fixtures().resolve("print-bridge/torch_trace.log"), StandardCharsets.UTF_8);
        // The start marker of a baseline call copied into the candidate run, inside an open call: refused at its line.
        int marker = log.lastIndexOf("compile_receipt_call", log.indexOf("\"edge\": \"start\"", log.length() / 4));
        int recordStart = log.lastIndexOf('\n', marker) + 1;
        String record = log.substring(recordStart, log.indexOf("\nV", marker) + 1);
        assertThat(record).contains("\"start\"");
        int at = log.indexOf("\nV", log.length() * 3 / 4) + 1;
        Path twice = write("twice.log", log.substring(0, at) + record + log.substring(at));
        String refusal = refusal(twice);
        long line = log.substring(0, at).lines().count() + 1;
        assertThat(refusal).contains("twice.log").contains("(line " + line + ")").contains("has no end marker before run baseline begins");
        for (int size : PART_SIZES) {
            assertThatThrownBy(() -> TorchTraceReader.readInParts(twice, Limits.DEFAULT, false, size))
                    .isInstanceOf(Refusal.class).hasMessage(refusal);
        }
    }

    @Test
    void aLineLongerThanAPartReaderTakesIsReadLineByLine() throws IOException {
        String log = Files.readString(fixtures().resolve("int-spec/torch_trace.log"), StandardCharsets.UTF_8);
        int at = log.indexOf("\nV", log.length() / 2) + 1;
        String longLine = "V1129 07:59:13.414000 21527 file.py:40] {\"str\": \"" + "a".repeat(LogParts.PART_MAX_LINE + 10) + "\"}\n";
        Path big = write("long-line.log", log.substring(0, at) + longLine + log.substring(at));
        assertThatThrownBy(() -> TorchTraceReader.readInParts(big, Limits.DEFAULT, false, 4096))
                .isInstanceOf(LogParts.Unsplittable.class);
        // The entry point falls back: the answer is the line-by-line one (the long line is a valid record of a kind not read).
        Trace trace = TorchTraceReader.read(big, Limits.DEFAULT, false);
        assertThat(trace.sha256()).isEqualTo(lineByLine(big).sha256());
        assertThat(trace.badLines().orElseThrow()).isEmpty();
    }

    @Test
    void aLargeLogGoesThroughThePartsFromTraces() throws IOException {
        // Over LogParts.worthIt's threshold: Traces.read takes the parts path, and the answer is the line-by-line one.
        byte[] one = Files.readAllBytes(fixtures().resolve("tlparse/recompile_storm_rank_1.log"));
        Path big = dir.resolve("big.log");
        try (var out = Files.newOutputStream(big)) {
            for (long written = 0; written < 4L * LogParts.PART + 1; written += one.length) {
                out.write(one);
            }
        }
        assertThat(TorchTraceReader.readsInParts(big)).isEqualTo(Runtime.getRuntime().availableProcessors() >= 2);
        assertThat(Traces.read(big).sha256()).isEqualTo(lineByLine(big).sha256());
    }

    private void assertSameInParts(Path log) throws IOException {
        String refusal = null;
        Trace expected = null;
        try {
            expected = lineByLine(log);
        } catch (Refusal e) {
            refusal = e.getMessage();
        }
        for (int size : PART_SIZES) {
            if (refusal == null) {
                Trace parts = TorchTraceReader.readInParts(log, Limits.DEFAULT, false, size);
                assertThat(parts.sha256()).as("%s in parts of %d bytes", log.getFileName(), size).isEqualTo(expected.sha256());
                assertThat(parts.badLines()).isEqualTo(expected.badLines());
                // The cache keys are no part of the hash: a part keeps them condensed, and they read the same.
                assertThat(parts.runs()).extracting(run -> run.compileLog().map(CompileLog::cacheKeys))
                        .as("%s cache keys in parts of %d bytes", log.getFileName(), size)
                        .isEqualTo(expected.runs().stream().map(run -> run.compileLog().map(CompileLog::cacheKeys)).toList());
            } else {
                String expectedRefusal = refusal;
                assertThatThrownBy(() -> TorchTraceReader.readInParts(log, Limits.DEFAULT, false, size))
                        .as("%s in parts of %d bytes", log.getFileName(), size).hasMessage(expectedRefusal);
            }
        }
    }

    private static Trace lineByLine(Path log) throws IOException {
        try (InputStream in = Files.newInputStream(log)) {
            return TorchTraceReader.read(log, in, Limits.DEFAULT, LogLines.MAX_LINE);
        }
    }

    private static String refusal(Path log) throws IOException {
        try {
            lineByLine(log);
        } catch (Refusal e) {
            return e.getMessage();
        }
        throw new AssertionError(log + " was not refused");
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }

    private static int indexOf(List<String> lines, String prefix, int from) {
        for (int i = from; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        throw new AssertionError("no line starting with " + prefix + " after line " + from);
    }

    private static Path fixtures() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isDirectory(d.resolve("fixtures/print-bridge"))) {
                return d.resolve("fixtures");
            }
        }
        throw new IllegalStateException("fixtures/ not found");
    }
}
