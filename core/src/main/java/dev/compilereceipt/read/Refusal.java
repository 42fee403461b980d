package dev.compilereceipt.read;

import dev.compilereceipt.trace.VisibleText;
import java.nio.file.Path;
import org.apiguardian.api.API;

/**
 * A reader's refusal of its input: the file, the JSON pointer or place, the line and column where
 * the reader has them, and the rule broken. Readers throw it; {@code Traces}, the façade, hands it
 * to the user as a {@code TraceRefusedException} with the same message, so that no reader depends
 * on the façade above it.
 *
 * <p>Example: {@code throw new Refusal(file, "/runs/0", 3, 9, "unknown key \"lable\"");}
 */
@API(status = API.Status.INTERNAL)
public final class Refusal extends RuntimeException {

    private static final long serialVersionUID = 1L;
    /** The longest message, in characters: a rule quoting a 10 MB label is cut here, with a count, never printed whole. */
    public static final int MESSAGE_CHARS = 2 * VisibleText.SHOWN_CHARS;

    private final transient Path file;
    private final String pointer;
    private final long line;
    private final long column;
    private final String rule;

    public Refusal(Path file, String pointer, long line, long column, String rule) {
        this(file, pointer, line, column, rule, null);
    }

    public Refusal(Path file, String pointer, long line, long column, String rule, Throwable cause) {
        super(render(file, pointer, line, column, rule), cause);
        this.file = file;
        this.pointer = pointer;
        this.line = line;
        this.column = column;
        this.rule = rule;
    }

    /**
     * The message of a refusal: {@code file: pointer (line L, column C): rule}, with nothing in it that acts on a
     * terminal, cut to {@value #MESSAGE_CHARS} characters.
     */
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
        return VisibleText.cut(text.append(": ").append(rule).toString(), MESSAGE_CHARS);
    }

    public Path file() {
        return file;
    }

    public String pointer() {
        return pointer;
    }

    public long line() {
        return line;
    }

    public long column() {
        return column;
    }

    public String rule() {
        return rule;
    }
}
