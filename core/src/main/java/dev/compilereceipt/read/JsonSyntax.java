package dev.compilereceipt.read;

import org.apiguardian.api.API;

import java.util.Arrays;

/**
 * Checks that bytes fed in pieces form exactly one JSON value (RFC 8259: objects, arrays, strings
 * with their escapes and UTF-8 (RFC 3629), numbers, literals), decoding and keeping nothing: a
 * byte-level state machine, so that checking the JSON payloads a log does not need costs little more
 * than reading them ({@link OnePassJsonSyntax} checks a payload held whole). Kept rather than Jackson's
 * streaming parser, measured doing the same: 1.30 to 1.41 times the wall time of a 1 GiB import
 * (docs/performance.md, "JSON through Jackson"); and its non-blocking parser, fed in pieces, takes
 * <code>{"a": }</code> when a piece ends after the colon.
 *
 * <p>Example: feeding <code>{"a": [1, </code> then <code>2]}</code> and calling {@link #complete()} gives true;
 * <code>{"a": </code> alone gives false.
 */
@API(status = API.Status.INTERNAL)
public final class JsonSyntax {

    // The states: where in the grammar the next byte falls.
    private static final int VALUE = 0, VALUE_OR_CLOSE = 1, AFTER_VALUE = 2, KEY = 3, KEY_OR_CLOSE = 4, COLON = 5;
    private static final int STRING = 6, ESCAPE = 7, UNICODE = 8, LITERAL = 9, UTF8 = 20;
    private static final int N_MINUS = 10, N_ZERO = 11, N_INT = 12, N_DOT = 13, N_FRAC = 14, N_E = 15, N_E_SIGN = 16, N_EXP = 17;
    private static final int DONE = 18, ERROR = 19;

    private int state;
    private boolean stringIsKey;
    private int hexLeft;
    /** In a UTF-8 character: its first byte, the bytes still to come, and whether the next is its second. */
    private int utf8Lead;
    private int utf8Left;
    private boolean utf8Second;
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
                    // The hot loop: most payload bytes are inside strings. Eight plain bytes at a time first (2.14's
                    // payloads over 64 KiB are checked here: a fifth of a 2.14-shaped GiB's part readers went byte by
                    // byte), then byte by byte from the word holding the first byte to look at.
                    i = JsonTokens.plainString(b, i, to);
                    while (i < to) {
                        c = b[i];
                        if (c == '"' || c == '\\' || c < 0x20) {
                            break;
                        }
                        i++;
                    }
                    if (i == to) {
                        return;
                    }
                    if (c < 0) {
                        utf8Lead = c & 0xFF;
                        utf8Left = UnicodeText.sequenceLength(utf8Lead) - 1;
                        utf8Second = true;
                        state = utf8Left > 0 ? UTF8 : ERROR;
                    } else if (c == '"') {
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
                case UTF8 -> {
                    if (utf8Second ? !UnicodeText.secondFits(utf8Lead, c & 0xFF) : (c & 0xC0) != 0x80) {
                        state = ERROR;
                    } else if (--utf8Left == 0) {
                        state = STRING;
                    }
                    utf8Second = false;
                    i++;
                }
                case ESCAPE -> {
                    if (c == 'u') {
                        state = UNICODE;
                        hexLeft = 4;
                    } else if (JsonTokens.isEscape(c)) {
                        state = STRING;
                    } else {
                        state = ERROR;
                    }
                    i++;
                }
                case UNICODE -> {
                    if (!JsonTokens.isHex(c)) {
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
            case 't', 'f', 'n' -> literal(JsonTokens.literalStartingWith(c));
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
}
