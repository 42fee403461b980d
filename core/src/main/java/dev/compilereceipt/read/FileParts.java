package dev.compilereceipt.read;

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
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * The skeleton both log readers read a large file with: the file is cut into parts of a given size,
 * each read on one of two threads from where it begins ({@link Reading}), while the caller's thread
 * takes the parts in file order ({@link InOrder}); a part that read on past its end (a long record,
 * a run of blank lines) stands for the parts it read through, which are then not read. Anything that
 * goes wrong in a part (an I/O error, a refusal, a bound passed) gives up the split, as the reader's
 * own {@link Unsplittable}: the caller then reads the file line by line, so the split never decides
 * anything itself.
 *
 * <p>Example: {@code FileParts.readAll(file, 1 << 20, new FileParts.Plan("text", 4, TextParts.Unsplittable::new),
 * TextParts::read, part -> { reader.part(part); return part.end(); })}.
 */
@API(status = API.Status.INTERNAL, since = "0.2")
public final class FileParts {

    private static final int THREADS = 2;

    /** What one reader's split is called, how many parts it reads ahead and how it gives up. */
    public record Plan(String name, int ahead, Function<Throwable, ? extends Unsplittable> giveUp) {
    }

    /** Reads the part of {@code in} (the file from byte {@code from - 1} on) that begins at or after {@code from} and stops at or after {@code to}. */
    public interface Reading<P> {
        P read(InputStream in, long from, long to) throws IOException;
    }

    /** Takes each part in file order; answers the offset the part's reading stopped at. */
    public interface InOrder<P> {
        long take(P part) throws IOException;
    }

    /** Thrown when a file cannot be read in parts; the caller reads it line by line instead. */
    public abstract static class Unsplittable extends RuntimeException {

        private static final long serialVersionUID = 1L;

        protected Unsplittable(String name, Throwable cause) {
            super("read the " + name + " line by line", cause, false, false);
        }
    }

    private FileParts() {
    }

    /** Whether a file of {@code size} bytes, at least {@code minSize}, is worth reading in parts on this machine. */
    public static boolean worthIt(long size, long minSize) {
        return size >= minSize && Runtime.getRuntime().availableProcessors() >= THREADS;
    }

    /** Reads {@code file} in parts of {@code partSize} bytes, each by {@code reading}, handing them to {@code inOrder}. */
    public static <P> void readAll(Path file, int partSize, Plan plan, Reading<P> reading, InOrder<P> inOrder) throws IOException {
        ExecutorService threads = Executors.newFixedThreadPool(THREADS, work -> {
            Thread thread = new Thread(work, "compile-receipt-" + plan.name() + "-part");
            thread.setDaemon(true);
            return thread;
        });
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            Deque<Future<P>> ahead = new ArrayDeque<>();
            long next = 0;
            while (next < size || !ahead.isEmpty()) {
                while (ahead.size() < plan.ahead() && next < size) {
                    long from = next;
                    // The last part reads to the end of the file, whatever its size is by then.
                    long to = size - from <= partSize ? Long.MAX_VALUE : from + partSize;
                    ahead.add(threads.submit(() -> reading.read(
                            InputFile.bounded(file, new ChannelInput(channel, Math.max(0, from - 1)), InputFile.MAX_BYTES), from, to)));
                    next = to == Long.MAX_VALUE ? size : to;
                }
                long end = inOrder.take(result(ahead.removeFirst(), plan));
                // A part that read on past its end has read what the parts up to where it stopped would hold:
                // none of them starts a record, so none is read.
                next = Math.min(size, Math.max(next, end));
            }
        } finally {
            threads.shutdownNow();
        }
    }

    private static <P> P result(Future<P> future, Plan plan) throws IOException {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading the " + plan.name());
        } catch (ExecutionException e) {
            throw plan.giveUp().apply(e.getCause());
        }
    }
}
