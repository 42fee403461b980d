package dev.compilereceipt.read.compiletrace;

import dev.compilereceipt.read.UnicodeText;
import dev.compilereceipt.read.Refusal;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * Passes the bytes of a trace through and refuses the first one that is not well-formed UTF-8
 * (RFC 3629: no overlong forms, no encoded surrogates, nothing above U+10FFFF, no cut-off
 * sequence at the end, as {@link UnicodeText} checks) or that is a NUL byte, naming its line and column. Kept beside Jackson
 * because no library on the classpath does this: Jackson's own decoder is lenient about overlong
 * forms and encoded surrogates (it reads {@code 0xC0 0xAF} as {@code /}), guesses UTF-16 or UTF-32
 * from NUL bytes, and where it does refuse a byte its message is its own; the contract says UTF-8,
 * two different files must never read as the same trace, and a refusal names the place.
 *
 * <p>Example: reading <code>{"a":</code> then the byte {@code 0xFF} through a guard over {@code trace.json} throws
 * the refusal {@code trace.json: (document) (line 1, column 6): not valid UTF-8: byte 0xFF cannot
 * start a character}.
 */
final class Utf8Guard extends FilterInputStream {

    private final Path file;
    private long line = 1;
    private long column = 0;
    /** In a multi-byte character: its first byte, the bytes still to come, and whether the next is its second. */
    private int lead;
    private int pending;
    private boolean second;

    Utf8Guard(Path file, InputStream in) {
        super(in);
        this.file = file;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b < 0) {
            atEnd();
        } else {
            check(b);
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = super.read(buffer, offset, length);
        if (n < 0) {
            atEnd();
        }
        for (int i = 0; i < n; i++) {
            check(buffer[offset + i] & 0xFF);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        // Skipped bytes would escape the check; read them instead.
        byte[] sink = new byte[(int) Math.min(n, 8192)];
        int read = read(sink, 0, sink.length);
        return Math.max(read, 0);
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    private void check(int b) {
        column++;
        if (pending > 0) {
            if (second ? !UnicodeText.secondFits(lead, b) : (b & 0xC0) != 0x80) {
                throw refuse(String.format(java.util.Locale.ROOT,
                        "not valid UTF-8: byte 0x%02X cannot continue a multi-byte sequence here", b));
            }
            pending--;
            second = false;
            return;
        }
        if (b == 0) {
            throw refuse("a NUL byte: JSON text never holds one (is the file UTF-16 or UTF-32? a trace is UTF-8)");
        }
        if (b == '\n') {
            line++;
            column = 0;
        } else if (b >= 0x80) {
            start(b);
        }
    }

    private void start(int b) {
        lead = b;
        pending = UnicodeText.sequenceLength(b) - 1;
        if (pending < 0) {
            pending = 0;
            throw refuse(String.format(java.util.Locale.ROOT, "not valid UTF-8: byte 0x%02X cannot start a character", b));
        }
        second = true;
    }

    private void atEnd() {
        if (pending > 0) {
            throw refuse("not valid UTF-8: the file ends inside a multi-byte character (truncated?)");
        }
    }

    private Refusal refuse(String rule) {
        return new Refusal(file, "", line, column, rule);
    }
}
