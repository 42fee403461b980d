package dev.compilereceipt.view.text;

import dev.compilereceipt.trace.Millis;
import dev.compilereceipt.receipt.Trade;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * The trade in words, the same in the terminal summary and the report: what the candidate costs
 * cold, what it saves per steady call, when it pays back and, with a worker lifetime, which run
 * costs a worker less. Milliseconds as {@link Millis#text} writes them, counts with {@code ,}
 * between thousands whatever the locale.
 *
 * <p>Example: "the candidate costs 512 ms more cold and saves 0.027 ms per steady call: it pays
 * back after 18,963 calls; a worker lives 50,000 calls: 19085 ms on the baseline, 18247 ms on the
 * candidate, the candidate is cheaper".
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class TradeText {

    private TradeText() {
    }

    public static String of(Trade trade) {
        StringBuilder out = new StringBuilder("the candidate ");
        double extra = trade.extraColdMs();
        out.append(extra > 0 ? "costs " + Millis.text(extra) + " ms more cold"
                : extra < 0 ? "costs " + Millis.text(-extra) + " ms less cold" : "costs the same cold");
        double saving = trade.steadySavingMs();
        out.append(saving > 0 ? " and saves " + Millis.text(saving) + " ms per steady call"
                : saving < 0 ? " and is " + Millis.text(-saving) + " ms slower per steady call" : " and saves nothing per steady call");
        out.append(": ");
        if (trade.breakEvenCalls().isPresent()) {
            long calls = trade.breakEvenCalls().getAsLong();
            out.append(calls == 0 ? "it pays back at once (0 calls)" : "it pays back after " + count(calls) + (calls == 1 ? " call" : " calls"));
        } else {
            out.append("it never pays back (").append(trade.breakEvenReason().orElseThrow().text()).append(')');
        }
        trade.workerLifetime().ifPresent(lifetime -> out.append("; a worker lives ").append(count(lifetime.calls()))
                .append(lifetime.calls() == 1 ? " call: " : " calls: ")
                .append(Millis.text(lifetime.baselineCostMs())).append(" ms on the baseline, ")
                .append(Millis.text(lifetime.candidateCostMs())).append(" ms on the candidate, ")
                .append(lifetime.cheaper().equals(Trade.WorkerLifetime.NEITHER) ? "neither is cheaper"
                        : "the " + lifetime.cheaper() + " is cheaper"));
        return out.toString();
    }

    /** The trade for a worker that starts with warm caches: what the candidate costs it more, and when it pays back. */
    public static String warm(Trade.WarmCaches warm, double steadySavingMs) {
        StringBuilder out = new StringBuilder("the candidate ");
        double extra = warm.extraColdMs();
        out.append(extra > 0 ? "costs " + Millis.text(extra) + " ms more"
                : extra < 0 ? "costs " + Millis.text(-extra) + " ms less" : "costs the same").append(" to start with warm caches (")
                .append(Millis.text(warm.baselineColdMs())).append(" → ").append(Millis.text(warm.candidateColdMs())).append(" ms): ");
        if (warm.breakEvenCalls().isPresent()) {
            long calls = warm.breakEvenCalls().getAsLong();
            out.append(calls == 0 ? "it pays back at once (0 calls)" : "it pays back after " + count(calls) + (calls == 1 ? " call" : " calls"));
        } else {
            out.append("it never pays back (").append(warm.breakEvenReason().orElseThrow().text()).append(')');
        }
        return out.toString();
    }

    public static String count(long calls) {
        return String.format(Locale.ROOT, "%,d", calls);
    }
}
