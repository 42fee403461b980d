package dev.compilereceipt;

import java.util.Comparator;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PyTorch's compile id {@code F/V}: frame {@code F} (one compiled code object) and variant
 * {@code V} (0 for its first compile, 1 for its first recompile, and so on).
 *
 * <p>Ids sort by frame, then variant, as numbers: {@code 0/2} comes before {@code 0/10}.
 * Example: {@code GraphId.parse("1/0").get().frame()} is 1.
 */
public record GraphId(long frame, long variant) implements Comparable<GraphId> {

    private static final Pattern FORM = Pattern.compile("(0|[1-9][0-9]{0,17})/(0|[1-9][0-9]{0,17})");
    private static final Comparator<GraphId> ORDER =
            Comparator.comparingLong(GraphId::frame).thenComparingLong(GraphId::variant);

    public GraphId {
        if (frame < 0 || variant < 0) {
            throw new IllegalArgumentException("graph id parts must be non-negative: " + frame + "/" + variant);
        }
    }

    /** Parses {@code F/V} with non-negative decimal integers; anything else is empty. */
    public static Optional<GraphId> parse(String text) {
        Matcher matcher = FORM.matcher(text);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        return Optional.of(new GraphId(Long.parseLong(matcher.group(1)), Long.parseLong(matcher.group(2))));
    }

    /** True for a recompile: a variant after the first of its frame. */
    public boolean isRecompile() {
        return variant > 0;
    }

    @Override
    public int compareTo(GraphId other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return frame + "/" + variant;
    }
}
