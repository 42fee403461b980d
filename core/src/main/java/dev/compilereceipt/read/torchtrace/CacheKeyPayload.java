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
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Limits;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Base64;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
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
    /** The field of a frozen payload holding its components, deflated ({@link #frozen}). */
    static final String FROZEN_COMPONENTS = "compile_receipt_components";
    /** The field of a frozen payload saying what the freeze kept of its components. */
    static final String FROZEN = "compile_receipt_frozen";
    /**
     * The characters of a component's hash a freeze keeps: 40 bits of PyTorch's base32 hash, so two values of one
     * component that differ share the cut hash once in about 10^12; {@code KeyComparison} compares hashes on the shorter.
     */
    static final int FROZEN_HASH_CHARS = 8;
    /** The most bytes frozen components inflate to: what the reader keeps of one cache record's payload by default. */
    static final int MAX_INFLATED = 2 * Limits.DEFAULT_MAX_STRING_LENGTH + 4096;

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
                    components = components(parser, pool);
                } else if (field.equals(FROZEN_COMPONENTS) && value == JsonToken.VALUE_STRING) {
                    components = frozenComponents(parser.getText(), pool);
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

    private static List<CacheKey.Component> components(JsonParser parser, Interner pool) throws IOException {
        List<CacheKey.Component> listed = new ArrayList<>();
        for (JsonToken item = parser.nextToken(); item != JsonToken.END_ARRAY; item = parser.nextToken()) {
            if (item == JsonToken.VALUE_STRING) {
                listed.add(component(UnicodeText.text(parser), pool));
            } else {
                parser.skipChildren();
            }
        }
        return listed;
    }

    /**
     * The components a freeze wrote ({@link #frozen}); none (not measured) where the text is not base64url of a deflated
     * JSON array of {@code [name, value, hash]} arrays of strings, or inflates past {@link #MAX_INFLATED} bytes: a frozen log is read as warily as a real one.
     */
    private static List<CacheKey.Component> frozenComponents(String text, Interner pool) throws IOException {
        byte[] deflated;
        try {
            deflated = Base64.getUrlDecoder().decode(text);
        } catch (IllegalArgumentException notBase64) {
            return null;
        }
        Inflater inflater = new Inflater(true);
        ByteArrayOutputStream inflated = new ByteArrayOutputStream();
        try {
            inflater.setInput(deflated);
            byte[] chunk = new byte[8192];
            while (!inflater.finished()) {
                int n = inflater.inflate(chunk);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    return null;
                }
                inflated.write(chunk, 0, n);
                if (inflated.size() > MAX_INFLATED) {
                    return null;
                }
            }
        } catch (DataFormatException notDeflated) {
            return null;
        } finally {
            inflater.end();
        }
        try (JsonParser parser = FACTORY.createParser(inflated.toByteArray())) {
            if (parser.nextToken() != JsonToken.START_ARRAY) {
                return null;
            }
            List<CacheKey.Component> listed = new ArrayList<>();
            for (JsonToken item = parser.nextToken(); item == JsonToken.START_ARRAY; item = parser.nextToken()) {
                String[] triple = new String[3];
                for (int i = 0; i < 3; i++) {
                    if (parser.nextToken() != JsonToken.VALUE_STRING) {
                        return null;
                    }
                    triple[i] = UnicodeText.text(parser);
                }
                if (parser.nextToken() != JsonToken.END_ARRAY) {
                    return null;
                }
                listed.add(new CacheKey.Component(pool.intern(triple[0]), pool.intern(triple[2]), pool.intern(value(triple[1]))));
            }
            return parser.currentToken() == JsonToken.END_ARRAY && parser.nextToken() == null ? listed : null;
        } catch (JsonProcessingException notJson) {
            return null;
        }
    }

    /**
     * What a freeze writes of a cache record's payload: {@code key} and {@code cache_state} as they are, and the
     * components as kept ({@link #value}), each hash cut to {@value #FROZEN_HASH_CHARS} characters and {@code cut} (the
     * directory) applied to names and values, as a deflated JSON array of {@code [name, value, hash]} in base64url (an alphabet with no {@code /}, so
     * no directory cut can touch it) under {@value #FROZEN_COMPONENTS}, with {@value #FROZEN} saying what was dropped.
     * Empty (the record kept as its envelope) where the payload is no JSON object; without components where it lists
     * none or was cut short ({@code overflowed}), or is a hit ({@code outcome}, else its {@code cache_state}): a hit's
     * components say nothing of its own lookup and would make the frozen log of a warm process (every lookup a hit, 650
     * components each on 2.14) over a tenth of its log; its key is kept.
     */
    static Frozen frozen(byte[] payload, boolean overflowed, Optional<String> outcome, UnaryOperator<String> cut) {
        try {
            Optional<Read> read = read(payload, overflowed, text -> text);
            if (read.isEmpty()) {
                return new Frozen(Optional.empty(), 0, 0, 0);
            }
            boolean hit = outcome.or(read.get()::state).filter(CompileLog.HIT::equals).isPresent();
            long hitComponents = hit ? read.get().components().map(List::size).orElse(0) : 0;
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            long components = 0;
            long valuesCut = 0;
            try (JsonGenerator out = FACTORY.createGenerator(bytes)) {
                out.writeStartObject();
                out.writeStringField("key", read.get().key());
                if (read.get().state().isPresent()) {
                    out.writeStringField("cache_state", read.get().state().get());
                }
                if (hitComponents > 0) {
                    // A hit's components explain nothing of its own lookup, only of another's miss; 2.6 never lists them.
                    out.writeObjectFieldStart(FROZEN);
                    out.writeNumberField("components_of_a_hit_dropped", hitComponents);
                    out.writeEndObject();
                } else if (read.get().components().isPresent()) {
                    ByteArrayOutputStream list = new ByteArrayOutputStream();
                    try (JsonGenerator lines = FACTORY.createGenerator(list)) {
                        lines.writeStartArray();
                        for (CacheKey.Component component : read.get().components().get()) {
                            String hash = component.hash().substring(0, Math.min(FROZEN_HASH_CHARS, component.hash().length()));
                            // Name, value, hash: a value and its hash side by side repeat (False, None), which deflate finds.
                            lines.writeStartArray();
                            lines.writeString(cut.apply(component.name()));
                            lines.writeString(cut.apply(component.value()));
                            lines.writeString(hash);
                            lines.writeEndArray();
                            components++;
                            if (component.value().length() == CacheKey.VALUE_CHARS && component.value().endsWith("…")) {
                                valuesCut++;
                            }
                        }
                        lines.writeEndArray();
                    }
                    out.writeStringField(FROZEN_COMPONENTS, Base64.getUrlEncoder().withoutPadding().encodeToString(deflated(list.toByteArray())));
                    out.writeObjectFieldStart(FROZEN);
                    out.writeNumberField("components", components);
                    out.writeNumberField("hash_chars", FROZEN_HASH_CHARS);
                    out.writeNumberField("value_chars", CacheKey.VALUE_CHARS);
                    out.writeNumberField("values_cut", valuesCut);
                    out.writeEndObject();
                }
                out.writeEndObject();
            }
            return new Frozen(Optional.of(bytes.toByteArray()), components, valuesCut, hitComponents);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A frozen payload ({@link #frozen}), how many components it keeps, how many of their values were cut, and how many
     * components of a hit it dropped.
     */
    record Frozen(Optional<byte[]> payload, long components, long valuesCut, long hitComponents) {
    }

    private static byte[] deflated(byte[] bytes) {
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION, true);
        try {
            deflater.setInput(bytes);
            deflater.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] chunk = new byte[8192];
            while (!deflater.finished()) {
                out.write(chunk, 0, deflater.deflate(chunk));
            }
            return out.toByteArray();
        } finally {
            deflater.end();
        }
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
