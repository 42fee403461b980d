package dev.compilereceipt.receipt;

import dev.compilereceipt.trace.Phase;
import java.util.Comparator;
import org.apiguardian.api.API;

/**
 * A failure code of a receipt: its kind and its subject, written {@code KIND:subject} in the
 * receipt ({@code UNEQUAL_PHASE_SAMPLES:steady}, {@code OUTPUT_MISMATCH:b04}). Codes sort by that
 * text, as the receipt lists them.
 *
 * <p>Example: {@code receipt.failures().contains(FailureCode.outputMismatch("b04"))}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record FailureCode(Kind kind, String subject) implements Comparable<FailureCode> {

    private static final Comparator<FailureCode> ORDER = Comparator.comparing(FailureCode::code);

    /** What went wrong; each kind names what its subject is. */
    public enum Kind {
        /** Baseline and candidate have different call counts in a phase (the subject), so it is not compared. */
        UNEQUAL_PHASE_SAMPLES,
        /** A call's (the subject's) output did not match eager within the tolerance. */
        OUTPUT_MISMATCH
    }

    public static FailureCode unequalPhaseSamples(Phase phase) {
        return new FailureCode(Kind.UNEQUAL_PHASE_SAMPLES, phase.id());
    }

    public static FailureCode outputMismatch(String call) {
        return new FailureCode(Kind.OUTPUT_MISMATCH, call);
    }

    /** The code as the receipt writes it. */
    public String code() {
        return kind.name() + ":" + subject;
    }

    @Override
    public int compareTo(FailureCode other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return code();
    }
}
