package dev.compilereceipt.read;

import org.apiguardian.api.API;

import java.util.Arrays;

/**
 * Checks that bytes held whole in memory are exactly one JSON value (RFC 8259, strings in UTF-8),
 * in one pass of tight loops over {@link JsonTokens}: the answer {@link JsonSyntax} gives when fed
 * the same bytes and completed, {@link #tooDeep()} included, for a payload that fits in memory.
 * Nothing is decoded or kept; the stack of open containers is bounded by the depth limit.
 *
 * <p>Example: {@code new OnePassJsonSyntax(1000).whole(b, 0, b.length)} is true for
 * <code>{"a": [1, 2]}</code> and false for <code>{"a": }</code>; with a limit of 2,
 * <code>[[[1]]]</code> is false and {@code tooDeep()} true.
 */
@API(status = API.Status.INTERNAL)
public final class OnePassJsonSyntax {

    private final int maxDepth;
    /** Open containers: true for an object, false for an array. */
    private boolean[] stack = new boolean[32];
    private int depth;
    private boolean tooDeep;

    /** A check that fails a value nested deeper than {@code maxDepth}. */
    public OnePassJsonSyntax(int maxDepth) {
        this.maxDepth = maxDepth;
    }

    /** Whether the last check failed because a value nested deeper than the limit. */
    public boolean tooDeep() {
        return tooDeep;
    }

    /** Whether {@code b[from, to)} is one JSON value and nothing else. */
    public boolean whole(byte[] b, int from, int to) {
        depth = 0;
        tooDeep = false;
        int i = JsonTokens.space(b, from, to);
        while (true) {
            // A value starts at i.
            if (i >= to) {
                return false;
            }
            byte c = b[i];
            if (c == '{' || c == '[') {
                if (!push(c == '{')) {
                    return false;
                }
                i = JsonTokens.space(b, i + 1, to);
                if (i < to && b[i] == (c == '{' ? '}' : ']')) {
                    depth--;
                    i++;
                } else if (c == '{') {
                    i = key(b, i, to);
                    if (i < 0) {
                        return false;
                    }
                    continue;
                } else {
                    continue;
                }
            } else if (c == '"') {
                i = JsonTokens.stringEnd(b, i + 1, to);
            } else if (c == 't' || c == 'f' || c == 'n') {
                i = JsonTokens.literal(b, i, to);
            } else {
                i = JsonTokens.number(b, i, to);
            }
            // After a value: a comma and the next value, or the end of containers.
            while (true) {
                if (i < 0) {
                    return false;
                }
                i = JsonTokens.space(b, i, to);
                if (depth == 0) {
                    return i == to;
                }
                if (i >= to) {
                    return false;
                }
                byte after = b[i];
                boolean inObject = stack[depth - 1];
                if (after == ',') {
                    i = JsonTokens.space(b, i + 1, to);
                    if (inObject) {
                        i = key(b, i, to);
                    }
                    break;
                }
                if (after != (inObject ? '}' : ']')) {
                    return false;
                }
                depth--;
                i++;
            }
            if (i < 0) {
                return false;
            }
        }
    }

    /** A key and its colon at i; the index of the value after it, or -1. */
    private static int key(byte[] b, int i, int to) {
        if (i >= to || b[i] != '"') {
            return -1;
        }
        i = JsonTokens.stringEnd(b, i + 1, to);
        if (i < 0) {
            return -1;
        }
        i = JsonTokens.space(b, i, to);
        if (i >= to || b[i] != ':') {
            return -1;
        }
        return JsonTokens.space(b, i + 1, to);
    }

    private boolean push(boolean object) {
        if (depth == maxDepth) {
            tooDeep = true;
            return false;
        }
        if (depth == stack.length) {
            stack = Arrays.copyOf(stack, depth * 2);
        }
        stack[depth++] = object;
        return true;
    }
}
