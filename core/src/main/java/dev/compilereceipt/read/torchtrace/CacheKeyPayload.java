package dev.compilereceipt.read.torchtrace;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.compilereceipt.json.JsonReading;
import dev.compilereceipt.read.Interner;
import dev.compilereceipt.read.UnicodeText;
import dev.compilereceipt.trace.CacheKey;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The key of a cache record's JSON payload: {@code key}, {@code cache_state} (2.6's
 * {@code aotautograd_cache_hash} says its outcome only there) and {@code components}, each
 * {@code [hash] name: value} as {@code torch/_inductor/codecache.py} writes them (both releases). A
 * value is made one printable line of at most {@value CacheKey#VALUE_CHARS} characters: whitespace runs
 * are one space, {@code 0x…} addresses masked (a function's repr differs in every process), and a value
 * holding U+FFFD or a control character is bytes ({@code torch_version}'s digest), written
 * {@value CacheKey#BINARY}. A payload cut short (longer than what the reader keeps) has a key but its
 * components are not measured: half a list would claim a difference that is only the cut.
 *
 * <p>Example: the component {@code "[5zwd…] cpp_runtime_thread_count: 2"} is
 * {@code Component("cpp_runtime_thread_count", "5zwd…", "2")}; {@code "[wtlo…] fx_kwargs[get_decomp_fn]: <function
 * select_decomp_table at 0x7f5d087f5bc0>"} keeps the value {@code <function select_decomp_table at 0x…>}.
 */
final class CacheKeyPayload {

    private static final JsonFactory FACTORY = JsonReading.RECORDS;
    private static final Pattern LINE = Pattern.compile("\\[([^\\]\\s]*)\\] (.*?): ?(.*)", Pattern.DOTALL);
    private static final Pattern ADDRESS = Pattern.compile("0x[0-9a-fA-F]+");
    private static final Pattern SPACE = Pattern.compile("\\s+");

    /** What a payload says: {@code key} empty where it names none (a bypass), {@code components} empty where not listed or cut. */
    record Read(String key, Optional<String> state, Optional<List<CacheKey.Component>> components) {
    }

    private CacheKeyPayload() {
    }

    /** The payload read; empty when it is not a JSON object (the record is then counted, not a key). */
    static Optional<Read> read(byte[] payload, boolean overflowed, Interner pool) throws IOException {
        String key = "";
        Optional<String> state = Optional.empty();
        List<CacheKey.Component> components = null;
        try (JsonParser parser = FACTORY.createParser(payload)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return Optional.empty();
            }
            for (JsonToken token = parser.nextToken(); token == JsonToken.FIELD_NAME; token = parser.nextToken()) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (field.equals("key") && value == JsonToken.VALUE_STRING) {
                    key = pool.intern(UnicodeText.text(parser));
                } else if (field.equals("cache_state") && value == JsonToken.VALUE_STRING) {
                    state = Optional.of(pool.intern(UnicodeText.text(parser)));
                } else if (field.equals("components") && value == JsonToken.START_ARRAY) {
                    List<CacheKey.Component> listed = new ArrayList<>();
                    for (JsonToken item = parser.nextToken(); item != JsonToken.END_ARRAY; item = parser.nextToken()) {
                        if (item == JsonToken.VALUE_STRING) {
                            listed.add(component(UnicodeText.text(parser), pool));
                        } else {
                            parser.skipChildren();
                        }
                    }
                    components = listed;
                } else {
                    parser.skipChildren();
                }
            }
        } catch (JsonProcessingException cut) {
            if (!overflowed) {
                return Optional.empty();
            }
        }
        boolean listed = components != null && !components.isEmpty() && !overflowed;
        return Optional.of(new Read(key, state, listed ? Optional.of(components) : Optional.empty()));
    }

    /** One {@code [hash] name: value} line; a line of another shape is a component of that name with no hash. */
    static CacheKey.Component component(String line, Interner pool) {
        Matcher m = LINE.matcher(line);
        if (!m.matches()) {
            return new CacheKey.Component(pool.intern(value(line)), "", "");
        }
        return new CacheKey.Component(pool.intern(m.group(2)), pool.intern(m.group(1)), pool.intern(value(m.group(3))));
    }

    /** A value as kept: bytes as {@value CacheKey#BINARY}, else one line, addresses masked, cut to {@value CacheKey#VALUE_CHARS}. */
    static String value(String raw) {
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '\uFFFD' || (c < 0x20 && c != '\n' && c != '\t' && c != '\r') || c == 0x7f) {
                return CacheKey.BINARY;
            }
        }
        String line = ADDRESS.matcher(SPACE.matcher(raw).replaceAll(" ").strip()).replaceAll("0x…");
        if (line.length() > CacheKey.VALUE_CHARS) {
            int end = CacheKey.VALUE_CHARS - 1;
            if (Character.isHighSurrogate(line.charAt(end - 1))) {
                end--;
            }
            line = line.substring(0, end) + "…";
        }
        return line;
    }

    /**
     * The payload as a part read ahead keeps it: the same fields with each component as kept, so a log of
     * many compiles does not fill the part's bound with source code; reading it gives what reading the payload gives.
     */
    static byte[] condensed(byte[] payload, boolean overflowed) {
        try {
            Optional<Read> read = read(payload, overflowed, text -> text);
            if (read.isEmpty()) {
                return payload;
            }
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (JsonGenerator out = FACTORY.createGenerator(bytes)) {
                out.writeStartObject();
                out.writeStringField("key", read.get().key());
                if (read.get().state().isPresent()) {
                    out.writeStringField("cache_state", read.get().state().get());
                }
                if (read.get().components().isPresent()) {
                    out.writeArrayFieldStart("components");
                    for (CacheKey.Component component : read.get().components().get()) {
                        out.writeString(component.hash().isEmpty() ? component.name()
                                : "[" + component.hash() + "] " + component.name() + ": " + component.value());
                    }
                    out.writeEndArray();
                }
                out.writeEndObject();
            }
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
