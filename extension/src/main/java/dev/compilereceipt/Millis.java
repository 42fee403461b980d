package dev.compilereceipt;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Rounding of receipt values: milliseconds half-even to 4 decimals, ratios half-even to 6
 * significant digits, applied to the exact binary value of the double so that every platform
 * rounds the same way.
 */
final class Millis {

    private Millis() {
    }

    static double round(double ms) {
        return new BigDecimal(ms).setScale(4, RoundingMode.HALF_EVEN).doubleValue();
    }

    /** A ratio keeps 6 significant digits: 4 decimals would turn a 10,000-fold speed-up into 0.0001. */
    static double ratio(double value) {
        return new BigDecimal(value).round(new MathContext(6, RoundingMode.HALF_EVEN)).doubleValue();
    }
}
