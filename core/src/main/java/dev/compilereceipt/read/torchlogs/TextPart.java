package dev.compilereceipt.read.torchlogs;

import java.util.ArrayList;
import java.util.List;

/**
 * What the reader of one part of a text file found ({@link TextParts}): the lines the reader reads
 * ({@link SievedLine}, numbered from the part's own first line), and what it takes to place them in
 * the file: the number of the part's first line and of the line it stopped at, the lines not UTF-8
 * before each, and where in the file its lines end. A part holds a bounded amount: past
 * {@value #MAX_LINES} lines read or {@value #MAX_CHARS} characters the split is given up
 * ({@link TextParts.Unsplittable}) and the text is read line by line.
 */
final class TextPart {

    static final int MAX_LINES = 1 << 17;
    static final long MAX_CHARS = 8L << 20;

    private final ArrayList<SievedLine> lines = new ArrayList<>();
    private long chars;
    private boolean holdsLines;
    private long first;
    private long stop;
    private long notUtf8AtFirst;
    private long notUtf8AtStop;
    private long end;

    /** The part begins at line {@code number}; {@code notUtf8} lines before it were not UTF-8. */
    void begin(long number, long notUtf8) {
        holdsLines = true;
        first = number;
        notUtf8AtFirst = notUtf8;
    }

    void add(SievedLine line) {
        chars += line.text() == null ? line.parsed().get().message().length() + line.parsed().get().key().length() : line.text().length();
        if (lines.size() == MAX_LINES || chars > MAX_CHARS) {
            throw new TextParts.Unsplittable();
        }
        if (lines.isEmpty()) {
            // A part of a real text reads thousands of lines: the list is not grown a dozen times from ten.
            lines.ensureCapacity(1024);
        }
        lines.add(line);
    }

    /** The part's lines end before line {@code number} (or the end of the file, numbered as past its last line), at {@code offset}. */
    void stop(long number, long notUtf8, long offset) {
        stop = number;
        notUtf8AtStop = notUtf8;
        end = offset;
    }

    /** A part in which no line a message may start on begins: the part before it reads its lines. */
    void empty(long offset) {
        holdsLines = false;
        end = offset;
    }

    boolean holdsLines() {
        return holdsLines;
    }

    List<SievedLine> lines() {
        return lines;
    }

    long first() {
        return first;
    }

    /** How many lines ({@code \n}) the part holds. */
    long lineCount() {
        return stop - first;
    }

    long notUtf8AtFirst() {
        return notUtf8AtFirst;
    }

    /** How many of the part's lines were not UTF-8. */
    long notUtf8() {
        return notUtf8AtStop - notUtf8AtFirst;
    }

    /** Where in the file the part's lines end. */
    long end() {
        return end;
    }
}
