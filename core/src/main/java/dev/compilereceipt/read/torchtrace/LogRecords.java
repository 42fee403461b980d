package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.read.PassedLimit;
import dev.compilereceipt.read.UnicodeText;
import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.read.Interner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns the lines of a TORCH_TRACE log into records: a glog-prefixed envelope line and the payload
 * lines (one leading tab each) after it. A record whose envelope is not one JSON object, whose
 * payload MD5 differs from {@code has_payload}, or whose JSON payload is not JSON is skipped and its
 * line listed as bad; so is the first of a run of payload lines that belong to no record. What the
 * well-formed records mean is the {@link Handler}'s business.
 */
final class LogRecords {

    /** Bad lines are listed in the receipt, so their number is bounded: a file of garbage after one record is no log. */
    static final int MAX_BAD_LINES = 10_000;
    /** What a part read ahead keeps of one payload at most: a longer one the whole log is read line by line for. */
    private static final int PART_KEPT = 1 << 20;

    /** What a well-formed record means. */
    interface Handler {
        void handle(LogEnvelope envelope, KeptPayload payload) throws IOException;
    }

    private final Path file;
    private final Limits limits;
    private final Interner pool;
    private final LogPayload payload;
    /** Of a part read ahead on another thread: where what it finds goes, in order; null when reading the whole log. */
    private final PartRecords part;
    private boolean keepCapped;
    private final List<Long> badLines = new ArrayList<>();
    private LogEnvelope record;
    private RecordKind recordKind;
    private long recordLine;
    private long at;
    private boolean skippingPayload;

    LogRecords(Path file, Limits limits, Interner pool, LogPayload payload) {
        this(file, limits, pool, payload, null);
    }

    private LogRecords(Path file, Limits limits, Interner pool, LogPayload payload, PartRecords part) {
        this.file = file;
        this.limits = limits;
        this.pool = pool;
        this.payload = payload;
        this.part = part;
    }

    /** The records of one part of a log, read ahead: strings, bad lines and records go to {@code part}, in line order. */
    static LogRecords of(Path file, Limits limits, PartRecords part) {
        return new LogRecords(file, limits, part, new LogPayload(limits.maxDepth()), part);
    }

    /**
     * Hands on what a part reader found as {@link #readAll} would have, line {@code n} of the part
     * being line {@code base + n} of the log: the strings go to the pool, the bad lines to the list
     * (and its bound), the records to {@code handler}, each with its line as the place of a refusal.
     */
    void replay(PartRecords found, long base, Handler handler) throws IOException {
        for (int i = 0; i < found.size(); i++) {
            Object event = found.event(i);
            long line = base + found.line(i);
            if (event == PartRecords.BAD) {
                bad(line);
            } else if (event instanceof String text) {
                at = line;
                pool.intern(text);
            } else {
                PartRecords.Kept kept = (PartRecords.Kept) event;
                at = line;
                recordLine = line;
                handler.handle(kept.envelope(), kept.payload());
            }
        }
    }

    /** Reads every line, handing each complete, well-formed record to {@code handler}. */
    void readAll(LogLines lines, Handler handler) throws IOException {
        while (lines.next()) {
            if (lines.number() == 1 && lines.startsFile() && GlogPrefix.envelopeStart(lines.bytes(), lines.start(), lines.end()) < 0) {
                throw new Refusal(file, "", 1, 0, "not a TORCH_TRACE log: line 1 does not start with a glog prefix"
                        + " and a JSON envelope, like " + GlogPrefix.EXAMPLE);
            }
            if (lines.isPayload()) {
                if (record != null) {
                    payload.line(lines.bytes(), lines.start() + 1, lines.end());
                } else if (!skippingPayload) {
                    // Payload lines of no record (after a bad envelope): skipped, and the first of them is
                    // reported, as the envelope of a bad record would be.
                    bad(lines.number());
                    skippingPayload = true;
                }
                continue;
            }
            if (lines.isBlank()) {
                // An empty line inside a payload occurs in real logs; tlparse drops empty lines before
                // parsing, and so does this reader: the record goes on. Outside a record it ends a
                // run of orphan payload lines.
                if (record == null) {
                    skippingPayload = false;
                }
                continue;
            }
            finishRecord(handler);
            at = lines.number();
            if (part != null) {
                part.at(at);
            }
            int envelope = GlogPrefix.envelopeStart(lines.bytes(), lines.start(), lines.end());
            Optional<LogEnvelope> parsed = envelope < 0 ? Optional.empty()
                    : LogEnvelope.parse(lines.bytes(), envelope, lines.end(), pool);
            if (parsed.isEmpty()) {
                bad(lines.number());
                skippingPayload = true;
                continue;
            }
            beginRecord(parsed.get(), lines.number());
        }
        finishRecord(handler);
        if (lines.number() == 0 && lines.startsFile()) {
            throw new Refusal(file, "", 0, 0, "the file is empty: a TORCH_TRACE log has one record a line");
        }
    }

    private void beginRecord(LogEnvelope envelope, long line) {
        record = envelope;
        recordLine = line;
        skippingPayload = false;
        recordKind = RecordKinds.of(envelope);
        int keep = recordKind.kept(envelope, limits);
        keepCapped = part != null && keep > PART_KEPT;
        if (keepCapped) {
            keep = PART_KEPT;
        }
        payload.begin(envelope.payloadMd5().isPresent(), recordKind.payloadIsJson(envelope), keep);
    }

    private void finishRecord(Handler handler) throws IOException {
        at = recordLine;
        LogEnvelope envelope = record;
        record = null;
        if (envelope == null) {
            return;
        }
        if (payload.tooDeep()) {
            throw PassedLimit.over("a JSON payload nests deeper than " + limits.maxDepth() + " levels", limits.maxDepth(),
                    "max_depth", "withMaxDepth");
        }
        if (keepCapped && payload.overflowed()) {
            throw new LogParts.Unsplittable();
        }
        boolean notText = recordKind.keptIsText() && !UnicodeText.isUtf8(payload.kept(), payload.overflowed());
        if (!payload.jsonValid() | !payload.md5Matches(envelope.payloadMd5()) || notText) {
            bad(recordLine);
            return;
        }
        handler.handle(envelope, payload);
    }


    /** The line being read or the record being handled: where a limit was passed. */
    long at() {
        return at;
    }

    /** The line of the record being handled. */
    long line() {
        return recordLine;
    }

    List<Long> badLines() {
        return badLines;
    }

    void bad(long line) {
        if (part != null) {
            part.bad(line);
        }
        if (badLines.size() == MAX_BAD_LINES) {
            throw new Refusal(file, "", line, 0, "more than " + MAX_BAD_LINES + " bad lines (the first at line "
                    + badLines.get(0) + "): too damaged to import as a TORCH_TRACE log; a real log has a few at most");
        }
        badLines.add(line);
    }
}
