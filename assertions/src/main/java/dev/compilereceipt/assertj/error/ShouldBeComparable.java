package dev.compilereceipt.assertj.error;

import dev.compilereceipt.assertj.internal.ComparisonRefusal;
import dev.compilereceipt.assertj.internal.Evidence;
import dev.compilereceipt.assertj.internal.EvidenceMessage;
import dev.compilereceipt.receipt.Comparison;
import org.assertj.core.error.ErrorMessageFactory;
import org.apiguardian.api.API;

/**
 * Message of a comparison refused because the runs have unequal sample counts in a phase
 * ({@code UNEQUAL_PHASE_SAMPLES}): a median of 7 calls is not compared with a median of 8.
 *
 * <p>Example: steady with 8 baseline calls and 7 candidate calls.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShouldBeComparable extends EvidenceMessage {

    private ShouldBeComparable(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldBeComparable(String subject, String check, Comparison comparison) {
        return new ShouldBeComparable("%nExpecting%n  %s%nto %s%nbut %s",
                unquotedString(subject), unquotedString(check),
                (Evidence) representation -> ComparisonRefusal.of(comparison, representation));
    }
}
