package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.read.FileParts;
import dev.compilereceipt.trace.Limits;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * Reads a large log on two threads ({@link FileParts}): the file is cut into parts of {@value #PART} bytes, each read
 * by a {@link LogRecords} of its own (lines split, envelopes parsed, payload MD5s and JSON checked)
 * into a {@link PartRecords}, while this thread hands the parts on in file order through
 * {@link LogRecords#replay}: the handler sees the very records, bad lines, strings and line
 * numbers a reader going line by line would, in the same order, so every decision that depends on
 * order is taken as before. A part begins at its first record line ({@link LogLines#part}), so a
 * record cut by a part's end is read whole by the part it begins in.
 *
 * <p>At most {@value #AHEAD} parts are read ahead. Anything unusual in a part (a line over
 * {@value #PART_MAX_LINE} bytes, a bound of {@link PartRecords} passed, a refusal, an I/O error)
 * gives up the split ({@link Unsplittable}): the caller then reads the whole log line by line, and
 * its answer, refusal or trace, is the one given. So the split never decides anything itself.
 */
final class LogParts {

    static final int PART = 4 << 20;
    /** The longest line a part reader takes: a longer one (16 MiB at most in a log) is read line by line. */
    static final int PART_MAX_LINE = 1 << 20;
    private static final FileParts.Plan PLAN = new FileParts.Plan("log", 2, Unsplittable::new);

    /** Thrown when a log cannot be read in parts; the caller reads it line by line instead. */
    static final class Unsplittable extends FileParts.Unsplittable {

        private static final long serialVersionUID = 1L;

        Unsplittable() {
            this(null);
        }

        Unsplittable(Throwable cause) {
            super("log", cause);
        }
    }

    private LogParts() {
    }

    /** Whether a file of {@code size} bytes is worth reading in parts on this machine. */
    static boolean worthIt(long size) {
        return FileParts.worthIt(size, 4L * PART);
    }

    /** Reads {@code file} in parts of {@code partSize} bytes, handing every record to {@code handler} through {@code records}. */
    static void readAll(Path file, Limits limits, int partSize, LogRecords records, LogRecords.Handler handler) throws IOException {
        long[] base = {0};
        FileParts.readAll(file, partSize, PLAN, (in, from, to) -> read(file, in, limits, from, to), part -> {
            records.replay(part, base[0], handler);
            base[0] += part.lineCount();
            return part.end();
        });
    }

    private static PartRecords read(Path file, InputStream in, Limits limits, long from, long to) throws IOException {
        PartRecords part = new PartRecords();
        LogLines lines = LogLines.part(file, in, PART_MAX_LINE, from, to);
        LogRecords records = LogRecords.of(file, limits, part);
        records.readAll(lines, (envelope, kept) -> part.record(envelope, records.line(), kept));
        part.lineCount(lines.number());
        part.end(lines.stoppedAt());
        return part;
    }
}
