package dev.compilereceipt.trace;

import org.apiguardian.api.API;

/**
 * The one normal form of a guard failure's text, which every reader gives the receipt, so that the
 * same capture read from its compile-trace/1 trace, its TORCH_TRACE log and its TORCH_LOGS text
 * names its guards alike and {@code receipt diff} across sources shows no difference that is not
 * there: the text without the white space around it. PyTorch 2.6 pads each reason of a
 * {@code recompile_reasons} payload with spaces to a column ({@code "0/0: L['n'] == 1      "});
 * a capture, a hand-written trace or a text reader may or may not keep that padding. White space
 * inside the text (2.14's multi-line reasons with their {@code User stack trace:}) is the guard's own.
 *
 * <p>Example: {@code GuardText.normal("0/0: L['n'] == 1      ")} is {@code "0/0: L['n'] == 1"}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class GuardText {

    private GuardText() {
    }

    /** The guard text without its leading and trailing white space (Unicode's, as {@link String#strip()} has it). */
    public static String normal(String guard) {
        return guard.strip();
    }
}
