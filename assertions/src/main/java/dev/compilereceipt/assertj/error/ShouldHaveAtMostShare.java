package dev.compilereceipt.assertj.error;

import static dev.compilereceipt.assertj.internal.FigureText.indented;

import dev.compilereceipt.assertj.internal.Evidence;
import dev.compilereceipt.assertj.internal.EvidenceMessage;
import dev.compilereceipt.assertj.internal.TimeLines;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.trace.Stage;
import java.util.List;
import java.util.Map;
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

    private static final String FORMAT = "%nExpecting%n  %s%nto spend at most %s of its compile time in stage %s%nbut:%n%s";

    private ShouldHaveAtMostShare(String format, Object... arguments) {
        super(format, arguments);
    }

    /** {@code share} is the limit as the check words it ({@code 30.0 %}); each run over it with the figures of its phase. */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2")
    public static ErrorMessageFactory shouldHaveAtMostShare(String subject, Stage stage, String share, Map<String, PhaseFigures> overByRun) {
        return new ShouldHaveAtMostShare(FORMAT, unquotedString(subject), unquotedString(share), unquotedString(stage.id()),
                (Evidence) representation -> indented(overByRun.entrySet().stream()
                        .map(run -> TimeLines.stageShare(run.getKey(), stage, run.getValue(), representation)).toList()));
    }

    /**
     * Each line of {@code over} a run over the limit.
     *
     * @deprecated the figures come rendered, so a representation set on the assert does not apply to them: use
     *     {@link #shouldHaveAtMostShare(String, Stage, String, Map)}
     */
    @Deprecated(since = "0.2", forRemoval = true)
    @API(status = API.Status.DEPRECATED, since = "0.2")
    public static ErrorMessageFactory shouldHaveAtMostShare(String subject, String stage, String share, List<String> over) {
        return new ShouldHaveAtMostShare(FORMAT, unquotedString(subject), unquotedString(share), unquotedString(stage),
                unquotedString(indented(over)));
    }
}
