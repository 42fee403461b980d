package dev.compilereceipt.read.torchtrace;

import java.util.Arrays;

/**
 * The fields of a {@code compilation_metrics} object that {@link CompileMetrics#read} takes, copied
 * as written and in order (duplicates too) into an object of their own, so that reading the copy
 * reads what reading the whole would: a 2.14 object is ~30 KB of configs and timings nobody here
 * reads, and only the copy is handed to Jackson.
 *
 * <p>Example: of <code>{"co_name": "f", "config": {...}, "cache_size": 0}</code> the copy is
 * <code>{"co_name": "f","cache_size": 0}</code>.
 */
final class MetricsCopy {

    private byte[] bytes = new byte[256];
    private int length;
    private boolean hasField;

    private void append(char c) {
        ensure(1);
        bytes[length++] = (byte) c;
    }

    private void append(byte[] from, int start, int end) {
        ensure(end - start);
        System.arraycopy(from, start, bytes, length, end - start);
        length += end - start;
        hasField = true;
    }

    private void separate() {
        if (hasField) {
            append(',');
        }
    }

    private void ensure(int more) {
        if (length + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
        }
    }

    /** The copy, as one JSON object. */
    byte[] object() {
        byte[] object = Arrays.copyOf(bytes, length + 1);
        object[length] = '}';
        return object;
    }

    /** Copies the fields of the compilation_metrics object at {@code i}; the index after the object, or -1. */
    int read(JsonCursor c, int i) {
        append('{');
        i = c.space(i + 1);
        if (i < c.to && c.b[i] == '}') {
            return i + 1;
        }
        while (true) {
            int keyFrom = i;
            i = c.key(i);
            if (i < 0) {
                return JsonCursor.GIVE_UP;
            }
            String field = c.latin1(c.stringFrom, c.stringTo);
            boolean wanted = CompileMetrics.FIELDS.contains(field);
            if (wanted && c.isContainer(i) && CompileMetrics.SCALARS.contains(field)) {
                // CompileMetrics.read does not step over a container in a scalar field: Jackson's reading of the
                // whole line then loses its place, which a copy of the field alone would not show.
                return JsonCursor.GIVE_UP;
            }
            i = c.value(i, 2);
            if (i < 0) {
                return JsonCursor.GIVE_UP;
            }
            if (wanted) {
                separate();
                append(c.b, keyFrom, i);
            }
            i = c.nextMember(i, (byte) '}');
            if (i < 0 || c.closed) {
                return i;
            }
        }
    }
}
