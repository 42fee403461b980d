package dev.compilereceipt.trace;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import org.apiguardian.api.API;
import dev.compilereceipt.json.CanonicalJson;

/**
 * Rounding of receipt values: milliseconds half-even to 4 decimals, ratios half-even to 6
 * significant digits, applied to the exact binary value of the double so that every platform
 * rounds the same way; and the one way every view writes a millisecond figure for a person.
 *
 * <p>Example: {@code Millis.text(2155.34300001)} is {@code "2155.343"}, as the receipt JSON has it.
 */
@API(status = API.Status.INTERNAL)
public final class Millis {

    private static final double FAST_BOUND = 1e11;

    private Millis() {
    }

    public static double round(double ms) {
        if (Math.abs(ms) < FAST_BOUND) {
            // Below 1e11 a double's spacing is finer than 1e-4, so when the 4-decimal d = scaled / 10^4
            // reads back as ms (one correctly rounded division), d is the decimal nearest ms and the
            // exact rounding below would give ms again: the common case of a figure read from JSON.
            double scaled = Math.rint(ms * 10_000);
            if (scaled / 10_000 == ms) {
                return ms == 0 ? 0.0 : ms;
            }
        }
        return exact(ms).doubleValue();
    }

    /**
     * The 4-decimal value a millisecond figure of the receipt stands for, exactly: the decimal of
     * 4 places nearest the double (for every figure below about 5·10^11 ms, the decimal the JSON
     * writes). Differences and ratios of receipt figures are taken of these, never of the doubles,
     * so that ⌈512 / 0.027⌉ is 18963 and not one call off.
     */
    public static BigDecimal exact(double ms) {
        return new BigDecimal(ms).setScale(4, RoundingMode.HALF_EVEN);
    }

    /** A ratio keeps 6 significant digits: 4 decimals would turn a 10,000-fold speed-up into 0.0001. */
    public static double ratio(double value) {
        return new BigDecimal(value).round(new MathContext(6, RoundingMode.HALF_EVEN)).doubleValue();
    }

    /** A millisecond figure as every view shows it: rounded as the receipt rounds it, written as its JSON writes it. */
    public static String text(double ms) {
        return CanonicalJson.number(round(ms));
    }
}
