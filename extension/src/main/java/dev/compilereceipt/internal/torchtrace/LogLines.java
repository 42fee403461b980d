package dev.compilereceipt.internal.torchtrace;

import org.apiguardian.api.API;

import dev.compilereceipt.TraceRefusedException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * Splits a byte stream into lines without decoding them: each {@link #next()} leaves the line in
 * {@link #bytes()} from {@link #start()} to {@link #end()}, valid until the next call. A line ends
 * at {@code \n}; a {@code \r} before it is dropped, so logs saved with CRLF line ends read the
 * same as the {@code \n} logs PyTorch writes. A line longer than the limit is refused rather than
 * buffered without bound.
 */
@API(status = API.Status.INTERNAL)
public final class LogLines {

    public static final int MAX_LINE = 16 << 20;
    private static final int CHUNK = 1 << 16;

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

    LogLines(Path file, InputStream in, int maxLine) {
        this.file = file;
        this.in = in;
        this.maxLine = maxLine;
    }

    /** Advances to the next line; false at the end of the stream. */
    boolean next() throws IOException {
        int scanFrom = position;
        while (true) {
            int newline = indexOfNewline(scanFrom);
            if (newline >= 0) {
                take(position, newline);
                position = newline + 1;
                return true;
            }
            if (eof) {
                if (position >= filled) {
                    return false;
                }
                take(position, filled);
                position = filled;
                return true;
            }
            int scanned = filled - position;
            if (scanned > maxLine) {
                throw new TraceRefusedException(file, "", number + 1, 0, tooLong(number + 1));
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
        for (int i = from; i < filled; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private void take(int from, int to) {
        number++;
        if (to - from > maxLine) {
            throw new TraceRefusedException(file, "", number, 0, tooLong(number));
        }
        start = from;
        end = to > from && buffer[to - 1] == '\r' ? to - 1 : to;
    }

    /** Moves the unread tail to the front (growing the buffer if a line fills it) and reads more. */
    private void fill() throws IOException {
        int unread = filled - position;
        if (position > 0) {
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
