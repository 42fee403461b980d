package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.read.ByteWords;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One string for each distinct line of the break messages a part of a text holds: a CI log prints
 * the same break at every compile that meets it, so most of its lines were met before, and the
 * reading thread then compares them by identity (a break message among those it remembers,
 * {@link BreakMessages}; a traceback line among the user's frames, {@link UserFrames}) where it
 * compared their characters. A line is found by a hash of its length and three of its words, and its
 * bytes compared; lines longer than {@value #LONGEST} bytes are made strings every time. At most
 * {@value #SLOTS} lines are kept, a line met later taking the slot of an earlier one. One table
 * is used by one thread.
 */
final class BreakLines {

    static final int SLOTS = 512;
    static final int LONGEST = 256;

    private final byte[][] bytes = new byte[SLOTS][];
    private final String[] strings = new String[SLOTS];

    /** The string of {@code b[from, to)} (ISO-8859-1), the same one for the same bytes while they keep their slot. */
    String of(byte[] b, int from, int to) {
        int n = to - from;
        if (n > LONGEST) {
            return new String(b, from, n, StandardCharsets.ISO_8859_1);
        }
        int slot = slot(b, from, to);
        byte[] known = bytes[slot];
        if (known != null && Arrays.equals(known, 0, known.length, b, from, to)) {
            return strings[slot];
        }
        bytes[slot] = Arrays.copyOfRange(b, from, to);
        strings[slot] = new String(b, from, n, StandardCharsets.ISO_8859_1);
        return strings[slot];
    }

    /**
     * The slot of a line, from its length and three of its words (first, middle, last): the bytes are compared anyway,
     * so a hash of every word (7 % of the part threads' samples on 1 GB) bought only fewer shared slots.
     */
    private static int slot(byte[] b, int from, int to) {
        int n = to - from;
        long h = n;
        if (n >= 8) {
            h = (h ^ ByteWords.at(b, from)) * 0x9E3779B97F4A7C15L;
            h = (h ^ (h >>> 29) ^ ByteWords.at(b, from + (n - 8) / 2)) * 0x9E3779B97F4A7C15L;
            h = (h ^ (h >>> 29) ^ ByteWords.at(b, to - 8)) * 0x9E3779B97F4A7C15L;
        } else {
            for (int i = from; i < to; i++) {
                h = (h ^ b[i]) * 0x9E3779B97F4A7C15L;
            }
        }
        return (int) (h ^ (h >>> 32)) & (SLOTS - 1);
    }
}
