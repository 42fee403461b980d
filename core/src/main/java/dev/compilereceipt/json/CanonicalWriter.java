package dev.compilereceipt.json;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apiguardian.api.API;

/**
 * RFC 8785 canonical JSON written as it is produced, with no tree: the members of an object may
 * come in any order and are put in the order of their keys (UTF-16 code units) when the object
 * ends, by moving the text already written. Strings and numbers are written exactly as
 * {@link CanonicalJson#write} writes them. A writer is used for one document and then asked for
 * its {@link #text()} or {@link #sha256()}.
 *
 * <p>Example: {@code new CanonicalWriter().startObject().key("b").value(1.50).key("a").value("x").endObject().text()}
 * is <code>{"a":"x","b":1.5}</code>.
 */
@API(status = API.Status.INTERNAL)
public final class CanonicalWriter implements JsonOutput {

    private final StringBuilder out;

    /** Per open container, innermost last: whether it is an object, where its members begin in the member stack, how many values it has. */
    private boolean[] isObject = new boolean[16];
    private int[] firstMember = new int[16];
    private int[] count = new int[16];
    private int depth;

    /** The members of every open object: key and the offset of the member's first character (its key's quote). */
    private String[] keys = new String[64];
    private int[] starts = new int[64];
    private int members;
    private boolean keyAwaitsValue;

    private char[] scratch = new char[0];
    private int[] order = new int[0];

    public CanonicalWriter() {
        this(1 << 12);
    }

    /** A writer whose document is expected to be about {@code characters} long. */
    public CanonicalWriter(int characters) {
        out = new StringBuilder(Math.max(16, characters));
    }

    @Override
    public CanonicalWriter startObject() {
        beforeValue();
        open(true);
        out.append('{');
        return this;
    }

    @Override
    public CanonicalWriter endObject() {
        requireOpen(true, "endObject");
        int first = firstMember[depth - 1];
        boolean sorted = true;
        for (int i = first + 1; i < members && sorted; i++) {
            int order = keys[i - 1].compareTo(keys[i]);
            if (order == 0) {
                throw new IllegalStateException("duplicate key \"" + keys[i] + "\" in one object");
            }
            sorted = order < 0;
        }
        if (!sorted) {
            reorder(first, members - first);
        }
        Arrays.fill(keys, first, members, null);
        members = first;
        depth--;
        out.append('}');
        return this;
    }

    @Override
    public CanonicalWriter startArray() {
        beforeValue();
        open(false);
        out.append('[');
        return this;
    }

    @Override
    public CanonicalWriter endArray() {
        requireOpen(false, "endArray");
        depth--;
        out.append(']');
        return this;
    }

    @Override
    public CanonicalWriter key(String key) {
        requireOpen(true, "key");
        if (count[depth - 1]++ > 0) {
            out.append(',');
        }
        if (members == keys.length) {
            keys = Arrays.copyOf(keys, members * 2);
            starts = Arrays.copyOf(starts, members * 2);
        }
        keys[members] = key;
        starts[members] = out.length();
        members++;
        CanonicalJson.appendString(key, out);
        out.append(':');
        keyAwaitsValue = true;
        return this;
    }

    @Override
    public CanonicalWriter value(String text) {
        beforeValue();
        CanonicalJson.appendString(text, out);
        return this;
    }

    @Override
    public CanonicalWriter value(int number) {
        return value((long) number);
    }

    @Override
    public CanonicalWriter value(long number) {
        beforeValue();
        if (number > -CanonicalJson.EXACT_INTEGERS && number < CanonicalJson.EXACT_INTEGERS) {
            out.append(number);
        } else {
            out.append(CanonicalJson.number((double) number));
        }
        return this;
    }

    @Override
    public CanonicalWriter value(double number) {
        beforeValue();
        out.append(CanonicalJson.number(number));
        return this;
    }

    @Override
    public CanonicalWriter value(boolean value) {
        beforeValue();
        out.append(value);
        return this;
    }

    @Override
    public CanonicalWriter nullValue() {
        beforeValue();
        out.append("null");
        return this;
    }

    /** The document written, once every container is closed. */
    public String text() {
        requireComplete();
        return out.toString();
    }

    /** The document's UTF-8 bytes, once every container is closed. */
    public byte[] bytes() {
        return text().getBytes(StandardCharsets.UTF_8);
    }

    /** Lower-case hex SHA-256 of the document's UTF-8 bytes, once every container is closed. */
    public String sha256() {
        return CanonicalJson.sha256(bytes());
    }

    private void beforeValue() {
        if (depth == 0) {
            if (out.length() > 0) {
                throw new IllegalStateException("a second value after the document");
            }
            return;
        }
        if (isObject[depth - 1]) {
            if (!keyAwaitsValue) {
                throw new IllegalStateException("a value in an object needs its key first");
            }
            keyAwaitsValue = false;
        } else if (count[depth - 1]++ > 0) {
            out.append(',');
        }
    }

    private void open(boolean object) {
        if (depth == isObject.length) {
            isObject = Arrays.copyOf(isObject, depth * 2);
            firstMember = Arrays.copyOf(firstMember, depth * 2);
            count = Arrays.copyOf(count, depth * 2);
        }
        isObject[depth] = object;
        firstMember[depth] = members;
        count[depth] = 0;
        depth++;
    }

    private void requireOpen(boolean object, String what) {
        if (depth == 0 || isObject[depth - 1] != object) {
            throw new IllegalStateException(what + " outside an " + (object ? "object" : "array"));
        }
        if (object && keyAwaitsValue) {
            throw new IllegalStateException(what + " after a key without a value");
        }
    }

    private void requireComplete() {
        if (depth != 0 || out.length() == 0) {
            throw new IllegalStateException("the document is not complete");
        }
    }

    /** Writes the {@code n} members from {@code first} on again, in the order of their keys. */
    private void reorder(int first, int n) {
        int from = starts[first];
        int size = out.length() - from;
        if (scratch.length < size) {
            scratch = new char[Math.max(size, scratch.length * 2)];
        }
        out.getChars(from, out.length(), scratch, 0);
        if (order.length < n) {
            order = new int[Math.max(n, order.length * 2)];
        }
        // Objects have a few members: an insertion sort of their indexes, no boxing.
        for (int i = 0; i < n; i++) {
            int member = i;
            int at = i;
            while (at > 0 && keys[first + order[at - 1]].compareTo(keys[first + member]) > 0) {
                order[at] = order[at - 1];
                at--;
            }
            order[at] = member;
        }
        for (int i = 1; i < n; i++) {
            if (keys[first + order[i - 1]].equals(keys[first + order[i]])) {
                throw new IllegalStateException("duplicate key \"" + keys[first + order[i]] + "\" in one object");
            }
        }
        out.setLength(from);
        for (int i = 0; i < n; i++) {
            int member = order[i];
            int start = starts[first + member] - from;
            // A member ends where the next one's comma is, or where the object's text ends.
            int end = member + 1 < n ? starts[first + member + 1] - from - 1 : size;
            if (i > 0) {
                out.append(',');
            }
            out.append(scratch, start, end - start);
        }
    }
}
