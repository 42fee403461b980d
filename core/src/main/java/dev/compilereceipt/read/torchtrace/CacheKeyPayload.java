package dev.compilereceipt.read.torchtrace;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.compilereceipt.json.JsonReading;
import dev.compilereceipt.read.ByteWords;
import dev.compilereceipt.read.Interner;
import dev.compilereceipt.read.JsonTokens;
import dev.compilereceipt.read.UnicodeText;
import dev.compilereceipt.trace.CacheKey;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Limits;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Base64;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

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
    private static final String MASKED = "0x…";

    /**
     * What a payload says: {@code key} empty where it names none (a bypass), {@code components} empty where not listed or cut;
     * {@code unreadable} where they are a freeze's ({@link #FROZEN_COMPONENTS}) that do not read: a bad record, not a key
     * whose components were never listed.
     */
    record Read(String key, Optional<String> state, Optional<List<CacheKey.Component>> components, boolean unreadable) {

        /** The same, each string given to {@code pool} in the order a reading of it would give them. */
        Read interned(Interner pool) {
            return interned(pool, new Handed());
        }

        /**
         * {@link #interned(Interner)}, a component handed on before at the same place of {@code last}'s list (the same
         * object, read once by a part: {@link SeenComponents}) given as it was interned then when {@code pool} gives back
         * its very strings: the same strings given to {@code pool} in the same order, without comparing them again.
         */
        Read interned(Interner pool, Handed last) {
            return new Read(key.isEmpty() ? key : pool.intern(key), state.map(pool::intern), components.map(list -> {
                List<CacheKey.Component> before = last.read;
                List<CacheKey.Component> out = new ArrayList<>(list.size());
                for (int i = 0; i < list.size(); i++) {
                    CacheKey.Component c = list.get(i);
                    CacheKey.Component then = i < before.size() && before.get(i) == c ? last.interned.get(i) : null;
                    if (then != null) {
                        String name = pool.intern(then.name());
                        String hash = pool.intern(then.hash());
                        String value = pool.intern(then.value());
                        out.add(name == then.name() && hash == then.hash() && value == then.value() ? then
                                : new CacheKey.Component(name, hash, value));
                    } else {
                        out.add(new CacheKey.Component(pool.intern(c.name()), pool.intern(c.hash()), pool.intern(c.value())));
                    }
                }
                last.read = list;
                last.interned = out;
                return out;
            }), unreadable);
        }

        /** About the bytes its JSON form takes: what a part counts against what it may keep. */
        long size() {
            long size = key.length() + state.map(String::length).orElse(0) + 32;
            for (CacheKey.Component c : components.orElse(List.of())) {
                size += c.name().length() + c.hash().length() + c.value().length() + 8;
            }
            return size;
        }
    }

    /** The components of the last key of one cache handed on, as a part read them and as interned ({@link Read#interned(Interner, Handed)}). */
    static final class Handed {
        private List<CacheKey.Component> read = List.of();
        private List<CacheKey.Component> interned = List.of();
    }

    /**
     * A payload read by a part of the log read ahead ({@link LogParts}): its key, components and values as
     * {@link #read} gives them, their strings not yet interned, so that the part, not the thread handing the
     * parts on, does the reading once. Empty when the payload is no JSON object.
     */
    record Ahead(Optional<Read> read, boolean overflowed, long size) implements KeptPayload {

        /** Read by {@link CacheKeyPayload#read(KeptPayload, Interner)}, never as bytes: none are kept. */
        @Override
        public byte[] kept() {
            return new byte[0];
        }
    }

    private CacheKeyPayload() {
    }

    /** What {@code payload} says, read ahead by a part ({@link Ahead}) or from its kept bytes. */
    static Optional<Read> read(KeptPayload payload, Interner pool) throws IOException {
        return read(payload, pool, new Handed());
    }

    /** {@link #read(KeptPayload, Interner)}, {@code last} the last key of the same cache handed on. */
    static Optional<Read> read(KeptPayload payload, Interner pool, Handed last) throws IOException {
        if (payload instanceof Ahead ahead) {
            return ahead.read().map(read -> read.interned(pool, last));
        }
        return read(payload.kept(), payload.overflowed(), pool);
    }

    /** The payload read ahead by a part, for {@link #read(KeptPayload, Interner)} to hand on. */
    static Ahead ahead(KeptPayload payload) {
        byte[] bytes = payload.kept();
        try {
            Optional<Read> read = read(bytes, payload.overflowed(), text -> text, SEEN.get());
            return new Ahead(read, payload.overflowed(), read.map(Read::size).orElse((long) bytes.length));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The payload read; empty when it is not a JSON object (the record is then counted, not a key). */
    static Optional<Read> read(byte[] payload, boolean overflowed, Interner pool) throws IOException {
        return read(payload, overflowed, pool, null);
    }

    /**
     * The payload read, its short components looked up in {@code seen} (none: each read) by their JSON text: the same
     * bytes read the same, so a component read before in this thread is not read again. With {@code seen}, the
     * components' strings are not interned ({@code pool} must keep nothing): a part hands them on to be interned.
     */
    static Optional<Read> read(byte[] payload, boolean overflowed, Interner pool, SeenComponents seen) throws IOException {
        String key = "";
        Optional<String> state = Optional.empty();
        List<CacheKey.Component> components = null;
        boolean unreadable = false;
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
                    components = components(parser, pool, payload, seen);
                } else if (field.equals(FROZEN_COMPONENTS) && value == JsonToken.VALUE_STRING) {
                    components = frozenComponents(parser.getText(), pool);
                    unreadable = components == null;
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
        return Optional.of(new Read(key, state, listed ? Optional.of(components) : Optional.empty(), unreadable));
    }

    private static List<CacheKey.Component> components(JsonParser parser, Interner pool, byte[] payload, SeenComponents seen)
            throws IOException {
        List<CacheKey.Component> listed = new ArrayList<>();
        for (JsonToken item = parser.nextToken(); item != JsonToken.END_ARRAY; item = parser.nextToken()) {
            if (item == JsonToken.VALUE_STRING) {
                listed.add(seen == null ? component(parser, pool) : seen.component(parser, payload));
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

    /**
     * The component at {@code parser}, read from the parser's own characters: a graph module's code of
     * 100 KB and more is scanned where it lies, never copied into a string of its own.
     */
    private static CacheKey.Component component(JsonParser parser, Interner pool) throws IOException {
        char[] chars = parser.getTextCharacters();
        int from = parser.getTextOffset();
        int to = from + parser.getTextLength();
        UnicodeText.checkText(parser, chars, from, to);
        return component(chars, from, to, pool);
    }

    /** The components each part reader has read, by their JSON text ({@link SeenComponents}); the reader's threads end with the read. */
    private static final ThreadLocal<SeenComponents> SEEN = ThreadLocal.withInitial(SeenComponents::new);

    /**
     * The components one thread has read lately, each by the bytes of its JSON string: a process's keys share most of
     * their 275 to 650 components (the inductor and Dynamo configuration, the versions), so most of a key's components
     * were read, byte for byte, in the key before. A string's characters, its check and its component are all made
     * from its bytes alone, so a component whose bytes equal one read before is that component: it is not decoded,
     * checked or scanned again. Only strings of at most {@value #MAX_BYTES} bytes are kept, in {@value #SLOTS} slots
     * (each the last string whose bytes hashed there), so a thread keeps at most about 2 MiB; a longer string (a
     * graph module's code) is read as before. Used by the part readers only ({@link #ahead}), whose strings are
     * interned later, in log order, by the thread handing the parts on.
     *
     * <p>Example: the second of two keys that both list {@code "[5zwd…] cpp_runtime_thread_count: 2"} is given the
     * {@code Component} read for the first.
     */
    static final class SeenComponents {
        static final int SLOTS = 1 << 12;
        static final int MAX_BYTES = 512;
        private final byte[][] bytes = new byte[SLOTS][];
        private final CacheKey.Component[] read = new CacheKey.Component[SLOTS];

        private static final Interner KEEPS_NOTHING = text -> text;

        /** The component of the string at {@code parser}, a token of {@code payload} not yet read; its strings not interned. */
        CacheKey.Component component(JsonParser parser, byte[] payload) throws IOException {
            long quote = parser.currentTokenLocation().getByteOffset();
            if (quote < 0 || quote >= payload.length || payload[(int) quote] != '"') {
                return CacheKeyPayload.component(parser, KEEPS_NOTHING);
            }
            int from = (int) quote + 1;
            int end = JsonTokens.stringEnd(payload, from, Math.min(payload.length, from + MAX_BYTES + 1));
            if (end < 0) {
                return CacheKeyPayload.component(parser, KEEPS_NOTHING);
            }
            int to = end - 1;
            int slot = slot(payload, from, to);
            byte[] known = bytes[slot];
            if (known != null && Arrays.equals(known, 0, known.length, payload, from, to)) {
                return read[slot];
            }
            // Read as without this: a string Jackson or the Unicode check refuses throws here and is never kept.
            CacheKey.Component component = CacheKeyPayload.component(parser, KEEPS_NOTHING);
            bytes[slot] = Arrays.copyOfRange(payload, from, to);
            read[slot] = component;
            return component;
        }

        /** The slot of the bytes {@code b[from, to)}: a hash of them taken eight bytes at a time. */
        static int slot(byte[] b, int from, int to) {
            long hash = to - from;
            int i = from;
            for (; i + Long.BYTES <= to; i += Long.BYTES) {
                hash = hash * 0x9E3779B97F4A7C15L + ByteWords.at(b, i);
            }
            for (; i < to; i++) {
                hash = hash * 31 + b[i];
            }
            hash *= 0x9E3779B97F4A7C15L;
            return (int) (hash >>> 52) & (SLOTS - 1);
        }
    }

    /** One {@code [hash] name: value} line; a line of another shape is a component of that name with no hash. */
    static CacheKey.Component component(String line, Interner pool) {
        return component(line.toCharArray(), 0, line.length(), pool);
    }

    /**
     * The line {@code c[from, to)}, read as the pattern {@code \[([^\]\s]*)\] (.*?): ?(.*)} (dot matching
     * newlines) reads it, scanned by hand: the hash runs from the {@code [} to the first {@code ]} or
     * whitespace, which must be {@code "] "}; the name to the first {@code :} after it; the value is the
     * rest, less one space after the colon.
     */
    private static CacheKey.Component component(char[] c, int from, int to, Interner pool) {
        if (from < to && c[from] == '[') {
            int close = from + 1;
            while (close < to && (c[close] > ' ' ? c[close] != ']' : !patternSpace(c[close]))) {
                close++;
            }
            if (close + 1 < to && c[close] == ']' && c[close + 1] == ' ') {
                int colon = close + 2;
                while (colon < to && c[colon] != ':') {
                    colon++;
                }
                if (colon < to) {
                    int value = colon + 1 < to && c[colon + 1] == ' ' ? colon + 2 : colon + 1;
                    return new CacheKey.Component(pool.intern(new String(c, close + 2, colon - close - 2)),
                            pool.intern(new String(c, from + 1, close - from - 1)), pool.intern(value(c, value, to)));
                }
            }
        }
        return new CacheKey.Component(pool.intern(value(c, from, to)), "", "");
    }

    /** What {@code \s} matches in a pattern without Unicode classes. */
    private static boolean patternSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    private static boolean hexDigit(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    /** A value as kept: bytes as {@value CacheKey#BINARY}, else one line, addresses masked, cut to {@value CacheKey#VALUE_CHARS}. */
    static String value(String raw) {
        return value(raw.toCharArray(), 0, raw.length());
    }

    /**
     * The value {@code c[from, to)} as kept, in one pass: each run of whitespace ({@code \s+}) one space, each
     * address ({@code 0x[0-9a-fA-F]+}) {@code 0x…}, then stripped ({@link String#strip}) and cut. A value
     * far longer than is kept is built only as far as the cut can reach.
     */
    private static String value(char[] c, int from, int to) {
        // Most values hold no run of whitespace but single spaces and no address: only stripped and cut.
        boolean plain = true;
        for (int i = from; i < to; i++) {
            char ch = c[i];
            if (ch < 0x20) {
                if (ch != '\n' && ch != '\t' && ch != '\r') {
                    return CacheKey.BINARY;
                }
                plain = false;
            } else if (ch == 0x7f || ch == '\uFFFD') {
                return CacheKey.BINARY;
            } else if (ch == 'x' || (ch == ' ' && i + 1 < to && c[i + 1] == ' ')) {
                plain = false;
            }
        }
        if (plain) {
            String stripped = new String(c, from, to - from).strip();
            return stripped.length() > CacheKey.VALUE_CHARS ? cut(stripped) : stripped;
        }
        // Leading whitespace is stripped; past it, VALUE_CHARS + 1 characters of which the last is no
        // whitespace make the stripped value longer than VALUE_CHARS: cut, whatever follows.
        int start = from;
        while (start < to && Character.isWhitespace(c[start])) {
            start++;
        }
        StringBuilder line = new StringBuilder(Math.min(to - start, CacheKey.VALUE_CHARS + 8));
        for (int i = start; i < to; ) {
            char ch = c[i];
            if (ch <= ' ' && patternSpace(ch)) {
                while (i < to && patternSpace(c[i])) {
                    i++;
                }
                line.append(' ');
            } else if (ch == '0' && i + 2 < to && c[i + 1] == 'x' && hexDigit(c[i + 2])) {
                i += 3;
                while (i < to && hexDigit(c[i])) {
                    i++;
                }
                line.append(MASKED);
            } else {
                line.append(ch);
                i++;
            }
            if (line.length() > CacheKey.VALUE_CHARS && !Character.isWhitespace(line.charAt(line.length() - 1))) {
                return cut(line);
            }
        }
        String stripped = line.toString().strip();
        return stripped.length() > CacheKey.VALUE_CHARS ? cut(stripped) : stripped;
    }

    private static String cut(CharSequence line) {
        int end = CacheKey.VALUE_CHARS - 1;
        if (Character.isHighSurrogate(line.charAt(end - 1))) {
            end--;
        }
        return line.subSequence(0, end) + "…";
    }
}
