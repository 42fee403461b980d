package dev.compilereceipt;

/**
 * Bounds a trace must stay within: calls per run, events per call, the longest string and the
 * size of the file. Traces over a limit are refused with the limit named and how to raise it; the
 * limits on calls and events are written into every receipt. The reader also refuses a document
 * with more JSON values than a trace within these limits can hold ({@link #maxValues()}), so that
 * the memory a read takes is bounded by the limits, not by the file.
 *
 * <p>Example: {@code Limits.DEFAULT.withMaxCalls(256)} reads traces of up to 256 calls a run.
 */
public record Limits(int maxCalls, int maxEventsPerCall, int maxStringLength, long maxDocumentBytes) {

    public static final int DEFAULT_MAX_STRING_LENGTH = 1 << 20;
    public static final long DEFAULT_MAX_DOCUMENT_BYTES = 16L << 20;
    public static final Limits DEFAULT = new Limits(64, 16);
    /** The longest time, in ms, any source may state (about 31 years): beyond it a number is a corruption, not a measurement. */
    public static final double MAX_MS = 1e12;

    /** JSON values one event may take: its fields and up to 32 guard failures (PyTorch's recompile limit is 8). */
    private static final long VALUES_PER_EVENT = 40;
    /** JSON values one call takes besides its events: the call object, its fields and its check. */
    private static final long VALUES_PER_CALL = 16;
    /** The document, format and fixture with its tolerance, the runs array and its runs. */
    private static final long VALUES_OUTSIDE_CALLS = 64;

    public Limits {
        if (maxCalls < 1 || maxEventsPerCall < 0) {
            throw new IllegalArgumentException("limits must allow at least one call: " + maxCalls + ", " + maxEventsPerCall);
        }
        if (maxStringLength < 1 || maxDocumentBytes < 1) {
            throw new IllegalArgumentException("string and document limits must be positive: " + maxStringLength
                    + ", " + maxDocumentBytes);
        }
    }

    /** Limits on calls and events, with the default string and document limits. */
    public Limits(int maxCalls, int maxEventsPerCall) {
        this(maxCalls, maxEventsPerCall, DEFAULT_MAX_STRING_LENGTH, DEFAULT_MAX_DOCUMENT_BYTES);
    }

    public Limits withMaxCalls(int calls) {
        return new Limits(calls, maxEventsPerCall, maxStringLength, maxDocumentBytes);
    }

    public Limits withMaxEventsPerCall(int events) {
        return new Limits(maxCalls, events, maxStringLength, maxDocumentBytes);
    }

    /** The longest string (in UTF-16 units) a trace may hold, a guard failure or a reason. */
    public Limits withMaxStringLength(int length) {
        return new Limits(maxCalls, maxEventsPerCall, length, maxDocumentBytes);
    }

    /** The largest file, in bytes, that is read at all. */
    public Limits withMaxDocumentBytes(long bytes) {
        return new Limits(maxCalls, maxEventsPerCall, maxStringLength, bytes);
    }

    /** The most JSON values (objects, arrays, strings, numbers, ...) a trace within these limits can hold. */
    public long maxValues() {
        return VALUES_OUTSIDE_CALLS + 2L * maxCalls * (VALUES_PER_CALL + maxEventsPerCall * VALUES_PER_EVENT);
    }
}
