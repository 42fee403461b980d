package dev.compilereceipt.approval;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * How far a time may move from its approved value and still be the same: a relative part (of the
 * approved value) plus an absolute part (milliseconds, or plain units for a ratio), so that a short
 * time is not failed for jitter and a long one not excused by a fixed allowance. Written as
 * {@code 25%+50}: {@code 25%} of the value plus {@code 50} ms.
 *
 * <p>Example: {@code Margin.parse("25%+50").around(2000.0)} is {@code 550.0}, so the band of an
 * approved 2000 ms is 1450..2550 ms.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public record Margin(double relative, double absolute) {

    /** The default of every time family but ratios: 25% of the value plus 50 ms. */
    public static final Margin DEFAULT = new Margin(0.25, 50);

    private static final Pattern TEXT = Pattern.compile("(\\d+(?:\\.\\d+)?)%(?:\\+(\\d+(?:\\.\\d+)?))?|(\\d+(?:\\.\\d+)?)");

    public Margin {
        if (!(relative >= 0) || !(absolute >= 0) || Double.isInfinite(relative) || Double.isInfinite(absolute)) {
            throw new IllegalArgumentException("a margin is a relative and an absolute part, both 0 or more; found " + relative + " and " + absolute);
        }
    }

    /**
     * Reads {@code 25%+50}, {@code 10%} or {@code 50}; an {@link IllegalArgumentException} saying the
     * form for anything else.
     */
    public static Margin parse(String text) {
        Matcher m = TEXT.matcher(text.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("a margin is written PERCENT%+ABSOLUTE, such as 25%+50 (25% of the value plus 50 ms),"
                    + " 10% or 50; found \"" + text + "\"");
        }
        if (m.group(3) != null) {
            return new Margin(0, Double.parseDouble(m.group(3)));
        }
        return new Margin(Double.parseDouble(m.group(1)) / 100, m.group(2) == null ? 0 : Double.parseDouble(m.group(2)));
    }

    /** The allowance around {@code value}: its relative part of the value's size plus the absolute part. */
    public double around(double value) {
        return Math.abs(value) * relative + absolute;
    }

    /** {@code 25%+50}, as {@link #parse} reads it. */
    public String text() {
        return number(relative * 100) + "%+" + number(absolute);
    }

    static String number(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        String text = String.format(Locale.ROOT, "%.4f", value);
        return text.replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    @Override
    public String toString() {
        return text();
    }
}
