package dev.compilereceipt.read.torchtrace;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.async.ByteArrayFeeder;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import java.io.IOException;

/**
 * Checks that a payload which must be JSON is exactly one JSON value (RFC 8259), with Jackson's
 * streaming parser and nothing built: a payload held whole in memory is read in one pass by the
 * blocking parser, one that streams past is fed a block at a time to the non-blocking parser.
 * Jackson checks the UTF-8 of every byte (a start byte that starts nothing, a byte that does not
 * continue its sequence; it accepts overlong forms and encoded surrogates, which nothing here
 * decodes), and its {@link StreamReadConstraints} bound what a hostile payload makes it hold:
 * nesting at one past {@code maxDepth} (the level past the limit is counted here, so that it is told
 * from a syntax error), and every string, key and number at {@code maxTokenLength} characters.
 *
 * <p>Example: with {@code new JsonPayloadCheck(1000, 1 << 20)}, {@code whole} of
 * <code>{"a": [1, 2]}</code> leaves {@link #valid()} true; feeding <code>{"a": </code> and then
 * {@link #end()} leaves it false; <code>[[[1]]]</code> with a {@code maxDepth} of 2 leaves
 * {@link #tooDeep()} true.
 */
final class JsonPayloadCheck {

    private final JsonFactory factory;
    private final int maxDepth;
    private final int maxTokenLength;
    private JsonParser streaming;
    private ByteArrayFeeder feeder;
    private int depth;
    private boolean rootEnded;
    private boolean done;
    private boolean valid;
    private boolean tooDeep;
    private boolean tooLong;
    /** The first bytes of the payload seen so far, at most {@link #HEAD}: Jackson's guess of the encoding looks at them. */
    private int headSeen;
    private static final int HEAD = 4;

    JsonPayloadCheck(int maxDepth, int maxTokenLength) {
        this.maxDepth = maxDepth;
        this.maxTokenLength = maxTokenLength;
        this.factory = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(maxDepth == Integer.MAX_VALUE ? maxDepth : maxDepth + 1)
                        .maxStringLength(maxTokenLength)
                        .maxNameLength(maxTokenLength)
                        .maxNumberLength(maxTokenLength)
                        .build())
                .build();
    }

    /** Starts a payload to be fed with {@link #feed} and finished with {@link #end}. */
    void begin() {
        depth = 0;
        rootEnded = false;
        done = false;
        valid = false;
        tooDeep = false;
        tooLong = false;
        headSeen = 0;
        streaming = null;
        feeder = null;
    }

    /**
     * Checks {@code b[from, to)} as the whole payload, in one pass. The blocking parser skips the
     * strings it is not asked for without measuring them, so a payload whose strings could pass
     * {@code maxTokenLength} (the limit is below its length) goes through the non-blocking one,
     * which measures every token.
     */
    void whole(byte[] b, int from, int to) {
        begin();
        if (to - from > maxTokenLength) {
            feed(b, from, to);
            end();
            return;
        }
        if (!plainHead(b, from, to)) {
            return;
        }
        try (JsonParser parser = factory.createParser(b, from, to - from)) {
            JsonToken token;
            while (!done && (token = parser.nextToken()) != null) {
                take(token);
            }
        } catch (IOException e) {
            failed(e);
        }
        finish();
    }

    /** The next bytes of a payload fed in pieces; Jackson holds on to them only until this returns. */
    void feed(byte[] b, int from, int to) {
        if (done || from == to || !plainHead(b, from, to)) {
            return;
        }
        try {
            if (streaming == null) {
                streaming = factory.createNonBlockingByteArrayParser();
                feeder = (ByteArrayFeeder) streaming.getNonBlockingInputFeeder();
            }
            feeder.feedInput(b, from, to);
            drain();
        } catch (IOException e) {
            failed(e);
        }
    }

    /** The end of a payload fed in pieces. */
    void end() {
        if (!done && streaming != null) {
            try {
                feeder.endOfInput();
                drain();
            } catch (IOException e) {
                failed(e);
            }
        }
        finish();
    }

    /** Whether the payload was one complete JSON value and nothing else. */
    boolean valid() {
        return valid;
    }

    /** Whether the payload nested deeper than {@code maxDepth} before anything else was wrong with it. */
    boolean tooDeep() {
        return tooDeep;
    }

    /** Whether a string, key or number of the payload was longer than {@code maxTokenLength}, before anything else was wrong. */
    boolean tooLong() {
        return tooLong;
    }

    private void drain() throws IOException {
        JsonToken token;
        while (!done && (token = streaming.nextToken()) != JsonToken.NOT_AVAILABLE && token != null) {
            take(token);
        }
    }

    private void take(JsonToken token) {
        if (rootEnded) {
            // A second value after the first: Jackson reads a sequence of root values, JSON text is one.
            done = true;
            rootEnded = false;
            return;
        }
        if (token.isStructStart()) {
            if (++depth > maxDepth) {
                tooDeep = true;
                done = true;
                return;
            }
        } else if (token.isStructEnd()) {
            depth--;
        }
        rootEnded = depth == 0 && token != JsonToken.FIELD_NAME;
    }

    private void failed(IOException e) {
        tooLong = e instanceof StreamConstraintsException;
        done = true;
        rootEnded = false;
    }

    private void finish() {
        valid = rootEnded && !tooDeep && !tooLong;
        done = true;
        if (streaming != null) {
            try {
                streaming.close();
            } catch (IOException e) {
                throw new IllegalStateException("closing a parser of a byte array reads nothing", e);
            }
            streaming = null;
        }
    }

    /**
     * Whether the first bytes of the payload leave Jackson nothing to guess: from a byte order mark or
     * NUL bytes among the first four it would read UTF-16 or UTF-32, or skip the mark, where JSON text
     * holds neither (a NUL byte is never JSON, a mark is not in RFC 8259's grammar): such a payload is not JSON.
     */
    private boolean plainHead(byte[] b, int from, int to) {
        for (int i = from; i < to && headSeen < HEAD; i++, headSeen++) {
            int c = b[i] & 0xFF;
            if (c == 0 || headSeen == 0 && (c == 0xEF || c == 0xFE || c == 0xFF)) {
                done = true;
                rootEnded = false;
                return false;
            }
        }
        return true;
    }
}
