package dev.compilereceipt.read;

import org.apiguardian.api.API;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Checks that bytes fed in pieces form exactly one JSON value (RFC 8259 grammar: objects, arrays,
 * strings with their escapes, numbers, {@code true}, {@code false}, {@code null}), without
 * decoding or keeping anything: a byte-level state machine, so that checking the JSON payloads a
 * log does not need costs little more than reading them. Bytes of 0x80 and above inside strings
 * are taken as they are (UTF-8 is not decoded).
 *
 * <p>Example: feeding <code>{"a": [1, </code> then <code>2]}</code> and calling {@link #complete()} gives true;
 * <code>{"a": </code> alone gives false.
 */
@API(status = API.Status.INTERNAL)
public final class JsonSyntax {

    // The states: where in the grammar the next byte falls.
    private static final int VALUE = 0, VALUE_OR_CLOSE = 1, AFTER_VALUE = 2, KEY = 3, KEY_OR_CLOSE = 4, COLON = 5;
    private static final int STRING = 6, ESCAPE = 7, UNICODE = 8, LITERAL = 9;
    private static final int N_MINUS = 10, N_ZERO = 11, N_INT = 12, N_DOT = 13, N_FRAC = 14, N_E = 15, N_E_SIGN = 16, N_EXP = 17;
    private static final int DONE = 18, ERROR = 19;

    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long LOW_BITS = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final long QUOTES = 0x2222222222222222L;
    private static final long BACKSLASHES = 0x5C5C5C5C5C5C5C5CL;
    /** Bytes below 0x20 (with the high bit clear) are the ones that borrow when 0x20 is taken from each. */
    private static final long CONTROL = 0x2020202020202020L;

    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
    private static final byte[] NULL = {'n', 'u', 'l', 'l'};

    private int state;
    private boolean stringIsKey;
    private int hexLeft;
    private byte[] literal;
    private int literalAt;
    /** Open containers: true for an object, false for an array. */
    private boolean[] stack = new boolean[32];
    private int depth;
    private final int maxDepth;
    private boolean tooDeep;

    /** A check that fails a value nested deeper than {@code maxDepth}: the stack of open containers is bounded by it. */
    public JsonSyntax(int maxDepth) {
        this.maxDepth = maxDepth;
    }

    public void reset() {
        state = VALUE;
        depth = 0;
        tooDeep = false;
    }

    /** Whether the check failed because a value nested deeper than the limit. */
    public boolean tooDeep() {
        return tooDeep;
    }

    public void feed(byte[] b, int from, int to) {
        int i = from;
        while (i < to && state != ERROR) {
            byte c = b[i];
            switch (state) {
                case STRING -> {
                    // The hot loop: most payload bytes are inside strings.
                    while (i < to) {
                        c = b[i];
                        if (c == '"' || c == '\\' || (c >= 0 && c < 0x20)) {
                            break;
                        }
                        i++;
                    }
                    if (i == to) {
                        return;
                    }
                    if (c == '"') {
                        state = stringIsKey ? COLON : AFTER_VALUE;
                        if (!stringIsKey) {
                            valueEnded();
                        }
                    } else if (c == '\\') {
                        state = ESCAPE;
                    } else {
                        state = ERROR;
                    }
                    i++;
                }
                case ESCAPE -> {
                    if (c == 'u') {
                        state = UNICODE;
                        hexLeft = 4;
                    } else if (c == '"' || c == '\\' || c == '/' || c == 'b' || c == 'f' || c == 'n' || c == 'r' || c == 't') {
                        state = STRING;
                    } else {
                        state = ERROR;
                    }
                    i++;
                }
                case UNICODE -> {
                    if (!isHex(c)) {
                        state = ERROR;
                    } else if (--hexLeft == 0) {
                        state = STRING;
                    }
                    i++;
                }
                case LITERAL -> {
                    if (c != literal[literalAt++]) {
                        state = ERROR;
                    } else if (literalAt == literal.length) {
                        state = AFTER_VALUE;
                        valueEnded();
                    }
                    i++;
                }
                case N_MINUS, N_ZERO, N_INT, N_DOT, N_FRAC, N_E, N_E_SIGN, N_EXP -> {
                    if (number(c)) {
                        i++;
                    }
                }
                default -> {
                    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                        i++;
                        continue;
                    }
                    structural(c);
                    i++;
                }
            }
        }
    }

    /**
     * Whether {@code b[from, to)} is one JSON value and nothing else, as feeding it whole and
     * calling {@link #complete()} would tell (and {@link #tooDeep()} after it likewise), in one pass
     * of tight loops rather than a state machine a byte at a time: for a payload that is in memory
     * whole. Resets the check.
     */
    public boolean whole(byte[] b, int from, int to) {
        reset();
        int i = space(b, from, to);
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
                i = space(b, i + 1, to);
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
                i = string(b, i + 1, to);
            } else if (c == 't') {
                i = word(b, i, to, TRUE);
            } else if (c == 'f') {
                i = word(b, i, to, FALSE);
            } else if (c == 'n') {
                i = word(b, i, to, NULL);
            } else {
                i = number(b, i, to);
            }
            // After a value: a comma and the next value, or the end of containers.
            while (true) {
                if (i < 0) {
                    return false;
                }
                i = space(b, i, to);
                if (depth == 0) {
                    return i == to;
                }
                if (i >= to) {
                    return false;
                }
                byte after = b[i];
                boolean inObject = stack[depth - 1];
                if (after == ',') {
                    i = space(b, i + 1, to);
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

    /** The index of the first byte at or after {@code i} that is not JSON whitespace (or {@code to}). */
    public static int space(byte[] b, int i, int to) {
        while (i < to) {
            byte c = b[i];
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                break;
            }
            i++;
        }
        return i;
    }

    /** A key and its colon at i; the index of the value after it, or -1. */
    private static int key(byte[] b, int i, int to) {
        if (i >= to || b[i] != '"') {
            return -1;
        }
        i = string(b, i + 1, to);
        if (i < 0) {
            return -1;
        }
        i = space(b, i, to);
        if (i >= to || b[i] != ':') {
            return -1;
        }
        return space(b, i + 1, to);
    }

    /** The rest of a string whose opening quote is before i; the index after its closing quote, or -1. */
    private static int string(byte[] b, int i, int to) {
        while (i < to) {
            // Eight plain bytes at a time: no quote, no backslash, no control character in the word.
            while (i + Long.BYTES <= to) {
                long word = (long) WORDS.get(b, i);
                long quote = word ^ QUOTES;
                long backslash = word ^ BACKSLASHES;
                long special = ((quote - LOW_BITS) & ~quote) | ((backslash - LOW_BITS) & ~backslash) | ((word - CONTROL) & ~word);
                if ((special & HIGH_BITS) != 0) {
                    break;
                }
                i += Long.BYTES;
            }
            if (i >= to) {
                return -1;
            }
            byte c = b[i++];
            if (c == '"') {
                return i;
            }
            if (c == '\\') {
                if (i >= to) {
                    return -1;
                }
                byte e = b[i++];
                if (e == 'u') {
                    if (i + 4 > to) {
                        return -1;
                    }
                    for (int k = 0; k < 4; k++) {
                        if (!isHex(b[i++])) {
                            return -1;
                        }
                    }
                } else if (e != '"' && e != '\\' && e != '/' && e != 'b' && e != 'f' && e != 'n' && e != 'r' && e != 't') {
                    return -1;
                }
            } else if (c >= 0 && c < 0x20) {
                return -1;
            }
        }
        return -1;
    }

    /** {@code true}, {@code false} or {@code null} at {@code i}; the index after it, or -1. */
    public static int literal(byte[] b, int i, int to) {
        if (i >= to) {
            return -1;
        }
        return switch (b[i]) {
            case 't' -> word(b, i, to, TRUE);
            case 'f' -> word(b, i, to, FALSE);
            case 'n' -> word(b, i, to, NULL);
            default -> -1;
        };
    }

    private static int word(byte[] b, int i, int to, byte[] word) {
        if (to - i < word.length) {
            return -1;
        }
        for (int k = 0; k < word.length; k++) {
            if (b[i + k] != word[k]) {
                return -1;
            }
        }
        return i + word.length;
    }

    /** A number at i: {@code -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?}; the index after it, or -1. */
    public static int number(byte[] b, int i, int to) {
        if (i < to && b[i] == '-') {
            i++;
        }
        if (i >= to) {
            return -1;
        }
        if (b[i] == '0') {
            i++;
        } else if (b[i] >= '1' && b[i] <= '9') {
            i = digits(b, i, to);
        } else {
            return -1;
        }
        if (i < to && b[i] == '.') {
            int start = i + 1;
            i = digits(b, start, to);
            if (i == start) {
                return -1;
            }
        }
        if (i < to && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            if (i < to && (b[i] == '+' || b[i] == '-')) {
                i++;
            }
            int start = i;
            i = digits(b, start, to);
            if (i == start) {
                return -1;
            }
        }
        return i;
    }

    private static int digits(byte[] b, int i, int to) {
        while (i < to && b[i] >= '0' && b[i] <= '9') {
            i++;
        }
        return i;
    }

    /** Whether what was fed is one complete JSON value and nothing else. */
    public boolean complete() {
        if (state == N_ZERO || state == N_INT || state == N_FRAC || state == N_EXP) {
            state = AFTER_VALUE;
            valueEnded();
        }
        return state == DONE;
    }

    private void structural(byte c) {
        switch (state) {
            case VALUE, VALUE_OR_CLOSE -> {
                if (c == ']' && state == VALUE_OR_CLOSE) {
                    close(false);
                } else {
                    value(c);
                }
            }
            case AFTER_VALUE -> {
                if (c == ',') {
                    state = stack[depth - 1] ? KEY : VALUE;
                } else if (c == '}' || c == ']') {
                    close(c == '}');
                } else {
                    state = ERROR;
                }
            }
            case KEY, KEY_OR_CLOSE -> {
                if (c == '"') {
                    state = STRING;
                    stringIsKey = true;
                } else if (c == '}' && state == KEY_OR_CLOSE) {
                    close(true);
                } else {
                    state = ERROR;
                }
            }
            case COLON -> state = c == ':' ? VALUE : ERROR;
            default -> state = ERROR;
        }
    }

    private void value(byte c) {
        switch (c) {
            case '{' -> {
                if (push(true)) {
                    state = KEY_OR_CLOSE;
                }
            }
            case '[' -> {
                if (push(false)) {
                    state = VALUE_OR_CLOSE;
                }
            }
            case '"' -> {
                state = STRING;
                stringIsKey = false;
            }
            case 't' -> literal(TRUE);
            case 'f' -> literal(FALSE);
            case 'n' -> literal(NULL);
            case '-' -> state = N_MINUS;
            case '0' -> state = N_ZERO;
            default -> state = c >= '1' && c <= '9' ? N_INT : ERROR;
        }
    }

    /** One byte in a number; false when the byte ends the number and must be read again as structure. */
    private boolean number(byte c) {
        boolean digit = c >= '0' && c <= '9';
        switch (state) {
            case N_MINUS -> state = c == '0' ? N_ZERO : digit ? N_INT : ERROR;
            case N_ZERO -> {
                return afterDigits(c, false);
            }
            case N_INT -> {
                return afterDigits(c, true);
            }
            case N_DOT -> state = digit ? N_FRAC : ERROR;
            case N_FRAC -> {
                if (digit) {
                    return true;
                }
                if (c == 'e' || c == 'E') {
                    state = N_E;
                    return true;
                }
                return ended();
            }
            case N_E -> state = c == '+' || c == '-' ? N_E_SIGN : digit ? N_EXP : ERROR;
            case N_E_SIGN -> state = digit ? N_EXP : ERROR;
            case N_EXP -> {
                return digit || ended();
            }
            default -> state = ERROR;
        }
        return true;
    }

    private boolean afterDigits(byte c, boolean moreDigits) {
        if (moreDigits && c >= '0' && c <= '9') {
            return true;
        }
        if (c == '.') {
            state = N_DOT;
            return true;
        }
        if (c == 'e' || c == 'E') {
            state = N_E;
            return true;
        }
        return ended();
    }

    private boolean ended() {
        state = AFTER_VALUE;
        valueEnded();
        return false;
    }

    private void literal(byte[] word) {
        literal = word;
        literalAt = 1;
        state = LITERAL;
    }

    private boolean push(boolean object) {
        if (depth == maxDepth) {
            tooDeep = true;
            state = ERROR;
            return false;
        }
        if (depth == stack.length) {
            stack = Arrays.copyOf(stack, depth * 2);
        }
        stack[depth++] = object;
        return true;
    }

    private void close(boolean object) {
        if (depth == 0 || stack[depth - 1] != object) {
            state = ERROR;
            return;
        }
        depth--;
        state = AFTER_VALUE;
        valueEnded();
    }

    /** After a complete value: at the top level the document is done. */
    private void valueEnded() {
        if (depth == 0) {
            state = DONE;
        }
    }

    /** Whether {@code c} is a hexadecimal digit, four of which a unicode escape takes. */
    public static boolean isHex(byte c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }
}
