package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.json.JsonReading;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The release a {@code torch_version} artifact names: its {@code pytorch_version}, such as
 * {@code 2.14.1+debian}. A payload without one, not a JSON object, or with a version that is not
 * written as a release is, names none: the receipt then says nothing of the release rather than a
 * wrong one.
 */
final class TorchVersion {

    private static final JsonFactory FACTORY = JsonReading.RECORDS;
    /** What a release is written with ({@code 2.6.0}, {@code 2.14.1+debian}, {@code 2.9.0a0+git1234abc}): nothing a terminal acts on. */
    private static final Pattern RELEASE = Pattern.compile("[0-9][0-9A-Za-z.+_-]{0,127}");

    private TorchVersion() {
    }

    static Optional<String> of(byte[] payload) {
        try (JsonParser parser = FACTORY.createParser(payload)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return Optional.empty();
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String key = parser.currentName();
                JsonToken value = parser.nextToken();
                if (key.equals("pytorch_version") && value == JsonToken.VALUE_STRING) {
                    String version = parser.getText().strip();
                    return RELEASE.matcher(version).matches() ? Optional.of(version) : Optional.empty();
                }
                parser.skipChildren();
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
