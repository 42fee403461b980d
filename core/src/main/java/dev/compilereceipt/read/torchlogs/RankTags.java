package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.read.Refusal;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;

/**
 * The ranks a text's lines are tagged with ({@code [rankN]:}), counted as the lines are read: a text
 * with more than {@value #MAX_RANKS} is refused. Most lines are tagged as the one before, so only a
 * change of tag is looked up.
 */
final class RankTags {

    static final int MAX_RANKS = 1 << 16;

    private final Path file;
    private final Set<Integer> ranks = new TreeSet<>();
    /** The rank of the last tagged line. */
    private int lastTag = -1;

    RankTags(Path file) {
        this.file = file;
    }

    /** The ranks of the text's tags, ascending; {@code [0]} for a text without tags. The stream is not closed. */
    static List<Integer> of(Path name, InputStream in) throws IOException {
        RankTags tags = new RankTags(name);
        TextLines lines = new TextLines(in, TextLines.MAX_LINE);
        TextSieve sieve = new TextSieve();
        try {
            while (lines.next()) {
                SievedLine line = sieve.sift(lines);
                if (line != null) {
                    tags.tag(line.number(), line.parsed());
                }
            }
        } catch (TextLines.LineTooLong tooLong) {
            throw new Refusal(name, "", tooLong.number(), 0, tooLong.rule());
        }
        return tags.isEmpty() ? List.of(0) : tags.list();
    }

    /** The line's rank tag, if any, counted among the ranks of the text. */
    OptionalInt tag(long number, Optional<TextLine> line) {
        if (line.isEmpty() || line.get().rank() < 0) {
            return OptionalInt.empty();
        }
        int tag = line.get().rank();
        if (tag != lastTag && ranks.add(tag) && ranks.size() > MAX_RANKS) {
            throw new Refusal(file, "", number, 0, "more than " + MAX_RANKS + " ranks");
        }
        lastTag = tag;
        return OptionalInt.of(tag);
    }

    int size() {
        return ranks.size();
    }

    boolean isEmpty() {
        return ranks.isEmpty();
    }

    boolean contains(int rank) {
        return ranks.contains(rank);
    }

    /** The ranks met so far, ascending. */
    List<Integer> list() {
        return List.copyOf(ranks);
    }
}
