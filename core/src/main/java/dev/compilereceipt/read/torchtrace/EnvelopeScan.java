package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.read.Interner;
import dev.compilereceipt.read.JsonSyntax;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;

/**
 * Reads the common envelope without a JSON parser: most records of a log are of kinds the
 * receipt does not read ({@code chromium_event}, {@code str}, {@code describe_tensor}, ...), and
 * for them only the kind, the compile id and {@code has_payload} matter, once the line is known to
 * be one JSON object. This scan checks the grammar byte by byte (RFC 8259) and takes those fields.
 *
 * <p>It answers only where its answer is certainly the one {@link LogEnvelope#parse} gives through
 * Jackson, and otherwise gives up ({@code null}) and leaves the line to Jackson: any byte of 0x80
 * or above (Jackson checks UTF-8, this scan does not), a backslash in a string it must read or in
 * any key, a number of over {@value #MAX_NUMBER} characters, a key of over {@value #MAX_KEY},
 * nesting deeper than {@value #MAX_DEPTH} (all far inside Jackson's own limits), an integer of
 * over {@value #MAX_DIGITS} digits where one is read, a string of over {@value #MAX_READ}
 * characters where one is read, a container where Jackson's reading would not step over it
 * ({@code has_payload}, a scalar field of the metrics), and anything that is not JSON at all
 * (Jackson then says so). Of a {@code compilation_metrics} event (14 to 30 KB, mostly configs
 * and timings nobody here reads), only the fields {@link CompileMetrics} takes are handed to
 * Jackson, as written and in order. Nothing is interned unless the scan
 * answers, so a line given up is interned once, by Jackson's reading.
 */
final class EnvelopeScan {

    static final int MAX_DEPTH = 64;
    static final int MAX_NUMBER = 100;
    static final int MAX_KEY = 1000;
    static final int MAX_DIGITS = 18;
    /** The longest string the scan reads itself, far below Jackson's own bound (20 million characters). */
    static final int MAX_READ = 1 << 20;
    private static final int GIVE_UP = -1;

    private final byte[] b;
    private final int to;
    /** Where the last string read began (after its quote) and ended (at its closing quote), and whether it had a backslash. */
    private int stringFrom;
    private int stringTo;
    private boolean stringEscaped;
    /** The last integer read, when {@link #integerRead} is true. */
    private long integer;
    private boolean integerRead;
    /** Whether {@link #nextMember} found the container's end. */
    private boolean closed;

    private EnvelopeScan(byte[] b, int to) {
        this.b = b;
        this.to = to;
    }

    /**
     * What {@link LogEnvelope#parse} gives for {@code b[from, to)}, or null where Jackson's reading
     * must decide.
     */
    static Optional<LogEnvelope> read(byte[] b, int from, int to, Interner pool) {
        return new EnvelopeScan(b, to).envelope(from, pool);
    }

    private Optional<LogEnvelope> envelope(int from, Interner pool) {
        int i = space(from);
        if (i >= to || b[i] != '{') {
            return null;
        }
        String kind = "";
        long frameId = LogEnvelope.NONE;
        long frameCompileId = LogEnvelope.NONE;
        long attempt = 0;
        String md5 = null;
        // The strings Jackson's reading interns, in its order (the kind, then the artifact's name and
        // encoding as met), and which of them the kind, the name and the encoding are in the end.
        Strings strings = new Strings();
        int kindAt = -1;
        i = space(i + 1);
        if (i < to && b[i] == '}') {
            i++;
        } else {
            while (true) {
                i = key(i);
                if (i < 0) {
                    return null;
                }
                String key = latin1(stringFrom, stringTo);
                int value = i;
                switch (key) {
                    case "frame_id", "frame_compile_id", "attempt" -> {
                        i = scalarOrSkip(value);
                        if (i < 0) {
                            return null;
                        }
                        long read = integerRead ? integer : LogEnvelope.NONE;
                        if (key.equals("frame_id")) {
                            frameId = read;
                        } else if (key.equals("frame_compile_id")) {
                            frameCompileId = read;
                        } else {
                            attempt = Math.max(0, read);
                        }
                    }
                    case "has_payload" -> {
                        // Jackson's reading does not step over a container here, so it loses its place: its to judge.
                        i = isContainer(value) ? GIVE_UP : value(value, 1);
                        if (i < 0) {
                            return null;
                        }
                        if (b[value] == '"') {
                            if (stringEscaped || i - 1 - (value + 1) > MAX_READ) {
                                return null;
                            }
                            md5 = latin1(value + 1, i - 1);
                        } else {
                            md5 = null;
                        }
                    }
                    case "compiled_autograd_id", "rank", "compiled_autograd_attempt" -> {
                        i = value(value, 1);
                        if (i < 0) {
                            return null;
                        }
                    }
                    default -> {
                        if (!kind.isEmpty()) {
                            i = value(value, 1);
                        } else {
                            kind = key;
                            kindAt = strings.add(key);
                            if (kindAt < 0) {
                                return null;
                            }
                            if (key.equals(LogEnvelope.COMPILATION_METRICS) && b[value] == '{') {
                                // Its strings are interned after the kind's: only when the kind is the first string.
                                i = kindAt == 0 ? metrics(value) : GIVE_UP;
                            } else if (key.equals(LogEnvelope.ARTIFACT) && b[value] == '{') {
                                i = artifact(value, strings);
                            } else {
                                i = value(value, 1);
                            }
                        }
                        if (i < 0) {
                            return null;
                        }
                    }
                }
                i = nextMember(i, (byte) '}');
                if (i < 0) {
                    return null;
                }
                if (closed) {
                    break;
                }
            }
        }
        if (space(i) != to) {
            return null;
        }
        strings.internIn(pool);
        kind = kindAt < 0 ? kind : strings.get(kindAt);
        if (metricsRead != null) {
            metricsRead.append('}');
            return LogEnvelope.withMetrics(kind, frameId, frameCompileId, attempt, md5, metricsRead.bytes(), pool);
        }
        return Optional.of(new LogEnvelope(kind, frameId, frameCompileId, attempt, Optional.ofNullable(md5),
                strings.get(strings.nameAt), strings.get(strings.encodingAt), Optional.empty()));
    }

