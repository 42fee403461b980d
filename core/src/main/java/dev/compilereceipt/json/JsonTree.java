package dev.compilereceipt.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayDeque;
import java.util.Deque;
import org.apiguardian.api.API;

/**
 * A {@link JsonOutput} that builds a Jackson tree, node types as {@code ObjectNode.put} makes
 * them (an int, a long, a double node), members in the order written.
 *
 * <p>Example: {@code JsonTree tree = new JsonTree(); tree.startObject().key("a").value(1).endObject(); tree.root()}
 * is <code>{"a":1}</code>.
 */
@API(status = API.Status.INTERNAL)
public final class JsonTree implements JsonOutput {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final Deque<ContainerNode<?>> open = new ArrayDeque<>();
    /** Containers that were open before this writer began: 1 for {@link #into}. */
    private final int given;
    private String key;
    private JsonNode root;

    public JsonTree() {
        this.given = 0;
    }

    private JsonTree(ObjectNode object) {
        this.given = 1;
        this.root = object;
        this.open.push(object);
    }

    /** Goes on writing members into an object that exists. */
    public static JsonTree into(ObjectNode object) {
        return new JsonTree(object);
    }

    /** The document, once every container written is closed. */
    public JsonNode root() {
        if (root == null || open.size() != given || key != null) {
            throw new IllegalStateException("the document is not complete");
        }
        return root;
    }

    @Override
    public JsonTree startObject() {
        ObjectNode object = NODES.objectNode();
        add(object);
        open.push(object);
        return this;
    }

    @Override
    public JsonTree endObject() {
        if (open.size() <= given || !open.peek().isObject() || key != null) {
            throw new IllegalStateException("endObject outside an object or after a key without a value");
        }
        open.pop();
        return this;
    }

    @Override
    public JsonTree startArray() {
        ArrayNode array = NODES.arrayNode();
        add(array);
        open.push(array);
        return this;
    }

    @Override
    public JsonTree endArray() {
        if (open.size() <= given || !open.peek().isArray()) {
            throw new IllegalStateException("endArray outside an array");
        }
        open.pop();
        return this;
    }

    @Override
    public JsonTree key(String name) {
        if (open.isEmpty() || !open.peek().isObject() || key != null) {
            throw new IllegalStateException("key \"" + name + "\" outside an object or after a key without a value");
        }
        key = name;
        return this;
    }

    @Override
    public JsonTree value(String text) {
        add(NODES.textNode(text));
        return this;
    }

    @Override
    public JsonTree value(int number) {
        add(NODES.numberNode(number));
        return this;
    }

    @Override
    public JsonTree value(long number) {
        add(NODES.numberNode(number));
        return this;
    }

    @Override
    public JsonTree value(double number) {
        add(NODES.numberNode(number));
        return this;
    }

    @Override
    public JsonTree value(boolean value) {
        add(NODES.booleanNode(value));
        return this;
    }

    @Override
    public JsonTree nullValue() {
        add(NODES.nullNode());
        return this;
    }

    private void add(JsonNode node) {
        if (open.isEmpty()) {
            if (root != null) {
                throw new IllegalStateException("a second value after the document");
            }
            root = node;
            return;
        }
        ContainerNode<?> container = open.peek();
        if (container instanceof ObjectNode object) {
            if (key == null) {
                throw new IllegalStateException("a value in an object needs its key first");
            }
            object.set(key, node);
            key = null;
        } else {
            ((ArrayNode) container).add(node);
        }
    }
}
