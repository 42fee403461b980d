package dev.compilereceipt.read.torchlogs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.compilereceipt.TraceRequest;
import dev.compilereceipt.Traces;
import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.ReceiptJson;
import dev.compilereceipt.trace.Fixture;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Trace;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A text read in parts on two threads gives what reading it line by line gives: the same receipt,
 * bad lines and refusal, byte for byte, at part sizes from one byte (every multi-line message cut by
 * part ends, every CRLF pair too) to larger than the text; on every real text of the fixtures and on
 * variants of each that reach the other paths of the reader: CRLF and lone CR line ends, the bare
 * format, colours and a broken escape sequence, lines not UTF-8, two ranks, runs of blank lines and
 * a line over the line limit.
 */
class TextPartsTest {

    private static final int[] PART_SIZES = {1, 13, 256, 997, 4096, 65_536, 1 << 20};

    @TempDir
    Path dir;

    static Stream<Path> realTexts() throws IOException {
        List<Path> texts = new ArrayList<>();
        try (Stream<Path> files = Files.walk(fixtures())) {
            files.filter(p -> p.getFileName().toString().equals("torch_logs.txt")).sorted().forEach(texts::add);
        }
        assertThat(texts).hasSizeGreaterThanOrEqualTo(19);
        return texts.stream();
    }

    @ParameterizedTest
    @MethodSource("realTexts")
    void everyRealTextAndItsVariantsReadInPartsAsLineByLine(Path text) throws IOException {
        String real = Files.readString(text, StandardCharsets.UTF_8);
        assertSameInParts(write("as-is.txt", real), OptionalInt.empty());
        assertSameInParts(write("crlf.txt", real.replace("\n", "\r\n")), OptionalInt.empty());
        assertSameInParts(write("lone-cr.txt", everyNth(real, 5, "\r")), OptionalInt.empty());
        // TORCH_LOGS_FORMAT="": the glog prefix and tags gone, so every message is a bare one.
        assertSameInParts(write("bare.txt", real.replaceAll("(?m)^[VIWEFC][0-9]{4} [0-9:.]+ +[0-9]+ [^ ]+:[0-9]+\\] (\\[[^\\]]*\\] )?(\\[__[a-z_]+\\] )?",
                "")), OptionalInt.empty());
        assertSameInParts(write("colours.txt", coloured(real)), OptionalInt.empty());
        assertSameInParts(write("blank-runs.txt", everyNth(real, 40, "\n" + "\n".repeat(3000))), OptionalInt.empty());
        String ranks = ranked(real);
        Path ranked = write("ranks.txt", ranks);
        assertSameInParts(ranked, OptionalInt.empty());
        assertSameInParts(ranked, OptionalInt.of(0));
        assertSameInParts(ranked, OptionalInt.of(1));
        assertSameInParts(write("rank0.txt", real), OptionalInt.of(0));
        Path notUtf8 = dir.resolve("not-utf8.txt");
        Files.write(notUtf8, notUtf8(real));
        assertSameInParts(notUtf8, OptionalInt.empty());
    }

    @Test
    void allTextsInOneWithALineOverTheLimitReadInPartsAsLineByLine() throws IOException {
        StringBuilder all = new StringBuilder();
        for (Path text : realTexts().toList()) {
            String real = Files.readString(text, StandardCharsets.UTF_8);
            if (real.contains(RunMarker.WORD)) {
                continue;   // a text holds each run once: the marked ones are read in parts one by one above
            }
            all.append(real);
            all.append("USDT:2026-12-01 06:17:28 13949:13949 SyncActivityProfilerHandler.cpp:39] profiler_start\n".repeat(50));
        }
        // A line of a graph break cut at the line limit: its message is a bad line.
        int tag = all.indexOf("[__graph_breaks] Graph break", all.length() / 2);
        int start = all.lastIndexOf("\n", tag) + 1;
        int end = all.indexOf("\n", tag) + 1;
        String prefix = all.substring(start, tag + "[__graph_breaks] ".length());
        all.insert(end, prefix + "x".repeat(TextLines.MAX_LINE + 100) + "\n");
        Path one = write("all.txt", all.toString());
        Trace lineByLine = lineByLine(one, OptionalInt.empty());
        assertThat(lineByLine.badLines().orElseThrow()).isNotEmpty();
        assertSameInParts(one, OptionalInt.empty());
    }

