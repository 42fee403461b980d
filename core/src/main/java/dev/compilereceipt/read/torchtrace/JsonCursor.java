package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.read.JsonTokens;
import java.nio.charset.StandardCharsets;

/**
 * Walks the JSON in a byte array value by value without a parser, for {@link EnvelopeScan}: checks
 * the grammar (RFC 8259) of what it steps over, tells where the last string lay and whether it had
 * an escape, and reads an integer where one is asked for. It gives up ({@value #GIVE_UP}) on
 * anything it cannot be certain of, for Jackson to judge: any byte of 0x80 or above or a control
 * character in a string, an escape in a key, a key of over {@value #MAX_KEY} characters, a number of
 * over {@value #MAX_NUMBER}, an integer read of over {@value #MAX_DIGITS} digits, nesting deeper
 * than {@value #MAX_DEPTH}, and anything that is not JSON.
 *
 * <p>Example: over <code>{"a": [1, "x"]}</code>, {@code key(1)} is 6, the index of the value, with
 * the key {@code a} between {@code stringFrom} and {@code stringTo}; {@code value(6, 1)} is 14.
 */
class JsonCursor {

    static final int MAX_DEPTH = 64;
    static final int MAX_NUMBER = 100;
    static final int MAX_KEY = 1000;
    static final int MAX_DIGITS = 18;
    static final int GIVE_UP = -1;

    final byte[] b;
    final int to;
    /** Where the last string read began (after its quote) and ended (at its closing quote), and whether it had a backslash. */
    int stringFrom;
    int stringTo;
    boolean stringEscaped;
    /** The last integer read, when {@link #integerRead} is true. */
    long integer;
    boolean integerRead;
    /** Whether {@link #nextMember} found the container's end. */
    boolean closed;

    JsonCursor(byte[] b, int to) {
        this.b = b;
        this.to = to;
    }

    boolean isKey(String name) {
        if (stringTo - stringFrom != name.length()) {
            return false;
        }
        for (int k = 0; k < name.length(); k++) {
            if (b[stringFrom + k] != name.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    boolean isContainer(int i) {
        return b[i] == '{' || b[i] == '[';
    }

    /** A key without escapes and its colon at {@code i}; the index of the value's first byte, or -1. */
    int key(int i) {
        if (i >= to || b[i] != '"') {
            return GIVE_UP;
        }
        i = string(i + 1);
        if (i < 0 || stringEscaped || stringTo - stringFrom > MAX_KEY) {
            return GIVE_UP;
        }
        i = space(i);
        if (i >= to || b[i] != ':') {
            return GIVE_UP;
        }
        i = space(i + 1);
        return i < to ? i : GIVE_UP;
    }

    /** A value read as {@code LogEnvelope}'s integer fields are: an integer is kept in {@link #integer}. */
    int scalarOrSkip(int i) {
        integerRead = false;
        int end = value(i, 1);
        if (end < 0) {
            return GIVE_UP;
        }
        byte c = b[i];
        if (c == '-' || (c >= '0' && c <= '9')) {
            boolean negative = c == '-';
            int digitsFrom = negative ? i + 1 : i;
            for (int k = digitsFrom; k < end; k++) {
                if (b[k] < '0' || b[k] > '9') {
                    return end;
                }
            }
            if (end - digitsFrom > MAX_DIGITS) {
                return GIVE_UP;
            }
            long n = 0;
            for (int k = digitsFrom; k < end; k++) {
                n = n * 10 + (b[k] - '0');
            }
            integer = negative ? -n : n;
            integerRead = true;
        }
        return end;
    }

    /** A JSON value at {@code i}, at nesting {@code depth}; the index after it, or -1. */
    int value(int i, int depth) {
        if (i >= to) {
            return GIVE_UP;
        }
        byte c = b[i];
        switch (c) {
            case '"' -> {
                return string(i + 1);
            }
            case '{', '[' -> {
                return container(i, depth);
            }
            case 't', 'f', 'n' -> {
                return JsonTokens.literal(b, i, to);
            }
            default -> {
                int end = JsonTokens.number(b, i, to);
                return end - i > MAX_NUMBER ? GIVE_UP : end;
            }
        }
    }

    int container(int i, int depth) {
        if (depth > MAX_DEPTH) {
            return GIVE_UP;
        }
        boolean object = b[i] == '{';
        byte close = object ? (byte) '}' : (byte) ']';
        i = space(i + 1);
        if (i < to && b[i] == close) {
            return i + 1;
        }
        while (true) {
            if (object) {
                i = key(i);
                if (i < 0) {
                    return GIVE_UP;
                }
            }
            i = value(i, depth + 1);
            if (i < 0) {
                return GIVE_UP;
            }
            i = nextMember(i, close);
            if (i < 0 || closed) {
                return i;
            }
        }
    }

    /** The rest of a string whose quote is before {@code i}; the index after its closing quote, or -1. */
    int string(int i) {
        stringFrom = i;
        stringEscaped = false;
        while (i < to) {
            byte c = b[i];
            if (c == '"') {
                stringTo = i;
                return i + 1;
            }
            if (c < 0x20) {
                // A control character, or (negative) a byte of 0x80 and above: Jackson's to judge.
                return GIVE_UP;
            }
            if (c == '\\') {
                stringEscaped = true;
                if (i + 1 >= to) {
                    return GIVE_UP;
                }
                byte e = b[i + 1];
                if (e == 'u') {
                    if (i + 6 > to) {
                        return GIVE_UP;
                    }
                    for (int k = i + 2; k < i + 6; k++) {
                        if (!JsonTokens.isHex(b[k])) {
                            return GIVE_UP;
                        }
                    }
                    i += 6;
                    continue;
                }
                if (e != '"' && e != '\\' && e != '/' && e != 'b' && e != 'f' && e != 'n' && e != 'r' && e != 't') {
                    return GIVE_UP;
                }
                i += 2;
                continue;
            }
            i++;
        }
        return GIVE_UP;
    }

    int space(int i) {
        return JsonTokens.space(b, i, to);
    }

    /**
     * Past a member's value at {@code i}: the first byte of the next member, after a comma; or, when
     * {@code close} ends the container there, the index after it, with {@link #closed} set; -1 for
     * anything else.
     */
    int nextMember(int i, byte close) {
        i = space(i);
        if (i >= to) {
            return GIVE_UP;
        }
        closed = b[i] == close;
        if (closed) {
            return i + 1;
        }
        return b[i] == ',' ? space(i + 1) : GIVE_UP;
    }

    String latin1(int from, int until) {
        return new String(b, from, until - from, StandardCharsets.ISO_8859_1);
    }
}
