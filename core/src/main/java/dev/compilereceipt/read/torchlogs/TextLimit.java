package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.read.StringPool;

/**
 * A limit of {@link dev.compilereceipt.trace.Limits} that a TORCH_LOGS text went past, with how to
 * raise it, worded as the TORCH_TRACE reader words its own; the reader turns it into a refusal
 * that names the file and the line.
 */
final class TextLimit extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private TextLimit(String rule) {
        super(rule, null, false, false);
    }

    static TextLimit over(String what, long limit, String key, String raise) {
        return new TextLimit(what + ", over the limit of " + limit + " (" + key + "; raise it with Limits." + raise + ")");
    }

    /** The refusal of a string the pool would not keep. */
    static TextLimit of(StringPool.OverLimit over) {
        return switch (over.what()) {
            case STRING_LENGTH -> over("a string of " + over.found() + " characters", over.limit(),
                    "max_string_length", "withMaxStringLength");
            case KEPT_CHARS -> over("the text keeps more than " + over.limit() + " characters (sites, reasons, guards)",
                    over.limit(), "max_kept_chars", "withMaxKeptChars");
        };
    }
}
