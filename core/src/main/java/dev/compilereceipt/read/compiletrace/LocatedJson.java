package dev.compilereceipt.read.compiletrace;

import dev.compilereceipt.json.JsonReading;
import dev.compilereceipt.read.Refusal;
import org.apiguardian.api.API;

import dev.compilereceipt.trace.Limits;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A JSON document parsed into a tree together with the line and column of every value, so that
 * a rule broken deep inside can be reported at its place. Duplicate keys, non-finite numbers,
 * bytes that are not UTF-8 and strings that are not Unicode (a lone surrogate escape) are refused
 * while parsing, and so is anything over a limit, before it can take memory: the nesting depth,
 * the length of a key, a string or a number, the size of the document and the number of values.
 * This class sets Jackson up, turns what Jackson reports into refusals in the contract's words and
 * finds a pointer's place afterwards; the pass over the tokens that builds the tree is
 * {@code TreeReading}.
 *
 * <p>Example: {@code LocatedJson.parse(path, in, Limits.DEFAULT).root().get("format")} is the
 * trace's format; {@code place("/runs/0")} is the line and column where its first run begins.
 */
@API(status = API.Status.INTERNAL)
public final class LocatedJson {

    /** A compile-trace/1 document nests 8 levels (root, runs, run, calls, call, events, event, guard_failures). */
    static final int MAX_DEPTH = 64;
    /** The format's keys are short words; an unknown key is refused anyway. */
    static final int MAX_KEY = 256;
    /** A double needs at most 25 characters; Jackson's parse of a long number is superlinear. */
    static final int MAX_NUMBER = 64;

    /**
     * One factory per set of limits: a factory is thread-safe, and building one per file cost more than
     * reading a small trace (its symbol table of keys starts empty each time). Few sets of limits exist.
     */
    private static final Map<Limits, JsonFactory> FACTORIES = new ConcurrentHashMap<>();

    private final JsonNode root;
    /** Line and column of every value in document order (the order of a pre-order walk of the tree), packed in one long. */
    private final long[] places;

    private LocatedJson(JsonNode root, long[] places) {
        this.root = root;
        this.places = places;
    }

    public JsonNode root() {
        return root;
    }

    /** Line and column of the value at {@code pointer}, or {@code {0, 0}} when unknown. */
    long[] place(String pointer) {
        int ordinal = ordinal(pointer);
        if (ordinal < 0 || ordinal >= places.length) {
            return new long[] {0, 0};
        }
        return new long[] {(int) (places[ordinal] >> 32), (int) places[ordinal]};
    }

    /**
     * The place in document order of the value at a pointer, or -1 when the document has none there:
     * only a refusal asks, so the walk is not kept. Object keys keep their order in the tree.
     */
    private int ordinal(String pointer) {
        if (pointer.isEmpty()) {
            return 0;
        }
        if (!pointer.startsWith("/")) {
            return -1;
        }
        JsonNode node = root;
        int ordinal = 0;
        for (String token : pointer.substring(1).split("/", -1)) {
            JsonNode child = null;
            ordinal++;
            if (node.isObject()) {
                String key = token.replace("~1", "/").replace("~0", "~");
                for (Iterator<Map.Entry<String, JsonNode>> fields = node.properties().iterator(); fields.hasNext() && child == null; ) {
                    Map.Entry<String, JsonNode> field = fields.next();
                    if (field.getKey().equals(key)) {
                        child = field.getValue();
                    } else {
                        ordinal += size(field.getValue());
                    }
                }
            } else if (node.isArray()) {
                for (int i = 0; i < node.size() && child == null; i++) {
                    if (Integer.toString(i).equals(token)) {
                        child = node.get(i);
                    } else {
                        ordinal += size(node.get(i));
                    }
                }
            }
            if (child == null) {
                return -1;
            }
            node = child;
        }
        return ordinal;
    }

    private static int size(JsonNode node) {
        int size = 1;
        for (JsonNode child : node) {
            size += size(child);
        }
        return size;
    }

