package dev.compilereceipt;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * A JSON document parsed into a tree together with the line and column of every value, so that
 * a rule broken deep inside can be reported at its place. Duplicate keys and non-finite numbers
 * are refused while parsing.
 */
final class LocatedJson {

    static final int MAX_DEPTH = 64;
    static final int MAX_STRING = 1 << 20;
    static final int MAX_NUMBER = 64;
    static final long MAX_DOCUMENT = 64L << 20;

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(MAX_DEPTH)
                    .maxStringLength(MAX_STRING)
                    .maxNumberLength(MAX_NUMBER)
                    .maxDocumentLength(MAX_DOCUMENT)
                    .build())
            .build();

    private final JsonNode root;
    private final Map<String, long[]> places;

    private LocatedJson(JsonNode root, Map<String, long[]> places) {
        this.root = root;
        this.places = places;
    }

    JsonNode root() {
        return root;
    }

    /** Line and column of the value at {@code pointer}, or {@code {0, 0}} when unknown. */
    long[] place(String pointer) {
        return places.getOrDefault(pointer, new long[] {0, 0});
    }

    static LocatedJson parse(Path file, InputStream in) {
        Map<String, long[]> places = new HashMap<>();
        try (JsonParser parser = FACTORY.createParser(in)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                throw new TraceRefusedException(file, "", 0, 0, "the file is empty: a trace is one JSON object");
            }
            JsonNode root = value(parser, "", places, file);
            if (parser.nextToken() != null) {
                JsonLocation at = parser.currentTokenLocation();
                throw new TraceRefusedException(file, "", at.getLineNr(), at.getColumnNr(),
                        "content after the end of the JSON document");
            }
            return new LocatedJson(root, places);
        } catch (StreamConstraintsException e) {
            throw new TraceRefusedException(file, "", 0, 0, "over a reader limit: " + e.getOriginalMessage(), e);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String pointer = e.getProcessor() instanceof JsonParser p ? p.getParsingContext().pathAsPointer().toString() : "";
            throw new TraceRefusedException(file, pointer, at == null ? 0 : at.getLineNr(), at == null ? 0 : at.getColumnNr(),
                    rule(e.getOriginalMessage()), e);
        } catch (IOException e) {
            throw new TraceRefusedException(file, "", 0, 0, "cannot be read: " + e.getMessage(), e);
        }
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

    private static JsonNode value(JsonParser parser, String pointer, Map<String, long[]> places, Path file)
            throws IOException {
        JsonLocation at = parser.currentTokenLocation();
        places.put(pointer, new long[] {at.getLineNr(), at.getColumnNr()});
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        switch (parser.currentToken()) {
            case START_OBJECT -> {
                ObjectNode object = nodes.objectNode();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String key = parser.currentName();
                    parser.nextToken();
                    object.set(key, value(parser, pointer + "/" + escape(key), places, file));
                }
                return object;
            }
            case START_ARRAY -> {
                ArrayNode array = nodes.arrayNode();
                int index = 0;
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    array.add(value(parser, pointer + "/" + index++, places, file));
                }
                return array;
            }
            case VALUE_STRING -> {
                return nodes.textNode(parser.getText());
            }
            case VALUE_NUMBER_INT -> {
                return parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER
                        ? nodes.numberNode(parser.getDoubleValue())
                        : nodes.numberNode(parser.getLongValue());
            }
            case VALUE_NUMBER_FLOAT -> {
                double number = parser.getDoubleValue();
                if (!Double.isFinite(number)) {
                    throw new TraceRefusedException(file, pointer, at.getLineNr(), at.getColumnNr(),
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
            default -> throw new TraceRefusedException(file, pointer, at.getLineNr(), at.getColumnNr(),
                    "unexpected JSON token " + parser.currentToken());
        }
    }

    static String escape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }
}
