package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.read.JsonTokens;
import dev.compilereceipt.read.TerminalCodes;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Splits a byte stream into the lines of a text as a terminal shows them, one at a time and in
 * bounded memory: a line ends at {@code \n}, at {@code \r\n}, or at a lone {@code \r} (a progress
 * bar overwriting its line, common in CI logs; the text after it is a line of its own, with the
 * same line number). A line longer than the limit keeps its first {@code maxLine} bytes and says
 * it was {@link #cut()}; the rest is skipped, never buffered. A UTF-8 byte order mark before the
 * first line is dropped. Line numbers count {@code \n}, as {@code grep -n} and editors do. The
 * text of a line comes without the colours and other escape sequences a terminal acts on
 * ({@link TerminalCodes}).
 *
 * <p>The same idea as the TORCH_TRACE reader's line splitter, which refuses an over-long line:
 * here an over-long line is any CI log's business (a progress bar, a dump), not a reason to refuse.
 */
final class TextLines {

    private long notUtf8;
    private long countedLine = -1;

    static final int MAX_LINE = 1 << 20;
    private static final int CHUNK = 1 << 16;

    private final InputStream in;
    private final int maxLine;
    private final byte[] chunk = new byte[CHUNK];
    private final TerminalCodes codes = new TerminalCodes();
    private int position;
    private int filled;
    private boolean eof;
    private byte[] line = new byte[4096];
    private int length;
    private boolean cut;
    private boolean malformed;
    private long number;
    private long nextNumber = 1;
    private boolean afterCr;
    private boolean first = true;

    TextLines(InputStream in, int maxLine) {
        this.in = in;
        this.maxLine = maxLine;
    }

    /** Advances to the next line; false at the end of the stream. */
    boolean next() throws IOException {
        length = 0;
        cut = false;
        number = nextNumber;
        boolean any = false;
        while (true) {
            if (position == filled && (eof || !fill())) {
                // A last line without a line end, or none at all.
                return any && finish();
            }
            byte b = chunk[position++];
            if (afterCr) {
                afterCr = false;
                if (b == '\n') {
                    // The \n of a \r\n: the line it ends was handed out at the \r.
                    nextNumber++;
                    number = nextNumber;
                    continue;
                }
            }
            any = true;
            if (b == '\n') {
                nextNumber++;
                return finish();
            }
            if (b == '\r') {
                afterCr = true;
                return finish();
            }
            if (length < maxLine) {
                if (length == line.length) {
                    line = Arrays.copyOf(line, (int) Math.min((long) line.length * 2, maxLine));
                }
                line[length++] = b;
            } else {
                cut = true;
                // The rest of an over-long line is skipped at the speed of a scan: an endless one (/dev/zero) is refused sooner.
                while (position < filled && chunk[position] != '\n' && chunk[position] != '\r') {
                    position++;
                }
            }
        }
    }

    private boolean finish() {
        if (first) {
            first = false;
            if (length >= 3 && line[0] == (byte) 0xEF && line[1] == (byte) 0xBB && line[2] == (byte) 0xBF) {
                System.arraycopy(line, 3, line, 0, length - 3);
                length -= 3;
            }
        }
        return true;
    }

    private boolean fill() throws IOException {
        int read = in.read(chunk, 0, CHUNK);
        if (read < 0) {
            eof = true;
            return false;
        }
        position = 0;
        filled = read;
        return true;
    }

    /**
     * The line as text, without the terminal's escape sequences ({@link TerminalCodes}); bytes that
     * are not UTF-8 become U+FFFD, and {@link #damaged()} says so, as it does of a broken escape sequence.
     */
    String text() {
        // Checked byte by byte rather than by a reporting decoder, which throws (and fills in a stack trace) per bad line.
        malformed = false;
        boolean ascii = true;
        for (int i = 0; i < length && !malformed; ) {
            if (line[i] >= 0) {
                i++;
            } else {
                ascii = false;
                i = JsonTokens.utf8(line, i, length);
                malformed = i < 0;
            }
        }
        if (malformed && countedLine != number) {
            notUtf8++;          // text() may be asked again of the same line
            countedLine = number;
        }
        String text = new String(line, 0, length, ascii ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
        text = codes.strip(text);
        malformed |= codes.broken();
        return text;
    }

    /** How many of the lines read so far were not UTF-8. */
    long notUtf8() {
        return notUtf8;
    }

    /** Whether the line lost its end at the limit, or the last {@link #text()} held bytes that are not UTF-8 or a broken escape sequence. */
    boolean damaged() {
        return cut || malformed;
    }

    /** Whether the line was longer than the limit and lost its end. */
    boolean cut() {
        return cut;
    }

    /** The 1-based number of the line, counting {@code \n}. */
    long number() {
        return number;
    }
}
