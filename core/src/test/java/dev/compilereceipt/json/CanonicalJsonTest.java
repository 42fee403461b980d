package dev.compilereceipt.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.io.NumberOutput;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** RFC 8785 output: the number examples of its appendix B and its key-order and escaping rules. */
class CanonicalJsonTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "0.0, 0",
        "-0.0, 0",
        "1.0, 1",
        "1.5e-7, 1.5e-7",
        "1e-7, 1e-7",
        "0.000001, 0.000001",
        "1e21, 1e+21",
        "1e20, 100000000000000000000",
        "123456789012345680000, 123456789012345680000",
        "9007199254740992, 9007199254740992",
        "295147905179352830000, 295147905179352830000",
        "4.50, 4.5",
        "2e-3, 0.002",
        "0.1, 0.1",
        "1.7976931348623157e308, 1.7976931348623157e+308",
        "5e-324, 5e-324",
        "-1e-7, -1e-7",
        "333333333.3333332, 333333333.3333332",
    })
    void writesNumbersAsEcmaScriptDoes(double value, String expected) {
        assertThat(CanonicalJson.number(value)).isEqualTo(expected);
    }

    @Test
    void sortsKeysByUtf16CodeUnitsAndEscapesOnlyWhatJsonNeeds() throws Exception {
        // RFC 8785 section 3.2.3: "\r" (U+000D) < "1" < "\u0080" < "\u00f6" < "\u20ac" < "\ud83d\ude00" < "\ufb33"
        String input = "{\"\\u20ac\":\"Euro Sign\",\"\\r\":\"Carriage Return\",\"\\ufb33\":\"Hebrew Letter Dalet With Dagesh\","
                + "\"1\":\"One\",\"\\ud83d\\ude00\":\"Emoji: Grinning Face\",\"\\u0080\":\"Control\",\"\\u00f6\":\"Latin Small Letter O With Diaeresis\"}";
        String canonical = CanonicalJson.write(new ObjectMapper().readTree(input));
        assertThat(canonical).isEqualTo("{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\u0080\":\"Control\","
                + "\"\u00f6\":\"Latin Small Letter O With Diaeresis\",\"\u20ac\":\"Euro Sign\","
                + "\"\ud83d\ude00\":\"Emoji: Grinning Face\",\"\ufb33\":\"Hebrew Letter Dalet With Dagesh\"}");
    }

    @Test
    void writesTheRfcExampleObject() throws Exception {
        // RFC 8785 section 3.2.2 example, numbers and literals
        String input = "{\"numbers\": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],"
                + " \"string\": \"\\u20ac$\\u000F\\u000aA'\\u0042\\u0022\\u005c\\\\\\\"\\/\", \"literals\": [null, true, false]}";
        assertThat(CanonicalJson.write(new ObjectMapper().readTree(input))).isEqualTo(
                "{\"literals\":[null,true,false],\"numbers\":[333333333.3333333,1e+30,4.5,0.002,1e-27],"
                        + "\"string\":\"\u20ac$\\u000f\\nA'B\\\"\\\\\\\\\\\"/\"}");
    }

    @Test
    void writesEveryDoubleAsTheExactShortestDecimalDoes() {
        // The written form against the slow, plainly correct one it replaced: BigDecimal's digits of
        // Schubfach's decimal, shortened while they still read back. Random bit patterns cover every
        // exponent; few-digit decimals and integers are what receipts hold.
        Random random = new Random(22);
        List<Double> values = new ArrayList<>(List.of(Double.MIN_VALUE, Double.MIN_NORMAL, Math.nextDown(Double.MIN_NORMAL),
                Double.MAX_VALUE, 0x1p53, Math.nextDown(0x1p53), Math.nextUp(0x1p53), 1e21, Math.nextDown(1e21), 1e-6,
                Math.nextDown(1e-6), 1e-7, 1e7, Math.nextDown(1e7), 1e-3, Math.nextDown(1e-3), 123456789012345680000.0,
                1e-4, Math.nextDown(1e-4), 1e11, Math.nextDown(1e11), 99999999999.9999, 0.0001, 0.1, 0.2994, 2781.771));
        for (int i = 0; i < 200_000; i++) {
            values.add(Double.longBitsToDouble(random.nextLong()));
            values.add(random.nextInt(100_000_000) / Math.pow(10, random.nextInt(12)));
            values.add((double) (random.nextLong() >> random.nextInt(64)));
            // Whole ten-thousandths (every millisecond figure), up to and past 10^11, and their neighbours.
            double millis = random.nextLong(2_000_000_000_000_000L >> random.nextInt(50)) / 1e4;
            values.add(millis);
            values.add(Math.nextUp(millis));
            values.add(Math.nextDown(millis));
        }
        for (double value : values) {
            if (Double.isFinite(value)) {
                assertThat(CanonicalJson.number(value)).as("%s", Double.toString(value)).isEqualTo(shortestExactly(value));
            }
        }
    }

    private static String shortestExactly(double value) {
        if (value == 0) {
            return "0";
        }
        if (value < 0) {
            return "-" + shortestExactly(-value);
        }
        BigDecimal shortest = new BigDecimal(NumberOutput.toString(value, true)).stripTrailingZeros();
        while (shortest.precision() > 1) {
            BigDecimal shorter = shortest.round(new MathContext(shortest.precision() - 1, RoundingMode.HALF_EVEN));
            if (shorter.doubleValue() != value) {
                break;
            }
            shortest = shorter.stripTrailingZeros();
        }
        String digits = shortest.unscaledValue().toString();
        int k = digits.length();
        int n = k - shortest.scale();
        if (k <= n && n <= 21) {
            return digits + "0".repeat(n - k);
        } else if (0 < n && n <= 21) {
            return digits.substring(0, n) + "." + digits.substring(n);
        } else if (-6 < n && n <= 0) {
            return "0." + "0".repeat(-n) + digits;
        }
        int exponent = n - 1;
        return digits.charAt(0) + (k > 1 ? "." + digits.substring(1) : "") + "e" + (exponent < 0 ? "-" : "+") + Math.abs(exponent);
    }

    @Test
    void hashesAreLowerCaseHexSha256() {
        // SHA-256 of the empty string
        assertThat(CanonicalJson.sha256(new byte[0]))
                .isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    }
}
