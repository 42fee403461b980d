package dev.compilereceipt.read;

import org.apiguardian.api.API;

/**
 * The head of the glog prefix PyTorch's loggers write before a line, read byte by byte: a level
 * letter, {@code MMDD HH:MM:SS.ffffff}, spaces and the pid, as in {@code V1129 07:59:13.414000 21527 }.
 * The TORCH_TRACE reader and the TORCH_LOGS text reader both read their prefixes from it; what follows
 * (the source line, tags) is each reader's own.
 */
@API(status = API.Status.INTERNAL)
public final class GlogHead {

    private GlogHead() {
    }

    /** Whether {@code c} is a glog level letter: V, I, W, E, F or C. */
    public static boolean isLevel(byte c) {
        return c == 'V' || c == 'I' || c == 'W' || c == 'E' || c == 'F' || c == 'C';
    }

    /**
     * Where the pid starts, when {@code b[level, to)} begins with a level letter, {@code MMDD HH:MM:SS.}, 1 to 9
     * digits and one space or more; -1 otherwise.
     */
    public static int pidStart(byte[] b, int level, int to) {
        if (level >= to || !isLevel(b[level])) {
            return -1;
        }
        int i = digits(b, level + 1, to, 4, 4);
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
        return i;
    }

    /** Where the pid at {@code pidStart} ends: after 1 to 20 digits, at the space that must follow them; -1 otherwise. */
    public static int pidEnd(byte[] b, int pidStart, int to) {
        int i = digits(b, pidStart, to, 1, 20);
        return i >= 0 && i < to && b[i] == ' ' ? i : -1;
    }

    private static int digits(byte[] b, int i, int to, int min, int max) {
        if (i < 0) {
            return -1;
        }
        int n = 0;
        while (i < to && n < max && b[i] >= '0' && b[i] <= '9') {
            i++;
            n++;
        }
        return n >= min ? i : -1;
    }

    private static int expect(byte[] b, int i, int to, char c) {
        return i >= 0 && i < to && b[i] == c ? i + 1 : -1;
    }
}
