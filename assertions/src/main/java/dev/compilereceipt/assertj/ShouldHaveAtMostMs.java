package dev.compilereceipt.assertj;

import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Message of the time limits ({@code hasEagerIslandTimeAtMost}, {@code hasCompileTimeAtMost},
 * median and p90 limits): the figure, its limit and the value found per run.
 *
 * <p>Example: eager-island time in steady at most 0.1 ms, where print-bridge's baseline spent 0.1953 ms.
 */
final class ShouldHaveAtMostMs extends BasicErrorMessageFactory {

    private ShouldHaveAtMostMs(String format, Object... arguments) {
        super(format, arguments);
    }

    static ErrorMessageFactory shouldHaveAtMostMs(String subject, String figure, String found, String evidence) {
        return new ShouldHaveAtMostMs("%nExpecting%n  %s%nto have %s%nbut %s%s",
                unquotedString(subject), unquotedString(figure), unquotedString(found), unquotedString(evidence));
    }
}
