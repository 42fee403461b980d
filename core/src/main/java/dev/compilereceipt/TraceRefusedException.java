package dev.compilereceipt;

import dev.compilereceipt.read.Refusal;
import java.nio.file.Path;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A trace that breaks the contract, refused as a whole. The message names the file, the JSON
 * pointer of the offending value, the line and column where the parser has them, and the rule:
 *
 * <pre>fixtures/bad.json: /runs/0/calls/2/events/0/compile_ms (line 14, column 9): compile_ms is required with cache "compile"</pre>
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
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

    /** The refusal of a reader, as the user sees it: the same message, place and cause. */
    public TraceRefusedException(Refusal refusal) {
        this(refusal.file(), refusal.pointer(), refusal.line(), refusal.column(), refusal.rule(), refusal.getCause());
        setStackTrace(refusal.getStackTrace());
    }

    private static String render(Path file, String pointer, long line, long column, String rule) {
        return Refusal.render(file, pointer, line, column, rule);
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