    /** The fields of the compilation_metrics object {@link CompileMetrics#read} takes, copied as written, as an object. */
    private Bytes metricsRead;

    /**
     * The compilation_metrics object at {@code i}: every field {@link CompileMetrics#read} takes
     * is copied to {@link #metricsRead} in order (duplicates too), so that reading the copy reads
     * what reading the whole would; the index after the object, or -1.
     */
    private int metrics(int i) {
        metricsRead = new Bytes();
        metricsRead.append('{');
        i = space(i + 1);
        if (i < to && b[i] == '}') {
            return i + 1;
        }
        while (true) {
            int keyFrom = i;
            i = key(i);
            if (i < 0) {
                return GIVE_UP;
            }
            String field = latin1(stringFrom, stringTo);
            boolean wanted = CompileMetrics.FIELDS.contains(field);
            if (wanted && isContainer(i) && CompileMetrics.SCALARS.contains(field)) {
                // CompileMetrics.read does not step over a container in a scalar field: Jackson's reading of the
                // whole line then loses its place, which a copy of the field alone would not show.
                return GIVE_UP;
            }
            i = value(i, 2);
            if (i < 0) {
                return GIVE_UP;
            }
            if (wanted) {
                metricsRead.separate();
                metricsRead.append(b, keyFrom, i);
            }
            i = nextMember(i, (byte) '}');
            if (i < 0 || closed) {
                return i;
            }
        }
    }

    /** A growing byte array: the fields of an object, separated by commas. */
    private static final class Bytes {

        private byte[] bytes = new byte[256];
        private int length;
        private boolean hasField;

        void append(char c) {
            ensure(1);
            bytes[length++] = (byte) c;
        }

        void append(byte[] from, int start, int end) {
            ensure(end - start);
            System.arraycopy(from, start, bytes, length, end - start);
            length += end - start;
            hasField = true;
        }

        void separate() {
            if (hasField) {
                append(',');
            }
        }

        private void ensure(int more) {
            if (length + more > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
            }
        }

        byte[] bytes() {
            return Arrays.copyOf(bytes, length);
        }
    }

    /** The few strings an envelope's reading interns, in order; a bounded number, past which the scan gives up. */
    private static final class Strings {

        private final String[] texts = new String[4];
        private int count;
        int nameAt = -1;
        int encodingAt = -1;

        /** Its index, or -1 when there is no room. */
        int add(String text) {
            if (count == texts.length) {
                return -1;
            }
            texts[count] = text;
            return count++;
        }

        void internIn(Interner pool) {
            for (int k = 0; k < count; k++) {
                texts[k] = pool.intern(texts[k]);
            }
        }

        String get(int index) {
            return index < 0 ? "" : texts[index];
        }
    }

    /**
     * The artifact object at {@code i}: each {@code name} and {@code encoding} string into
     * {@code strings} as met; the index after the object, or -1.
     */
    private int artifact(int i, Strings strings) {
        i = space(i + 1);
        if (i < to && b[i] == '}') {
            return i + 1;
        }
        while (true) {
            i = key(i);
            if (i < 0) {
                return GIVE_UP;
            }
            boolean name = isKey("name");
            boolean encoding = !name && isKey("encoding");
            int value = i;
            i = value(value, 2);
            if (i < 0) {
                return GIVE_UP;
            }
            if ((name || encoding) && b[value] == '"') {
                int at = stringEscaped || i - 1 - (value + 1) > MAX_READ ? -1 : strings.add(latin1(value + 1, i - 1));
                if (at < 0) {
                    return GIVE_UP;
                }
                if (name) {
                    strings.nameAt = at;
                } else {
                    strings.encodingAt = at;
                }
            }
            i = nextMember(i, (byte) '}');
            if (i < 0 || closed) {
                return i;
            }
        }
    }

