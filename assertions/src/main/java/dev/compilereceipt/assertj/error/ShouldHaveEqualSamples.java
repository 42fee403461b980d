package dev.compilereceipt.assertj.error;

import static dev.compilereceipt.assertj.internal.FigureText.count;
import static dev.compilereceipt.assertj.internal.FigureText.NL;
import dev.compilereceipt.assertj.internal.Evidence;
import dev.compilereceipt.assertj.internal.EvidenceMessage;
import dev.compilereceipt.receipt.FailureCode;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.Phase;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.error.ErrorMessageFactory;
import org.assertj.core.presentation.Representation;
import org.apiguardian.api.API;

/**
 * Message of {@code hasEqualSamples}: the phases whose baseline and candidate call counts differ.
 *
 * <p>Example: steady with 8 baseline calls and 7 candidate calls.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShouldHaveEqualSamples extends EvidenceMessage {

    private static final String FORMAT = "%nExpecting%n  %s%nto have as many candidate calls as baseline calls in every phase%nbut %s";

    private ShouldHaveEqualSamples(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldHaveEqualSamples(String subject, RunFigures baseline, RunFigures candidate) {
        return new ShouldHaveEqualSamples(FORMAT, unquotedString(subject), (Evidence) representation -> unequal(baseline, candidate, representation));
    }

    private static String unequal(RunFigures baseline, RunFigures candidate, Representation representation) {
        List<String> unequal = new ArrayList<>();
        for (Phase phase : Phase.values()) {
            int before = baseline.phase(phase).calls();
            int after = candidate.phase(phase).calls();
            if (before != after) {
                unequal.add("  " + representation.toStringOf(phase) + ": baseline " + count(before, "call") + ", candidate "
                        + count(after, "call") + " (" + representation.toStringOf(FailureCode.unequalPhaseSamples(phase)) + ")");
            }
        }
        return "the call counts differ in " + count(unequal.size(), "phase") + ":" + NL + String.join(NL, unequal)
                + NL + "a phase with unequal samples is not compared";
    }

    /** A receipt of one run has nothing to compare. */
    public static ErrorMessageFactory shouldHaveTwoRuns(String subject, String runs) {
        return new ShouldHaveEqualSamples(FORMAT, unquotedString(subject),
                unquotedString("it has only run " + runs + ": there is nothing to compare"));
    }
}
