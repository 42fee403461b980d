package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.read.BreakMessage;
import dev.compilereceipt.read.StringPool;
import java.util.List;

/**
 * The graph-break messages of one reading, each read once ({@link BreakMessage#withSiteLine}) and
 * remembered by its lines: a CI log prints the same break at every compile that meets it, and
 * reading one costs a few regular expressions and a traceback, where finding it among the last
 * {@value #MAX} messages met costs comparing its characters (no hash: hashing every line of every
 * break cost more than the comparisons). A message read from the same lines is the same, with the
 * same strings of the same pool; one is remembered only while the pool keeps every string it is
 * given, so that the pool's count is the one reading it again would leave. Messages of more than
 * {@value #MAX_CHARS} characters are read every time.
 */
final class BreakMessages {

    static final int MAX = 16;
    static final int MAX_CHARS = 4096;

    private final StringPool pool;
    /** The lines and messages remembered, the most recently met first. */
    private final List<?>[] lines = new List<?>[MAX];
    private final BreakMessage[] messages = new BreakMessage[MAX];
    private int size;

    BreakMessages(StringPool pool) {
        this.pool = pool;
    }

    /**
     * The break message of a text message's lines, {@code chars} characters in all. The list is kept as it is, not
     * copied: a message's lines no longer change once it is read, and two {@code ArrayList}s compare without iterators.
     */
    BreakMessage of(List<String> text, long chars) {
        if (chars > MAX_CHARS) {
            return BreakMessage.withSiteLine(text, pool);
        }
        for (int i = 0; i < size; i++) {
            if (text.equals(lines[i])) {
                BreakMessage known = messages[i];
                // Kept with this message's strings: the next one of its part has the same (BreakLines), compared by identity.
                first(i, text, known);
                return known;
            }
        }
        BreakMessage read = BreakMessage.withSiteLine(text, pool);
        if (!pool.full()) {
            // Every string it interned is kept, so reading it again would count none of them again.
            if (size < MAX) {
                size++;
            }
            first(size - 1, text, read);
        }
        return read;
    }

    /** Puts the entry at {@code at} first, the ones before it one place on. */
    private void first(int at, List<?> entryLines, BreakMessage message) {
        System.arraycopy(lines, 0, lines, 1, at);
        System.arraycopy(messages, 0, messages, 1, at);
        lines[0] = entryLines;
        messages[0] = message;
    }
}
