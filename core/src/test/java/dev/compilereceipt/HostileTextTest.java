package dev.compilereceipt;

import dev.compilereceipt.read.InputFile;
import dev.compilereceipt.read.torchlogs.TorchLogsReader;
import static dev.compilereceipt.HostileFiles.repeat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.compilereceipt.trace.Limits;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * TORCH_LOGS text and endless input built to exhaust memory or time, under {@code -Xmx64m} (the
 * hostile-input execution): every bound is checked while the text is read, before what it bounds
 * is allocated, so the refusal is the one the default heap gives, and an input that never ends is
 * refused at a stated bound. The table is {@code docs/hostile-input.md}, "Endless and growing input".
 */
@Tag("hostile")
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class HostileTextTest {

    private static final String RAISE_LENGTH = " (max_string_length; raise it with Limits.withMaxStringLength, the CLI's"
            + " --max-string-length or @TraceFixture(maxStringLength = ...))";
    private static final String RAISE_REASONS = " (max_recompile_reasons; raise it with Limits.withMaxRecompileReasons,"
            + " the CLI's --max-recompile-reasons or @TraceFixture(maxRecompileReasons = ...))";

    @TempDir
    Path dir;

    @Test
    void aRecompileOfOneAndAHalfMillionBulletLinesIsRefusedAtTheStringLimit() throws IOException {
        // 13.5 MB: one bare recompile whose one failure goes on over 1,500,000 continuation bullets (kept whole, it was
        // 1.5 million strings: "ran out of memory" in this heap, the string-limit refusal in the default one).
        Path file = HostileFiles.write(dir, "bullets.log", out -> {
            text(out, "Recompiling function f in /x/m.py:1\n    triggered by the following guard failure(s):\n    - 0/0: x\n");
            repeat(out, "    - gg\n", 1_500_000);
        });
        // "0/0: x" and 1,500,000 times "\ngg"; the message is read where the text ends, after line 1,500,003.
        assertThat(refusal(file)).isEqualTo(file + ": (document) (line 1500004): a string of 4500006 characters, over the"
                + " limit of 1048576" + RAISE_LENGTH);
    }

    @Test
    void aRecompileOfNineHundredThousandFailuresIsRefusedAtTheReasonLimit() throws IOException {
        Path file = HostileFiles.write(dir, "failures.log", out -> {
            text(out, "Recompiling function f in /x/m.py:1\n    triggered by the following guard failure(s):\n");
            for (int i = 0; i < 900_000; i++) {
                text(out, "    - 0/" + i + ": g\n");
            }
        });
        assertThat(refusal(file)).isEqualTo(file + ": (document) (line 900003): the text has more than 100000 recompile"
                + " reasons, over the limit of 100000" + RAISE_REASONS);
    }

    @Test
    void aRecompileReasonsPayloadOfNineHundredThousandGuardsIsRefusedAtTheReasonLimit() throws IOException {
        // 6.3 MB of distinct four-letter guards in one JSON list, within the 8 MiB kept of a payload.
        String prefix = "V1129 07:59:13.414000 21527 torch/_dynamo/utils.py:1318] ";
        Path file = HostileFiles.write(dir, "guards.log", out -> {
            text(out, prefix + "{\"dynamo_start\": {}, \"frame_id\": 0, \"frame_compile_id\": 1, \"attempt\": 0}\n");
            text(out, prefix + "{\"artifact\": {\"name\": \"recompile_reasons\", \"encoding\": \"json\"}, \"frame_id\": 0,"
                    + " \"frame_compile_id\": 1, \"attempt\": 0}\n\t[");
            for (int i = 0; i < 900_000; i++) {
                text(out, (i == 0 ? "\"" : ",\"") + Integer.toString(1_700_000 + i, 36) + "\"");
            }
            text(out, "]\n");
        });
        assertThat(refusal(file)).isEqualTo(file + ": (document) (line 2): the run has more than 100000 recompile"
                + " reasons, over the limit of 100000" + RAISE_REASONS);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void endlessShortLinesAreRefusedAtTheLineBound() {
        // What `yes | receipt audit -` hands the reader: 2^27 lines of "y" are 256 MiB.
        Path name = Path.of("(standard input)");
        assertThat(catchThrowableOfType(TraceRefusedException.class, () -> Traces.read(TraceRequest.ofStream(name, endless("y\n"))))
                .getMessage()).isEqualTo("(standard input): (document) (line 134217729): more than " + TorchLogsReader.MAX_LINES
                + " lines, the most this reader reads of a text: endless input (yes |, a log still being written)?"
                + " Give a finished log as a file");
    }

    @Test
    void anInputIsRefusedPastTheByteBound() throws IOException {
        Path name = Path.of("/dev/zero");
        InputStream zeros = InputFile.bounded(name, endless("\0"), 1 << 20);
        assertThat(catchThrowableOfType(RuntimeException.class, () -> zeros.readAllBytes()).getMessage()).isEqualTo(
                "/dev/zero: (document): more than 1048576 bytes, the most this reader reads of one input: endless input"
                        + " (/dev/zero, a pipe that never closes, a log still being written)? Give a finished log");
        // A regular file over the bound is refused before a byte is read (a sparse file: it takes no disk).
        Path big = dir.resolve("big.log");
        try (RandomAccessFile file = new RandomAccessFile(big.toFile(), "rw")) {
            file.setLength(InputFile.MAX_BYTES + 1);
        }
        assertThat(refusal(big)).isEqualTo(big + ": (document): more than 16 GiB, the most this reader reads of one"
                + " input (it holds 17179869185)");
    }

    /** {@code text} again and again, in bulk. */
    private static InputStream endless(String text) {
        byte[] block = text.repeat(1 << 14).getBytes(StandardCharsets.UTF_8);
        return new InputStream() {
            private int at;

            @Override
            public int read() {
                int b = block[at];
                at = (at + 1) % block.length;
                return b;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                int n = Math.min(len, block.length - at);
                System.arraycopy(block, at, b, off, n);
                at = (at + n) % block.length;
                return n;
            }
        };
    }

    private static void text(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
    }

    private static String refusal(Path file) {
        return catchThrowableOfType(TraceRefusedException.class, () -> Traces.read(file)).getMessage();
    }
}
