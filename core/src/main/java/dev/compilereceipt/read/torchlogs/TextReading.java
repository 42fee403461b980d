package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.read.StringPool;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Limits;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One reading of a text's lines into a compile log: the messages reassembled ({@link TextMessages})
 * and read as they complete ({@link TextCompileLog}) with their own string pool, and the bad lines
 * met. The reader runs one for the lines it reads; with a rank, a second for the whole text until
 * the first rank tag shows the text is tagged, so a pipe is read once whichever turns out to be
 * the answer.
 */
final class TextReading {

    /** Bad lines are listed in the receipt, so their number is bounded, as for a TORCH_TRACE log. */
    static final int MAX_BAD_LINES = 10_000;

    private final Path file;
    private final TextCompileLog log;
    private final TextMessages messages;
    private final List<Long> badLines = new ArrayList<>();

    TextReading(Path file, Limits limits) {
        this.file = file;
        this.log = new TextCompileLog(limits, new StringPool(limits.maxStringLength(), limits.maxKeptChars()));
        this.messages = new TextMessages(limits, new TextMessages.Sink() {
            @Override
            public void message(TextMessage message) {
                if (!log.read(message)) {
                    bad(message.line);
                }
            }

            @Override
            public void bad(long line) {
                TextReading.this.bad(line);
            }
        });
    }

    /** One line; a {@link dev.compilereceipt.read.PassedLimit}, {@link StringPool.OverLimit} or {@link Refusal} past a bound. */
    void line(long number, String text, Optional<TextLine> parsed, boolean damaged) {
        messages.line(number, text, parsed, damaged);
    }

    /** One line with the kind of message it starts ({@link TextMessages#kindOf}). */
    void line(long number, String text, Optional<TextLine> parsed, Optional<TextMessage.Kind> kind, boolean damaged) {
        messages.line(number, text, parsed, kind, damaged);
    }

    /** The text is over: every open message is read. */
    void finish() {
        messages.finish();
    }

    boolean sawMessage() {
        return messages.sawMessage();
    }

    CompileLog build() {
        return log.build();
    }

    /** See {@link TextCompileLog#recompilesWithoutReason()}. */
    List<String> recompilesWithoutReason() {
        return log.recompilesWithoutReason();
    }

    /** See {@link TextCompileLog#resumeFramesWithoutBreak()}. */
    List<String> resumeFramesWithoutBreak() {
        return log.resumeFramesWithoutBreak();
    }

    /** The first line of each skipped message, ascending. */
    List<Long> badLines() {
        List<Long> sorted = new ArrayList<>(badLines);
        sorted.sort(null);
        return sorted;
    }

    private void bad(long line) {
        if (badLines.size() == MAX_BAD_LINES) {
            throw new Refusal(file, "", line, 0, "more than " + MAX_BAD_LINES + " bad lines (the first at line "
                    + badLines.stream().min(Long::compare).orElse(line) + "): too damaged to import as TORCH_LOGS text");
        }
        badLines.add(line);
    }
}
