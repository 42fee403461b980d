package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.json.JsonReading;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.Optional;

/**
 * An AOTAutograd cache lookup as a {@code chromium_event}: the instant event
 * {@code autograd_cache_hit}, {@code _miss} or {@code _bypass} that {@code AOTAutogradCache.load}
 * logs (PyTorch 2.6 and 2.14, {@code _functorch/_aot_autograd/autograd_cache.py}). It is PyTorch
 * 2.6's only record of the outcome: 2.6 writes no {@code aotautograd_cache_*} artifact, 2.14 writes
 * one beside each such event. PyTorch writes {@code name} as the event's first key, so the first
 * {@value #KEPT} bytes of the payload say it; the rest (the cache key's components) is not read.
 *
 * <p>Example: of <code>{"name": "autograd_cache_miss", "ts": 1.0, "args": {...}, "ph": "i"}</code>
 * the outcome is {@code miss}; of <code>{"name": "inductor_compile", ...}</code> there is none.
 */
final class ChromiumCacheEvent {

    /** What is kept of a chromium_event's payload: its first key. */
    static final int KEPT = 512;
    static final String PREFIX = "autograd_cache_";
    private static final JsonFactory FACTORY = JsonReading.RECORDS;

    private ChromiumCacheEvent() {
    }

    /** {@code hit}, {@code miss} or {@code bypass} of an {@code autograd_cache_*} event; empty for any other. */
    static Optional<String> outcome(byte[] kept) {
        try (JsonParser parser = FACTORY.createParser(kept)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return Optional.empty();
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String key = parser.currentName();
                JsonToken value = parser.nextToken();
                if (key.equals("name")) {
                    return value == JsonToken.VALUE_STRING ? outcomeOf(parser.getText()) : Optional.empty();
                }
                parser.skipChildren();
            }
            return Optional.empty();
        } catch (IOException cut) {
            // The kept bytes end before the name: not an event the receipt reads.
            return Optional.empty();
        }
    }

    private static Optional<String> outcomeOf(String name) {
        if (!name.startsWith(PREFIX)) {
            return Optional.empty();
        }
        String outcome = name.substring(PREFIX.length());
        return outcome.equals("hit") || outcome.equals("miss") || outcome.equals("bypass") ? Optional.of(outcome) : Optional.empty();
    }
}