    private boolean isKey(String name) {
        if (stringTo - stringFrom != name.length()) {
            return false;
        }
        for (int k = 0; k < name.length(); k++) {
            if (b[stringFrom + k] != name.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    private boolean isContainer(int i) {
        return b[i] == '{' || b[i] == '[';
    }

    /** A key without escapes and its colon at {@code i}; the index of the value's first byte, or -1. */
    private int key(int i) {
        if (i >= to || b[i] != '"') {
            return GIVE_UP;
        }
        i = string(i + 1);
        if (i < 0 || stringEscaped || stringTo - stringFrom > MAX_KEY) {
            return GIVE_UP;
        }
        i = space(i);
        if (i >= to || b[i] != ':') {
            return GIVE_UP;
        }
        i = space(i + 1);
        return i < to ? i : GIVE_UP;
    }

    /** A value read as {@code LogEnvelope}'s integer fields are: an integer is kept in {@link #integer}. */
    private int scalarOrSkip(int i) {
        integerRead = false;
        int end = value(i, 1);
        if (end < 0) {
            return GIVE_UP;
        }
        byte c = b[i];
        if (c == '-' || (c >= '0' && c <= '9')) {
            boolean negative = c == '-';
            int digitsFrom = negative ? i + 1 : i;
            for (int k = digitsFrom; k < end; k++) {
                if (b[k] < '0' || b[k] > '9') {
                    return end;
                }
            }
            if (end - digitsFrom > MAX_DIGITS) {
                return GIVE_UP;
            }
            long n = 0;
            for (int k = digitsFrom; k < end; k++) {
                n = n * 10 + (b[k] - '0');
            }
            integer = negative ? -n : n;
            integerRead = true;
        }
        return end;
    }

    /** A JSON value at {@code i}, at nesting {@code depth}; the index after it, or -1. */
    private int value(int i, int depth) {
        if (i >= to) {
            return GIVE_UP;
        }
        byte c = b[i];
        switch (c) {
            case '"' -> {
                return string(i + 1);
            }
            case '{', '[' -> {
                return container(i, depth);
            }
            case 't', 'f', 'n' -> {
                return JsonSyntax.literal(b, i, to);
            }
            default -> {
                int end = JsonSyntax.number(b, i, to);
                return end - i > MAX_NUMBER ? GIVE_UP : end;
            }
        }
    }

    private int container(int i, int depth) {
        if (depth > MAX_DEPTH) {
            return GIVE_UP;
        }
        boolean object = b[i] == '{';
        byte close = object ? (byte) '}' : (byte) ']';
        i = space(i + 1);
        if (i < to && b[i] == close) {
            return i + 1;
        }
        while (true) {
            if (object) {
                i = key(i);
                if (i < 0) {
                    return GIVE_UP;
                }
            }
            i = value(i, depth + 1);
            if (i < 0) {
                return GIVE_UP;
            }
            i = nextMember(i, close);
            if (i < 0 || closed) {
                return i;
            }
        }
    }

    /** The rest of a string whose quote is before {@code i}; the index after its closing quote, or -1. */
    private int string(int i) {
        stringFrom = i;
        stringEscaped = false;
        while (i < to) {
            byte c = b[i];
            if (c == '"') {
                stringTo = i;
                return i + 1;
            }
            if (c < 0x20) {
                // A control character, or (negative) a byte of 0x80 and above: Jackson's to judge.
                return GIVE_UP;
            }
            if (c == '\\') {
                stringEscaped = true;
                if (i + 1 >= to) {
                    return GIVE_UP;
                }
                byte e = b[i + 1];
                if (e == 'u') {
                    if (i + 6 > to) {
                        return GIVE_UP;
                    }
                    for (int k = i + 2; k < i + 6; k++) {
                        if (!JsonSyntax.isHex(b[k])) {
                            return GIVE_UP;
                        }
                    }
                    i += 6;
                    continue;
                }
                if (e != '"' && e != '\\' && e != '/' && e != 'b' && e != 'f' && e != 'n' && e != 'r' && e != 't') {
                    return GIVE_UP;
                }
                i += 2;
                continue;
            }
            i++;
        }
        return GIVE_UP;
    }

    private int space(int i) {
        return JsonSyntax.space(b, i, to);
    }

    /**
     * Past a member's value at {@code i}: the first byte of the next member, after a comma; or, when
     * {@code close} ends the container there, the index after it, with {@link #closed} set; -1 for
     * anything else.
     */
    private int nextMember(int i, byte close) {
        i = space(i);
        if (i >= to) {
            return GIVE_UP;
        }
        closed = b[i] == close;
        if (closed) {
            return i + 1;
        }
        return b[i] == ',' ? space(i + 1) : GIVE_UP;
    }

    private String latin1(int from, int until) {
        return new String(b, from, until - from, StandardCharsets.ISO_8859_1);
    }
}
