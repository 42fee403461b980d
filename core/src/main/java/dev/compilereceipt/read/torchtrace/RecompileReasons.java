package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.json.JsonReading;
import dev.compilereceipt.trace.GuardText;
import dev.compilereceipt.read.UnicodeText;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.compilereceipt.read.PassedLimit;
import dev.compilereceipt.read.StringPool;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The guard failures of a {@code recompile_reasons} artifact, in either form PyTorch writes them. */
final class RecompileReasons {

    private static final JsonFactory FACTORY = JsonReading.RECORDS;

    private RecompileReasons() {
    }

    /**
     * A recompile_reasons payload: a JSON list of guard failures (anything else in the list is
     * ignored), or, as 2.14 writes a lone reason, the bare text of one; each reason trimmed (older
     * releases pad them with spaces). Empty when the payload is a broken list or not UTF-8: the
     * record is then a bad one. A list of more than {@code maxReasons} is refused as it is read
     * (no run may hold that many), before its strings are made.
     */
    static Optional<List<String>> parse(byte[] payloadBytes, StringPool pool, int maxReasons) throws IOException {
        List<String> guards = new ArrayList<>();
        Optional<String> text = strictUtf8(payloadBytes);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        if (!text.get().stripLeading().startsWith("[")) {
            String reason = GuardText.normal(text.get());
            if (!reason.isEmpty()) {
                guards.add(pool.intern(reason));
            }
            return Optional.of(guards);
        }
        try (JsonParser parser = FACTORY.createParser(payloadBytes)) {
            parser.nextToken();
            for (JsonToken token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
                if (token == null) {
                    return Optional.empty();
                } else if (token == JsonToken.VALUE_STRING) {
                    if (guards.size() == maxReasons) {
                        throw PassedLimit.over("the run has more than " + maxReasons + " recompile reasons", maxReasons,
                                "max_recompile_reasons", "withMaxRecompileReasons");
                    }
                    guards.add(pool.intern(GuardText.normal(UnicodeText.text(parser))));
                } else {
                    parser.skipChildren();
                }
            }
        } catch (JsonProcessingException notJson) {
            return Optional.empty();
        }
        return Optional.of(guards);
    }

    private static Optional<String> strictUtf8(byte[] bytes) {
        return UnicodeText.isUtf8(bytes, false) ? Optional.of(new String(bytes, StandardCharsets.UTF_8)) : Optional.empty();
    }
}
