package dev.compilereceipt.read;

import org.apiguardian.api.API;


/**
 * The lexical pieces of JSON (RFC 8259) scanned in a byte array: whitespace, the literals, a
 * number, the rest of a string with its escapes (its bytes UTF-8 by {@link UnicodeText#utf8}). Each
 * answers with the index after the piece, or -1 where the bytes are no such piece; nothing is
 * decoded or kept. They are shared by
 * {@link JsonSyntax}, {@link OnePassJsonSyntax} and the TORCH_TRACE envelope scan.
 *
 * <p>Example: {@code JsonTokens.number(b, 0, b.length)} over {@code -0.5e+3,} is 7 (the index of
 * the comma); over {@code 01} it is 1, where the number {@code 0} ends.
 */
@API(status = API.Status.INTERNAL)
public final class JsonTokens {

    private static final long QUOTES = ByteWords.repeated('"');
    private static final long BACKSLASHES = ByteWords.repeated('\\');

    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
    private static final byte[] NULL = {'n', 'u', 'l', 'l'};

    private JsonTokens() {
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

    /** The literal that starts with {@code c} ({@code t}, {@code f} or {@code n}), for a check fed a byte at a time. */
    static byte[] literalStartingWith(byte c) {
        return c == 't' ? TRUE : c == 'f' ? FALSE : NULL;
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

    /**
     * Where the plain part of a string's bytes from {@code i} ends, eight bytes at a time: at or before
     * the first quote, backslash, control character or byte past ASCII (at most seven bytes before it),
     * or the last word's start before {@code to}. What is left to read byte by byte.
     */
    static int plainString(byte[] b, int i, int to) {
        while (i + Long.BYTES <= to) {
            long word = ByteWords.at(b, i);
            if ((ByteWords.equal(word, QUOTES) | ByteWords.equal(word, BACKSLASHES) | ByteWords.controlOrHigh(word)) != 0) {
                break;
            }
            i += Long.BYTES;
        }
        return i;
    }

    /**
     * The rest of a string whose opening quote is before {@code i}: its escapes, no control
     * character, its other bytes UTF-8; the index after its closing quote, or -1.
     */
    public static int stringEnd(byte[] b, int i, int to) {
        while (i < to) {
            // Eight plain ASCII bytes at a time: no quote, no backslash, no control character, no high bit in the word.
            while (i + Long.BYTES <= to) {
                long word = ByteWords.at(b, i);
                if ((ByteWords.equal(word, QUOTES) | ByteWords.equal(word, BACKSLASHES) | ByteWords.controlOrHigh(word)) != 0) {
                    break;
                }
                i += Long.BYTES;
            }
            if (i >= to) {
                return -1;
            }
            byte c = b[i];
            if (c == '"') {
                return i + 1;
            }
            if (c < 0) {
                i = UnicodeText.utf8(b, i, to);
                if (i < 0) {
                    return -1;
                }
                continue;
            }
            i++;
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
                } else if (!isEscape(e)) {
                    return -1;
                }
            } else if (c < 0x20) {
                return -1;
            }
        }
        return -1;
    }

    /** Whether {@code e} may follow a backslash, other than the {@code u} of a unicode escape. */
    static boolean isEscape(byte e) {
        return e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' || e == 'r' || e == 't';
    }

    /** Whether {@code c} is a hexadecimal digit, four of which a unicode escape takes. */
    public static boolean isHex(byte c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }
}
