package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.read.FileParts;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * Reads a large text file on two threads, as the TORCH_TRACE reader reads a large log ({@link FileParts}): the file is
 * cut into parts of {@value #PART} bytes, each split into lines, sifted ({@link TextSieve}) and its
 * prefixes read apart by a thread of its own into a {@link TextPart}, while the caller's thread
 * hands the parts' lines on in file order: the reader sees the very lines, numbers and counts a
 * reading line by line gives it, in the same order.
 *
 * <p>A part begins at the first line after a {@code \n}, at or after its start, on which a message
 * may start ({@link SievedLine#starts()}: what the reader does from there does not depend on the
 * lines before), and reads on to the first such line at or after its end; so a message cut by a
 * part's end is read whole by the part it begins in, and a part in which no such line begins holds
 * no line (the part before reads through it, and the parts it read through are not read). At most
 * {@value #AHEAD} parts are read ahead. Anything unusual in a part (a bound of {@link TextPart}
 * passed, an I/O error, a refusal) gives up the split ({@link Unsplittable}): the caller then reads
 * the text line by line, and that answer is the one given.
 */
final class TextParts {

    static final int PART = 1 << 20;
    /** The smallest file read in parts. */
    static final long MIN_SIZE = 16L << 20;
    /** Parts read ahead: with two, one part thread idled while the reading thread replayed a part (1 GB: 4.2-4.9 s, with four 3.3-4.9 s). */
    private static final FileParts.Plan PLAN = new FileParts.Plan("text", 4, Unsplittable::new);

    /** Thrown when a text cannot be read in parts; the caller reads it line by line instead. */
    static final class Unsplittable extends FileParts.Unsplittable {

        private static final long serialVersionUID = 1L;

        Unsplittable() {
            this(null);
        }

        Unsplittable(Throwable cause) {
            super("text", cause);
        }
    }

    /** Where the parts go, in file order. */
    interface Reader {
        void part(TextPart part);
    }

    private TextParts() {
    }

    /** Whether a file of {@code size} bytes is worth reading in parts on this machine. */
    static boolean worthIt(long size) {
        return FileParts.worthIt(size, MIN_SIZE);
    }

    /** Reads {@code file} in parts of {@code partSize} bytes, handing each to {@code reader} in order. */
    static void readAll(Path file, int partSize, Reader reader) throws IOException {
        FileParts.readAll(file, partSize, PLAN, TextParts::read, part -> {
            reader.part(part);
            return part.end();
        });
    }

    private static TextPart read(InputStream in, long from, long to) throws IOException {
        PartReading reading = new PartReading(in, from, to);
        // One call a line: the launcher's C1 compiles a method after 200 calls, but a loop only after 60,000 turns
        // (on-stack replacement), and this loop turns once a line for the whole part: with its body here, both part
        // threads ran it in the interpreter for the first 170 ms of a 100 MB text's read (-XX:+PrintCompilation).
        while (reading.next()) {
            // Each line read in next().
        }
        return reading.part;
    }

    /** The reading of one part: its lines, one call of {@link #next} each. */
    private static final class PartReading {

        private final TextPart part = new TextPart();
        private final TextLines lines;
        private final TextSieve sieve = new TextSieve();
        private final long to;

        PartReading(InputStream in, long from, long to) throws IOException {
            this.lines = TextLines.part(in, TextLines.MAX_LINE, from);
            this.to = to;
            if (from == 0) {
                part.begin(1, 0);
            }
        }

        /** Reads the next line into the part; false when the part is read (its end found, or the file's). */
        boolean next() throws IOException {
            long notUtf8 = lines.notUtf8();
            if (!lines.next()) {
                if (part.holdsLines()) {
                    part.stop(lines.number(), lines.notUtf8(), lines.offset());
                } else {
                    part.empty(lines.offset());
                }
                return false;
            }
            SievedLine line = sieve.sift(lines);
            boolean boundary = line != null && line.starts() && lines.startsAfterNewline();
            if (!part.holdsLines()) {
                if (lines.offset() >= to) {
                    // No line a message may start on begins in the part: the part before reads on through it.
                    part.empty(to);
                    return false;
                } else if (boundary) {
                    part.begin(lines.number(), notUtf8);
                } else {
                    return true;
                }
            } else if (boundary && lines.offset() >= to) {
                part.stop(lines.number(), notUtf8, lines.offset());
                return false;
            }
            if (line != null) {
                part.add(line);
            }
            if (sieve.bareChars() > TextPart.MAX_CHARS) {
                throw new Unsplittable();
            }
            return true;
        }
    }
}