    @Test
    void aTextOfBytesNotUtf8IsRefusedInPartsAsLineByLine() throws IOException {
        // Lines of one byte that is not UTF-8, one more than the reader takes.
        byte[] bytes = new byte[(int) (TorchLogsReader.MAX_NOT_UTF8_LINES + 1) * 2];
        for (int i = 0; i < bytes.length; i += 2) {
            bytes[i] = (byte) 0xFF;
            bytes[i + 1] = '\n';
        }
        Path random = dir.resolve("random.txt");
        Files.write(random, bytes);
        String refusal = answer(random, OptionalInt.empty(), 0);
        assertThat(refusal).contains("(line 65537): more than 65536 lines that are not UTF-8");
        for (int size : new int[] {4096, 1 << 20}) {
            assertThat(answer(random, OptionalInt.empty(), size)).isEqualTo(refusal);
        }
    }

    @Test
    void aBareMessageThatKeepsMoreThanAPartHoldsIsReadLineByLine() throws IOException {
        // A bare graph break keeps every indented line until its traceback: more than a part may hold.
        String text = "Graph break in user code at /x.py:1\n" + "  reason line\n".repeat((int) (TextPart.MAX_CHARS / 13) + 10)
                + "User code traceback:\n  File \"/x.py\", line 1, in f\n\n";
        Path big = write("bare-break.txt", text);
        assertThatThrownBy(() -> TorchLogsReader.readInParts(big, Limits.DEFAULT, OptionalInt.empty(), 1 << 20))
                .isInstanceOf(TextParts.Unsplittable.class);
        assertThat(json(TorchLogsReader.readFile(big, Limits.DEFAULT, OptionalInt.empty(), java.util.Optional.empty())))
                .isEqualTo(json(lineByLine(big, OptionalInt.empty())));
    }

    @Test
    void aLargeTextGoesThroughThePartsFromTraces() throws IOException {
        byte[] one = Files.readAllBytes(fixtures().resolve("torch-logs/2.14-print-bridge/torch_logs.txt"));
        Path big = dir.resolve("big.txt");
        try (var out = Files.newOutputStream(big)) {
            for (long written = 0; written < TextParts.MIN_SIZE + 1; written += one.length) {
                out.write(one);
            }
        }
        assertThat(TorchLogsReader.readsInParts(big)).isEqualTo(Runtime.getRuntime().availableProcessors() >= 2);
        Limits many = Limits.DEFAULT.withMaxRecompileReasons(1_000_000).withMaxCompiles(1_000_000);
        // the same trace, which Traces.read also names the file of (fixture.sources)
        assertThat(json(Traces.read(TraceRequest.of(big).withLimits(many))))
                .isEqualTo(json(lineByLine(big, OptionalInt.empty(), many).withSources(List.of(new Fixture.Source("trace", "big.txt")))));
    }

    @Test
    void theSievePassesOverLinesThatAreNotPyTorchsAndKeepsEveryOneThatMayBe() {
        assertThat(mayBe("USDT:2026-12-01 06:17:28 13949:13949 SyncActivityProfilerHandler.cpp:39] profiler_start")).isFalse();
        assertThat(mayBe("/usr/lib/python3/dist-packages/torch/_inductor/utils.py:12: UserWarning: TF32 is off")).isFalse();
        assertThat(mayBe("")).isFalse();
        assertThat(mayBe("V1201 06:17:28.469000 13949 torch/_dynamo/symbolic_convert.py:5368] [0/0] [__graph_breaks] x")).isTrue();
        assertThat(mayBe("[rank1]:V1201 06:17:28.469000 13949 torch/_dynamo/guards.py:1] x")).isTrue();
        assertThat(mayBe("2026-12-01T06:17:28Z W1201 06:17:28.469000 1 a.py:1] x")).isTrue();
        assertThat(mayBe("Graph break in user code at /x.py:1")).isTrue();
        assertThat(mayBe("Recompiling function f in /x.py:1")).isTrue();
        assertThat(mayBe("torch._dynamo hit config.recompile_limit (8)")).isTrue();
        assertThat(mayBe("WON'T CONVERT f /x.py line 1")).isTrue();
        // A level letter and a digit after a separator may be a prefix: read, and the parse says it is none.
        assertThat(mayBe("step 1 loss E1")).isTrue();
        assertThat(TextLine.parse("step 1 loss E1")).isEmpty();
    }

