package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.UserFrame;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One message of TORCH_LOGS text while its lines arrive: its kind (from its first line), where it
 * began, the writer and compile id of a prefixed message, and the lines it keeps. A message keeps
 * only what is read from it: a graph break up to {@code User code traceback:} and the one frame of
 * it that is the user's, a recompile its guard failures as they are read ({@link RecompileText.Reading}), the recompile-limit warning up to its {@code To log all ...} line, {@code WON'T CONVERT}
 * its first line; the rest is passed over, so a long traceback costs nothing.
 *
 * <p>A bare message (no prefix, {@code TORCH_LOGS_FORMAT=""}) has no key and no compile id: its
 * lines are told from other output by their shape ({@link #takesBare}).
 */
final class TextMessage {

    /** What a message says, from its first line. */
    enum Kind {
        /** {@code Graph break ... in user code at FILE:LINE} (graph_breaks). */
        BREAK,
        /** {@code Recompiling function NAME in FILE:LINE} (recompiles, recompiles_verbose). */
        RECOMPILE,
        /** {@code torch._dynamo hit config.cache_size_limit (8)} (2.6) or {@code config.recompile_limit} (2.14). */
        LIMIT,
        /** {@code WON'T CONVERT NAME FILE line N}: a frame Dynamo gave up on, logged after its compile (no compile id). */
        WONT_CONVERT;

        /** The kind a message with this first line has, or empty when it starts none. */
        static Optional<Kind> of(String first) {
            // Most lines start none: their first char says so before any comparison.
            switch (first.isEmpty() ? 0 : first.charAt(0)) {
                case 'G', 'R', 't', 'W' -> {
                }
                default -> {
                    return Optional.empty();
                }
            }
            if (first.startsWith("Graph break") && first.contains(" in user code at ")) {
                return Optional.of(BREAK);
            }
            if (first.startsWith("Recompiling function ")) {
                return Optional.of(RECOMPILE);
            }
            if (first.startsWith("torch._dynamo hit config.")) {
                return Optional.of(LIMIT);
            }
            if (first.startsWith("WON'T CONVERT ")) {
                return Optional.of(WONT_CONVERT);
            }
            return Optional.empty();
        }
    }

    final Kind kind;
    final long line;
    final String process;
    /** The prefix every line of the message carries; null for a bare message. */
    final String key;
    final boolean traced;
    final Optional<GraphId> graph;
    final List<String> lines = new ArrayList<>();
    private final UserFrames frames;
    /** Of a recompile, its lines as they are read, in place of {@link #lines}. */
    final RecompileText.Reading recompile;
    private long chars;
    private boolean keeping = true;
    private boolean damaged;
    // The shape of a bare graph break, as far as it has come.
    private boolean structured;
    private boolean typeSeen;
    private boolean explained;
    private boolean traceback;
    private int userFrameAt = -1;
    private boolean ended;

    TextMessage(Kind kind, long line, String process, String key, boolean traced, Optional<GraphId> graph, String first,
                Limits limits) {
        this(kind, line, process, key, traced, graph, first, limits, new UserFrames());
    }

    /** A message whose traceback lines are told by {@code frames}, which a reading shares between its messages. */
    TextMessage(Kind kind, long line, String process, String key, boolean traced, Optional<GraphId> graph, String first,
                Limits limits, UserFrames frames) {
        this.frames = frames;
        this.kind = kind;
        this.recompile = kind == Kind.RECOMPILE ? new RecompileText.Reading(first, limits) : null;
        this.line = line;
        this.process = process;
        this.key = key;
        this.traced = traced;
        this.graph = graph;
        if (recompile != null) {
            chars = first.length() + 1;
        } else {
            add(first);
        }
    }

    /** Adds a line; the characters it keeps, for the reader's bound on text held open. */
    long add(String text) {
        if (!keeping) {
            return 0;
        }
        switch (kind) {
            case BREAK -> {
                if (traceback) {
                    return frame(text);
                }
                // One char first: most lines of a break are none of the three.
                char c = text.isEmpty() ? 0 : text.charAt(0);
                structured |= c == 'G' && text.startsWith("Graph Break Reason:");
                explained |= c == ' ' && text.startsWith("  Explanation:");
                traceback = c == 'U' && text.startsWith("User code traceback:");
            }
            case LIMIT -> {
                if (text.startsWith("To log all recompilation reasons") || text.startsWith("To diagnose recompilation")) {
                    keeping = false;
                    return 0;
                }
            }
            case WONT_CONVERT -> {
                if (!lines.isEmpty()) {
                    keeping = false;
                    return 0;
                }
            }
            case RECOMPILE -> {
                // Every line counts towards the text held open, as it did when each was kept.
                recompile.add(text);
                chars += text.length() + 1;
                return text.length() + 1;
            }
        }
        lines.add(text);
        chars += text.length() + 1;
        return text.length() + 1;
    }

    /**
     * A line of a break's {@code User code traceback:}: the message keeps one frame, the latest
     * outside PyTorch and the standard library, which is the user's frame ({@link UserFrame}); a blank or unindented line ends it.
     */
    private long frame(String text) {
        if (UserFrame.endsTraceback(text)) {
            keeping = false;
            return 0;
        }
        if (!frames.isUsers(text)) {
            return 0;
        }
        long before = chars;
        if (userFrameAt >= 0) {
            chars -= lines.get(userFrameAt).length() + 1;
            lines.set(userFrameAt, text);
        } else {
            userFrameAt = lines.size();
            lines.add(text);
        }
        chars += text.length() + 1;
        return chars - before;
    }

    long chars() {
        return chars;
    }

    /** A line of the message was cut or was not UTF-8: the message is not read, its first line is listed as bad. */
    void damage() {
        damaged = true;
    }

    boolean damaged() {
        return damaged;
    }

    /**
     * Whether {@code text} (a line without prefix) continues this bare message. A bare graph break:
     * blank and indented lines, {@code Reason:}, {@code Graph Break Reason:} and the one type line
     * after it (2.8+), {@code User code traceback:}, and a blank line after the traceback ends it.
     * A bare recompile: blank lines and lines indented by four spaces. A bare limit warning: its
     * {@code function:} and {@code last reason:} lines, an indented stack, and its two closing
     * lines. {@code WON'T CONVERT} takes nothing after its first line: its traceback is left to the
     * other output.
     */
    boolean takesBare(String text) {
        if (ended) {
            return false;
        }
        boolean blank = text.isBlank();
        return switch (kind) {
            case BREAK -> {
                if (traceback) {
                    ended = blank;
                    yield true;
                }
                if (blank || text.startsWith(" ") || text.startsWith("Reason:") || text.startsWith("Graph Break Reason:")
                        || text.startsWith("User code traceback:")) {
                    yield true;
                }
                if (structured && !explained && !typeSeen) {
                    typeSeen = true;
                    yield true;
                }
                yield false;
            }
            case RECOMPILE -> blank || text.startsWith("    ");
            case LIMIT -> {
                if (text.startsWith("To diagnose recompilation")) {
                    ended = true;
                    yield true;
                }
                yield text.startsWith("   function:") || text.startsWith("   last reason:") || text.startsWith("User stack trace:")
                        || text.startsWith("  ") || text.startsWith("To log all recompilation reasons");
            }
            case WONT_CONVERT -> false;
        };
    }
}
