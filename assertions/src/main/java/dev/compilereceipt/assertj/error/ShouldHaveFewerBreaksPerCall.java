package dev.compilereceipt.assertj.error;

import static dev.compilereceipt.assertj.internal.FigureText.count;

import dev.compilereceipt.assertj.internal.EvidenceMessage;
import dev.compilereceipt.assertj.internal.FigureText;
import dev.compilereceipt.receipt.PhaseFigures;
import org.assertj.core.error.ErrorMessageFactory;
import org.apiguardian.api.API;

/**
 * Message of {@code candidateHasFewerBreaksPerCallIn}: breaks per call of both runs.
 *
 * <p>Example: int-spec's steady phase, where neither run breaks (0 and 0 per call).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShouldHaveFewerBreaksPerCall extends EvidenceMessage {

    private ShouldHaveFewerBreaksPerCall(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldHaveFewerBreaksPerCall(String subject, String phase, PhaseFigures baseline, PhaseFigures candidate) {
        String found = "the baseline crossed " + count(baseline.breaks().getAsInt(), "break") + " in "
                + count(baseline.calls(), "call") + " (" + FigureText.ms(baseline.breaksPerCall().getAsDouble()) + " per call), the candidate "
                + count(candidate.breaks().getAsInt(), "break") + " in " + count(candidate.calls(), "call")
                + " (" + FigureText.ms(candidate.breaksPerCall().getAsDouble()) + " per call)";
        return new ShouldHaveFewerBreaksPerCall("%nExpecting%n  %s%nto have fewer breaks per call in the candidate than in the baseline in %s%nbut %s",
                unquotedString(subject), unquotedString(phase), unquotedString(found));
    }
}
