package dev.compilereceipt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code receipt freeze} against what can destroy a committed fixture or fool the person reading
 * its summary (issue 30): a failed check, a link, a folder or a path through a missing folder as
 * {@code -o}, a capture folder whose name 2.6 writes escaped, terminal controls and a flood of
 * kinds in the dropped records. The rules are docs/hostile-input.md, "Every file the tool writes".
 */
class HostileFreezeTest {

    private static final Path FIXTURES = Path.of(System.getProperty("compilereceipt.fixtures.dir", "../fixtures"));
    private static final Path LOG_26 = FIXTURES.resolve("print-bridge/torch_trace.log");
    private static final Path LOG_214 = FIXTURES.resolve("torch-2.14/print-bridge/torch_trace.log");
    private static final String PREFIX = "V1201 06:04:40.000000 24391 capture.py:50] ";
    private static final Pattern MD5 = Pattern.compile("\"has_payload\": \"[0-9a-f]{32}\"");

    private StringWriter out = new StringWriter();
    private StringWriter err = new StringWriter();

    @TempDir
    Path dir;

    private int run(String... args) {
        out = new StringWriter();
        err = new StringWriter();
        return ReceiptCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    }

    private List<String> tree() throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(p -> !p.equals(dir)).map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }

    /** One record of a log: its envelope line and its payload lines without their tab. */
    private record LogRecord(String envelope, List<String> payload) {
    }

    /** {@code log} with each record rewritten, its payload's MD5 made right again. */
    private Path rewrite(Path log, String name, UnaryOperator<LogRecord> change) throws Exception {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < lines.size(); ) {
            String envelope = lines.get(i++);
            List<String> payload = new ArrayList<>();
            while (i < lines.size() && lines.get(i).startsWith("\t")) {
                payload.add(lines.get(i++).substring(1));
            }
            LogRecord changed = change.apply(new LogRecord(envelope, payload));
            String md5 = HexFormat.of().formatHex(MessageDigest.getInstance("MD5")
                    .digest(String.join("\n", changed.payload()).getBytes(StandardCharsets.UTF_8)));
            text.append(MD5.matcher(changed.envelope()).replaceFirst(Matcher.quoteReplacement("\"has_payload\": \"" + md5 + "\""))).append('\n');
            changed.payload().forEach(line -> text.append('\t').append(line).append('\n'));
        }
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }

    /**
     * print-bridge on 2.14 with the second graph break written relative already: cutting /rt merges
     * its two break sites into one, so the frozen log's receipt differs and the check must say so.
     */
    private Path mergingSites() throws Exception {
        int[] breaks = {0};
        return rewrite(LOG_214, "merging.log", record -> record.envelope().contains("\"dynamo_graph_break_reason\"") && ++breaks[0] == 2
                ? new LogRecord(record.envelope(), Stream.concat(Stream.of(record.payload().get(0).replace(" at /rt/", " at ")),
                        record.payload().stream().skip(1)).toList())
                : record);
    }

    @Test
    void aFailedCheckLeavesTheExistingFileItsBytesAndModeAndNoFolderItMade() throws Exception {
        Path log = mergingSites();
        Path fixture = Files.writeString(dir.resolve("pb.log"), "the committed fixture\n");
        Files.setPosixFilePermissions(fixture, PosixFilePermissions.fromString("rw-r-----"));
        assertThat(run("freeze", log.toString(), "-o", fixture.toString(), "--relative-to", "/rt")).isEqualTo(1);
        assertThat(out.toString()).contains("\nthe frozen log's receipt differs from the log's, so " + fixture
                + " was not written: 4 figures differ (log → frozen):\n  breaks\n    runs.baseline.break_sites[0].calls.at_least: 1 → 2\n");
        assertThat(Files.readString(fixture)).isEqualTo("the committed fixture\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(fixture))).isEqualTo("rw-r-----");

        assertThat(run("freeze", log.toString(), "-o", dir.resolve("made/x/pb.log").toString(), "--relative-to", "/rt")).isEqualTo(1);
        assertThat(tree()).containsExactly("merging.log", "pb.log");
    }

    @Test
    void aSymbolicLinkIsRefusedAndItsTargetUntouched() throws Exception {
        Path target = Files.writeString(dir.resolve("shared.log"), "keep me");
        Path link = Files.createSymbolicLink(dir.resolve("pb.log"), target);
        assertThat(run("freeze", LOG_214.toString(), "-o", link.toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("receipt: cannot write " + link + ": it is a symbolic link; name the file itself\n");
        assertThat(Files.readString(target)).isEqualTo("keep me");
        assertThat(tree()).containsExactly("pb.log", "shared.log");
    }

    @Test
    void aFolderEmptyOrNotIsRefused() throws Exception {
        Path empty = Files.createDirectory(dir.resolve("empty"));
        Path full = Files.createDirectory(dir.resolve("full"));
        Files.writeString(full.resolve("a.log"), "a");
        for (Path folder : List.of(empty, full)) {
            assertThat(run("freeze", LOG_214.toString(), "-o", folder.toString())).isEqualTo(2);
            assertThat(err.toString()).isEqualTo("receipt: cannot write " + folder + ": it is a folder\n");
        }
        assertThat(tree()).containsExactly("empty", "full", "full/a.log");
    }

    @Test
    void aPathThroughAMissingFolderAndDotDotIsTheFolderItNames() throws Exception {
        assertThat(run("freeze", LOG_214.toString(), "-o", dir.resolve("missing/../pb.log").toString())).isZero();
        assertThat(tree()).containsExactly("pb.log");
    }

    @Test
    void aCaptureFolderThat26WritesEscapedIsCutFromJsonPayloads() throws Exception {
        // 2.6 writes JSON payloads with \/ and \u00e9; the envelopes and text payloads keep the plain text.
        Path log = rewrite(LOG_26, "jose.log", record -> new LogRecord(record.envelope().replace("/rt/", "/home/josé/proj/"),
                record.payload().stream().map(line -> line.startsWith("\"0/0: tensor")
                        ? line.replace("actual 16\"", "actual 16 at \\/home\\/jos\\u00e9\\/proj\\/scenarios.py:28\"")
                        : line.replace("/rt/", "/home/josé/proj/")).toList()));
        Path frozen = dir.resolve("pb.log");
        assertThat(run("freeze", log.toString(), "-o", frozen.toString(), "--relative-to", "/home/josé/proj")).isZero();
        assertThat(out.toString()).endsWith("; paths are relative to /home/josé/proj\n");
        assertThat(run("audit", frozen.toString(), "--json")).isZero();
        assertThat(out.toString()).contains("actual 16 at scenarios.py:28\"").doesNotContain("jos");
    }

    @Test
    void aKeptEnvelopeWithANumberNoExactReadingHoldsIsRefusedNamingTheLine() throws Exception {
        Path log = dir.resolve("number.log");
        Files.writeString(log, PREFIX + "{\"dynamo_start\": {\"n\": 1e99999999999}, \"frame_id\": 0, \"frame_compile_id\": 0,"
                + " \"attempt\": 0}\n" + PREFIX + "{\"compilation_metrics\": {\"has_guarded_code\": true, \"cache_size\": 0},"
                + " \"frame_id\": 0, \"frame_compile_id\": 0, \"attempt\": 0}\n", StandardCharsets.UTF_8);
        assertThat(run("freeze", log.toString(), "-o", dir.resolve("pb.log").toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("receipt: refused: " + log + ": (document) (line 1): the envelope holds the number"
                + " 1e99999999999, whose exponent no exact number holds; a TORCH_TRACE envelope's numbers are ids, counts and times\n");
        assertThat(dir.resolve("pb.log")).doesNotExist();
    }

    @Test
    void terminalControlsInDroppedKindsArePrintedEscaped() throws Exception {
        Path log = dir.resolve("controls.log");
        Files.copy(LOG_214, log);
        // as many as the most common kind, so both are among the 20 kinds the summary shows
        String records = (PREFIX + "{\"\\u001b]0;pwned\\u0007\\u001b[2J\": {}}\n"
                + PREFIX + "{\"artifact\": {\"name\": \"\\u009b31m\\u202e\", \"encoding\": \"string\"}}\n").repeat(700);
        Files.writeString(log, records, StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
        assertThat(run("freeze", log.toString(), "-o", dir.resolve("pb.log").toString())).isZero();
        assertThat(out.toString()).doesNotContain("\u001b", "\u0007", "\u009b", "\u202e")
                .contains("dropped 2202 (\\u001b]0;pwned\\u0007\\u001b[2J 700, artifact \\u009b31m\\u202e 700, chromium_event 677, ");
    }

    @Test
    void aFloodOfDroppedKindsIsCountedNotListed() throws Exception {
        Path log = dir.resolve("kinds.log");
        Files.copy(LOG_214, log);
        StringBuilder kinds = new StringBuilder();
        for (int i = 0; i < 5000; i++) {
            kinds.append(PREFIX).append("{\"kind_").append(i).append("_").append("k".repeat(200)).append("\": {}}\n");
        }
        Files.writeString(log, kinds, StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
        assertThat(run("freeze", log.toString(), "-o", dir.resolve("pb.log").toString())).isZero();
        String summary = out.toString().lines().findFirst().orElseThrow();
        // 815 records of 2.14's own kinds, then 5000 of one new kind each: 64 kinds are named, 20 shown, the rest counted
        assertThat(summary).contains("kept 102 of 5904 records, dropped 5802 (chromium_event 677, ")
                .contains("_MODIFIED_BYTECODE 2 and 5002 more records of other kinds); ");
        assertThat(summary.length()).isLessThan(2000);
    }
}
