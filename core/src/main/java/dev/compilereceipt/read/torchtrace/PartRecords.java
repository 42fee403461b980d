package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.read.Interner;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What the reader of one part of a log ({@link LogParts}) found, in line order, for
 * {@link LogRecords#replay} to hand on as if it had read the lines itself: each string it would
 * have interned, each bad line, and each record the trace reader acts on (as its {@link RecordKind}
 * says) with its kept payload. Other records mean nothing to the trace reader once checked, so they
 * leave no trace here. Line numbers count from 1 at the part's first line.
 *
 * <p>A part holds a bounded amount: past {@value #MAX_EVENTS} events, {@value #MAX_RECORDS}
 * records or {@value #MAX_KEPT} kept bytes the part reader gives up ({@link LogParts.Unsplittable})
 * and the log is read line by line instead, so a hostile log cannot make the parts read ahead fill
 * the heap.
 */
final class PartRecords implements Interner {

    static final int MAX_EVENTS = 1 << 17;
    static final int MAX_RECORDS = 1 << 14;
    static final int MAX_KEPT = 2 << 20;
    /** The event of a bad line. */
    static final Object BAD = new Object();

    /** A record the trace reader acts on, with what it keeps of the payload ({@link RecordKind#condensed}). */
    record Kept(LogEnvelope envelope, KeptPayload payload) {
    }

    /** The bytes kept of a payload. */
    record Bytes(byte[] kept, boolean overflowed) implements KeptPayload {
    }

    private final List<Object> events = new ArrayList<>();
    private long[] lines = new long[256];
    private long at;
    private int records;
    private long keptBytes;
    private long lineCount;
    private long end;

    /** The line whose envelope is being read: where the strings it interns were met. */
    void at(long line) {
        at = line;
    }

    @Override
    public String intern(String text) {
        add(text, at);
        return text;
    }

    void bad(long line) {
        add(BAD, line);
    }

    void record(LogEnvelope envelope, long line, KeptPayload payload) {
        RecordKind kind = RecordKinds.of(envelope);
        if (!kind.acts(envelope) || !kind.handedOn(envelope, payload)) {
            return;
        }
        KeptPayload kept = kind.condensed(envelope, payload);
        keptBytes += kept instanceof CacheKeyPayload.Ahead ahead ? ahead.size() : kept.kept().length;
        if (++records > MAX_RECORDS || keptBytes > MAX_KEPT) {
            throw new LogParts.Unsplittable();
        }
        add(new Kept(envelope, kept), line);
    }

    private void add(Object event, long line) {
        int index = events.size();
        if (index == MAX_EVENTS) {
            throw new LogParts.Unsplittable();
        }
        if (index == lines.length) {
            lines = Arrays.copyOf(lines, index * 2);
        }
        lines[index] = line;
        events.add(event);
    }

    int size() {
        return events.size();
    }

    Object event(int index) {
        return events.get(index);
    }

    long line(int index) {
        return lines[index];
    }

    /** The number of lines in the part. */
    long lineCount() {
        return lineCount;
    }

    void lineCount(long count) {
        lineCount = count;
    }

    /** Where in the file the part's lines end: no record line starts between its start and here but its own. */
    long end() {
        return end;
    }

    void end(long offset) {
        end = offset;
    }
}
