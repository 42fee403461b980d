package dev.compilereceipt;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.OptionalDouble;

/**
 * Rounding of millisecond values for receipts: half-even to 4 decimals, applied to the exact
 * binary value of the double so that every platform rounds the same way.
 */
final class Millis {

    private Millis() {
    }

    static double round(double ms) {
        return new BigDecimal(ms).setScale(4, RoundingMode.HALF_EVEN).doubleValue();
    }

    static OptionalDouble round(OptionalDouble ms) {
        return ms.isPresent() ? OptionalDouble.of(round(ms.getAsDouble())) : ms;
    }
}
