package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.read.Interner;
import java.util.Optional;

/**
 * Reads the common envelope without a JSON parser, walking it with {@link JsonCursor}: most records
 * of a log are of kinds the receipt does not read ({@code chromium_event}, {@code str},
 * {@code describe_tensor}, ...), and for them only the kind, the compile id and {@code has_payload}
 * matter, once the line is known to be one JSON object.
 *
 * <p>It answers only where its answer is certainly the one {@link LogEnvelope#parse} gives through
 * Jackson, and otherwise gives up ({@code null}) and leaves the line to Jackson: whatever the cursor
 * gives up on (any byte of 0x80 or above, so that Jackson checks the UTF-8 of every envelope holding
 * one; escapes in keys, long keys and numbers, deep nesting, anything not JSON), a backslash in a
 * string it must read, a string of over {@value #MAX_READ} characters where one is read, and a
 * container where Jackson's reading would not step over it ({@code has_payload}, a scalar field of
 * the metrics). Of a {@code compilation_metrics} event only the fields {@link CompileMetrics} takes
 * are handed to Jackson ({@link MetricsCopy}). Nothing is interned unless the scan answers, so a
 * line given up is interned once, by Jackson's reading. Kept rather than reading every envelope
 * with Jackson: the 1 GiB import took 1.30 to 1.41 times as long with Jackson reading the envelopes and
 * checking the payloads (docs/performance.md, "JSON through Jackson").
 *
 * <p>Example: of <code>{"chromium_event": {}, "frame_id": 0, "frame_compile_id": 1, "has_payload": "ab"}</code>
 * it gives kind {@code chromium_event}, compile id {@code 0/1} and MD5 {@code ab}; of
 * <code>{"str": "café"}</code> null, for Jackson.
 */
final class EnvelopeScan extends JsonCursor {

    /** The longest string the scan reads itself, far below Jackson's own bound (20 million characters). */
    static final int MAX_READ = 1 << 20;

    /** The fields of the compilation_metrics object {@link CompileMetrics#read} takes, when the scan met one. */
    private MetricsCopy metricsRead;

    private EnvelopeScan(byte[] b, int to) {
        super(b, to);
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
                                metricsRead = new MetricsCopy();
                                i = kindAt == 0 ? metricsRead.read(this, value) : GIVE_UP;
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
            return LogEnvelope.withMetrics(kind, frameId, frameCompileId, attempt, md5, metricsRead.object(), pool);
        }
        return Optional.of(new LogEnvelope(kind, frameId, frameCompileId, attempt, Optional.ofNullable(md5),
                strings.get(strings.nameAt), strings.get(strings.encodingAt), Optional.empty()));
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

}
