package dev.compilereceipt.read.torchtrace;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.read.Interner;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * An envelope as a freeze reads it, once: Jackson's tree of the line, which the freeze cuts and
 * writes back, and the {@link LogEnvelope} read from that tree by the code that reads the bytes
 * ({@link LogEnvelope#read} over the tree's tokens), whose {@link RecordKind} decides what is kept.
 *
 * <p>The tree is read first only for a record of a kind in the table, as its first key says
 * ({@link RecordKinds#mayRead}): most records are of other kinds ({@code str}, {@code describe_*},
 * ...), dropped, and their envelopes are read by the reader's own scan. Where the tree could tell
 * something else than a reading of the bytes (a byte of 0x80 or above, a repeated key, which a tree
 * holds once, trailing bytes, a number the tree cannot hold), the envelope is read from the bytes
 * as the reader reads it ({@link LogEnvelope#parse}) and its tree only when the reader acts on the
 * record, as before: a freeze decides each record as the reader does. Real envelopes are plain
 * ASCII with each key once and the event first, so each kept one is read once.
 *
 * <p>Example: {@code FrozenEnvelope.read(bytes, at, end, once).orElseThrow().envelope().kind()} is
 * {@code dynamo_start} for the line's <code>{"dynamo_start": {"stack": [...]}, "frame_id": 0, ...}</code>.
 */
final class FrozenEnvelope {

    /** The freezer keeps no string past its record, so nothing is pooled: a log of a million distinct kinds costs nothing here. */
    private static final Interner UNPOOLED = text -> text;

    private final LogEnvelope envelope;
    private final byte[] bytes;
    private final int from;
    private final int to;
    private JsonNode tree;

    private FrozenEnvelope(LogEnvelope envelope, JsonNode tree, byte[] bytes, int from, int to) {
        this.envelope = envelope;
        this.tree = tree;
        this.bytes = bytes;
        this.from = from;
        this.to = to;
    }

    /**
     * The tree reading of {@code json} that is taken once: a repeated key or trailing bytes are its to
     * refuse. Keys are not canonicalized: in a log of many distinct keys every reading would copy the
     * factory's table of names (60 µs a line, where 1 µs reads one).
     */
    static ObjectReader once(ObjectMapper json) {
        JsonFactory names = json.getFactory().rebuild().disable(JsonFactory.Feature.CANONICALIZE_FIELD_NAMES)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
        return json.reader().with(names).with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    /** The envelope of {@code bytes[from, to)}, its tree read by {@link #once}; empty where the reader finds none. */
    static Optional<FrozenEnvelope> read(byte[] bytes, int from, int to, ObjectReader once) {
        if (RecordKinds.mayRead(firstKey(bytes, from, to)) && ascii(bytes, from, to)) {
            try {
                // Its ASCII as chars: without canonical keys a byte parser decodes through a Reader, 1.15 times as slow a freeze.
                char[] chars = new char[to - from];
                for (int i = 0; i < chars.length; i++) {
                    chars[i] = (char) bytes[from + i];
                }
                JsonNode tree;
                try (JsonParser parser = once.getFactory().createParser(chars, 0, chars.length)) {
                    tree = once.readTree(parser);
                }
                Optional<LogEnvelope> envelope = tree instanceof ObjectNode ? LogEnvelope.read(tree.traverse(), UNPOOLED)
                        : Optional.empty();
                if (envelope.isPresent()) {
                    return Optional.of(new FrozenEnvelope(envelope.get(), tree, bytes, from, to));
                }
            } catch (IOException | RuntimeException notCertain) {
                // Read below, as the reader reads it.
            }
        }
        return LogEnvelope.parse(bytes, from, to, UNPOOLED).map(envelope -> new FrozenEnvelope(envelope, null, bytes, from, to));
    }

    LogEnvelope envelope() {
        return envelope;
    }

    /**
     * The tree the freeze writes: read once above or, for an envelope the bytes were read for, now from
     * the line's text with {@code json}, as ever; called while the line is current, whose bytes are not held.
     */
    ObjectNode tree(ObjectMapper json) throws IOException {
        if (tree == null) {
            tree = json.readTree(new String(bytes, from, to - from, StandardCharsets.UTF_8));
        }
        return (ObjectNode) tree;
    }

    /**
     * The first key, as PyTorch writes the event's first ({@code {"chromium_event": {}, "frame_id": ...}}),
     * when it is plainly written; else "". Only which reading comes first depends on it, never what is read.
     */
    private static String firstKey(byte[] bytes, int from, int to) {
        int i = from;
        while (i < to && bytes[i] == ' ') {
            i++;
        }
        if (i + 1 >= to || bytes[i] != '{' || bytes[i + 1] != '"') {
            return "";
        }
        int start = i + 2;
        for (int end = start; end < to && end - start <= 64; end++) {
            if (bytes[end] == '"') {
                return new String(bytes, start, end - start, StandardCharsets.ISO_8859_1);
            }
            if (bytes[end] == '\\') {
                return "";
            }
        }
        return "";
    }

    private static boolean ascii(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] < 0) {
                return false;
            }
        }
        return true;
    }
}
