package dev.compilereceipt;

import com.fasterxml.jackson.databind.JsonNode;
import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.read.compiletrace.LocatedJson;
import dev.compilereceipt.read.source.ReceiptHead;
import dev.compilereceipt.diff.ReceiptFormat;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Limits;
import java.io.ByteArrayInputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * The receipt an input stands for, as a JSON tree: a receipt JSON (of any format this version
 * knows, {@link ReceiptFormat#HISTORY}: {@code compile-receipt/1} or {@code compile-receipt/2}, such
 * as an approved receipt) as it was written, or the receipt of any trace {@link Traces} reads. Which
 * one is told by content, never by the file's name: a JSON object whose top-level {@code format} is
 * a {@code compile-receipt/} version is a receipt (a version this one does not know is refused as
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

    private Receipts() {
    }

    /**
     * The receipt of {@code file}: a receipt JSON, or a trace of any source (a TORCH_TRACE log is
     * read as {@link Traces#read(Path, Limits)} reads it, in parts when it is large); a folder is a
     * TORCH_TRACE folder. {@code limits} are those of the trace reader.
     */
    public static JsonNode read(Path file, Limits limits) {
        if (Files.isDirectory(file)) {
            return ReceiptExport.json(Receipt.of(Traces.read(TraceRequest.of(file).withLimits(limits))));
        }
        if (!Files.exists(file)) {
            throw new TraceRefusedException(file, "", 0, 0, "no such file");
        }
        boolean regular = Files.isRegularFile(file);
        try {
            if (regular && !startsAnObject(file)) {
                return ReceiptExport.json(Receipt.of(Traces.read(TraceRequest.of(file).withLimits(limits))));
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
            ReceiptHead start = ReceiptHead.of(in, FORMAT_WITHIN);
            InputStream whole = new SequenceInputStream(new ByteArrayInputStream(start.bytes()), in);
            if (!start.isReceipt()) {
                return ReceiptExport.json(Receipt.of(Traces.read(TraceRequest.ofStream(name, whole).withLimits(limits))));
            }
            JsonNode receipt = LocatedJson.parse(name, whole, RECEIPT_LIMITS).root();
            String format = receipt.path("format").asText();
            if (ReceiptFormat.of(format).isEmpty()) {
                throw new TraceRefusedException(name, "/format", 0, 0, "a receipt of format \"" + format + "\"; this version reads "
                        + ReceiptFormat.HISTORY.stream().map(ReceiptFormat::id).collect(Collectors.joining(" and "))
                        + " receipts (and compile-trace/1 traces)");
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
            return ReceiptHead.objectAhead(in.readNBytes(64));
        }
    }
}
