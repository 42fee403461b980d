package dev.compilereceipt.read.torchlogs;

import java.util.regex.Pattern;

/**
 * The trace id of a TORCH_LOGS line's prefix, read by hand (it is read on every prefixed line):
 * {@code F/V}, {@code F/V_A} (attempt {@code A} of the same compile) and, under compiled autograd,
 * {@code !N/F/V} and {@code !N} (no frame: no compile id). {@link #GRAMMAR} is its grammar as an
 * expression, which the reading by hand is tested against.
 */
final class TraceId {

    /** What {@link #compileIdAt} gives for text that is no trace id. */
    static final int NONE = Integer.MIN_VALUE;
    /** What {@link #compileIdAt} gives for {@code !N} alone. */
    static final int NO_COMPILE_ID = -1;

    /** The trace id's grammar; {@link #compileIdAt} reads it by hand. */
    static final Pattern GRAMMAR = Pattern.compile("(?:!([0-9]{1,18})(?:/([0-9]{1,18})/([0-9]{1,18}))?"
            + "|([0-9]{1,18})/([0-9]{1,18}))(?:_[0-9]{1,18})?");

    /** Reads {@code s[from, to)} as a trace id: {@link #compileIdAt(byte[], int, int)} of a String. */
    static int compileIdAt(String s, int from, int to) {
        return compileIdAt(TextLine.bytes(s), from, to);
    }

    /**
     * Reads {@code s[from, to)} as a trace id ({@link #GRAMMAR}, by hand: it is read on every prefixed line):
     * where its compile id {@code F/V} starts, {@link #NO_COMPILE_ID} for {@code !N} alone, or
     * {@link #NONE} when it is none.
     */
    static int compileIdAt(byte[] s, int from, int to) {
        int i = from;
        int compileId = from;
        if (i < to && s[i] == '!') {
            i = run(s, i + 1, to);
            if (i < 0) {
                return NONE;
            }
            if (i < to && s[i] == '/') {
                compileId = i + 1;
                i = compileIdEnd(s, compileId, to);
                if (i < 0) {
                    return NONE;
                }
            } else {
                compileId = NO_COMPILE_ID;
            }
        } else {
            i = compileIdEnd(s, i, to);
            if (i < 0) {
                return NONE;
            }
        }
        if (i < to && s[i] == '_') {
            i = run(s, i + 1, to);
        }
        return i == to ? compileId : NONE;
    }

    /** The end of {@code F/V} at {@code from}, each 1 to 18 digits, or -1. */
    static int compileIdEnd(byte[] s, int from, int to) {
        int i = run(s, from, to);
        if (i < 0 || i >= to || s[i] != '/') {
            return -1;
        }
        return run(s, i + 1, to);
    }

    /** The end of a run of 1 to 18 digits at {@code from}, before {@code to}, or -1 (more digits never match either). */
    private static int run(byte[] s, int from, int to) {
        int i = from;
        while (i < to && s[i] >= '0' && s[i] <= '9') {
            i++;
        }
        return i > from && i - from <= 18 ? i : -1;
    }

    private TraceId() {
    }
}
