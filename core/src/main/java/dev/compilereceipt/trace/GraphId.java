package dev.compilereceipt.trace;

import java.util.Optional;
import org.apiguardian.api.API;

/**
 * PyTorch's compile id {@code F/V}: frame {@code F} (one compiled code object) and variant
 * {@code V} (0 for its first compile, 1 for its first recompile, and so on).
 *
 * <p>Ids sort by frame, then variant, as numbers: {@code 0/2} comes before {@code 0/10}.
 * Example: {@code GraphId.parse("1/0").get().frame()} is 1.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record GraphId(long frame, long variant) implements Comparable<GraphId> {

    /** A part has at most 18 digits, so that every part fits a long. */
    private static final int MAX_DIGITS = 18;

    public GraphId {
        if (frame < 0 || variant < 0) {
            throw new IllegalArgumentException("graph id parts must be non-negative: " + frame + "/" + variant);
        }
    }

    /** Parses {@code F/V} with non-negative decimal integers; anything else is empty. */
    public static Optional<GraphId> parse(String text) {
        int slash = text.indexOf('/');
        long frame = slash < 0 ? -1 : part(text, 0, slash);
        long variant = frame < 0 ? -1 : part(text, slash + 1, text.length());
        return variant < 0 ? Optional.empty() : Optional.of(new GraphId(frame, variant));
    }

    /** The number {@code text[from, to)} writes as {@code 0|[1-9][0-9]{0,17}}, or -1 for anything else. */
    private static long part(String text, int from, int to) {
        int length = to - from;
        if (length < 1 || length > MAX_DIGITS || (length > 1 && text.charAt(from) == '0')) {
            return -1;
        }
        long n = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }

    /** True for a recompile: a variant after the first of its frame. */
    public boolean isRecompile() {
        return variant > 0;
    }

    @Override
    public int compareTo(GraphId other) {
        int byFrame = Long.compare(frame, other.frame);
        return byFrame != 0 ? byFrame : Long.compare(variant, other.variant);
    }

    /*
     * equals and hashCode by hand, as a record's own would be (the same hash: 31 times the frame's plus the
     * variant's), so that no ObjectMethods bootstrap runs at start-up (#48).
     */
    @Override
    public final boolean equals(Object other) {
        return other instanceof GraphId id && frame == id.frame && variant == id.variant;
    }

    @Override
    public final int hashCode() {
        return 31 * Long.hashCode(frame) + Long.hashCode(variant);
    }

    @Override
    public String toString() {
        return frame + "/" + variant;
    }
}
