package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.read.ByteWords;
import dev.compilereceipt.trace.Limits;
import java.util.Optional;

/**
 * Which lines of a text the reader reads: most lines of a real text are not PyTorch's (profiler
 * {@code USDT} lines, warnings, the program's prints), and a test of a line's bytes passes over them
 * before a string is made of it. A line is read when it may carry a glog prefix (where
 * {@link TextLine#parse} looks for one), may start a bare message ({@link TextMessage.Kind#of}), is
 * not plain ASCII (escape sequences, UTF-8 to check), or comes while a bare message may be open (it
 * may continue that message or end it). Every other line is one the reader would do nothing with.
 *
 * <p>Whether a bare message is open is followed here as {@link TextMessages} follows it: opened by
 * its first line, ended by a prefixed line or the first line it does not take. A reader may have it
 * closed sooner (a reading that stopped taking lines); then a few lines more than needed are read,
 * never fewer. The state after a line that {@link SievedLine#starts()} a message does not depend on
 * what came before it, which is what lets a file be read in parts.
 *
 * <p>A new kind of line the reader reads is added to {@link #mayBePyTorch} and, if it ends a bare
 * message, to {@link #follow}: the one place the lines are sorted. A bare {@link RunMarker} line is
 * let through there; it ends no bare message in the sieve's eyes, which only reads a few lines more.
 */
final class TextSieve {

    private static final byte[][] BARE_STARTS = {
        bytes("Graph break"), bytes("Recompiling function "), bytes("torch._dynamo hit config."), bytes("WON'T CONVERT "),
        bytes(RunMarker.WORD + " "),
    };

    private final Limits shadowLimits;
    /** The bare message a reader may have open: only its shape is followed, with a bound on what it keeps. */
    private TextMessage bare;
    private final UserFrames frames = new UserFrames();
    private final PrefixMemory prefixes = new PrefixMemory();
    /** How a traceback's frame line starts. */
    private static final String FRAME = "  File \"";

    TextSieve() {
        // The copy of an open bare message keeps no guard failures; it is only asked which lines it takes.
        this.shadowLimits = Limits.DEFAULT.withMaxStringLength(1).withMaxRecompileReasons(1);
    }

    /** The line {@code lines} is at, as the reader reads it, or null when the reader would do nothing with it. */
    SievedLine sift(TextLines lines) {
        if (bare == null && lines.plain() && !mayBePyTorch(lines.bytes(), lines.length())) {
            return null;
        }
        // A plain line's bytes are its chars: its prefix is read from them, and a prefixed line is never made a string.
        Optional<TextLine> parsed = lines.plain() ? TextLine.parse(lines.bytes(), lines.length(), prefixes) : Optional.empty();
        String text = parsed.isPresent() ? null : lines.text();
        boolean damaged = lines.damaged();
        if (!lines.plain()) {
            parsed = TextLine.parse(text);
        }
        if (parsed.isPresent() && parsed.get().message().startsWith(FRAME)) {
            // Hashed on this thread: the reading thread looks traceback lines up (UserFrames), and has less time to spare.
            parsed.get().message().hashCode();
        }
        Optional<TextMessage.Kind> kind = TextMessages.kindOf(text, parsed);
        follow(text, parsed, kind);
        return new SievedLine(lines.number(), text, parsed, kind, damaged, lines.notUtf8());
    }

    /** How many characters the open bare message keeps: a part reader gives up past a bound. */
    long bareChars() {
        return bare == null ? 0 : bare.chars();
    }

    private void follow(String text, Optional<TextLine> parsed, Optional<TextMessage.Kind> kind) {
        if (parsed.isPresent()) {
            bare = null;
        } else if (kind.isPresent()) {
            bare = new TextMessage(kind.get(), 0, "", null, false, Optional.empty(), text, shadowLimits, frames);
        } else if (bare != null) {
            if (bare.takesBare(text)) {
                bare.add(text);
            } else {
                bare = null;
            }
        }
    }