    public static LocatedJson parse(Path file, InputStream in) {
        return parse(file, in, Limits.DEFAULT);
    }

    public static LocatedJson parse(Path file, InputStream in, Limits limits) {
        if (FACTORIES.size() >= 64) {
            FACTORIES.clear();
        }
        JsonFactory factory = FACTORIES.computeIfAbsent(limits, LocatedJson::factory);
        try (JsonParser parser = factory.createParser(new Utf8Guard(file, in))) {
            try {
                JsonToken first = parser.nextToken();
                if (first == null) {
                    throw new Refusal(file, "", 0, 0, "the file is empty: a trace is one JSON object");
                }
                TreeReading reading = new TreeReading(parser, file, limits);
                JsonNode root = reading.document();
                if (parser.nextToken() != null) {
                    JsonLocation at = parser.currentTokenLocation();
                    throw new Refusal(file, "", at.getLineNr(), at.getColumnNr(),
                            "content after the end of the JSON document");
                }
                return new LocatedJson(root, reading.places());
            } catch (StreamConstraintsException e) {
                // Jackson's exception carries no location; the parser still knows how far it read.
                JsonLocation at = parser.currentLocation();
                throw new Refusal(file, parser.getParsingContext().pathAsPointer().toString(),
                        at.getLineNr(), at.getColumnNr(), overLimit(e.getOriginalMessage(), limits), e);
            }
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String pointer = e.getProcessor() instanceof JsonParser p ? p.getParsingContext().pathAsPointer().toString() : "";
            throw new Refusal(file, pointer, at == null ? 0 : at.getLineNr(), at == null ? 0 : at.getColumnNr(),
                    rule(e.getOriginalMessage()), e);
        } catch (IOException e) {
            throw new Refusal(file, "", 0, 0, "cannot be read: " + e.getMessage(), e);
        }
    }

    private static JsonFactory factory(Limits limits) {
        return JsonReading.document(MAX_DEPTH, MAX_KEY, limits.maxStringLength(), MAX_NUMBER, limits.maxDocumentBytes());
    }

    /** The limit Jackson reports, in the contract's words: which one, its value and how to raise it. */
    static String overLimit(String message, Limits limits) {
        String text = message == null ? "" : message;
        if (text.startsWith("Document nesting depth")) {
            return "nested deeper than " + MAX_DEPTH + " levels (a fixed bound: a compile-trace/1 document nests"
                    + " 8 levels, so this is not a trace)";
        }
        if (text.startsWith("Name length")) {
            return "a key longer than " + MAX_KEY + " characters (a fixed bound: the format's keys are short words)";
        }
        if (text.startsWith("String value length")) {
            return "a string longer than the limit of " + limits.maxStringLength()
                    + " characters (raise it with Limits.withMaxStringLength)";
        }
        if (text.startsWith("Number value length")) {
            return "a number longer than " + MAX_NUMBER + " characters (a fixed bound: a double needs at most 25)";
        }
        if (text.startsWith("Document length")) {
            return "the file is over the limit of " + limits.maxDocumentBytes()
                    + " bytes (raise it with Limits.withMaxDocumentBytes)";
        }
        return "over a reader limit: " + text;
    }

    private static String rule(String parserMessage) {
        String message = parserMessage == null ? "" : parserMessage;
        if (message.startsWith("Duplicate field")) {
            return "duplicate key: " + message.substring("Duplicate field ".length()).replace('\'', '"');
        }
        if (message.startsWith("Non-standard token")) {
            int start = message.indexOf('\'');
            int end = message.indexOf('\'', start + 1);
            String token = start >= 0 && end > start ? message.substring(start + 1, end) : "a non-standard number";
            return "NaN or infinite numbers are not allowed, found " + token;
        }
        if (message.contains("Invalid UTF-8") || message.contains("Invalid UTF")) {
            return "not valid UTF-8: " + message;
        }
        return "not valid JSON: " + message;
    }

    static String escape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }
}
