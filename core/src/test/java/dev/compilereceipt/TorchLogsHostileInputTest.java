package dev.compilereceipt;

import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Trace;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.compilereceipt.read.torchlogs.TorchLogsReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What hostile TORCH_LOGS text gets: bounded memory and time, a refusal that names the limit when
 * a bound is passed, and bad lines (never a failed import) for damaged messages. Large inputs are
 * generated as streams, line by line, so the test holds none of them.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TorchLogsHostileInputTest {

    private static final Path TEXT = Path.of("ci.log");
    private static final String PREFIX = "V1201 06:17:32.130000 13949 torch/_dynamo/guards.py:5619]";

    @TempDir
    Path dir;

    private static Trace read(InputStream in, Limits limits, int maxLine) throws IOException {
        return TorchLogsReader.read(TEXT, in, limits, OptionalInt.empty(), maxLine);
    }

    private static InputStream text(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code count} lines made one at a time, never held together. */
    private static InputStream lines(long count, IntFunction<String> line) {
        return new InputStream() {
            private long next;
            private byte[] current = new byte[0];
            private int at;

            @Override
            public int read() {
                while (at == current.length) {
                    if (next == count) {
                        return -1;
                    }
                    current = (line.apply((int) next++) + "\n").getBytes(StandardCharsets.UTF_8);
                    at = 0;
                }
                return current[at++] & 0xFF;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                int n = 0;
                while (n < len) {
                    int c = read();
                    if (c < 0) {
                        return n == 0 ? -1 : n;
                    }
                    b[off + n++] = (byte) c;
                }
                return n;
            }
        };
    }

    private static String recompile(int variant) {
        return PREFIX + " [0/" + variant + "] [__recompiles] Recompiling function f in /rtl/s.py:1\n"
                + PREFIX + " [0/" + variant + "] [__recompiles]     triggered by the following guard failure(s):\n"
                + PREFIX + " [0/" + variant + "] [__recompiles]     - 0/0: L['n'] == " + variant;
    }

    @Test
    void aHundredMegabyteLineIsStreamedNotBuffered() throws IOException {
        InputStream endless = new InputStream() {
            private long left = 100L << 20;

            @Override
            public int read() {
                return left-- > 0 ? 'x' : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (left <= 0) {
                    return -1;
                }
                int n = (int) Math.min(len, left);
                java.util.Arrays.fill(b, off, off + n, (byte) 'x');
                left -= n;
                return n;
            }
        };
        InputStream in = new SequenceInputStream(text(recompile(1) + "\n"), endless);
        Trace trace = read(in, Limits.DEFAULT, TorchLogsReader.MAX_LINE);
        assertThat(trace.runs().get(0).compileLog().orElseThrow().recompiles()).containsExactly("0/1");
    }

    @Test
    void aPytorchLineCutAtTheLineLimitDamagesItsMessage() throws IOException {
        String text = recompile(1) + "\n" + PREFIX + " [0/2] [__recompiles] Recompiling function f in /rtl/s.py:1\n"
                + PREFIX + " [0/2] [__recompiles]     - 0/1: " + "y".repeat(5000) + "\n";
        Trace trace = read(text(text), Limits.DEFAULT, 1024);
        assertThat(trace.badLines()).contains(List.of(4L));
        assertThat(trace.runs().get(0).compileLog().orElseThrow().recompiles()).containsExactly("0/1");
    }

    @Test
    void moreThanTenThousandTornMessagesAreRefused() {
        // Every line a bullet of a recompile whose first line is missing, each of another compile id.
        assertThatThrownBy(() -> read(lines(20_000, i -> PREFIX + " [0/" + i + "] [__recompiles]     - 0/0: x"), Limits.DEFAULT,
                TorchLogsReader.MAX_LINE)).isInstanceOf(Refusal.class).hasMessage("ci.log: (document) (line 10001):"
                + " more than 10000 bad lines (the first at line 1): too damaged to import as TORCH_LOGS text");
    }

    @Test
    void randomBytesAreRefusedWithinMegabytesNotAtTheByteBound() throws IOException {
        // A PyTorch line first (so the text is not refused as neither kind), then lines of one byte that is not UTF-8:
        // after line k, k - 1 lines were not UTF-8; the 65,537th of them (line 65,538) passes the bound.
        byte[] header = (recompile(1) + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] bytes = new byte[header.length + 2 * 100_000];
        System.arraycopy(header, 0, bytes, 0, header.length);
        for (int i = header.length; i < bytes.length; i += 2) {
            bytes[i] = (byte) 0xFF;
            bytes[i + 1] = '\n';
        }
        long headerLines = recompile(1).lines().count();
        assertThatThrownBy(() -> read(new ByteArrayInputStream(bytes), Limits.DEFAULT, TorchLogsReader.MAX_LINE))
                .isInstanceOf(Refusal.class).hasMessage("ci.log: (document) (line " + (headerLines + 65_537) + "): more than 65536"
                        + " lines that are not UTF-8: binary input (/dev/urandom, a compressed log?), not a TORCH_LOGS text");
    }

    @Test
    void compilesPastTheLimitAreRefusedWithTheLimitNamed() {
        String text = recompile(1) + "\n" + recompile(2) + "\n" + recompile(3) + "\n" + recompile(4) + "\n";
        assertThatThrownBy(() -> read(text(text), Limits.DEFAULT.withMaxCompiles(3), TorchLogsReader.MAX_LINE))
                .isInstanceOf(Refusal.class).hasMessageContaining("the text has more than 3 compiles, over the limit"
                        + " of 3 (max_compiles; raise it with Limits.withMaxCompiles, the CLI's --max-compiles or"
                        + " @TraceFixture(maxCompiles = ...))");
        assertThatThrownBy(() -> read(text(text), Limits.DEFAULT.withMaxRecompileReasons(2), TorchLogsReader.MAX_LINE))
                .hasMessageContaining("more than 2 recompile reasons, over the limit of 2 (max_recompile_reasons;");
    }

    @Test
    void breakSitesPastTheLimitAreRefused() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            String prefix = "V1201 06:17:28.46900" + i + " 13949 torch/_dynamo/symbolic_convert.py:5368] [" + i + "/0] [__graph_breaks]";
            text.append(prefix).append(" Graph break in user code at /rtl/s.py:").append(i).append('\n')
                    .append(prefix).append(" Reason: Unsupported: x\n");
        }
        assertThatThrownBy(() -> read(text(text.toString()), Limits.DEFAULT.withMaxBreakSites(4), TorchLogsReader.MAX_LINE))
                .hasMessageContaining("more than 4 distinct break sites, over the limit of 4 (max_break_sites;");
    }

    @Test
    void aStringPastTheStringLimitIsRefused() {
        String text = PREFIX + " [0/1] [__recompiles] Recompiling function f in /rtl/s.py:1\n"
                + PREFIX + " [0/1] [__recompiles]     - 0/0: " + "z".repeat(2000) + "\n";
        assertThatThrownBy(() -> read(text(text), Limits.DEFAULT.withMaxStringLength(1000), TorchLogsReader.MAX_LINE))
                .hasMessageContaining("a string of 2005 characters, over the limit of 1000 (max_string_length;");
    }

    @Test
    void aMessageThatNeverEndsIsRefusedAtTheKeptCharacters() {
        InputStream in = lines(1_000_000, i -> i == 0 ? PREFIX + " [0/1] [__recompiles] Recompiling function f in /rtl/s.py:1"
                : PREFIX + " [0/1] [__recompiles]     - 0/0: L['n'] == " + i);
        assertThatThrownBy(() -> read(in, Limits.DEFAULT.withMaxKeptChars(1 << 20), TorchLogsReader.MAX_LINE))
                .isInstanceOf(Refusal.class).hasMessageContaining("over the limit of 1048576 (max_kept_chars;");
    }

    @Test
    void threeHundredWritersWithAMessageOpenEachAreReadInBoundedMemory() throws IOException {
        // 300 pids write their first lines, then their second, then their third: at most 256 messages stay open,
        // so the 257th header ends the oldest (pid 0) and so on up to pid 43. Their headers alone are torn
        // messages (44 bad lines); their later lines are torn too, listed once per message (44 more).
        InputStream in = lines(900, i -> "V1201 06:17:32.130000 " + (i % 300) + " torch/_dynamo/guards.py:5619] [0/1]"
                + " [__recompiles] " + (i < 300 ? "Recompiling function f in /rtl/s.py:1"
                        : i < 600 ? "    triggered by the following guard failure(s):" : "    - 0/0: L['n'] == 1"));
        Trace trace = read(in, Limits.DEFAULT, TorchLogsReader.MAX_LINE);
        assertThat(trace.runs().get(0).compileLog().orElseThrow().recompiles()).hasSize(256);
        assertThat(trace.badLines().orElseThrow()).hasSize(88).startsWith(1L, 2L).endsWith(344L);
    }

    @Test
    void binaryGarbageAroundAMessageIsOtherOutput() throws IOException {
        byte[] garbage = new byte[1 << 20];
        new java.util.Random(19).nextBytes(garbage);
        garbage[0] = 'x';
        for (int i = 0; i < garbage.length; i++) {
            if (garbage[i] == '\n' || garbage[i] == '\r') {
                garbage[i] = 0;
            }
        }
        Path file = dir.resolve("ci.log");
        try (var out = Files.newOutputStream(file)) {
            out.write(garbage);
            out.write('\n');
            out.write((recompile(1) + "\n").getBytes(StandardCharsets.UTF_8));
            out.write(garbage);
        }
        Trace trace = Traces.read(file);
        assertThat(trace.runs().get(0).compileLog().orElseThrow().recompiles()).containsExactly("0/1");
        assertThat(trace.badLines()).contains(List.of());
    }

    @Test
    void anEmptyStreamIsNoText() {
        assertThatThrownBy(() -> read(text(""), Limits.DEFAULT, TorchLogsReader.MAX_LINE)).isInstanceOf(Refusal.class)
                .hasMessageStartingWith("ci.log: (document): not TORCH_LOGS text:");
    }

    @Test
    void aMillionLinesOfOtherOutputReadInTime() throws IOException {
        InputStream in = new SequenceInputStream(lines(1_000_000, i -> "step " + i + " loss 0.25 lr 1e-4 [rank0] I1201 nothing"),
                text(recompile(1) + "\n"));
        Trace trace = read(in, Limits.DEFAULT, TorchLogsReader.MAX_LINE);
        assertThat(trace.runs().get(0).compileLog().orElseThrow().recompiles()).containsExactly("0/1");
    }

    @Test
    void aRankIsReadFromAFifoAsFromAFile() throws Exception {
        // A FIFO can be read once: the rank, its tags and the kind of text are all learnt in one pass (it hung before).
        String ranked = tagged(0, "torch-logs/2.14-print-bridge") + tagged(1, "torch-logs/2.14-int-spec");
        Path file = Files.writeString(Files.createDirectories(dir.resolve("file")).resolve("ranks.log"), ranked);
        for (int rank : new int[] {0, 1}) {
            Trace fromFifo = throughFifo(ranked, fifo -> Traces.read(TraceRequest.of(fifo).withRank(rank)));
            Trace fromFile = Traces.read(TraceRequest.of(file).withRank(rank));
            assertThat(fromFifo.sha256()).isEqualTo(fromFile.sha256());
            assertThat(fromFifo.fixture().fields()).containsEntry("rank", Integer.toString(rank));
        }
        assertThat(throughFifo(ranked, Traces::ranks)).containsExactly(0, 1);
        // Rank 0 of a text without tags is the whole text, from a FIFO too.
        String plain = Files.readString(Fixtures.path("torch-logs/2.14-int-spec/torch_logs.txt"));
        Trace whole = throughFifo(plain, fifo -> Traces.read(TraceRequest.of(fifo).withRank(0)));
        assertThat(whole.runs().get(0).compileLog()).isEqualTo(Traces.read(Fixtures.path("torch-logs/2.14-int-spec/torch_logs.txt"))
                .runs().get(0).compileLog());
        assertThatThrownBy(() -> throughFifo(plain, fifo -> Traces.read(TraceRequest.of(fifo).withRank(1)))).hasMessageEndingWith(
                "(document): no lines of rank 1: the text has no [rankN]: tags, so it is one process, rank 0");
    }

    private static String tagged(int rank, String folder) throws IOException {
        StringBuilder out = new StringBuilder();
        Files.readAllLines(Fixtures.path(folder + "/torch_logs.txt")).forEach(line -> out.append("[rank").append(rank)
                .append("]:").append(line).append('\n'));
        return out.toString();
    }

    /** What {@code reading} makes of a FIFO named ranks.log that a thread writes {@code text} into. */
    private <T> T throughFifo(String text, java.util.function.Function<Path, T> reading) throws Exception {
        Path fifo = Files.createDirectories(dir.resolve("fifo" + System.nanoTime())).resolve("ranks.log");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        Thread writer = new Thread(() -> {
            try {
                Files.writeString(fifo, text);
            } catch (IOException closedEarly) {
                // The reader refused before reading it all.
            }
        });
        writer.setDaemon(true);
        writer.start();
        try {
            return reading.apply(fifo);
        } finally {
            writer.join(5_000);
        }
    }
}
