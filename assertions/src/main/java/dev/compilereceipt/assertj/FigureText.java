package dev.compilereceipt.assertj;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How figures read in failure messages: milliseconds rounded half-even to 4 decimals without
 * trailing zeros and with {@code .} as the decimal mark whatever the locale, counts with their
 * noun, and sets as sorted lines so an IDE diff of two sets is readable.
 *
 * <p>Example: {@code FigureText.ms(2155.3430)} is {@code "2155.343"}.
 */
final class FigureText {

    static final String NL = System.lineSeparator();

    private FigureText() {
    }

    static String ms(double ms) {
        BigDecimal rounded = new BigDecimal(ms).setScale(4, RoundingMode.HALF_EVEN).stripTrailingZeros();
        return rounded.signum() == 0 ? "0" : rounded.toPlainString();
    }

    static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** The values sorted, one a line, or {@code (none)}. */
    static String sortedLines(Collection<String> values) {
        if (values.isEmpty()) {
            return "(none)";
        }
        return values.stream().sorted().collect(Collectors.joining(NL));
    }

    static String indented(List<String> lines) {
        return lines.stream().map(line -> "  " + line).collect(Collectors.joining(NL));
    }
}
