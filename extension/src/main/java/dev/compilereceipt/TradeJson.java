package dev.compilereceipt;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The trade's keys in the receipt's {@code comparison}, beside the phases: {@code cold_ms}
 * ({@code {baseline, candidate}}), {@code extra_cold_ms}, {@code steady_saving_ms},
 * {@code break_even_calls} ({@code null} with {@code break_even_reason} beside it) and, with the
 * decision's {@code worker_lifetime_calls}, that count, {@code worker_cost_ms}
 * ({@code {baseline, candidate}}) and {@code cheaper_over_worker_lifetime}.
 */
final class TradeJson {

    private TradeJson() {
    }

    static void write(ObjectNode comparison, Trade trade) {
        ObjectNode cold = comparison.putObject("cold_ms");
        cold.put(Run.BASELINE, trade.baselineColdMs());
        cold.put(Run.CANDIDATE, trade.candidateColdMs());
        comparison.put("extra_cold_ms", trade.extraColdMs());
        comparison.put("steady_saving_ms", trade.steadySavingMs());
        if (trade.breakEvenCalls().isPresent()) {
            comparison.put("break_even_calls", trade.breakEvenCalls().getAsLong());
        } else {
            comparison.putNull("break_even_calls");
            comparison.put("break_even_reason", trade.breakEvenReason().orElseThrow().id());
        }
        trade.workerLifetime().ifPresent(lifetime -> {
            comparison.put("worker_lifetime_calls", lifetime.calls());
            ObjectNode cost = comparison.putObject("worker_cost_ms");
            cost.put(Run.BASELINE, lifetime.baselineCostMs());
            cost.put(Run.CANDIDATE, lifetime.candidateCostMs());
            comparison.put("cheaper_over_worker_lifetime", lifetime.cheaper());
        });
    }
}
