package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.read.GlogHead;
import org.apiguardian.api.API;

/**
 * The glog prefix PyTorch's structured logger writes before each record,
 * {@code V1129 07:59:13.414000 21527 torch/_dynamo/utils.py:1318] }, optionally preceded by a
 * {@code [rank0]:} tag. {@link #envelopeStart} checks the prefix byte by byte (no regex, no
 * decoding) and tells where the JSON envelope begins.
 */
@API(status = API.Status.INTERNAL)
public final class GlogPrefix {

    public static final String EXAMPLE = "V1129 07:59:13.414000 21527 file.py:40] {...}";

    private GlogPrefix() {
    }

    /** The index of the envelope's first byte, or -1 when the line has no glog prefix. */
    public static int envelopeStart(byte[] b, int from, int to) {
        int i = from;
        if (i < to && b[i] == '[') {
            i = skipRankTag(b, i, to);
            if (i < 0) {
                return -1;
            }
        }
        int pidStart = GlogHead.pidStart(b, i, to);
        i = pidStart < 0 ? -1 : GlogHead.pidEnd(b, pidStart, to);
        if (i < 0) {
            return -1;
        }
        i++;
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

    private static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }
}
