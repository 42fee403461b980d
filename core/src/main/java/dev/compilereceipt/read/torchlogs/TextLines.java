package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.read.ByteWords;
import dev.compilereceipt.read.UnicodeText;
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
 * it was {@link #cut()}; the rest is skipped, never buffered, up to {@value #MAX_LINE_READ} bytes: a
 * line longer than that ends the read ({@link LineTooLong}), so that endless input without a line
 * end ({@code /dev/zero}) is refused within a second, not at the 16 GiB bound of every input. A UTF-8 byte order mark before the
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
    /**
     * The longest line read at all, 128 MiB: a CI log's longest lines (a dump, a progress bar without
     * {@code \r}) are megabytes; a line past it is no log's, and the read is refused.
     */
    static final long MAX_LINE_READ = 1L << 27;
    private static final int CHUNK = 1 << 16;

    private final InputStream in;
    private final int maxLine;
    private final byte[] chunk;
    /**
     * The chunk of each thread that reads parts of a file ({@link TextParts}): a part is a mebibyte, and a new chunk for each
     * was a tenth of what the reader allocated.
     */
    private static final ThreadLocal<byte[]> PART_CHUNKS = ThreadLocal.withInitial(() -> new byte[CHUNK]);
    private final TerminalCodes codes = new TerminalCodes();
    /** The offset in the file of {@code chunk[0]}. */
    private long chunkOffset;
    private int position;
    private int filled;
    private boolean eof;
    private byte[] line = new byte[4096];
    private int length;
    /** Every byte of the line so far, those passed over past the limit too. */
    private long lineBytes;
    private boolean cut;
    private boolean plain;
    private boolean malformed;
    private long number;
    private long nextNumber = 1;
    private boolean afterCr;
    private boolean afterNewline = true;
    private boolean startsAfterNewline;
    private long lineOffset;
    private boolean first = true;

    TextLines(InputStream in, int maxLine) {
        this(in, maxLine, new byte[CHUNK]);
    }

    private TextLines(InputStream in, int maxLine, byte[] chunk) {
        this.in = in;
        this.maxLine = maxLine;
        this.chunk = chunk;
    }

    /**
     * The lines of a file from the first line that starts at or after {@code from} after a
     * {@code \n} (the file's first line when {@code from} is 0); {@code in} starts one byte before
     * {@code from}. Numbers count from 1 at that line; {@link #offset()} is in the file.
     */
    static TextLines part(InputStream in, int maxLine, long from) throws IOException {
        // One part at a time on a thread: the thread's chunk is free again.
        TextLines lines = new TextLines(in, maxLine, PART_CHUNKS.get());
        if (from > 0) {
            lines.first = false;
            lines.chunkOffset = from - 1;
            lines.skipPastNewline();
        }
        return lines;
    }

    private void skipPastNewline() throws IOException {
        while (position < filled || !eof && fill()) {
            if (chunk[position++] == '\n') {
                return;
            }
        }
    }

    /** Advances to the next line; false at the end of the stream. */
    boolean next() throws IOException {
        length = 0;
        lineBytes = 0;
        cut = false;
        plain = true;
        malformed = false;
        if (afterCr) {
            afterCr = false;
            afterNewline = false;
            if (position < filled || !eof && fill()) {
                if (chunk[position] == '\n') {
                    // The \n of a \r\n: the line it ends was handed out at the \r.
                    position++;
                    nextNumber++;
                    afterNewline = true;
                }
            }
        }
        number = nextNumber;
        startsAfterNewline = afterNewline;
        lineOffset = chunkOffset + position;
        boolean any = false;
        while (true) {
            if (position == filled && (eof || !fill())) {
                // A last line without a line end, or none at all.
                return any && finish();
            }
            int from = position;
            int i = from;
            byte b = 0;
            // Eight bytes at a time while none is below 0x20 or above 0x7F (line ends, ESC, other controls, UTF-8);
            // then one comparison a byte: those bytes are all below 0x20 as signed bytes.
            while (i + 8 <= filled) {
                long flagged = ByteWords.controlOrHigh(ByteWords.at(chunk, i));
                if (flagged != 0) {
                    i += ByteWords.first(flagged);
                    break;
                }
                i += 8;
            }
            while (i < filled) {
                b = chunk[i];
                if (b < 0x20) {
                    if (b == '\n' || b == '\r') {
                        break;
                    }
                    if (b < 0 || b == 0x1b) {
                        plain = false;
                    }
                }
                i++;
            }
            any |= i > from;
            keep(from, i);
            position = i;
            if (i < filled) {
                position++;
                if (b == '\n') {
                    nextNumber++;
                    afterNewline = true;
                } else {
                    afterCr = true;
                }
                return finish();
            }
        }
    }

    /** Keeps {@code chunk[from, to)} of the line, up to the limit; the rest of an over-long line is passed over. */
    private void keep(int from, int to) {
        lineBytes += to - from;
        if (lineBytes > MAX_LINE_READ) {
            throw new LineTooLong(number);
        }
        int room = maxLine - length;
        int n = Math.min(room, to - from);
        if (n < to - from) {
            cut = true;
        }
        if (n <= 0) {
            return;
        }
        if (length + n > line.length) {
            line = Arrays.copyOf(line, (int) Math.min(Math.max((long) line.length * 2, length + n), maxLine));
        }
        System.arraycopy(chunk, from, line, length, n);
        length += n;
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
        chunkOffset += filled;
        position = 0;
        filled = read;
        return true;
    }

    /** The line's bytes, {@code [0, length())}, as read (its escape sequences and any bytes not UTF-8 in them). */
    byte[] bytes() {
        return line;
    }

    int length() {
        return length;
    }

    /** Whether every byte of the line, its cut end too, is ASCII and none is ESC: its text is its bytes, one char each. */
    boolean plain() {
        return plain;
    }

    /** The offset in the file of the line's first byte (of the stream, for a stream that is no part). */
    long offset() {
        return lineOffset;
    }

    /** Whether the line starts the stream or follows a {@code \n} (not a lone {@code \r}): where a part of a file may begin. */
    boolean startsAfterNewline() {
        return startsAfterNewline;
    }

    /**
     * The line as text, without the terminal's escape sequences ({@link TerminalCodes}); bytes that
     * are not UTF-8 become U+FFFD, and {@link #damaged()} says so, as it does of a broken escape sequence.
     */
    String text() {
        // Checked byte by byte rather than by a reporting decoder, which throws (and fills in a stack trace) per bad line.
        malformed = false;
        if (plain) {
            return new String(line, 0, length, StandardCharsets.ISO_8859_1);
        }
        boolean ascii = true;
        for (int i = 0; i < length && !malformed; ) {
            if (line[i] >= 0) {
                i++;
            } else {
                ascii = false;
                i = UnicodeText.utf8(line, i, length);
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

    /** A line longer than {@link #MAX_LINE_READ}: the read ends; the reader refuses it at its {@link #number()}. */
    static final class LineTooLong extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private final long number;

        LineTooLong(long number) {
            super(null, null, false, false);
            this.number = number;
        }

        long number() {
            return number;
        }

        /** The rule a refusal states. */
        String rule() {
            return "line " + number + " is longer than " + (MAX_LINE_READ >> 20) + " MiB, the longest line this reader"
                    + " reads: endless input without a line end (/dev/zero, a binary file)? Give a finished TORCH_LOGS text";
        }
    }
}
