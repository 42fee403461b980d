package dev.compilereceipt.trace;

import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Bounds a trace must stay within, whatever its source: calls per run, events per call, the
 * longest string and the size of a {@code compile-trace/1} file; and for a TORCH_TRACE log, the
 * distinct break sites, the recompile reasons and the compiles it may hold, the nesting depth of a
 * JSON payload it checks, and the characters of text it keeps (sites, reasons, guards). A trace
 * over a limit is refused with the limit named and how to raise it; every limit is written into
 * the receipt ({@code limits}). The {@code compile-trace/1} reader also refuses a document with
 * more JSON values than a trace within these limits can hold ({@link #maxValues()}), so that the
 * memory a read takes is bounded by the limits, not by the file.
 *
 * <p>Example: {@code Limits.DEFAULT.withMaxCalls(256)} reads traces of up to 256 calls a run;
 * {@code Limits.DEFAULT.withMaxCompiles(1_000_000)} a TORCH_TRACE log of a million compiles.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record Limits(int maxCalls, int maxEventsPerCall, int maxStringLength, long maxDocumentBytes,
                     int maxBreakSites, int maxRecompileReasons, int maxCompiles, int maxDepth, long maxKeptChars) {

    public static final int DEFAULT_MAX_STRING_LENGTH = 1 << 20;
    public static final long DEFAULT_MAX_DOCUMENT_BYTES = 16L << 20;
    /** Real models break at a few dozen sites; a thousand distinct ones is a generated log, not a model. */
    public static final int DEFAULT_MAX_BREAK_SITES = 1_000;
    /** A gigabyte of real 2.14 log holds about 12,000; each is at most max_string_length long. */
    public static final int DEFAULT_MAX_RECOMPILE_REASONS = 100_000;
    /** About 25 MB of heap at the default; a million compiles take about 250 MB (docs/hostile-input.md). */
    public static final int DEFAULT_MAX_COMPILES = 100_000;
    /** Jackson's own default nesting limit; real payloads nest a dozen levels at most. */
    public static final int DEFAULT_MAX_DEPTH = 1_000;
    /** 16 Mi characters of kept text: a gigabyte of real 2.14 log keeps about 5 Mi. */
    public static final long DEFAULT_MAX_KEPT_CHARS = 16L << 20;
    public static final Limits DEFAULT = new Limits(64, 16);
    /** Each limit's key in the receipt's {@code limits}, in the order of the record's components. */
    public static final List<String> KEYS = List.of("max_calls", "max_events_per_call", "max_string_length",
            "max_document_bytes", "max_break_sites", "max_recompile_reasons", "max_compiles", "max_depth", "max_kept_chars");
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
        if (maxBreakSites < 0 || maxRecompileReasons < 0 || maxCompiles < 0 || maxDepth < 1 || maxKeptChars < 0) {
            throw new IllegalArgumentException("log limits must not be negative and the depth at least 1: " + maxBreakSites
                    + ", " + maxRecompileReasons + ", " + maxCompiles + ", " + maxDepth + ", " + maxKeptChars);
        }
    }

    /** Limits on strings and the document, with the default log limits. */
    public Limits(int maxCalls, int maxEventsPerCall, int maxStringLength, long maxDocumentBytes) {
        this(maxCalls, maxEventsPerCall, maxStringLength, maxDocumentBytes, DEFAULT_MAX_BREAK_SITES,
                DEFAULT_MAX_RECOMPILE_REASONS, DEFAULT_MAX_COMPILES, DEFAULT_MAX_DEPTH, DEFAULT_MAX_KEPT_CHARS);
    }

    /** Limits on calls and events, with the default string, document and log limits. */
    public Limits(int maxCalls, int maxEventsPerCall) {
        this(maxCalls, maxEventsPerCall, DEFAULT_MAX_STRING_LENGTH, DEFAULT_MAX_DOCUMENT_BYTES);
    }

    public Limits withMaxCalls(int calls) {
        return with(0, calls);
    }

    public Limits withMaxEventsPerCall(int events) {
        return with(1, events);
    }

    /** The longest string (in UTF-16 units) a trace may hold, a guard failure or a reason. */
    public Limits withMaxStringLength(int length) {
        return with(2, length);
    }

    /** The largest {@code compile-trace/1} file, in bytes, that is read at all. */
    public Limits withMaxDocumentBytes(long bytes) {
        return with(3, bytes);
    }

    /** The most distinct break sites one run of a TORCH_TRACE log may report. */
    public Limits withMaxBreakSites(int sites) {
        return with(4, sites);
    }

    /** The most recompile reasons (guard failures) one run of a TORCH_TRACE log may hold. */
    public Limits withMaxRecompileReasons(int reasons) {
        return with(5, reasons);
    }

    /** The most compiles (variants and fallbacks) one run of a TORCH_TRACE log may hold. */
    public Limits withMaxCompiles(int compiles) {
        return with(6, compiles);
    }

    /** The deepest nesting of a JSON payload a TORCH_TRACE log may hold. */
    public Limits withMaxDepth(int depth) {
        return with(7, depth);
    }

    /** The most characters of text (sites, reasons, guards, distinct ones counted once) a TORCH_TRACE log may keep. */
    public Limits withMaxKeptChars(long chars) {
        return with(8, chars);
    }

    /** These limits with the one at {@code index} of {@link #KEYS} set to {@code value}. */
    private Limits with(int index, long value) {
        long[] v = asValues();
        v[index] = value;
        return new Limits((int) v[0], (int) v[1], (int) v[2], v[3], (int) v[4], (int) v[5], (int) v[6], (int) v[7], v[8]);
    }

    /** The limits that differ, by their receipt key: {@code max_calls 64 and 128}. */
    public String differencesFrom(Limits other) {
        List<String> differences = new ArrayList<>();
        long[] mine = asValues();
        long[] theirs = other.asValues();
        for (int i = 0; i < KEYS.size(); i++) {
            if (mine[i] != theirs[i]) {
                differences.add(KEYS.get(i) + " " + mine[i] + " and " + theirs[i]);
            }
        }
        return String.join(", ", differences);
    }

    /** The limits' values in the order of {@link #KEYS}. */
    public long[] asValues() {
        return new long[] {maxCalls, maxEventsPerCall, maxStringLength, maxDocumentBytes, maxBreakSites, maxRecompileReasons,
            maxCompiles, maxDepth, maxKeptChars};
    }

    /** The most JSON values (objects, arrays, strings, numbers, ...) a trace within these limits can hold. */
    public long maxValues() {
        return VALUES_OUTSIDE_CALLS + 2L * maxCalls * (VALUES_PER_CALL + maxEventsPerCall * VALUES_PER_EVENT);
    }

    /*
     * equals and hashCode by hand, as a record's own would be (the same hash: each component's in turn, the sum so far
     * times 31 plus the next), so that no ObjectMethods bootstrap runs at start-up (#48).
     */
    @Override
    public final boolean equals(Object other) {
        return other instanceof Limits l && maxCalls == l.maxCalls && maxEventsPerCall == l.maxEventsPerCall
                && maxStringLength == l.maxStringLength && maxDocumentBytes == l.maxDocumentBytes
                && maxBreakSites == l.maxBreakSites && maxRecompileReasons == l.maxRecompileReasons
                && maxCompiles == l.maxCompiles && maxDepth == l.maxDepth && maxKeptChars == l.maxKeptChars;
    }

    @Override
    public final int hashCode() {
        int h = Integer.hashCode(maxCalls);
        h = 31 * h + Integer.hashCode(maxEventsPerCall);
        h = 31 * h + Integer.hashCode(maxStringLength);
        h = 31 * h + Long.hashCode(maxDocumentBytes);
        h = 31 * h + Integer.hashCode(maxBreakSites);
        h = 31 * h + Integer.hashCode(maxRecompileReasons);
        h = 31 * h + Integer.hashCode(maxCompiles);
        h = 31 * h + Integer.hashCode(maxDepth);
        return 31 * h + Long.hashCode(maxKeptChars);
    }
}
