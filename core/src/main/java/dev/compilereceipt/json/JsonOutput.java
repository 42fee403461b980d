package dev.compilereceipt.json;

import org.apiguardian.api.API;

/**
 * Where a JSON document is written value by value: a tree ({@link JsonTree}) or canonical bytes
 * ({@link CanonicalWriter}). The receipt and the values of a trace are written once, against this,
 * so the tree a user reads and the bytes its hash is taken of cannot say different things.
 *
 * <p>Example: {@code out.startObject().key("calls").value(8).key("graphs").startArray().value("0/0").endArray().endObject()}.
 */
@API(status = API.Status.INTERNAL)
public interface JsonOutput {

    JsonOutput startObject();

    JsonOutput endObject();

    JsonOutput startArray();

    JsonOutput endArray();

    /** The key of the next value; inside an object, every value has one. */
    JsonOutput key(String key);

    JsonOutput value(String text);

    /** An int; a tree keeps it as an int node, as {@code ObjectNode.put(String, int)} does. */
    JsonOutput value(int number);

    /** A long; a tree keeps it as a long node, as {@code ObjectNode.put(String, long)} does. */
    JsonOutput value(long number);

    JsonOutput value(double number);

    JsonOutput value(boolean value);

    JsonOutput nullValue();
}
