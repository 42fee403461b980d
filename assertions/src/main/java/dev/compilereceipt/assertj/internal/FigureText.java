package dev.compilereceipt.assertj.internal;

import dev.compilereceipt.assertj.error.Milliseconds;
import dev.compilereceipt.trace.Millis;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.assertj.core.presentation.Representation;
import org.assertj.core.presentation.StandardRepresentation;

/**
 * How figures read in failure messages: milliseconds as every view writes them ({@link Millis#text}),
 * counts with their
 * noun, and sets as sorted lines so an IDE diff of two sets is readable.
 *
 * <p>Example: {@code FigureText.ms(2155.3430)} is {@code "2155.343"}.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class FigureText {

    public static final String NL = System.lineSeparator();

    /** AssertJ's standard representation: how a figure reads in an IDE diff, and in a message where no other is set. */
    public static final Representation STANDARD = StandardRepresentation.STANDARD_REPRESENTATION;

    private FigureText() {
    }

    public static String ms(double ms) {
        return Millis.text(ms);
    }

    /** A millisecond figure as {@code representation} writes a {@link Milliseconds}: as {@link #ms(double)} under the standard one. */
    public static String ms(Representation representation, double ms) {
        return representation.toStringOf(new Milliseconds(ms));
    }

    public static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** The values sorted, one a line, or {@code (none)}. */
    public static String sortedLines(Collection<String> values) {
        if (values.isEmpty()) {
            return "(none)";
        }
        return values.stream().sorted().collect(Collectors.joining(NL));
    }

    public static String indented(List<String> lines) {
        return lines.stream().map(line -> "  " + line).collect(Collectors.joining(NL));
    }
}
