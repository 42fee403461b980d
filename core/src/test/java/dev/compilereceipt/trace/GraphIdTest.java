package dev.compilereceipt.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code F/V} with two non-negative decimal integers of at most 18 digits, no sign, no leading zero; nothing else. */
class GraphIdTest {

    /** The form as a regular expression: what {@link GraphId#parse} must accept, and only that. */
    private static final Pattern FORM = Pattern.compile("(0|[1-9][0-9]{0,17})/(0|[1-9][0-9]{0,17})");

    @ParameterizedTest
    @CsvSource({"0/0, 0, 0", "1/0, 1, 0", "0/10, 0, 10", "12/345, 12, 345",
        "999999999999999999/999999999999999999, 999999999999999999, 999999999999999999"})
    void idsOfTheForm(String text, long frame, long variant) {
        assertThat(GraphId.parse(text)).contains(new GraphId(frame, variant));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/", "0/", "/0", "00/0", "0/01", "-1/0", "+1/0", "1/2/3", " 1/0", "1/0 ", "1.0/0", "a/0",
        "1000000000000000000/0", "0/1000000000000000000", "\u0661/0", "0\\0"})
    void anythingElseIsNoId(String text) {
        assertThat(GraphId.parse(text)).isEmpty();
    }

    @Test
    void randomTextsParseAsTheFormSays() {
        Random random = new Random(22);
        String alphabet = "0123456789/-0a ";
        for (int n = 0; n < 200_000; n++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(24);
            for (int i = 0; i < length; i++) {
                text.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            assertThat(GraphId.parse(text.toString())).as(text.toString()).isEqualTo(byForm(text.toString()));
        }
    }

    private static Optional<GraphId> byForm(String text) {
        Matcher matcher = FORM.matcher(text);
        return matcher.matches() ? Optional.of(new GraphId(Long.parseLong(matcher.group(1)), Long.parseLong(matcher.group(2))))
                : Optional.empty();
    }
}
