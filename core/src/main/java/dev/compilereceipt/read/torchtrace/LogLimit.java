package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.read.StringPool;

/**
 * A limit of {@link dev.compilereceipt.trace.Limits} that a TORCH_TRACE log went past, with how to raise
 * it; the reader turns it into a refusal that names the file and the line.
 */
final class LogLimit extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private LogLimit(String rule) {
        super(rule, null, false, false);
    }

    static LogLimit over(String what, long limit, String key, String raise) {
        return new LogLimit(what + ", over the limit of " + limit + " (" + key + "; raise it with Limits." + raise
                + ", the CLI's --" + key.replace('_', '-') + " or @TraceFixture(" + camel(key) + " = ...))");
    }

    /** The refusal of a string the pool would not keep. */
    static LogLimit of(StringPool.OverLimit over) {
        return switch (over.what()) {
            case STRING_LENGTH -> over("a string of " + over.found() + " characters", over.limit(),
                    "max_string_length", "withMaxStringLength");
            case KEPT_CHARS -> over("the log keeps more than " + over.limit() + " characters of text (sites, reasons, guards)",
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
