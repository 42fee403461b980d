package dev.compilereceipt.read.torchlogs;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The strings of the last glog prefix read ({@link TextLine}), handed out again while the lines
 * repeat them: every line of a message carries the same prefix, so its key and writer are made a
 * string once a message rather than once a line, and the reading thread compares them by identity
 * ({@link TextMessages}) where it compared their characters; a line that begins with the very bytes
 * of the last prefix read is not read again ({@link #sameAsLast}). The artifacts the reader reads are
 * the same three strings throughout. One memory is used by one thread.
 */
final class PrefixMemory {

    private static final List<Optional<String>> ARTIFACTS = List.of(Optional.of("graph_breaks"), Optional.of("recompiles"),
            Optional.of("recompiles_verbose"));
    private static final Optional<String> GRAPH_BREAKS = ARTIFACTS.get(0);
    private static final byte[][] ARTIFACT_BYTES = ARTIFACTS.stream().map(a -> a.get().getBytes(StandardCharsets.US_ASCII))
            .toArray(byte[][]::new);

    private final BreakLines breakLines = new BreakLines();
    private final Remembered key = new Remembered();
    private final Remembered process = new Remembered();
    /** The last line read whose prefix ends with its artifact, and the bytes of that prefix. */
    private TextLine last;
    private byte[] lastPrefix = new byte[128];
    private int lastEnd;

    /**
     * The last line remembered, if {@code b[0, length)} begins with the very bytes of its prefix: its
     * prefix then reads the same (the prefix ends with the artifact, so nothing after those bytes
     * belongs to it), and only the message differs. Null otherwise.
     */
    TextLine sameAsLast(byte[] b, int length) {
        return last != null && length >= lastEnd && Arrays.equals(b, 0, lastEnd, lastPrefix, 0, lastEnd) ? last : null;
    }

    /** Where the prefix of {@link #sameAsLast} ends: its message starts there, after one space. */
    int lastEnd() {
        return lastEnd;
    }

    /** A line read at the start of {@code b} whose prefix, ending with its artifact, is {@code b[0, end)}. */
    void remember(TextLine line, byte[] b, int end) {
        if (lastPrefix.length < end) {
            lastPrefix = new byte[Math.max(end, lastPrefix.length * 2)];
        }
        System.arraycopy(b, 0, lastPrefix, 0, end);
        lastEnd = end;
        last = line;
    }

    /** {@code rank} and {@code b[from, to)} (ISO-8859-1) as the line's key. */
    String key(int rank, byte[] b, int from, int to) {
        return key.of(rank, "", b, from, to);
    }

    /** {@code rank}, a colon and the pid {@code b[from, to)} as the line's writer. */
    String process(int rank, byte[] b, int from, int to) {
        String writer = process.of(rank, ":", b, from, to);
        // Hashed on the thread that made it: the reading thread keeps the open messages by writer.
        writer.hashCode();
        return writer;
    }

    /** The message {@code b[from, to)} of a line logged under {@code artifact}: of a break message, the one string of those bytes ({@link BreakLines}). */
    String message(Optional<String> artifact, byte[] b, int from, int to) {
        // By identity: the artifacts of the lines this memory read are its own.
        return artifact == GRAPH_BREAKS ? breakLines.of(b, from, to) : new String(b, from, to - from, StandardCharsets.ISO_8859_1);
    }

    /** The artifact {@code b[from, to)}: one of the same few strings when it is one the reader reads. */
    static Optional<String> artifact(byte[] b, int from, int to) {
        for (int i = 0; i < ARTIFACT_BYTES.length; i++) {
            byte[] known = ARTIFACT_BYTES[i];
            if (Arrays.equals(b, from, to, known, 0, known.length)) {
                return ARTIFACTS.get(i);
            }
        }
        return Optional.of(new String(b, from, to - from, StandardCharsets.ISO_8859_1));
    }

    /** One remembered string: its rank and bytes, and the string made of them. */
    private static final class Remembered {

        private int rank = Integer.MIN_VALUE;
        private byte[] bytes = new byte[64];
        /** The rank and separator the strings begin with, as bytes, and the rank they are of. */
        private byte[] head;
        private int headRank;
        private byte[] scratch = new byte[80];
        private int length = -1;
        private String string;

        String of(int rank, String separator, byte[] b, int from, int to) {
            int n = to - from;
            if (rank == this.rank && n == length && Arrays.equals(b, from, to, bytes, 0, n)) {
                return string;
            }
            if (bytes.length < n) {
                bytes = new byte[Math.max(n, bytes.length * 2)];
            }
            System.arraycopy(b, from, bytes, 0, n);
            this.rank = rank;
            length = n;
            // One string made of one buffer: a message's first line (a new timestamp) makes its key, every message.
            if (rank != headRank || head == null) {
                head = Integer.toString(rank).concat(separator).getBytes(StandardCharsets.ISO_8859_1);
                headRank = rank;
            }
            int h = head.length;
            if (scratch.length < h + n) {
                scratch = new byte[Math.max(h + n, scratch.length * 2)];
            }
            System.arraycopy(head, 0, scratch, 0, h);
            System.arraycopy(b, from, scratch, h, n);
            string = new String(scratch, 0, h + n, StandardCharsets.ISO_8859_1);
            return string;
        }
    }
}
