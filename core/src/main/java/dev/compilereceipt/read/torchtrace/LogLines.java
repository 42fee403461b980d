package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.read.ByteWords;
import dev.compilereceipt.read.Refusal;
import org.apiguardian.api.API;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * Splits a byte stream into lines without decoding them: each {@link #next()} leaves the line in
 * {@link #bytes()} from {@link #start()} to {@link #end()}, valid until the next call. A line ends
 * at {@code \n}; a {@code \r} before it is dropped, so logs saved with CRLF line ends read the
 * same as the {@code \n} logs PyTorch writes. A line longer than the limit is refused rather than
 * buffered without bound. Consecutive empty lines are handed out as one, the first of them (each
 * reader passes over them alike); the line numbers after them count every one.
 */
@API(status = API.Status.INTERNAL)
public final class LogLines {

    public static final int MAX_LINE = 16 << 20;
    private static final int CHUNK = 1 << 16;
    private static final long NEWLINES = ByteWords.repeated('\n');

    private final Path file;
    private final InputStream in;
    private final int maxLine;
    private byte[] buffer = new byte[CHUNK * 4];
    private int filled;
    private int position;
    private boolean eof;
    private long number;
    private int start;
    private int end;
    /** Where in the file {@code buffer[0]} is, and where the current line starts. */
    private long bufferOffset;
    private long lineOffset;
    /** Of a part of a file: the stream starts one byte before the part, whose first line is its first record line. */
    private boolean seeking;
    private boolean startsFile = true;
    private long stopAt = Long.MAX_VALUE;
    private long stoppedAt;
    /** Empty lines (LF or CRLF) after the current one, passed over with it: counted into the number of the next. */
    private long foldedLines;

    LogLines(Path file, InputStream in, int maxLine) {
        this.file = file;
        this.in = in;
        this.maxLine = maxLine;
    }

    /**
     * The lines of one part of a file, for readers that split it: from the first record line
     * (see {@link #isRecordLine()}) that starts at or after {@code from} to the last line before
     * the first record line that starts at or after {@code to}. {@code in} starts at byte
     * {@code from - 1} of the file (at 0 when {@code from} is 0). Parts cut at consecutive offsets
     * hold every line of the file once, in order, each record whole in one part. Numbers count
     * from 1 at the part's first line.
     */
    static LogLines part(Path file, InputStream in, int maxLine, long from, long to) {
        LogLines lines = new LogLines(file, in, maxLine);
        lines.seeking = from > 0;
        lines.startsFile = from == 0;
        lines.bufferOffset = Math.max(0, from - 1);
        lines.stopAt = to;
        return lines;
    }

    /** Whether line 1 is the first line of the file (the first line of every part but the first is a record line). */
    boolean startsFile() {
        return startsFile;
    }

    /** Advances to the next line; false at the end of the stream or of the part. */
    boolean next() throws IOException {
        if (seeking) {
            // The rest of the line that holds byte from - 1, then lines up to the first record line, but not past
            // the part's end: a part in which no record line starts holds no line (the part before reads them), so a
            // long run of payload or blank lines is read once, by the part its record is in, not once by every part.
            if (!advance()) {
                number = 0;
                return false;
            }
            do {
                if (!advance()) {
                    number = 0;
                    return false;
                }
                if (lineOffset >= stopAt) {
                    number = 0;
                    stoppedAt = lineOffset;
                    stopAt = -1;
                    return false;
                }
            } while (!isRecordLine());
            seeking = false;
            number = 1;
        } else if (!advance()) {
            return false;
        }
        if (lineOffset >= stopAt && isRecordLine()) {
            number--;
            stoppedAt = lineOffset;
            stopAt = -1;
            return false;
        }
        return stopAt >= 0;
    }

    /**
     * Where in the file the lines handed out end: the record line that ended the part, or the end of
     * the stream; of a part that held no line, its end. Valid once {@link #next()} returned false.
     */
    long stoppedAt() {
        return stoppedAt;
    }

    /** A line that is neither a payload line nor blank: one that starts a record, or is a bad line. */
    boolean isRecordLine() {
        return !isPayload() && !isBlank();
    }

    private boolean advance() throws IOException {
        if (stopAt < 0) {
            return false;
        }
        int scanFrom = position;
        while (true) {
            int newline = indexOfNewline(scanFrom);
            if (newline >= 0) {
                take(position, newline);
                position = newline + 1;
                if (end == start) {
                    // An empty line: the empty lines right after it (LF or CRLF) are folded into it, since every
                    // reader passes over a run of them as over one, and a run of millions costs a line each otherwise.
                    while (true) {
                        if (position < filled && buffer[position] == '\n') {
                            position++;
                        } else if (position + 1 < filled && buffer[position] == '\r' && buffer[position + 1] == '\n') {
                            position += 2;
                        } else {
                            break;
                        }
                        foldedLines++;
                    }
                }
                return true;
            }
            if (eof) {
                if (position >= filled) {
                    number += foldedLines;
                    foldedLines = 0;
                    stoppedAt = bufferOffset + filled;
                    return false;
                }
                take(position, filled);
                position = filled;
                return true;
            }
            int scanned = filled - position;
            if (scanned > maxLine) {
                long line = number + foldedLines + 1;
                throw new Refusal(file, "", line, 0, tooLong(line));
            }
            fill();
            scanFrom = position + scanned;
        }
    }

    private String tooLong(long line) {
        String limit = maxLine % (1 << 20) == 0 ? (maxLine >> 20) + " MiB" : maxLine + " bytes";
        return "line " + line + " is longer than " + limit + ", the longest line this reader takes; TORCH_TRACE writes"
                + " large payloads as many tab-indented lines, so a line this long is not a record";
    }

    private int indexOfNewline(int from) {
        byte[] b = buffer;
        int i = from;
        for (; i + Long.BYTES <= filled; i += Long.BYTES) {
            long newline = ByteWords.equal(ByteWords.at(b, i), NEWLINES);
            if (newline != 0) {
                return i + ByteWords.first(newline);
            }
        }
        for (; i < filled; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private void take(int from, int to) {
        number += 1 + foldedLines;
        foldedLines = 0;
        if (to - from > maxLine) {
            throw new Refusal(file, "", number, 0, tooLong(number));
        }
        start = from;
        lineOffset = bufferOffset + from;
        end = to > from && buffer[to - 1] == '\r' ? to - 1 : to;
    }

    /** Moves the unread tail to the front (growing the buffer if a line fills it) and reads more. */
    private void fill() throws IOException {
        int unread = filled - position;
        if (position > 0) {
            bufferOffset += position;
            System.arraycopy(buffer, position, buffer, 0, unread);
            filled = unread;
            position = 0;
        }
        if (buffer.length - filled < CHUNK) {
            // Never more than a line over the limit can need (unread is at most maxLine here), so an
            // endless line costs maxLine + CHUNK bytes, not the next power of two above it.
            int size = (int) Math.min(Math.max(buffer.length * 2L, filled + CHUNK), (long) maxLine + CHUNK + 1);
            byte[] bigger = new byte[size];
            System.arraycopy(buffer, 0, bigger, 0, filled);
            buffer = bigger;
        }
        int read = in.read(buffer, filled, buffer.length - filled);
        if (read < 0) {
            eof = true;
        } else {
            filled += read;
        }
    }

    byte[] bytes() {
        return buffer;
    }

    int start() {
        return start;
    }

    int end() {
        return end;
    }

    int length() {
        return end - start;
    }

    /** The 1-based number of the current line. */
    long number() {
        return number;
    }

    boolean isPayload() {
        return end > start && buffer[start] == '\t';
    }

    boolean isBlank() {
        for (int i = start; i < end; i++) {
            if (buffer[i] != ' ' && buffer[i] != '\t') {
                return false;
            }
        }
        return true;
    }
}
