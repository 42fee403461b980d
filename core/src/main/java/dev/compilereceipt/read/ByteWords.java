package dev.compilereceipt.read;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.apiguardian.api.API;

/**
 * Eight bytes at a time, for the scans that step over long runs of plain bytes (line ends, JSON
 * strings, prefixes): a word read from a byte array, and the word tests the scans ask, each named
 * once. A test answers a word with the high bit ({@code 0x80}) of each byte it flags set; the lowest
 * flagged byte is always right (a borrow only ever flags bytes above it), so {@link #first} of a
 * test's answer is the first such byte.
 *
 * <p>Example: {@code ByteWords.first(ByteWords.equal(ByteWords.at(b, i), ByteWords.repeated('\n')))} is how
 * many bytes from {@code i} the first {@code '\n'} of the eight is, or 8 when none is.
 */
@API(status = API.Status.INTERNAL, since = "0.2")
public final class ByteWords {

    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long SPACES = ONES * ' ';
    /** The digit test's bounds, {@code '0' - 1} and {@code '9' + 1}, each taken from 127. */
    private static final long BELOW_NINE = ONES * (127 + '9' + 1);
    private static final long ABOVE_ZERO = ONES * (127 - ('0' - 1));

    private ByteWords() {
    }

    /** The eight bytes of {@code b} from {@code i}, the one at {@code i} in the lowest byte. */
    public static long at(byte[] b, int i) {
        return (long) WORDS.get(b, i);
    }

    /** A word of eight bytes {@code c}, to compare a word with by {@link #equal}. */
    public static long repeated(int c) {
        return ONES * c;
    }

    /** The bytes of {@code word} equal to those of {@code repeated} (a word made by {@link #repeated}). */
    public static long equal(long word, long repeated) {
        long x = word ^ repeated;
        return (x - ONES) & ~x & HIGHS;
    }

    /** The bytes below {@code 0x20} (line ends, ESC, other controls) or above {@code 0x7F} (UTF-8). */
    public static long controlOrHigh(long word) {
        return ((word - SPACES) | word) & HIGHS;
    }

    /** The ASCII digits of a word of ASCII bytes (Hacker's Delight's "a byte between m and n"). */
    public static long digits(long word) {
        return (BELOW_NINE - word) & ~word & (word + ABOVE_ZERO) & HIGHS;
    }

    /** How many bytes come before the first one {@code flags} (a test's answer) flags: 8 when none is. */
    public static int first(long flags) {
        // The bytes below the lowest flag, one 0x01 each, summed into the top byte by a multiplication:
        // Long.numberOfTrailingZeros is no intrinsic of C1 (the launcher's compiler), and its branches were
        // 14 % of the text reader's part threads.
        long below = ((flags & -flags) >>> 7) - 1;
        return (int) (((below & ONES) * ONES) >>> 56);
    }
}
