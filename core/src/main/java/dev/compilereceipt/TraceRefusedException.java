package dev.compilereceipt;

import java.nio.file.Path;
import java.util.Optional;

/**
 * A trace that breaks the contract, refused as a whole. The message names the file, the JSON
 * pointer of the offending value, the line and column where the parser has them, and the rule:
 *
 * <pre>fixtures/bad.json: /runs/0/calls/2/events/0/compile_ms (line 14, column 9): compile_ms is required with cache "compile"</pre>
 */
public class TraceRefusedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final String pointer;
    private final long line;
    private final long column;
    private final String rule;

    public TraceRefusedException(Path file, String pointer, long line, long column, String rule) {
        this(file, pointer, line, column, rule, null);
    }

    public TraceRefusedException(Path file, String pointer, long line, long column, String rule, Throwable cause) {
        super(render(file, pointer, line, column, rule), cause);
        this.file = file;
        this.pointer = pointer;
        this.line = line;
        this.column = column;
        this.rule = rule;
    }

    private static String render(Path file, String pointer, long line, long column, String rule) {
        StringBuilder text = new StringBuilder().append(file).append(": ");
        text.append(pointer.isEmpty() ? "(document)" : pointer);
        if (line > 0) {
            text.append(" (line ").append(line);
            if (column > 0) {
                text.append(", column ").append(column);
            }
            text.append(')');
        }
        // The rule quotes what the trace held; the message is for a person, so nothing in it may act on a terminal.
        return VisibleText.of(text.append(": ").append(rule).toString());
    }

    public Path file() {
        return file;
    }

    /** The RFC 6901 JSON pointer of the offending value; empty for the whole document. */
    public String pointer() {
        return pointer;
    }

    /** The 1-based line, when the parser knows it. */
    public Optional<Long> line() {
        return line > 0 ? Optional.of(line) : Optional.empty();
    }

    public Optional<Long> column() {
        return column > 0 ? Optional.of(column) : Optional.empty();
    }

    public String rule() {
        return rule;
    }
}
