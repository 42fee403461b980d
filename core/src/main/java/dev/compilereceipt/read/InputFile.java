package dev.compilereceipt.read;

import java.io.FileInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.apiguardian.api.API;

/**
 * A trace's input, opened once and read up to a bound. A pipe, a FIFO, {@code /dev/stdin} or a
 * process substitution can be read only once, so whatever a reader needs to know of its input
 * (its kind, its ranks) it learns in the same pass. And an input may never end ({@code /dev/zero},
 * {@code yes |}, a log some process keeps appending to): every input is refused once more than
 * {@value #MAX_BYTES} bytes (16 GiB, sixteen times the largest real log measured) have been
 * read from it, and a regular file larger than that before a byte is read (docs/hostile-input.md,
 * "Endless and growing input").
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class InputFile {

    /** The most bytes read from one input. */
    public static final long MAX_BYTES = 16L << 30;

    /** What a reader makes of the input. */
    public interface Reading<T> {
        T read(InputStream in) throws IOException;
    }

    private InputFile() {
    }

    /**
     * What {@code reading} makes of {@code file}, opened once and bounded; a {@link Refusal} when it
     * does not exist, cannot be read or is too large.
     */
    public static <T> T read(Path file, Reading<T> reading) {
        // A pipe (FIFO, /dev/stdin, process substitution) through a FileChannel fails on available() in JDK 17
        // ("Illegal seek"); a FileInputStream reads it as it comes.
        boolean pipe = Files.exists(file) && !Files.isRegularFile(file);
        try (InputStream in = pipe ? new FileInputStream(file.toFile()) : Files.newInputStream(file)) {
            if (!pipe) {
                refuseLarger(file, Files.size(file));
            }
            return reading.read(bounded(file, in, MAX_BYTES));
        } catch (NoSuchFileException e) {
            throw new Refusal(file, "", 0, 0, "no such file", e);
        } catch (FileSystemException e) {
            // The reason is the operating system's: "Too many levels of symbolic links", "Permission denied", ...
            throw new Refusal(file, "", 0, 0, "cannot be read: "
                    + (e.getReason() == null ? e.getClass().getSimpleName() : e.getReason()), e);
        } catch (IOException e) {
            throw new Refusal(file, "", 0, 0, "cannot be read: " + e.getMessage(), e);
        }
    }

    /** Refuses a file of {@code size} bytes when it is over the bound. */
    public static void refuseLarger(Path file, long size) {
        if (size > MAX_BYTES) {
            throw new Refusal(file, "", 0, 0, tooLarge(MAX_BYTES) + " (it holds " + size + ")");
        }
    }

    /** {@code in}, refused with a sentence naming {@code name} once more than {@code limit} bytes have been read from it. */
    public static InputStream bounded(Path name, InputStream in, long limit) {
        return new FilterInputStream(in) {
            private long read;

            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0) {
                    counted(1);
                }
                return b;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                if (n > 0) {
                    counted(n);
                }
                return n;
            }

            @Override
            public long skip(long n) throws IOException {
                long skipped = super.skip(n);
                counted(skipped);
                return skipped;
            }

            private void counted(long n) {
                read += n;
                if (read > limit) {
                    throw new Refusal(name, "", 0, 0, tooLarge(limit) + ": endless input (/dev/zero, a pipe that never"
                            + " closes, a log still being written)? Give a finished log");
                }
            }
        };
    }

    private static String tooLarge(long limit) {
        String size = limit % (1L << 30) == 0 ? (limit >> 30) + " GiB" : limit + " bytes";
        return "more than " + size + ", the most this reader reads of one input";
    }
}
