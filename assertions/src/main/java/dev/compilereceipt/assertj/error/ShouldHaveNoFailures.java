package dev.compilereceipt.assertj.error;

import static dev.compilereceipt.assertj.internal.FigureText.count;
import static dev.compilereceipt.assertj.internal.FigureText.indented;

import dev.compilereceipt.assertj.internal.Evidence;
import dev.compilereceipt.assertj.internal.EvidenceMessage;
import dev.compilereceipt.receipt.FailureCode;
import dev.compilereceipt.receipt.Receipt;
import java.util.List;
import java.util.Optional;
import org.assertj.core.error.ErrorMessageFactory;
import org.assertj.core.presentation.Representation;
import org.apiguardian.api.API;

/**
 * Message of {@code hasNoFailures}: the receipt's failure codes, each with what it means.
 *
 * <p>Example: {@code UNEQUAL_PHASE_SAMPLES:steady} when a candidate call is missing.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShouldHaveNoFailures extends EvidenceMessage {

    private ShouldHaveNoFailures(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldHaveNoFailures(String subject, List<FailureCode> failures, Receipt receipt) {
        return new ShouldHaveNoFailures("%nExpecting%n  %s%nto have no failures%nbut it has:%n%s",
                unquotedString(subject),
                (Evidence) representation -> indented(failures.stream().map(code -> explain(code, receipt, representation)).toList()));
    }

    private static String explain(FailureCode code, Receipt receipt, Representation representation) {
        String written = representation.toStringOf(code);
        return switch (code.kind()) {
            case UNEQUAL_PHASE_SAMPLES -> receipt.comparisons().stream()
                    .filter(c -> c.failure().equals(Optional.of(code))).findFirst()
                    .map(c -> written + "  baseline has " + count(c.baselineCalls(), "call") + " in " + c.phase()
                            + ", candidate " + c.candidateCalls() + ": the phase is not compared")
                    .orElse(written);
            case OUTPUT_MISMATCH -> written + "  the call's output did not match eager within the fixture's tolerance";
        };
    }
}
