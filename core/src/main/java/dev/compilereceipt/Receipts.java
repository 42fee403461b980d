package dev.compilereceipt;

import dev.compilereceipt.json.JsonReading;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.read.compiletrace.LocatedJson;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Limits;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apiguardian.api.API;

/**
 * The receipt an input stands for, as a JSON tree: a receipt JSON ({@code compile-receipt/1}, such
 * as an approved receipt) as it was written, or the receipt of any trace {@link Traces} reads. Which
 * one is told by content, never by the file's name: a JSON object whose top-level {@code format} is
 * {@code compile-receipt/1} is a receipt (another {@code compile-receipt/} version is refused as
 * one). The input is opened and read once, so a pipe, a process
 * substitution or standard input works like a file. A receipt is read as strictly as a
 * {@code compile-trace/1} trace: a duplicate key, a number out of the range of a double
 * ({@code 1e400}), bytes that are not UTF-8 or a lone surrogate escape are refused with a
 * {@link TraceRefusedException} naming the file, the JSON pointer, the line and column and the rule;
 * a UTF-8 byte order mark is skipped, as a trace's is (RFC 8259 lets a parser ignore it).
 *
 * <p>Example: {@code Receipts.read(Path.of("fixtures/print-bridge/print-bridge.approved.json"), Limits.DEFAULT)}
 * is the approved receipt; {@code Receipts.read(Path.of("fixtures/print-bridge/trace.json"), Limits.DEFAULT)}
 * the receipt computed from the trace.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class Receipts {

    /** The largest receipt JSON read; a receipt is a few hundred kilobytes, a log of 24,000 recompiles' some 10 MB. */
    public static final long MAX_RECEIPT_BYTES = 64L << 20;
    /**
     * How far into a JSON object its top-level {@code format} is looked for. A receipt's comes after
     * {@code bad_lines}, {@code comparison}, {@code decision}, {@code failures} and {@code fixture},
     * a few kilobytes; a JSON input whose format is not within this is read as a trace.
     */
    static final int FORMAT_WITHIN = 1 << 20;
    /** Values are bounded by the bytes here: the limits of a trace's calls and events say nothing of a receipt. */
    private static final Limits RECEIPT_LIMITS = new Limits(1 << 20, 1 << 10, (int) MAX_RECEIPT_BYTES, MAX_RECEIPT_BYTES);
    private static final String RECEIPT_FORMATS = "compile-receipt/";
    private static final JsonFactory SCAN = JsonReading.SCAN;

    private Receipts() {
    }

    /**
     * The receipt of {@code file}: a receipt JSON, or a trace of any source (a TORCH_TRACE log is
     * read as {@link Traces#read(Path, Limits)} reads it, in parts when it is large); a folder is a
     * TORCH_TRACE folder. {@code limits} are those of the trace reader.
     */
    public static JsonNode read(Path file, Limits limits) {
        if (Files.isDirectory(file)) {
            return ReceiptExport.json(Receipt.of(Traces.read(file, limits)));
        }
        if (!Files.exists(file)) {
            throw new TraceRefusedException(file, "", 0, 0, "no such file");
        }
        boolean regular = Files.isRegularFile(file);
        try {
            if (regular && !startsAnObject(file)) {
                return ReceiptExport.json(Receipt.of(Traces.read(file, limits)));
            }
            // A pipe (FIFO, /dev/stdin, process substitution) is opened as Traces opens it: a FileChannel cannot read one in JDK 17.
            try (InputStream in = regular ? Files.newInputStream(file) : new FileInputStream(file.toFile())) {
                return read(file, in, limits);
            }
        } catch (IOException e) {
            throw new TraceRefusedException(file, "", 0, 0, "cannot be read: " + e.getMessage(), e);
        }
    }

    /**
     * The receipt of a stream (standard input), told by content as a file is and read once;
     * {@code name} stands for the input in every refusal. The stream is not closed.
     */
    public static JsonNode read(Path name, InputStream in, Limits limits) {
        try {
            Start start = Start.of(in);
            InputStream whole = new SequenceInputStream(new ByteArrayInputStream(start.bytes()), in);
            if (!start.isReceipt()) {
                return ReceiptExport.json(Receipt.of(Traces.read(name, whole, limits)));
            }
            JsonNode receipt = LocatedJson.parse(name, whole, RECEIPT_LIMITS).root();
            String format = receipt.path("format").asText();
            if (!format.equals(Receipt.FORMAT)) {
                throw new TraceRefusedException(name, "/format", 0, 0, "a receipt of format \"" + format + "\"; this version reads "
                        + Receipt.FORMAT + " receipts (and compile-trace/1 traces)");
            }
            return receipt;
        } catch (Refusal refusal) {
            throw new TraceRefusedException(refusal);
        } catch (IOException e) {
            throw new TraceRefusedException(name, "", 0, 0, "cannot be read: " + e.getMessage(), e);
        }
    }

    private static boolean startsAnObject(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return Start.objectAhead(in.readNBytes(64));
        }
    }

    /**
     * The bytes of an input read to tell what it is, to be read again before the rest, and what
     * they tell. Only a JSON object is scanned, key by key at its top level without building
     * anything, until its {@code format}; whatever cannot be scanned (not JSON, broken JSON) is
     * left to the trace readers, whose refusals say what is wrong with it.
     */
    private record Start(byte[] bytes, boolean isReceipt) {

        static Start of(InputStream in) throws IOException {
            Recording recording = new Recording(in);
            byte[] head = recording.readNBytes(64);
            if (!objectAhead(head)) {
                return new Start(recording.bytes(), false);
            }
            InputStream again = new SequenceInputStream(new ByteArrayInputStream(head), recording);
            try (JsonParser parser = SCAN.createParser(again)) {
                parser.nextToken();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String key = parser.currentName();
                    JsonToken value = parser.nextToken();
                    if (key.equals("format")) {
                        return new Start(recording.bytes(), value == JsonToken.VALUE_STRING && parser.getText().startsWith(RECEIPT_FORMATS));
                    }
                    parser.skipChildren();
                }
            } catch (IOException notScanned) {
                // broken JSON, bytes that are not UTF-8, or no format within FORMAT_WITHIN: a trace reader will say which
            }
            return new Start(recording.bytes(), false);
        }

        /** Whether the first bytes, after a byte order mark and white space, open a JSON object. */
        static boolean objectAhead(byte[] head) {
            int i = head.length >= 3 && head[0] == (byte) 0xEF && head[1] == (byte) 0xBB && head[2] == (byte) 0xBF ? 3 : 0;
            while (i < head.length && (head[i] == ' ' || head[i] == '\t' || head[i] == '\r' || head[i] == '\n')) {
                i++;
            }
            return i < head.length && head[i] == '{';
        }
    }

    /** Keeps a copy of every byte read through it, up to {@link #FORMAT_WITHIN}, then refuses to read on. */
    private static final class Recording extends FilterInputStream {
        private final ByteArrayOutputStream copy = new ByteArrayOutputStream();

        Recording(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            if (copy.size() >= FORMAT_WITHIN) {
                throw new IOException("no format within the first " + FORMAT_WITHIN + " bytes");
            }
            int n = super.read(buffer, offset, Math.min(length, FORMAT_WITHIN - copy.size()));
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
