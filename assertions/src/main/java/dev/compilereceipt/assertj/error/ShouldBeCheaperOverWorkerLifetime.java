package dev.compilereceipt.assertj.error;

import static dev.compilereceipt.assertj.internal.FigureText.NL;
import static dev.compilereceipt.assertj.internal.FigureText.ms;

import dev.compilereceipt.assertj.internal.Evidence;
import dev.compilereceipt.assertj.internal.EvidenceMessage;
import dev.compilereceipt.receipt.Trade;
import java.util.Locale;
import org.assertj.core.error.ErrorMessageFactory;
import org.apiguardian.api.API;

/**
 * Messages of {@code isCheaperOverWorkerLifetime}: each run's cost of one worker, cold_ms +
 * lifetime × steady median, worked out; or that the trace's decision records no worker lifetime.
 *
 * <p>Example: a candidate whose 18247 ms per worker is not under the baseline's.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShouldBeCheaperOverWorkerLifetime extends EvidenceMessage {

    private ShouldBeCheaperOverWorkerLifetime(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldBeCheaperOverWorkerLifetime(String subject, Trade trade, Trade.WorkerLifetime lifetime) {
        String calls = String.format(Locale.ROOT, "%,d", lifetime.calls());
        String found = lifetime.cheaper().equals(Trade.WorkerLifetime.NEITHER) ? "both cost the same" : "the baseline is cheaper";
        Evidence arithmetic = representation -> "  candidate: " + ms(representation, trade.candidateColdMs()) + " + "
                + lifetime.calls() + " x " + ms(representation, trade.candidateSteadyMedianMs()) + " = "
                + ms(representation, lifetime.candidateCostMs()) + " ms" + NL
                + "  baseline:  " + ms(representation, trade.baselineColdMs()) + " + " + lifetime.calls() + " x "
                + ms(representation, trade.baselineSteadyMedianMs()) + " = " + ms(representation, lifetime.baselineCostMs()) + " ms";
        return new ShouldBeCheaperOverWorkerLifetime("%nExpecting%n  %s%nto cost less on the candidate over a worker's lifetime of %s"
                + " calls (cold_ms + lifetime x steady median)%nbut %s:%n%s",
                unquotedString(subject), unquotedString(calls), unquotedString(found), arithmetic);
    }

    public static ErrorMessageFactory shouldHaveWorkerLifetime(String subject) {
        return new ShouldBeCheaperOverWorkerLifetime("%nExpecting%n  %s%nto weigh a worker's lifetime%nbut %s",
                unquotedString(subject), unquotedString("the trace's decision records no worker_lifetime_calls"
                        + " (add \"decision\": {\"intervention\": ..., \"worker_lifetime_calls\": N} to the trace,"
                        + " or capture(..., decision={...}))"));
    }
}
