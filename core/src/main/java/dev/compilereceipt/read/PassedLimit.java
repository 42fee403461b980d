package dev.compilereceipt.read;

import org.apiguardian.api.API;

/**
 * A limit of {@link dev.compilereceipt.trace.Limits} that a TORCH_TRACE log or a TORCH_LOGS text
 * went past, worded the same for both with every way to raise it; the reader that throws it turns
 * it into a {@link Refusal} that names the file and the line.
 *
 * <p>Example: {@code PassedLimit.over("the run has more than 3 compiles", 3, "max_compiles", "withMaxCompiles")}
 * reads {@code the run has more than 3 compiles, over the limit of 3 (max_compiles; raise it with
 * Limits.withMaxCompiles, the CLI's --max-compiles or @TraceFixture(maxCompiles = ...))}.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class PassedLimit extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private PassedLimit(String rule) {
        super(rule, null, false, false);
    }

    /** {@code what} went past {@code limit}, whose receipt key is {@code key} and whose {@code Limits} method is {@code raise}. */
    public static PassedLimit over(String what, long limit, String key, String raise) {
        return new PassedLimit(what + ", over the limit of " + limit + " (" + key + "; raise it with Limits." + raise
                + ", the CLI's --" + key.replace('_', '-') + " or @TraceFixture(" + camel(key) + " = ...))");
    }

    /** The refusal of a string the pool would not keep; {@code source} names what kept it ("the log", "the text"). */
    public static PassedLimit of(StringPool.OverLimit over, String source) {
        return switch (over.what()) {
            case STRING_LENGTH -> over("a string of " + over.found() + " characters", over.limit(),
                    "max_string_length", "withMaxStringLength");
            case KEPT_CHARS -> over(source + " keeps more than " + over.limit() + " characters of text (sites, reasons, guards;"
                    + " a recompile reason counts " + StringPool.REASON_CHARS + " more and its text " + StringPool.REASON_TEXT_COPIES
                    + " times more, for the records made of it)",
                    over.limit(), "max_kept_chars", "withMaxKeptChars");
        };
    }

    private static String camel(String key) {
        StringBuilder out = new StringBuilder();
        boolean up = false;
        for (char c : key.toCharArray()) {
            if (c == '_') {
                up = true;
            } else {
                out.append(up ? Character.toUpperCase(c) : c);
                up = false;
            }
        }
        return out.toString();
    }
}
