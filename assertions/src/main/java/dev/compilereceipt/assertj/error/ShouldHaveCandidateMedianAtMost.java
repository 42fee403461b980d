package dev.compilereceipt.assertj.error;

import static dev.compilereceipt.assertj.internal.FigureText.ms;
import dev.compilereceipt.assertj.internal.EvidenceMessage;
import dev.compilereceipt.receipt.Comparison;
import dev.compilereceipt.trace.Phase;
import org.assertj.core.error.ErrorMessageFactory;
import org.apiguardian.api.API;

/**
 * Message of {@code candidateMedianIsAtMost}: both medians, the factor and the limit it gives.
 *
 * <p>Example: int-spec's changed phase, where the candidate median 0.1072 ms is over 1 x 0.0527 ms.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShouldHaveCandidateMedianAtMost extends EvidenceMessage {

    private ShouldHaveCandidateMedianAtMost(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldHaveCandidateMedianAtMost(String subject, Phase phase, double factor, Comparison comparison) {
        double baseline = comparison.baselineMedianMs().getAsDouble();
        double candidate = comparison.candidateMedianMs().getAsDouble();
        String ratio = comparison.ratio().isPresent() ? " (ratio " + ms(comparison.ratio().getAsDouble()) + ")" : "";
        return new ShouldHaveCandidateMedianAtMost("%nExpecting%n  %s%nto have a candidate median of at most %s x the baseline median"
                + " in %s%n  %s x %s ms = %s ms%nbut it was %s ms%s", unquotedString(subject), unquotedString(ms(factor)), phase,
                unquotedString(ms(factor)), new Milliseconds(baseline), new Milliseconds(factor * baseline), new Milliseconds(candidate),
                unquotedString(ratio));
    }
}
