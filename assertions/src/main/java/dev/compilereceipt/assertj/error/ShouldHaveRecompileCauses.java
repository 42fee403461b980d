package dev.compilereceipt.assertj.error;

import static dev.compilereceipt.assertj.internal.FigureText.count;
import static dev.compilereceipt.assertj.internal.FigureText.indented;

import dev.compilereceipt.assertj.internal.EvidenceMessage;
import java.util.List;
import org.assertj.core.error.ErrorMessageFactory;
import org.apiguardian.api.API;

/**
 * Message of the recompile-cause checks ({@code hasNoRecompilesCausedBy},
 * {@code hasRecompileCausesOnlyOfKinds}): what was asked, then each offending cause in one line
 * with its evidence; or, where the asked name matches no cause in scope, the subjects the causes are on.
 *
 * <p>Example: int-spec's baseline, asked to have no recompiles caused by {@code n}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShouldHaveRecompileCauses extends EvidenceMessage {

    private ShouldHaveRecompileCauses(String format, Object... arguments) {
        super(format, arguments);
    }

    /** {@code causes} is the number of offending causes, {@code lines} their text, one cause's block after another. */
    public static ErrorMessageFactory shouldHaveRecompileCauses(String subject, String asked, int causes, String what, List<String> lines) {
        return new ShouldHaveRecompileCauses("%nExpecting%n  %s%nto %s%nbut %s %s:%n%s",
                unquotedString(subject), unquotedString(asked), unquotedString(count(causes, "recompile cause")),
                unquotedString(causes == 1 ? what.replace("{are}", "is") : what.replace("{are}", "are")),
                unquotedString(indented(lines)));
    }

    /** A subject matching none of the causes in scope: {@code subjects} are theirs, distinct and sorted. */
    public static ErrorMessageFactory shouldNameARecompileCause(String subject, String asked, String name, List<String> subjects) {
        return new ShouldHaveRecompileCauses("%nExpecting%n  %s%nto %s%nbut no recompile cause is on `%s`; the causes are on %s",
                unquotedString(subject), unquotedString(asked), unquotedString(name),
                unquotedString(String.join(", ", subjects.stream().map(s -> "`" + s + "`").toList())));
    }
}
