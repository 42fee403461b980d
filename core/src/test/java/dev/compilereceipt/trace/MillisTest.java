package dev.compilereceipt.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Millisecond rounding: half-even to 4 decimals of the double's exact binary value. */
class MillisTest {

    @Test
    void roundsHalfEvenOnTheExactBinaryValue() {
        assertThat(Millis.round(2155.34300001)).isEqualTo(2155.343);
        assertThat(Millis.round(0.00005)).isEqualTo(0.0001); // 0.0000500000000000000024... in binary
        assertThat(Millis.round(0.00015)).isEqualTo(0.0001); // 0.000149999999999999986... in binary
        assertThat(Millis.round(1.23445)).isEqualTo(1.2345); // 1.23445000000000004725... in binary
        assertThat(Millis.round(12.5)).isEqualTo(12.5);
        assertThat(Millis.round(-0.0)).isEqualTo(0.0).hasToString("0.0");
        assertThat(Millis.round(-0.00001)).hasToString("0.0");
        assertThat(Millis.round(-3.14159)).isEqualTo(-3.1416);
    }

    @Test
    void refusesWhatIsNotANumber() {
        assertThatThrownBy(() -> Millis.round(Double.NaN)).isInstanceOf(NumberFormatException.class);
        assertThatThrownBy(() -> Millis.round(Double.POSITIVE_INFINITY)).isInstanceOf(NumberFormatException.class);
    }

    @Test
    void agreesWithBigDecimalOnEveryKindOfFigure() {
        // The shortcut for figures that are already 4-decimal values must give what exact rounding gives.
        Random random = new Random(22);
        for (int i = 0; i < 300_000; i++) {
            double[] values = {
                random.nextInt(1_000_000_000) / Math.pow(10, random.nextInt(9)),
                random.nextDouble() * Math.pow(10, random.nextInt(16) - 4),
                random.nextInt(1000) / 10_000.0 + random.nextInt(100_000),
                -random.nextDouble() * 1e12,
                Double.longBitsToDouble(random.nextLong()),
            };
            for (double ms : values) {
                if (Double.isFinite(ms)) {
                    double exact = new BigDecimal(ms).setScale(4, RoundingMode.HALF_EVEN).doubleValue();
                    assertThat(Millis.round(ms)).as("%s", Double.toString(ms)).isEqualTo(exact);
                }
            }
        }
    }
}
