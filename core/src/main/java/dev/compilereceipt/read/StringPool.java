package dev.compilereceipt.read;

import org.apiguardian.api.API;

import java.util.HashMap;
import java.util.Map;

/**
 * Interns the strings a log repeats thousands of times (event kinds, artifact names, file names,
 * guard texts, compile ids) so each is held once, and bounds what it is given to keep: no string
 * longer than {@code maxLength}, and no more than {@code maxChars} characters in all, each distinct
 * string counted once (past the pool's own size, every string it is given counts). The pool stops
 * growing at a fixed size, so a log full of distinct strings cannot make it the thing that fills
 * the heap.
 *
 * <p>Example: {@code new StringPool(1 << 20, 16L << 20).intern(guard)} refuses a guard of 2 Mi characters.
 */
@API(status = API.Status.INTERNAL)
public final class StringPool implements Interner {

    static final int MAX_ENTRIES = 1 << 16;

    private final Map<String, String> strings = new HashMap<>();
    private final int maxLength;
    private final long maxChars;
    private long chars;

    /** A pool that bounds nothing: for text the caller has bounded already. */
    public StringPool() {
        this(Integer.MAX_VALUE, Long.MAX_VALUE);
    }

    public StringPool(int maxLength, long maxChars) {
        this.maxLength = maxLength;
        this.maxChars = maxChars;
    }

    /** The one instance of {@code text}; an {@link OverLimit} when it is too long or the pool has kept too much. */
    @Override
    public String intern(String text) {
        String known = strings.get(text);
        if (known != null) {
            return known;
        }
        if (text.length() > maxLength) {
            throw new OverLimit(OverLimit.What.STRING_LENGTH, text.length(), maxLength);
        }
        chars += text.length();
        if (chars > maxChars) {
            throw new OverLimit(OverLimit.What.KEPT_CHARS, chars, maxChars);
        }
        if (strings.size() < MAX_ENTRIES) {
            strings.put(text, text);
        }
        return text;
    }

    /**
     * What one recompile reason (a guard failure, the cause of a recompile) costs of the kept characters
     * besides its text counted once: {@value #REASON_CHARS} for the records made of it on the way to the
     * receipt (the reason, its parsed cause, its entries in the trace's hash and the receipt), and its text
     * {@value #REASON_TEXT_COPIES} times more, as the cause, the receipt and its canonical text each hold it
     * again. Counted so, the causes and their texts are bounded together: within the default limits a log
     * of distinct guards reads or is refused under a 64 MiB heap (99,001 compiles with one distinct guard
     * each, or a thousand guards of 16,000 characters, ran out of memory when only the texts counted once).
     */
    public static final int REASON_CHARS = 512;
    public static final int REASON_TEXT_COPIES = 3;

    /** Counts recompile reasons' records and copies against the kept characters; an {@link OverLimit} past them. */
    public void chargeReasons(java.util.Collection<String> reasons) {
        for (String reason : reasons) {
            chars += REASON_CHARS + (long) REASON_TEXT_COPIES * reason.length();
        }
        if (chars > maxChars) {
            throw new OverLimit(OverLimit.What.KEPT_CHARS, chars, maxChars);
        }
    }

    /** Whether the pool has stopped growing: a string it is given from now on, if new, is not kept and counts each time. */
    public boolean full() {
        return strings.size() >= MAX_ENTRIES;
    }

    /** What a string would have taken past a bound: which bound, and by how much. */
    public static final class OverLimit extends RuntimeException {

        private static final long serialVersionUID = 1L;

        /** The bound that was passed. */
        public enum What { STRING_LENGTH, KEPT_CHARS }

        private final What what;
        private final long found;
        private final long limit;

        OverLimit(What what, long found, long limit) {
            super(what + " " + found + " over " + limit, null, false, false);
            this.what = what;
            this.found = found;
            this.limit = limit;
        }

        public What what() {
            return what;
        }

        public long found() {
            return found;
        }

        public long limit() {
            return limit;
        }
    }
}
