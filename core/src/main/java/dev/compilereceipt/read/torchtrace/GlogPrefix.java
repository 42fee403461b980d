package dev.compilereceipt.read.torchtrace;

/**
 * The glog prefix PyTorch's structured logger writes before each record,
 * {@code V1129 07:59:13.414000 21527 torch/_dynamo/utils.py:1318] }, optionally preceded by a
 * {@code [rank0]:} tag. {@link #envelopeStart} checks the prefix byte by byte (no regex, no
 * decoding) and tells where the JSON envelope begins.
 */
final class GlogPrefix {

    static final String EXAMPLE = "V1129 07:59:13.414000 21527 file.py:40] {...}";

    private GlogPrefix() {
    }

    /** The index of the envelope's first byte, or -1 when the line has no glog prefix. */
    static int envelopeStart(byte[] b, int from, int to) {
        int i = from;
        if (i < to && b[i] == '[') {
            i = skipRankTag(b, i, to);
            if (i < 0) {
                return -1;
            }
        }
        if (i >= to || "VIWEFC".indexOf(b[i]) < 0) {
            return -1;
        }
        i = digits(b, i + 1, to, 4, 4);
        i = expect(b, i, to, ' ');
        i = digits(b, i, to, 2, 2);
        i = expect(b, i, to, ':');
        i = digits(b, i, to, 2, 2);
        i = expect(b, i, to, ':');
        i = digits(b, i, to, 2, 2);
        i = expect(b, i, to, '.');
        i = digits(b, i, to, 1, 9);
        if (i < 0 || i >= to || b[i] != ' ') {
            return -1;
        }
        while (i < to && b[i] == ' ') {
            i++;
        }
        i = digits(b, i, to, 1, 20);
        i = expect(b, i, to, ' ');
        if (i < 0) {
            return -1;
        }
        // The path may hold spaces; the prefix ends at the first "NN] " (a line number and "] ").
        for (int j = i; j + 1 < to; j++) {
            if (b[j] == ']' && b[j + 1] == ' ' && j > i && isDigit(b[j - 1])) {
                int k = j - 1;
                while (k > i && isDigit(b[k])) {
                    k--;
                }
                if (b[k] == ':') {
                    return j + 2;
                }
            }
        }
        return -1;
    }

    private static int skipRankTag(byte[] b, int i, int to) {
        int end = i;
        while (end < to && b[end] != ']') {
            end++;
        }
        if (end + 1 >= to || b[end + 1] != ':') {
            return -1;
        }
        return end + 2;
    }

    private static int digits(byte[] b, int i, int to, int min, int max) {
        if (i < 0) {
            return -1;
        }
        int n = 0;
        while (i < to && n < max && isDigit(b[i])) {
            i++;
            n++;
        }
        return n >= min ? i : -1;
    }

    private static int expect(byte[] b, int i, int to, char c) {
        return i >= 0 && i < to && b[i] == c ? i + 1 : -1;
    }

    private static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }
}
