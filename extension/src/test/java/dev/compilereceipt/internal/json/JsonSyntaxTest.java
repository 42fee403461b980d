package dev.compilereceipt.internal.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The byte-level JSON check agrees with the grammar, whole and fed one byte at a time. */
class JsonSyntaxTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "{}", "[]", "0", "-0.5e+3", "\"a\\u00e9\\n\"", "true", " null ", "{\"a\": [1, 2.5, -3E2, {}, []], \"b\": false}",
        "{\n\"name\": \"dynamo\",\n\"ts\": 1795939153421564.8,\n\"args\": {\n\"compile_id\": \"0/0\"\n}\n}",
        "[\"0/0: L['n'] == 1   \", \"caf\u00e9\"]"})
    void acceptsOneJsonValue(String text) {
        assertThat(check(text, false)).as(text).isTrue();
        assertThat(check(text, true)).as(text + " fed byte by byte").isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "", "{", "{\"a\": }", "{\"a\" 1}", "[1,]", "{\"a\": 1,}", "01", "1.", "-", "1e", "tru", "nul l", "\"a",
        "\"\\x\"", "\"\\u12g4\"", "{} {}", "[1] 2", "{\"args\": {\"compile_id\": \"None\"\"ph\": \"E\"}}", "[}", "{]",
        "\"tab\there\"", "NaN", "{1: 2}"})
    void refusesAnythingElse(String text) {
        assertThat(check(text, false)).as(text).isFalse();
        assertThat(check(text, true)).as(text + " fed byte by byte").isFalse();
    }

    private static boolean check(String text, boolean byteByByte) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        JsonSyntax json = new JsonSyntax(1000);
        json.reset();
        if (byteByByte) {
            for (int i = 0; i < bytes.length; i++) {
                json.feed(bytes, i, i + 1);
            }
        } else {
            json.feed(bytes, 0, bytes.length);
        }
        return json.complete();
    }
}
