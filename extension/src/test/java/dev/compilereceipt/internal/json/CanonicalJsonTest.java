package dev.compilereceipt.internal.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
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
    void hashesAreLowerCaseHexSha256() {
        // SHA-256 of the empty string
        assertThat(CanonicalJson.sha256(new byte[0]))
                .isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    }
}
