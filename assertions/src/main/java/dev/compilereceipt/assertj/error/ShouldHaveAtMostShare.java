package dev.compilereceipt.assertj.error;

import static dev.compilereceipt.assertj.internal.FigureText.NL;

import dev.compilereceipt.assertj.internal.EvidenceMessage;
import java.util.List;
import org.apiguardian.api.API;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Message of {@code compileStages(phase).hasShareAtMost(stage, share)}: per run over the limit,
 * the stage's milliseconds, the phase's compile time and the share they make.
 *
 * <p>Example: {@code run candidate: dynamo 600 ms of compile_ms 1690 ms = 35.5 %}, asked at most 30 %.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShouldHaveAtMostShare extends EvidenceMessage {

    private ShouldHaveAtMostShare(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldHaveAtMostShare(String subject, String stage, String share, List<String> over) {
        return new ShouldHaveAtMostShare("%nExpecting%n  %s%nto spend at most %s of its compile time in stage %s%nbut:%n%s",
                unquotedString(subject), unquotedString(share), unquotedString(stage),
                unquotedString("  " + String.join(NL + "  ", over)));
    }
}
