package dev.compilereceipt.read.source;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import dev.compilereceipt.json.JsonReading;
import org.apiguardian.api.API;

/**
 * The bytes of an input read to tell what it is, to be read again before the rest, and what
 * they tell. Only a JSON object is scanned, key by key at its top level without building
 * anything, until its {@code format}; whatever cannot be scanned (not JSON, broken JSON) is
 * left to the trace readers, whose refusals say what is wrong with it.
 *
 * <p>Example: {@code ReceiptHead.of(System.in, 1 << 20).isReceipt()}.
 */
@API(status = API.Status.INTERNAL)
public record ReceiptHead(byte[] bytes, boolean isReceipt) {

    private static final String RECEIPT_FORMATS = "compile-receipt/";
    private static final JsonFactory SCAN = JsonReading.SCAN;

    /** The head of {@code in}, scanned for a top-level {@code format} within {@code within} bytes. */
    public static ReceiptHead of(InputStream in, int within) throws IOException {
        Recording recording = new Recording(in, within);
        byte[] head = recording.readNBytes(64);
        if (!objectAhead(head)) {
            return new ReceiptHead(recording.bytes(), false);
        }
        InputStream again = new SequenceInputStream(new ByteArrayInputStream(head), recording);
        try (JsonParser parser = SCAN.createParser(again)) {
            parser.nextToken();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String key = parser.currentName();
                JsonToken value = parser.nextToken();
                if (key.equals("format")) {
                    return new ReceiptHead(recording.bytes(), value == JsonToken.VALUE_STRING && parser.getText().startsWith(RECEIPT_FORMATS));
                }
                parser.skipChildren();
            }
        } catch (IOException notScanned) {
            // broken JSON, bytes that are not UTF-8, or no format within the bound: a trace reader will say which
        }
        return new ReceiptHead(recording.bytes(), false);
    }

    /** Whether the first bytes, after a byte order mark and white space, open a JSON object. */
    public static boolean objectAhead(byte[] head) {
        int i = head.length >= 3 && head[0] == (byte) 0xEF && head[1] == (byte) 0xBB && head[2] == (byte) 0xBF ? 3 : 0;
        while (i < head.length && (head[i] == ' ' || head[i] == '\t' || head[i] == '\r' || head[i] == '\n')) {
            i++;
        }
        return i < head.length && head[i] == '{';
    }

    /** Keeps a copy of every byte read through it, up to its bound, then refuses to read on. */
    private static final class Recording extends FilterInputStream {
        private final ByteArrayOutputStream copy = new ByteArrayOutputStream();
        private final int within;

        Recording(InputStream in, int within) {
            super(in);
            this.within = within;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            if (copy.size() >= within) {
                throw new IOException("no format within the first " + within + " bytes");
            }
            int n = super.read(buffer, offset, Math.min(length, within - copy.size()));
            if (n > 0) {
                copy.write(buffer, offset, n);
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            byte[] skipped = new byte[(int) Math.min(n, 8192)];
            return Math.max(0, read(skipped, 0, skipped.length));
        }

        @Override
        public boolean markSupported() {
            return false;
        }

        @Override
        public void close() {
            // the input is its owner's to close
        }

        byte[] bytes() {
            return copy.toByteArray();
        }
    }
}
