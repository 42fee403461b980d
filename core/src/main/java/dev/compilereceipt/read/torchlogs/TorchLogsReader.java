package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.read.InputFile;
import dev.compilereceipt.read.PassedLimit;
import dev.compilereceipt.read.Refusal;
import org.apiguardian.api.API;

import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.read.StringPool;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Reads the text PyTorch prints with {@code TORCH_LOGS=graph_breaks,recompiles[,recompiles_verbose]}
 * (a CI log, a file of captured stderr) into a {@link Trace} with the compile side of a receipt:
 * runs without calls whose {@link dev.compilereceipt.trace.CompileLog} holds the recompiles with
 * their guard failures, the fallbacks (recompile limit reached, frame given up), and the break
 * sites with reason, gb id, explanation and hints. The capture helper logs a
 * {@code compile_receipt_run} line as each run starts ({@link RunMarker}): the text is split into
 * those runs ({@link TextRuns}); a text without them is one {@code baseline} run holding every run
 * of its process, and its trace says so ({@link Trace#runsMerged()}). The text is streamed line by line
 * ({@link TextLines}), a test of each line's bytes passing over the lines that are not PyTorch's
 * ({@link TextSieve}), and a regular file of 16 MiB or more is split on two threads
 * ({@link TextParts}) with the same answer; its messages are reassembled from their prefixed lines
 * ({@link TextMessages}) and read as they complete ({@link TextCompileLog}); any other output may
 * stand between them.
 *
 * <p>The text shows no first compile that went well, no compile time, no on-disk cache and nothing
 * of runtime: the trace declares every {@link Measure} not measured, and the receipt writes those
 * figures as {@code null}. A torn message (its first line missing, or missing what it must say), and
 * a message with a line cut at the line limit, not UTF-8 or with a broken escape sequence, is skipped and its first line listed in
 * {@link Trace#badLines()}; a text with more than {@value #MAX_BAD_LINES} of them is refused, and so
 * is one past a {@link Limits} bound (compiles, recompile reasons, break sites, kept characters).
 *
 * <p>Ranks: a line may carry {@code [rankN]:} (PyTorch writes it once the process group is up, and
 * launchers add their own). A text with lines of more than one rank is read one rank at a time
 * ({@code rank}: only the lines tagged with it); without a rank it must hold at most one, and is
 * read whole. A text without tags is rank 0. Either way the text is read once, in one pass, so a
 * pipe or a FIFO is read as a file is: for rank 0, the whole text is read alongside the tagged
 * lines until a first tag shows which of the two readings is the answer.
 *
 * <p>Colours and other terminal escape sequences are taken out of every line before it is read
 * ({@link TerminalCodes}); a line with a broken one damages its message, which is then a bad line.
 *
 * <p>Example: {@code TorchLogsReader.read(Path.of("ci.log"), Limits.DEFAULT, OptionalInt.empty())}.
 */
@API(status = API.Status.INTERNAL)
public final class TorchLogsReader {

    static final int MAX_BAD_LINES = TextReading.MAX_BAD_LINES;
    /**
     * The most lines read of a text (2^27, about 134 million: a CI log of over 10 GB), so that endless
     * short lines ({@code yes |}) are refused long before the byte bound of every input ({@link dev.compilereceipt.read.InputFile}).
     */
    public static final long MAX_LINES = 1L << 27;
    /**
     * The most lines that are not UTF-8 a text may hold: a real log has a stray few (a binary dump
     * in a print); random bytes make nearly every line one, so they are refused within megabytes
     * rather than at the 16 GiB bound.
     */
    public static final long MAX_NOT_UTF8_LINES = 1L << 16;
    /** The longest line kept whole, in bytes; a longer one keeps its start and damages its message. */
    public static final int MAX_LINE = TextLines.MAX_LINE;
    static final String EXAMPLE = "V1201 06:17:32.130000 13949 torch/_dynamo/guards.py:5619] [0/1] [__recompiles_verbose]"
            + " Recompiling function f in /rtl/scenarios.py:28";

    private final Path file;
    private final Limits limits;
    private final OptionalInt rank;
    private final Optional<Refusal> whenNoLine;
    private final RankTags ranks;
    private final TextRuns read;
    /** Of rank 0: the whole text, read alongside until a tag says the text has them. */
    private TextRuns whole;
    private Refusal wholeRefused;
    /** The number of the line being read, or past the last at the end. */
    private long at;

    private TorchLogsReader(Path file, Limits limits, OptionalInt rank, Optional<Refusal> whenNoLine) {
        this.file = file;
        this.limits = limits;
        this.rank = rank;
        this.whenNoLine = whenNoLine;
        this.ranks = new RankTags(file);
        this.read = new TextRuns(file, limits);
        this.whole = rank.isPresent() && rank.getAsInt() == 0 ? new TextRuns(file, limits) : null;
    }

    /**
     * Reads the text at {@code file}, opened once: whole without a rank, else the lines of that
     * rank (rank 0 of a text without rank tags is the whole text).
     */
    public static Trace read(Path file, Limits limits, OptionalInt rank) {
        return readFile(file, limits, rank, Optional.empty());
    }

    /**
     * Reads a text file known to be one (or, with {@code whenNoLine}, one its first bytes could not
     * tell): a regular file of {@value TextParts#MIN_SIZE} bytes or more in parts on two threads
     * ({@link TextParts}), else, or when it cannot be split, line by line; the answer is the same.
     */
    public static Trace readFile(Path file, Limits limits, OptionalInt rank, Optional<Refusal> whenNoLine) {
        if (readsInParts(file)) {
            try {
                InputFile.refuseLarger(file, Files.size(file));
                return new TorchLogsReader(file, limits, rank, whenNoLine).readParts(file, TextParts.PART);
            } catch (TextParts.Unsplittable unsplittable) {
                // Read below, line by line: its answer is the one given.
            } catch (IOException e) {
                throw new Refusal(file, "", 0, 0, "cannot be read: " + e.getMessage(), e);
            }
        }
        return InputFile.read(file, in -> new TorchLogsReader(file, limits, rank, whenNoLine).readAll(new TextLines(in, MAX_LINE)));
    }

    /** Whether a file is a regular file large enough to be read in parts, on a machine with the cores for it. */
    public static boolean readsInParts(Path file) {
        try {
            return Files.isRegularFile(file) && TextParts.worthIt(Files.size(file));
        } catch (IOException e) {
            return false;
        }
    }

    /** Reads a file in parts of {@code partSize} bytes, whatever its size; an {@link TextParts.Unsplittable} when it cannot be split. */
    static Trace readInParts(Path file, Limits limits, OptionalInt rank, int partSize) throws IOException {
        return new TorchLogsReader(file, limits, rank, Optional.empty()).readParts(file, partSize);
    }

    /**
     * Reads a text from a stream; {@code name} stands for the file. With {@code rank}, only the
     * lines tagged {@code [rankN]:} with that rank are read (rank 0 of a text without tags: every
     * line). The stream is read once and not closed.
     */
    public static Trace read(Path name, InputStream in, Limits limits, OptionalInt rank, int maxLine) throws IOException {
        return new TorchLogsReader(name, limits, rank, Optional.empty()).readAll(new TextLines(in, maxLine));
    }

    /**
     * Reads a text that its first bytes could not tell: refused with {@code whenNoLine} (which says
     * what else it is not) rather than as no TORCH_LOGS text, when no line of it is one.
     */
    public static Trace readText(Path name, InputStream in, Limits limits, OptionalInt rank, Refusal whenNoLine)
            throws IOException {
        return new TorchLogsReader(name, limits, rank, Optional.of(whenNoLine)).readAll(new TextLines(in, MAX_LINE));
    }

    /** The ranks of the text's {@code [rankN]:} tags, ascending; {@code [0]} for a text without tags. The stream is not closed. */
    public static List<Integer> ranks(Path name, InputStream in) throws IOException {
        return RankTags.of(name, in);
    }

    private Trace readAll(TextLines lines) throws IOException {
        TextSieve sieve = new TextSieve();
        try {
            while (lines.next()) {
                if (lines.number() > MAX_LINES) {
                    at = lines.number();
                    throw tooManyLines(lines.number());
                }
                SievedLine line = sieve.sift(lines);
                if (line != null) {
                    line(line, line.number(), line.notUtf8());
                }
            }
            at = lines.number();
            return finish();
        } catch (PassedLimit | StringPool.OverLimit over) {
            throw refusal(over, at);
        } catch (TextLines.LineTooLong tooLong) {
            throw new Refusal(file, "", tooLong.number(), 0, tooLong.rule());
        }
    }

    /** Reads a regular file in parts on two threads ({@link TextParts}); an {@link TextParts.Unsplittable} when it cannot be split. */
    Trace readParts(Path file, int partSize) throws IOException {
        long[] base = {0, 0};
        try {
            TextParts.readAll(file, partSize, part -> {
                if (!part.holdsLines()) {
                    return;
                }
                if (base[0] + part.lineCount() + 1 > MAX_LINES) {
                    // The line-by-line read names the line past the bound.
                    throw new TextParts.Unsplittable();
                }
                for (SievedLine line : part.lines()) {
                    line(line, base[0] + line.number() - part.first() + 1, base[1] + line.notUtf8() - part.notUtf8AtFirst());
                }
                base[0] += part.lineCount();
                base[1] += part.notUtf8();
            });
            at = base[0] + 1;
            return finish();
        } catch (PassedLimit | StringPool.OverLimit over) {
            throw refusal(over, at);
        }
    }

    private Refusal tooManyLines(long number) {
        return new Refusal(file, "", number, 0, "more than " + MAX_LINES + " lines, the most this reader"
                + " reads of a text: endless input (yes |, a log still being written)? Give a finished log as a file");
    }

    /** One line read, numbered {@code number} in the text, {@code notUtf8} lines up to it not UTF-8. */
    private void line(SievedLine line, long number, long notUtf8) {
        at = number;
        if (notUtf8 > MAX_NOT_UTF8_LINES) {
            throw new Refusal(file, "", number, 0, "more than " + MAX_NOT_UTF8_LINES + " lines that are not UTF-8:"
                    + " binary input (/dev/urandom, a compressed log?), not a TORCH_LOGS text");
        }
        String text = line.text();
        Optional<TextLine> parsed = line.parsed();
        boolean damaged = line.damaged();
        OptionalInt tag = ranks.tag(number, parsed);
        if (rank.isEmpty()) {
            // Past a second rank, the rest is only scanned for the ranks the refusal names.
            if (ranks.size() <= 1) {
                read.line(number, text, parsed, line.kind(), damaged);
            }
            return;
        }
        if (tag.isPresent() && tag.getAsInt() == rank.getAsInt()) {
            read.line(number, text, parsed, line.kind(), damaged);
        }
        if (whole != null && tag.isPresent()) {
            whole = null;
            wholeRefused = null;
        } else if (whole != null && wholeRefused == null) {
            try {
                whole.line(number, text, parsed, line.kind(), damaged);
            } catch (PassedLimit | StringPool.OverLimit | Refusal refused) {
                // The answer only if no tag follows.
                wholeRefused = refusal(refused, number);
            }
        }
    }

    /** The answer once every line is read. */
    private Trace finish() {
        if (rank.isEmpty() && ranks.size() > 1) {
            throw new Refusal(file, "", 0, 0, "the text holds lines of ranks " + ranks.list()
                    + "; choose one (TraceRequest.of(file).withRank(N), the CLI's --rank or @TraceFixture(rank = N))");
        }
        if (rank.isPresent() && ranks.isEmpty()) {
            if (whole == null) {
                throw new Refusal(file, "", 0, 0, "no lines of rank " + rank.getAsInt()
                        + ": the text has no [rankN]: tags, so it is one process, rank 0");
            }
            if (wholeRefused != null) {
                throw wholeRefused;
            }
            return trace(whole, OptionalInt.empty());
        }
        if (rank.isPresent() && !ranks.contains(rank.getAsInt())) {
            throw new Refusal(file, "", 0, 0, "no lines of rank " + rank.getAsInt() + "; the text holds ranks "
                    + ranks.list());
        }
        return trace(read, rank);
    }

    private Refusal refusal(RuntimeException refused, long line) {
        if (refused instanceof PassedLimit over) {
            return new Refusal(file, "", line, 0, over.getMessage());
        }
        if (refused instanceof StringPool.OverLimit over) {
            return new Refusal(file, "", line, 0, PassedLimit.of(over, "the text").getMessage());
        }
        return (Refusal) refused;
    }

    /** The trace of a finished reading; {@code tagged}, the rank it read by its tags. */
    private Trace trace(TextRuns reading, OptionalInt tagged) {
        try {
            reading.finish();
        } catch (PassedLimit | StringPool.OverLimit over) {
            throw refusal(over, at);
        }
        if (!reading.sawAny() && (rank.isEmpty() || whenNoLine.isPresent())) {
            if (whenNoLine.isPresent()) {
                throw whenNoLine.get();
            }
            throw new Refusal(file, "", 0, 0, "not TORCH_LOGS text: no line is a graph break, a recompile,"
                    + " a recompile-limit warning or WON'T CONVERT, with a glog prefix like " + EXAMPLE + " or bare");
        }
        return TorchLogsCanonicalForm.of(file, reading, tagged, limits);
    }
}
