package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.read.LogFixtureName;
import dev.compilereceipt.read.Refusal;
import org.apiguardian.api.API;

import dev.compilereceipt.trace.Fixture;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.SourceShape;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.read.StringPool;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads the text PyTorch prints with {@code TORCH_LOGS=graph_breaks,recompiles[,recompiles_verbose]}
 * (a CI log, a file of captured stderr) into a {@link Trace} with the compile side of a receipt:
 * one {@code baseline} run without calls whose {@link dev.compilereceipt.trace.CompileLog} holds the
 * recompiles with their guard failures, the fallbacks (recompile limit reached, frame given up),
 * and the break sites with reason, gb id, explanation and hints. The text is streamed line by line
 * ({@link TextLines}); its messages are reassembled from their prefixed lines
 * ({@link TextMessages}) and read as they complete ({@link TextCompileLog}); any other output may
 * stand between them.
 *
 * <p>The text shows no first compile that went well, no compile time, no on-disk cache and nothing
 * of runtime: the trace declares every {@link Measure} not measured, and the receipt writes those
 * figures as {@code null}. A torn message (its first line missing, or missing what it must say), and
 * a message with a line cut at the line limit or not UTF-8, is skipped and its first line listed in
 * {@link Trace#badLines()}; a text with more than {@value #MAX_BAD_LINES} of them is refused, and so
 * is one past a {@link Limits} bound (compiles, recompile reasons, break sites, kept characters).
 *
 * <p>Ranks: a line may carry {@code [rankN]:} (PyTorch writes it once the process group is up, and
 * launchers add their own). A text with lines of more than one rank is read one rank at a time
 * ({@code rank}: only the lines tagged with it); without a rank it must hold at most one, and is
 * read whole. A text without tags is rank 0.
 *
 * <p>Example: {@code TorchLogsReader.read(Path.of("ci.log"), Limits.DEFAULT, OptionalInt.empty())}.
 */
@API(status = API.Status.INTERNAL)
public final class TorchLogsReader {

    /** Bad lines are listed in the receipt, so their number is bounded, as for a TORCH_TRACE log. */
    static final int MAX_BAD_LINES = 10_000;
    static final int MAX_RANKS = 1 << 16;
    /** The longest line kept whole, in bytes; a longer one keeps its start and damages its message. */
    public static final int MAX_LINE = TextLines.MAX_LINE;
    static final String EXAMPLE = "V1201 06:17:32.130000 13949 torch/_dynamo/guards.py:5619] [0/1] [__recompiles_verbose]"
            + " Recompiling function f in /rtl/scenarios.py:28";

    private final Path file;
    private final Limits limits;
    private final OptionalInt rank;
    private final StringPool pool;
    private final TextCompileLog log;
    private final List<Long> badLines = new ArrayList<>();
    private Optional<Refusal> whenNoLine = Optional.empty();

    private TorchLogsReader(Path file, Limits limits, OptionalInt rank) {
        this.file = file;
        this.limits = limits;
        this.rank = rank;
        this.pool = new StringPool(limits.maxStringLength(), limits.maxKeptChars());
        this.log = new TextCompileLog(limits, pool);
    }

    /**
     * Reads the text at {@code file}: whole without a rank, else the lines of that rank (rank 0 of
     * a text without rank tags is the whole text).
     */
    public static Trace read(Path file, Limits limits, OptionalInt rank) {
        OptionalInt tagged = OptionalInt.empty();
        if (rank.isPresent()) {
            Set<Integer> ranks = taggedRanks(file);
            if (ranks.isEmpty() && rank.getAsInt() != 0) {
                throw new Refusal(file, "", 0, 0, "no lines of rank " + rank.getAsInt()
                        + ": the text has no [rankN]: tags, so it is one process, rank 0");
            }
            if (!ranks.isEmpty() && !ranks.contains(rank.getAsInt())) {
                throw new Refusal(file, "", 0, 0, "no lines of rank " + rank.getAsInt() + "; the text holds ranks "
                        + List.copyOf(ranks));
            }
            tagged = ranks.isEmpty() ? OptionalInt.empty() : rank;
        }
        try (InputStream in = Files.newInputStream(file)) {
            return read(file, in, limits, tagged, MAX_LINE);
        } catch (IOException e) {
            throw new Refusal(file, "", 0, 0, "cannot be read: " + e, e);
        }
    }

    /**
     * Reads a text from a stream; {@code name} stands for the file. With {@code rank}, only the
     * lines tagged {@code [rankN]:} with that rank are read. The stream is not closed.
     */
    public static Trace read(Path name, InputStream in, Limits limits, OptionalInt rank, int maxLine) throws IOException {
        return read(name, in, limits, rank, maxLine, Optional.empty());
    }

    /**
     * Reads a text that its first bytes could not tell: refused with {@code whenNoLine} (which says
     * what else it is not) rather than as no TORCH_LOGS text, when no line of it is one.
     */
    public static Trace readText(Path name, InputStream in, Limits limits, Refusal whenNoLine) throws IOException {
        return read(name, in, limits, OptionalInt.empty(), MAX_LINE, Optional.of(whenNoLine));
    }

    private static Trace read(Path name, InputStream in, Limits limits, OptionalInt rank, int maxLine,
                              Optional<Refusal> whenNoLine) throws IOException {
        TextLines lines = new TextLines(in, maxLine);
        try {
            TorchLogsReader reader = new TorchLogsReader(name, limits, rank);
            reader.whenNoLine = whenNoLine;
            return reader.readAll(lines);
        } catch (TextLimit over) {
            throw new Refusal(name, "", lines.number(), 0, over.getMessage());
        } catch (StringPool.OverLimit over) {
            throw new Refusal(name, "", lines.number(), 0, TextLimit.of(over).getMessage());
        }
    }

    /** The ranks of the text's {@code [rankN]:} tags, ascending; {@code [0]} for a text without tags. */
    public static List<Integer> ranks(Path file) {
        Set<Integer> ranks = taggedRanks(file);
        return ranks.isEmpty() ? List.of(0) : List.copyOf(ranks);
    }

    private static Set<Integer> taggedRanks(Path file) {
        Set<Integer> ranks = new TreeSet<>();
        try (InputStream in = Files.newInputStream(file)) {
            TextLines lines = new TextLines(in, MAX_LINE);
            while (lines.next()) {
                OptionalInt tag = rankOf(TextLine.parse(lines.text()));
                if (tag.isPresent() && ranks.add(tag.getAsInt()) && ranks.size() > MAX_RANKS) {
                    throw new Refusal(file, "", lines.number(), 0, "more than " + MAX_RANKS + " ranks");
                }
            }
        } catch (IOException e) {
            throw new Refusal(file, "", 0, 0, "cannot be read: " + e, e);
        }
        return ranks;
    }

    private static OptionalInt rankOf(Optional<TextLine> line) {
        return line.isPresent() && line.get().rank() >= 0 ? OptionalInt.of(line.get().rank()) : OptionalInt.empty();
    }

    private Trace readAll(TextLines lines) throws IOException {
        TextMessages messages = new TextMessages(limits, new TextMessages.Sink() {
            @Override
            public void message(TextMessage message) {
                if (!log.read(message)) {
                    bad(message.line);
                }
            }

            @Override
            public void bad(long line) {
                TorchLogsReader.this.bad(line);
            }
        });
        Set<Integer> ranks = new TreeSet<>();
        while (lines.next()) {
            String text = lines.text();
            Optional<TextLine> parsed = TextLine.parse(text);
            OptionalInt tag = rankOf(parsed);
            if (tag.isPresent() && ranks.add(tag.getAsInt()) && ranks.size() > MAX_RANKS) {
                throw new Refusal(file, "", lines.number(), 0, "more than " + MAX_RANKS + " ranks");
            }
            if (rank.isEmpty() && ranks.size() > 1) {
                // The rest is only scanned for the ranks the refusal names.
                continue;
            }
            if (rank.isPresent() && (tag.isEmpty() || tag.getAsInt() != rank.getAsInt())) {
                continue;
            }
            messages.line(lines.number(), text, parsed, lines.cut() || lines.malformed());
        }
        if (rank.isEmpty() && ranks.size() > 1) {
            throw new Refusal(file, "", 0, 0, "the text holds lines of ranks " + List.copyOf(ranks)
                    + "; choose one (Traces.read(file, rank), the CLI's --rank or @TraceFixture(rank = N))");
        }
        messages.finish();
        if (rank.isEmpty() && !messages.sawMessage()) {
            if (whenNoLine.isPresent()) {
                throw whenNoLine.get();
            }
            throw new Refusal(file, "", 0, 0, "not TORCH_LOGS text: no line is a graph break, a recompile,"
                    + " a recompile-limit warning or WON'T CONVERT, with a glog prefix like " + EXAMPLE + " or bare");
        }
        badLines.sort(null);
        return trace();
    }

    private Trace trace() {
        Map<String, String> fields = rank.isPresent() ? Map.of("rank", Integer.toString(rank.getAsInt())) : Map.of();
        CompileLog compileLog = log.build();
        Run run = new Run(Run.BASELINE, List.of(), Optional.of(compileLog));
        SourceShape shape = structured(compileLog) ? SourceShape.TORCH_LOGS_2_8 : SourceShape.TORCH_LOGS_2_6;
        return TorchLogsCanonicalForm.trace(file, new Fixture(LogFixtureName.of(file, rank), fields, Optional.empty()), run, limits,
                shape.notMeasured(), badLines).withBounds(shape.bounds());
    }

    /**
     * Whether the text is PyTorch 2.8 or later: a graph break with a registry id or an explanation.
     * Those releases log a frame given up after a break ({@code Skipping the function and falling
     * back to eager}); 2.6 skips a frame that breaks in a loop without a line, so without that sign
     * the fallbacks read are only the least there were.
     */
    private static boolean structured(CompileLog log) {
        return log.breakSites().stream().anyMatch(site -> site.detail().gbId().isPresent() || site.detail().explanation().isPresent());
    }

    private void bad(long line) {
        if (badLines.size() == MAX_BAD_LINES) {
            throw new Refusal(file, "", line, 0, "more than " + MAX_BAD_LINES + " bad lines (the first at line "
                    + badLines.stream().min(Long::compare).orElse(line) + "): too damaged to import as TORCH_LOGS text");
        }
        badLines.add(line);
    }
}
