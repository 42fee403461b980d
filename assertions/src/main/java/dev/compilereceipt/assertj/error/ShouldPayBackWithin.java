package dev.compilereceipt.assertj.error;

import static dev.compilereceipt.assertj.internal.FigureText.NL;
import static dev.compilereceipt.assertj.internal.FigureText.ms;

import dev.compilereceipt.assertj.internal.Evidence;
import dev.compilereceipt.assertj.internal.EvidenceMessage;
import dev.compilereceipt.receipt.Trade;
import java.util.Locale;
import org.assertj.core.error.ErrorMessageFactory;
import org.assertj.core.presentation.Representation;
import org.assertj.core.presentation.StandardRepresentation;
import org.apiguardian.api.API;

/**
 * Message of {@code paysBackWithin}: the break-even point found, or why there is none, and the
 * arithmetic from the receipt's figures (cold totals, steady medians, the ceiling of their ratio).
 *
 * <p>Example: fixtures/decision, which pays back after ⌈512 / 0.027⌉ = 18963 calls, asked to within 1,000.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShouldPayBackWithin extends EvidenceMessage {

    private ShouldPayBackWithin(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldPayBackWithin(String subject, long calls, Trade trade) {
        String found = trade.breakEvenCalls().isPresent()
                ? "it pays back after " + String.format(Locale.ROOT, "%,d", trade.breakEvenCalls().getAsLong()) + " calls"
                : "it never pays back (" + trade.breakEvenReason().orElseThrow().text() + ")";
        return new ShouldPayBackWithin("%nExpecting%n  %s%nto pay back its extra cold cost within %s steady calls%nbut %s:%n%s",
                unquotedString(subject), unquotedString(String.format(Locale.ROOT, "%,d", calls)), unquotedString(found),
                (Evidence) representation -> arithmetic(trade, representation));
    }

    /** The three figures of the trade, each from the ones before it, as the standard representation writes them. */
    public static String arithmetic(Trade trade) {
        return arithmetic(trade, StandardRepresentation.STANDARD_REPRESENTATION);
    }

    private static String arithmetic(Trade trade, Representation representation) {
        String extra = "  extra_cold_ms    = candidate cold_ms - baseline cold_ms = " + ms(representation, trade.candidateColdMs())
                + " - " + ms(representation, trade.baselineColdMs()) + " = " + ms(representation, trade.extraColdMs()) + " ms";
        String saving = "  steady_saving_ms = baseline steady median - candidate steady median = "
                + ms(representation, trade.baselineSteadyMedianMs()) + " - " + ms(representation, trade.candidateSteadyMedianMs())
                + " = " + ms(representation, trade.steadySavingMs()) + " ms";
        String breakEven;
        if (trade.breakEvenCalls().isEmpty()) {
            breakEven = "  break_even_calls = null: " + (trade.breakEvenReason().orElseThrow() == Trade.BreakEvenReason.WORSE_STEADY ? "steady_saving_ms < 0"
                    : "extra_cold_ms > 0 and steady_saving_ms = 0");
        } else if (trade.extraColdMs() > 0) {
            breakEven = "  break_even_calls = ceil(extra_cold_ms / steady_saving_ms) = ceil(" + ms(representation, trade.extraColdMs())
                    + " / " + ms(representation, trade.steadySavingMs()) + ") = " + trade.breakEvenCalls().getAsLong();
        } else {
            breakEven = "  break_even_calls = 0: extra_cold_ms <= 0 and steady_saving_ms >= 0";
        }
        return extra + NL + saving + NL + breakEven;
    }
}
