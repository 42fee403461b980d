package dev.compilereceipt.receipt;

import dev.compilereceipt.trace.Run;
import dev.compilereceipt.json.JsonOutput;

/**
 * The trade's keys in the receipt's {@code comparison}, beside the phases: {@code cold_ms}
 * ({@code {baseline, candidate}}), {@code extra_cold_ms}, {@code steady_saving_ms},
 * {@code break_even_calls} ({@code null} with {@code break_even_reason} beside it) and, with the
 * decision's {@code worker_lifetime_calls}, that count, {@code worker_cost_ms}
 * ({@code {baseline, candidate}}) and {@code cheaper_over_worker_lifetime}; {@code warm_caches}, the
 * same trade for a worker that starts with warm caches ({@code {cold_ms, extra_cold_ms,
 * break_even_calls, break_even_reason}}), {@code null} where a run has no measured warm start.
 */
final class TradeJson {

    private TradeJson() {
    }

    /** Writes the trade's members into the open {@code comparison} object. */
    static void write(JsonOutput comparison, Trade trade) {
        comparison.key("cold_ms").startObject();
        comparison.key(Run.BASELINE).value(trade.baselineColdMs());
        comparison.key(Run.CANDIDATE).value(trade.candidateColdMs());
        comparison.endObject();
        comparison.key("extra_cold_ms").value(trade.extraColdMs());
        comparison.key("steady_saving_ms").value(trade.steadySavingMs());
        if (trade.breakEvenCalls().isPresent()) {
            comparison.key("break_even_calls").value(trade.breakEvenCalls().getAsLong());
        } else {
            comparison.key("break_even_calls").nullValue();
            comparison.key("break_even_reason").value(trade.breakEvenReason().orElseThrow().id());
        }
        comparison.key("warm_caches");
        if (trade.warmCaches().isPresent()) {
            Trade.WarmCaches warm = trade.warmCaches().get();
            comparison.startObject();
            if (warm.breakEvenCalls().isPresent()) {
                comparison.key("break_even_calls").value(warm.breakEvenCalls().getAsLong());
            } else {
                comparison.key("break_even_calls").nullValue();
                comparison.key("break_even_reason").value(warm.breakEvenReason().orElseThrow().id());
            }
            comparison.key("cold_ms").startObject();
            comparison.key(Run.BASELINE).value(warm.baselineColdMs());
            comparison.key(Run.CANDIDATE).value(warm.candidateColdMs());
            comparison.endObject();
            comparison.key("extra_cold_ms").value(warm.extraColdMs());
            comparison.endObject();
        } else {
            comparison.nullValue();
        }
        trade.workerLifetime().ifPresent(lifetime -> {
            comparison.key("worker_lifetime_calls").value(lifetime.calls());
            comparison.key("worker_cost_ms").startObject();
            comparison.key(Run.BASELINE).value(lifetime.baselineCostMs());
            comparison.key(Run.CANDIDATE).value(lifetime.candidateCostMs());
            comparison.endObject();
            comparison.key("cheaper_over_worker_lifetime").value(lifetime.cheaper());
        });
    }
}
