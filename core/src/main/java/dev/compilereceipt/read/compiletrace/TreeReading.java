package dev.compilereceipt.read.compiletrace;

import dev.compilereceipt.read.UnicodeText;
import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.trace.Limits;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * One pass over the tokens of a {@code compile-trace/1} document: builds the tree, records the line
 * and column of every value in document order, counts the values against the budget of
 * {@link Limits#maxValues()} and refuses what Jackson takes and the contract does not (a lone
 * surrogate escape, a number out of the range of a double), each at its pointer and place. What
 * Jackson itself refuses is {@link LocatedJson}'s to word.
 *
 * <p>Example: over <code>{"format": "compile-trace/1"}</code>, {@code document()} gives that object
 * and {@code places()} the places of its two values, line 1 columns 1 and 12.
 */
final class TreeReading {

    private final JsonParser parser;
    private final Path file;
    private final Limits limits;
    private long[] places = new long[256];
    private int values;

    TreeReading(JsonParser parser, Path file, Limits limits) {
        this.parser = parser;
        this.file = file;
        this.limits = limits;
    }

    /** The document whose first token the parser is at. */
    JsonNode document() throws IOException {
        return value(Where.ROOT);
    }

    /** Line and column of every value read, in document order, each packed in one long. */
    long[] places() {
        return Arrays.copyOf(places, values);
    }

    private JsonNode value(Where where) throws IOException {
        JsonLocation at = parser.currentTokenLocation();
        int line = at.getLineNr();
        int column = at.getColumnNr();
        if (values + 1L > limits.maxValues()) {
            throw new Refusal(file, where.pointer(), line, column, "the document holds more than "
                    + limits.maxValues() + " JSON values, more than a trace within the limits of " + limits.maxCalls()
                    + " calls per run and " + limits.maxEventsPerCall() + " events per call can hold (raise them with"
                    + " Limits.withMaxCalls and Limits.withMaxEventsPerCall, the CLI's --max-calls and --max-events, or @TraceFixture(maxCalls = ..., maxEvents = ...))");
        }
        if (values == places.length) {
            places = Arrays.copyOf(places, places.length * 2);
        }
        places[values++] = (long) line << 32 | (column & 0xffffffffL);
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        switch (parser.currentToken()) {
            case START_OBJECT -> {
                ObjectNode object = nodes.objectNode();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String key = parser.currentName();
                    if (!isUnicode(key)) {
                        JsonLocation here = parser.currentLocation();
                        throw loneSurrogate(key, where, here.getLineNr(), here.getColumnNr());
                    }
                    parser.nextToken();
                    object.set(key, value(where.child(key)));
                }
                return object;
            }
            case START_ARRAY -> {
                ArrayNode array = nodes.arrayNode();
                int index = 0;
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    array.add(value(where.element(index++)));
                }
                return array;
            }
            case VALUE_STRING -> {
                String text = parser.getText();
                if (!isUnicode(text)) {
                    throw loneSurrogate(text, where, line, column);
                }
                return nodes.textNode(text);
            }
            case VALUE_NUMBER_INT -> {
                return parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER
                        ? nodes.numberNode(parser.getDoubleValue())
                        : nodes.numberNode(parser.getLongValue());
            }
            case VALUE_NUMBER_FLOAT -> {
                double number = parser.getDoubleValue();
                if (!Double.isFinite(number)) {
                    throw new Refusal(file, where.pointer(), line, column,
                            "NaN or infinite numbers are not allowed: " + parser.getText() + " is out of the range of a double");
                }
                return nodes.numberNode(number);
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return nodes.booleanNode(parser.getBooleanValue());
            }
            case VALUE_NULL -> {
                return nodes.nullNode();
            }
            default -> throw new Refusal(file, where.pointer(), line, column,
                    "unexpected JSON token " + parser.currentToken());
        }
    }

    private static boolean isUnicode(String text) {
        return UnicodeText.loneSurrogate(text) < 0;
    }

    /** The refusal of a string that is not Unicode text ({@link UnicodeText}). */
    private Refusal loneSurrogate(String text, Where where, long line, long column) {
        return new Refusal(file, where.pointer(), line, column, UnicodeText.loneSurrogateRule(text));
    }

    /** Where a value is, as the chain of keys and indexes from the root: its pointer is written only for a refusal. */
    private record Where(Where parent, String key, int index) {
        static final Where ROOT = new Where(null, null, -1);

        Where child(String name) {
            return new Where(this, name, -1);
        }

        Where element(int at) {
            return new Where(this, null, at);
        }

        String pointer() {
            if (parent == null) {
                return "";
            }
            return parent.pointer() + "/" + (key != null ? LocatedJson.escape(key) : Integer.toString(index));
        }
    }
}