    @Test
    void theTraceIdReadByHandIsTheExpressionsReading() {
        java.util.Random random = new java.util.Random(34);
        String alphabet = "0123456789!/_a]";
        for (int n = 0; n < 200_000; n++) {
            StringBuilder id = new StringBuilder();
            int length = random.nextInt(12);
            for (int i = 0; i < length; i++) {
                id.append(alphabet.charAt(random.nextInt(random.nextInt(4) == 0 ? alphabet.length() : 12)));
            }
            if (random.nextInt(50) == 0) {
                id.append("1".repeat(17 + random.nextInt(3)));
            }
            String s = id.toString();
            java.util.regex.Matcher expected = TraceId.GRAMMAR.matcher(s);
            int start = TraceId.compileIdAt(s, 0, s.length());
            assertThat(start != TraceId.NONE).as(s).isEqualTo(expected.matches());
            if (expected.matches()) {
                String frame = expected.group(2) != null ? expected.group(2) : expected.group(4);
                assertThat(start).as(s).isEqualTo(frame == null ? TraceId.NO_COMPILE_ID : expected.start(expected.group(2) != null ? 2 : 4));
            }
        }
    }

    private static boolean mayBe(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.US_ASCII);
        return TextSieve.mayBePyTorch(bytes, bytes.length);
    }

    private void assertSameInParts(Path text, OptionalInt rank) throws IOException {
        String expected = answer(text, rank, 0);
        for (int size : PART_SIZES) {
            assertThat(answer(text, rank, size)).as("%s, rank %s, in parts of %d bytes", text.getFileName(), rank, size)
                    .isEqualTo(expected);
        }
    }

    /** The receipt's JSON and the bad lines, or the refusal; line by line when {@code partSize} is 0. */
    private static String answer(Path text, OptionalInt rank, int partSize) throws IOException {
        try {
            Trace trace = partSize == 0 ? lineByLine(text, rank) : TorchLogsReader.readInParts(text, Limits.DEFAULT, rank, partSize);
            return json(trace) + "\n" + trace.badLines();
        } catch (Refusal refusal) {
            return "refused: " + refusal.getMessage();
        }
    }

    private static String json(Trace trace) {
        return ReceiptJson.tree(Receipt.of(trace)).toString();
    }

    private static Trace lineByLine(Path text, OptionalInt rank) throws IOException {
        return lineByLine(text, rank, Limits.DEFAULT);
    }

    private static Trace lineByLine(Path text, OptionalInt rank, Limits limits) throws IOException {
        try (InputStream in = Files.newInputStream(text)) {
            return TorchLogsReader.read(text, in, limits, rank, TextLines.MAX_LINE);
        }
    }

    private static String everyNth(String text, int n, String lineEnd) {
        StringBuilder out = new StringBuilder();
        int line = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            out.append(c == '\n' && ++line % n == 0 ? lineEnd : String.valueOf(c));
        }
        return out.toString();
    }

    private static String coloured(String text) {
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (i % 3 == 0) {
                lines[i] = "\u001b[36m" + lines[i] + "\u001b[0m";
            }
        }
        lines[lines.length / 2] = lines[lines.length / 2] + "\u001b[";
        return String.join("\n", lines);
    }

    private static String ranked(String text) {
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            lines[i] = "[rank" + (i / 30 % 2) + "]:" + lines[i];
        }
        return String.join("\n", lines);
    }

    private static byte[] notUtf8(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            byte[] line = lines[i].getBytes(StandardCharsets.UTF_8);
            if (i % 11 == 5 && line.length > 10) {
                line[line.length - 3] = (byte) 0xFF;
            }
            out.writeBytes(line);
            if (i % 13 == 7) {
                out.writeBytes("caf\u00e9 \u2014 fine".getBytes(StandardCharsets.UTF_8));
            }
            if (i < lines.length - 1) {
                out.write('\n');
            }
        }
        return out.toByteArray();
    }

    private Path write(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    static Path fixtures() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isDirectory(d.resolve("fixtures/torch-logs"))) {
                return d.resolve("fixtures");
            }
        }
        throw new IllegalStateException("no fixtures/ above " + Path.of("").toAbsolutePath());
    }
}
