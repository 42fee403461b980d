package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.read.InputFile;
import dev.compilereceipt.read.PassedLimit;
import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.read.StringPool;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Trace;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apiguardian.api.API;

/**
 * Reads a TORCH_TRACE structured log (what {@code TORCH_TRACE=/dir python ...} writes) into a
 * {@link Trace}, one record at a time: the glog prefix is checked byte by byte, the envelope is
 * read by a byte scan (Jackson's streaming parser where the scan cannot be sure), and payload lines
 * stream through {@link LogPayload} without being kept unless the record's kind reads them
 * ({@link RecordKinds}: {@code compile_receipt_call}, {@code recompile_reasons},
 * {@code dynamo_graph_break_reason}, ...).
 *
 * <p>Bad records are skipped and their envelope line numbers listed in {@link Trace#badLines()}:
 * a line that is neither a record nor a payload line, an envelope that is not one JSON object, a
 * payload whose MD5 differs from {@code has_payload} (checked for every payload, read or not), and
 * a payload that must be JSON (a {@code chromium_event}, an artifact with
 * {@code "encoding": "json"}) and is not, {@code compilation_metrics} whose compile time is
 * negative or over 1e12 ms, and payload lines with no record before them (after a
 * blank line; the first of such a block is listed). A file whose first line is not a record is
 * refused, and so is one with more than {@value #MAX_BAD_LINES} bad lines.
 *
 * <p>What the records add up to, runs of calls or one {@code baseline} run, is {@link LogReading}'s.
 */
@API(status = API.Status.INTERNAL)
public final class TorchTraceReader {

    /** Bad lines are listed in the receipt, so their number is bounded: a file of garbage after one record is no log. */
    static final int MAX_BAD_LINES = LogRecords.MAX_BAD_LINES;

    private final Path file;
    private final LogRecords records;
    private final LogReading reading;

    private TorchTraceReader(Path file, Limits limits, boolean side) {
        this.file = file;
        StringPool pool = new StringPool(limits.maxStringLength(), limits.maxKeptChars());
        this.records = new LogRecords(file, limits, pool, new LogPayload(limits.maxDepth()));
        this.reading = new LogReading(file, limits, pool, records, side);
    }

    public static Trace read(Path file, Limits limits) {
        return read(file, limits, false);
    }

    /**
     * Reads a log file; a large one in parts on two threads ({@link LogParts}), or line by line
     * when it cannot be split. Either way the trace, or the refusal, is the one a reading line by
     * line gives.
     */
    public static Trace read(Path file, Limits limits, boolean side) {
        try {
            InputFile.refuseLarger(file, Files.size(file));
            if (readsInParts(file)) {
                try {
                    return readInParts(file, limits, side, LogParts.PART);
                } catch (LogParts.Unsplittable unsplittable) {
                    // Read below, line by line: its answer is the one given.
                }
            }
            try (InputStream in = Files.newInputStream(file)) {
                return read(file, InputFile.bounded(file, in, InputFile.MAX_BYTES), limits, LogLines.MAX_LINE, side);
            }
        } catch (IOException e) {
            throw new Refusal(file, "", 0, 0, "cannot be read: " + e, e);
        }
    }

    /** Whether a file is large enough to be read in parts, on a machine with the cores for it. */
    public static boolean readsInParts(Path file) {
        try {
            return Files.isRegularFile(file) && LogParts.worthIt(Files.size(file));
        } catch (IOException e) {
            return false;
        }
    }

    /** Reads a log in parts of {@code partSize} bytes; an {@link LogParts.Unsplittable} when it cannot be split. */
    static Trace readInParts(Path file, Limits limits, boolean side, int partSize) throws IOException {
        TorchTraceReader reader = new TorchTraceReader(file, limits, side);
        try {
            LogParts.readAll(file, limits, partSize, reader.records, reader.reading::handle);
            return reader.reading.trace();
        } catch (PassedLimit over) {
            throw new Refusal(file, "", reader.records.at(), 0, over.getMessage());
        } catch (StringPool.OverLimit over) {
            throw new Refusal(file, "", reader.records.at(), 0, PassedLimit.of(over, "the log").getMessage());
        }
    }

    public static Trace read(Path file, InputStream in, Limits limits, int maxLine) throws IOException {
        return read(file, in, limits, maxLine, false);
    }

    /** With {@code side}, a log whose markers name one run is read whatever its label: one side of a comparison. */
    public static Trace read(Path file, InputStream in, Limits limits, int maxLine, boolean side) throws IOException {
        return new TorchTraceReader(file, limits, side).readAll(new LogLines(file, in, maxLine));
    }

    private Trace readAll(LogLines lines) throws IOException {
        try {
            records.readAll(lines, reading::handle);
            return reading.trace();
        } catch (PassedLimit over) {
            throw new Refusal(file, "", records.at(), 0, over.getMessage());
        } catch (StringPool.OverLimit over) {
            throw new Refusal(file, "", records.at(), 0, PassedLimit.of(over, "the log").getMessage());
        }
    }
}
