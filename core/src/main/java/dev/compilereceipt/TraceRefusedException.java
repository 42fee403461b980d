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
 *
 * <p>It carries a reader's {@link Refusal}: the readers throw that, below this façade, and
 * {@link Traces} hands it on as this exception with the same message, place and cause.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public class TraceRefusedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final Refusal refusal;

    public TraceRefusedException(Path file, String pointer, long line, long column, String rule) {
        this(file, pointer, line, column, rule, null);
    }

    public TraceRefusedException(Path file, String pointer, long line, long column, String rule, Throwable cause) {
        this(new Refusal(file, pointer, line, column, rule, cause));
    }

    /** The refusal of a reader, as the user sees it: the same message, place and cause. */
    public TraceRefusedException(Refusal refusal) {
        super(refusal.getMessage(), refusal.getCause());
        this.refusal = refusal;
        setStackTrace(refusal.getStackTrace());
    }

    public Path file() {
        return refusal.file();
    }

    /** The RFC 6901 JSON pointer of the offending value; empty for the whole document. */
    public String pointer() {
        return refusal.pointer();
    }

    /** The 1-based line, when the parser knows it. */
    public Optional<Long> line() {
        return refusal.line() > 0 ? Optional.of(refusal.line()) : Optional.empty();
    }

    public Optional<Long> column() {
        return refusal.column() > 0 ? Optional.of(refusal.column()) : Optional.empty();
    }

    public String rule() {
        return refusal.rule();
    }
}
