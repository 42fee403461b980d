package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.read.ChannelInput;
import dev.compilereceipt.read.InputFile;
import dev.compilereceipt.trace.Limits;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Reads a large log on two threads: the file is cut into parts of {@value #PART} bytes, each read
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
    private static final int AHEAD = 2;
    private static final int THREADS = 2;

    /** Thrown when a log cannot be read in parts; the caller reads it line by line instead. */
    static final class Unsplittable extends RuntimeException {

        private static final long serialVersionUID = 1L;

        Unsplittable() {
            super("read the log line by line", null, false, false);
        }

        Unsplittable(Throwable cause) {
            super("read the log line by line", cause, false, false);
        }
    }

    private LogParts() {
    }

    /** Whether a file of {@code size} bytes is worth reading in parts on this machine. */
    static boolean worthIt(long size) {
        return size >= 4L * PART && Runtime.getRuntime().availableProcessors() >= 2;
    }

    /** Reads {@code file} in parts of {@code partSize} bytes, handing every record to {@code handler} through {@code records}. */
    static void readAll(Path file, Limits limits, int partSize, LogRecords records, LogRecords.Handler handler) throws IOException {
        ExecutorService threads = Executors.newFixedThreadPool(THREADS, work -> {
            Thread thread = new Thread(work, "compile-receipt-log-part");
            thread.setDaemon(true);
            return thread;
        });
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            Deque<Future<PartRecords>> ahead = new ArrayDeque<>();
            long next = 0;
            long base = 0;
            while (next < size || !ahead.isEmpty()) {
                while (ahead.size() < AHEAD && next < size) {
                    long from = next;
                    // The last part reads to the end of the file, whatever its size is by then.
                    long to = size - from <= partSize ? Long.MAX_VALUE : from + partSize;
                    ahead.add(threads.submit(() -> read(file, channel, limits, from, to)));
                    next = to == Long.MAX_VALUE ? size : to;
                }
                PartRecords part = result(ahead.removeFirst());
                records.replay(part, base, handler);
                base += part.lineCount();
                // A part that read on past its end (a long payload, a run of blank lines) has read what the parts
                // up to where it stopped would hold: none of them starts a record, so none is read.
                next = Math.min(size, Math.max(next, part.end()));
            }
        } finally {
            threads.shutdownNow();
        }
    }

    private static PartRecords result(Future<PartRecords> future) throws IOException {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading the log");
        } catch (ExecutionException e) {
            throw new Unsplittable(e.getCause());
        }
    }

    private static PartRecords read(Path file, FileChannel channel, Limits limits, long from, long to) throws IOException {
        PartRecords part = new PartRecords();
        // The last part reads on to the end, which a file still being written may keep moving.
        InputStream in = InputFile.bounded(file, new ChannelInput(channel, Math.max(0, from - 1)), InputFile.MAX_BYTES);
        LogLines lines = LogLines.part(file, in, PART_MAX_LINE, from, to);
        LogRecords records = LogRecords.of(file, limits, part);
        records.readAll(lines, (envelope, kept) -> part.record(envelope, records.line(), kept));
        part.lineCount(lines.number());
        part.end(lines.stoppedAt());
        return part;
    }
}
