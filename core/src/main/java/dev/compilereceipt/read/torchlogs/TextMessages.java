package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.read.PassedLimit;
import dev.compilereceipt.trace.Limits;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reassembles the messages of a TORCH_LOGS text from its lines, whatever else the text holds.
 * A prefixed line belongs to the open message of its writer (rank and pid) that has the same
 * prefix ({@link TextLine#key()}: timestamp, source line, compile id, artifact); a line that
 * starts a message ({@link TextMessage.Kind#of}) ends the writer's open one and opens its own.
 * Lines of other writers, other loggers and the program's own output may come between the lines
 * of a message: they neither end nor join it. A prefixed {@code [__graph_breaks]} or
 * {@code [__recompiles...]} line that belongs to no open message is torn from a message whose
 * first line is missing (another writer cut in, or the text begins mid-message): the first of such
 * a run is listed as bad. Bare lines ({@code TORCH_LOGS_FORMAT=""}) have no prefix: a bare
 * message takes the lines that fit its shape ({@link TextMessage#takesBare}) and ends at the first
 * that does not.
 *
 * <p>At most {@value #MAX_OPEN} writers have a message open at once (the oldest is ended to make
 * room) and the characters kept open are bounded by {@link Limits#maxKeptChars()}, so no text
 * holds more than that in memory, however its lines interleave.
 */
final class TextMessages {

    static final int MAX_OPEN = 256;
    private static final String GRAPH_BREAKS = "graph_breaks";
    private static final String RECOMPILES = "recompiles";
    private static final String RECOMPILES_VERBOSE = "recompiles_verbose";
    private static final Set<String> ARTIFACTS = Set.of(GRAPH_BREAKS, RECOMPILES, RECOMPILES_VERBOSE);

    /** Where complete messages and bad lines go. */
    interface Sink {
        void message(TextMessage message);

        void bad(long line);
    }

    private final Limits limits;
    private final Sink sink;
    private final Map<String, TextMessage> open = new LinkedHashMap<>();
    private final Map<String, String> orphans = new LinkedHashMap<>() {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
            return size() > MAX_OPEN;
        }
    };
    private TextMessage bare;
    private final UserFrames frames = new UserFrames();
    private long openChars;
    private boolean sawMessage;

    TextMessages(Limits limits, Sink sink) {
        this.limits = limits;
        this.sink = sink;
    }

    /** One line of the text; {@code damaged} when it was cut at the line limit or was not UTF-8. */
    void line(long number, String text, Optional<TextLine> parsed, boolean damaged) {
        line(number, text, parsed, kindOf(text, parsed), damaged);
    }

    /** One line of the text, with the kind of message it starts ({@link #kindOf}), as {@link TextSieve} found it. */
    void line(long number, String text, Optional<TextLine> parsed, Optional<TextMessage.Kind> kind, boolean damaged) {
        if (parsed.isPresent()) {
            endBare();
            prefixed(number, parsed.get(), kind, damaged);
            return;
        }
        if (kind.isPresent()) {
            endBare();
            bare = new TextMessage(kind.get(), number, "", null, false, Optional.empty(), text, limits, frames);
            opened(bare, damaged);
        } else if (bare != null && bare.takesBare(text)) {
            kept(bare, bare.add(text), damaged);
        } else {
            endBare();
        }
    }

    /** The kind of message a line starts: a prefixed one under its artifact's tag, a bare one by its text. */
    static Optional<TextMessage.Kind> kindOf(String text, Optional<TextLine> parsed) {
        if (parsed.isEmpty()) {
            return TextMessage.Kind.of(text);
        }
        // Without a lambda: asked of every prefixed line, on the part threads.
        Optional<TextMessage.Kind> kind = TextMessage.Kind.of(parsed.get().message());
        return kind.isPresent() && !startsIn(kind.get(), parsed.get()) ? Optional.empty() : kind;
    }

    private void prefixed(long number, TextLine line, Optional<TextMessage.Kind> kind, boolean damaged) {
        boolean tagged = line.artifact().isPresent();
        if (tagged && !isRead(line.artifact().get())) {
            return;
        }
        TextMessage current = open.get(line.process());
        if (kind.isPresent()) {
            // The writer's message is the only one open (one process): its entry takes the new one in place, which
            // keeps the order of a map of one, where removing and adding it again was some 7 % of the reading thread.
            boolean alone = current != null && open.size() == 1;
            if (alone) {
                hand(current);
            } else if (current != null) {
                end(current);
            }
            if (!orphans.isEmpty()) {
                orphans.remove(line.process());
            }
            TextMessage message = new TextMessage(kind.get(), number, line.process(), line.key(), line.traced(), line.graph(),
                    line.message(), limits, frames);
            if (!alone && open.size() == MAX_OPEN) {
                end(open.values().iterator().next());
            }
            open.put(line.process(), message);
            opened(message, damaged);
        } else if (current != null && current.key.equals(line.key())) {
            kept(current, current.add(line.message()), damaged);
        } else if (tagged) {
            sawMessage = true;
            if (current != null) {
                end(current);
            }
            if (!line.key().equals(orphans.get(line.process()))) {
                sink.bad(number);
                orphans.put(line.process(), line.key());
            }
        }
        // Otherwise a glog line of another logger, or of no message: other output.
    }

    /** Whether the reader reads lines of this artifact: by identity first, as {@link PrefixMemory} hands out the three. */
    private static boolean isRead(String artifact) {
        return artifact == GRAPH_BREAKS || artifact == RECOMPILES || artifact == RECOMPILES_VERBOSE || ARTIFACTS.contains(artifact);
    }

    /** Whether a message of {@code kind} starts on a line with these tags: breaks and recompiles under their artifacts, the rest untagged. */
    private static boolean startsIn(TextMessage.Kind kind, TextLine line) {
        String artifact = line.artifact().orElse("");
        return switch (kind) {
            case BREAK -> artifact.equals("graph_breaks");
            case RECOMPILE -> artifact.startsWith("recompiles");
            case LIMIT, WONT_CONVERT -> artifact.isEmpty();
        };
    }

    private void opened(TextMessage message, boolean damaged) {
        sawMessage = true;
        kept(message, message.chars(), damaged);
    }

    private void kept(TextMessage message, long chars, boolean damaged) {
        if (damaged) {
            message.damage();
        }
        openChars += chars;
        if (openChars > limits.maxKeptChars()) {
            throw PassedLimit.over("the text holds messages of more than " + limits.maxKeptChars() + " characters open",
                    limits.maxKeptChars(), "max_kept_chars", "withMaxKeptChars");
        }
    }

    private void endBare() {
        if (bare != null) {
            TextMessage ended = bare;
            bare = null;
            hand(ended);
        }
    }

    private void end(TextMessage message) {
        open.remove(message.process);
        hand(message);
    }

    private void hand(TextMessage message) {
        openChars -= message.chars();
        if (message.damaged()) {
            sink.bad(message.line);
        } else {
            sink.message(message);
        }
    }

    /** Ends every open message: the text is over. */
    void finish() {
        endBare();
        for (TextMessage message : new ArrayList<>(open.values())) {
            end(message);
        }
    }

    /** Whether the text held one message of TORCH_LOGS at least, or a torn line of one. */
    boolean sawMessage() {
        return sawMessage;
    }
}
