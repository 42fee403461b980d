package dev.compilereceipt.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The streaming canonical writer: the same text as the tree's canonical form, members sorted however they came. */
class CanonicalWriterTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void sortsTheMembersOfEveryObjectWhenItEnds() {
        CanonicalWriter out = new CanonicalWriter(4);
        out.startObject()
                .key("b").startArray().value(1).startObject().key("z").value(true).key("y").nullValue().endObject().endArray()
                .key("a").startObject().key("n").value(2.50).key("m").value("x").endObject()
                .key("c").value(9007199254740993L)
                .endObject();
        assertThat(out.text()).isEqualTo("{\"a\":{\"m\":\"x\",\"n\":2.5},\"b\":[1,{\"y\":null,\"z\":true}],\"c\":9007199254740992}");
    }

    @Test
    void writesWhatTheTreesCanonicalFormWrites() throws Exception {
        // RFC 8785's key order and escaping examples, and the number example, walked into the writer.
        String[] documents = {
            "{\"\\u20ac\":\"Euro Sign\",\"\\r\":\"Carriage Return\",\"\\ufb33\":\"Hebrew\",\"1\":\"One\","
                    + "\"\\ud83d\\ude00\":\"Emoji\",\"\\u0080\":\"Control\",\"\\u00f6\":\"o\"}",
            "{\"numbers\": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001, 12, -0.0],"
                    + " \"string\": \"\\u20ac$\\u000F\\u000aA'\\u0042\\u0022\\u005c\\\\\\\"\\/\", \"literals\": [null, true, false],"
                    + " \"nested\": {\"b\": {}, \"a\": []}}",
        };
        for (String document : documents) {
            JsonNode tree = JSON.readTree(document);
            CanonicalWriter out = new CanonicalWriter();
            CanonicalJson.write(tree, out);
            assertThat(out.text()).isEqualTo(CanonicalJson.write(tree));
            assertThat(out.bytes()).isEqualTo(CanonicalJson.write(tree).getBytes(StandardCharsets.UTF_8));
            assertThat(out.sha256()).isEqualTo(CanonicalJson.sha256(CanonicalJson.write(tree).getBytes(StandardCharsets.UTF_8)));
        }
    }

    @Test
    void refusesADuplicateKeyInOneObject() {
        CanonicalWriter sorted = new CanonicalWriter().startObject().key("a").value(1).key("a").value(2);
        assertThatThrownBy(sorted::endObject).isInstanceOf(IllegalStateException.class)
                .hasMessage("duplicate key \"a\" in one object");
        CanonicalWriter unsorted = new CanonicalWriter().startObject().key("b").value(1).key("a").value(2).key("b").value(3);
        assertThatThrownBy(unsorted::endObject).isInstanceOf(IllegalStateException.class)
                .hasMessage("duplicate key \"b\" in one object");
    }

    @Test
    void refusesADocumentThatIsNotWellFormed() {
        assertThatThrownBy(() -> new CanonicalWriter().startObject().value(1)).isInstanceOf(IllegalStateException.class)
                .hasMessage("a value in an object needs its key first");
        assertThatThrownBy(() -> new CanonicalWriter().startObject().key("a").endObject()).isInstanceOf(IllegalStateException.class)
                .hasMessage("endObject after a key without a value");
        assertThatThrownBy(() -> new CanonicalWriter().startArray().endObject()).isInstanceOf(IllegalStateException.class)
                .hasMessage("endObject outside an object");
        assertThatThrownBy(() -> new CanonicalWriter().startArray().text()).isInstanceOf(IllegalStateException.class)
                .hasMessage("the document is not complete");
        assertThatThrownBy(() -> new CanonicalWriter().value(1).value(2)).isInstanceOf(IllegalStateException.class)
                .hasMessage("a second value after the document");
    }

    @Test
    void aTreeKeepsTheNodeTypesOfPut() {
        JsonTree tree = new JsonTree();
        tree.startObject().key("i").value(7).key("l").value(7L).key("d").value(7.0).key("s").startArray().value("x").endArray().endObject();
        ObjectNode expected = JSON.createObjectNode();
        expected.put("i", 7);
        expected.put("l", 7L);
        expected.put("d", 7.0);
        expected.putArray("s").add("x");
        assertThat(tree.root()).isEqualTo(expected);
        assertThat(tree.root().get("i")).isInstanceOf(IntNode.class);
        assertThat(tree.root().get("l")).isInstanceOf(LongNode.class);
        assertThat(tree.root().fieldNames()).toIterable().containsExactly("i", "l", "d", "s");
    }

    @Test
    void aTreeGoesOnInAnObjectThatExists() {
        ObjectNode node = JSON.createObjectNode().put("site", "a.py:1");
        JsonTree.into(node).key("kind").value("graph break").root();
        assertThat(node.toString()).isEqualTo("{\"site\":\"a.py:1\",\"kind\":\"graph break\"}");
        assertThatThrownBy(() -> JsonTree.into(node).key("x").root()).isInstanceOf(IllegalStateException.class)
                .hasMessage("the document is not complete");
        assertThatThrownBy(() -> JsonTree.into(node).endObject()).isInstanceOf(IllegalStateException.class)
                .hasMessage("endObject outside an object or after a key without a value");
    }
}