    /**
     * Whether a plain line (ASCII without ESC, so its bytes are its characters) may have a glog
     * prefix where {@link TextLine#parse} looks for one, or start a bare message.
     */
    static boolean mayBePyTorch(byte[] line, int length) {
        if (length == 0) {
            return false;
        }
        if (prefixAt(line, length, 0)) {
            return true;
        }
        byte first = line[0];
        if (first == 'G' || first == 'R' || first == 't' || first == 'W' || first == 'c') {
            for (byte[] start : BARE_STARTS) {
                if (startsWith(line, length, start)) {
                    return true;
                }
            }
        }
        int reach = Math.min(length, TextLine.PREFIX_REACH);
        // Eight bytes at a time: a prefix at p has '[' at p, or a level letter (upper case) at p and a digit at
        // p + 1, so only those positions of a word are looked at; the last byte's digit is in the next word, so an
        // upper-case last byte is looked at too. Lines of digits and lower case (timestamps, profiler lines, paths)
        // have none.
        int q = 0;
        for (; q + 8 <= reach; q += 8) {
            long word = ByteWords.at(line, q);
            long candidates = upperCase(word) & (ByteWords.digits(word) >>> 8 | LAST_BYTE) | ByteWords.equal(word, BRACKETS);
            while (candidates != 0) {
                long lowest = candidates & -candidates;
                int p = q + ByteWords.first(lowest);
                if (p >= 1 && startsAt(line, length, p)) {
                    return true;
                }
                candidates ^= lowest;
            }
        }
        return startsIn(line, length, Math.max(1, q - 1), reach);
    }

    private static final long LAST_BYTE = 0x80L << 56;
    private static final long ONES = 0x0101010101010101L;
    /** The bounds of the upper-case test, {@code 'A' - 1} and {@code 'Z' + 1}, each taken from 127 (as ByteWords' digits). */
    private static final long BELOW_Z = ONES * (127 + 'Z' + 1);
    private static final long ABOVE_A = ONES * (127 - ('A' - 1));

    /** The upper-case letters of a word of ASCII bytes (Hacker's Delight's "a byte between m and n"). */
    static long upperCase(long word) {
        return (BELOW_Z - word) & ~word & (word + ABOVE_A) & 0x8080808080808080L;
    }

    /** Whether a prefix may start at {@code p} (past the first byte). */
    private static boolean startsAt(byte[] line, int length, int p) {
        return STARTS[line[p] & 0xFF] && SEPARATORS[line[p - 1] & 0xFF] && prefixAt(line, length, p);
    }

    /** Whether a prefix may start at a position in {@code [from, to)} (past the first byte). */
    static boolean startsIn(byte[] line, int length, int from, int to) {
        for (int p = from; p < to; p++) {
            // One look-up a byte for most: a prefix starts with '[' or a level letter, after a separator.
            if (STARTS[line[p] & 0xFF] && SEPARATORS[line[p - 1] & 0xFF] && prefixAt(line, length, p)) {
                return true;
            }
        }
        return false;
    }

    private static final long BRACKETS = ByteWords.repeated('[');

    /** Whether eight ASCII bytes hold a digit or a {@code '['} (never false when they do). */
    static boolean mayHoldStart(long word) {
        return (ByteWords.digits(word) | ByteWords.equal(word, BRACKETS)) != 0;
    }

    private static final boolean[] STARTS = table("[VIWEFC");
    private static final boolean[] SEPARATORS = table(" \t]:|");

    /** Where {@link TextLine#parse} tries a prefix: {@code [rank} or a level letter and a digit. */
    private static boolean prefixAt(byte[] line, int length, int p) {
        byte c = line[p];
        if (c == '[') {
            return p + 4 < length && line[p + 1] == 'r' && line[p + 2] == 'a' && line[p + 3] == 'n' && line[p + 4] == 'k';
        }
        return STARTS[c & 0xFF] && p + 1 < length && line[p + 1] >= '0' && line[p + 1] <= '9';
    }

    private static boolean[] table(String chars) {
        boolean[] table = new boolean[256];
        for (char c : chars.toCharArray()) {
            table[c] = true;
        }
        return table;
    }

    private static boolean startsWith(byte[] line, int length, byte[] start) {
        if (length < start.length) {
            return false;
        }
        for (int i = 0; i < start.length; i++) {
            if (line[i] != start[i]) {
                return false;
            }
        }
        return true;
    }

    private static byte[] bytes(String ascii) {
        return ascii.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }
}
