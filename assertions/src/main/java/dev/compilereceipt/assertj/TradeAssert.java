package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.error.ShouldBeCheaperOverWorkerLifetime.shouldBeCheaperOverWorkerLifetime;
import static dev.compilereceipt.assertj.error.ShouldBeCheaperOverWorkerLifetime.shouldHaveWorkerLifetime;
import static dev.compilereceipt.assertj.error.ShouldPayBackWithin.shouldPayBackWithin;
import static dev.compilereceipt.assertj.internal.FigureFailures.diffFailure;
import static dev.compilereceipt.assertj.internal.FigureFailures.navigated;

import dev.compilereceipt.receipt.Trade;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractObjectAssert;

/**
 * Assertions on the trade of a comparison: what the candidate costs more cold against what it
 * saves per steady call ({@code break_even_calls}), and the cost of one worker of each run over
 * the decision's {@code worker_lifetime_calls}. Every failure shows the arithmetic from the
 * receipt's figures.
 *
 * <p>Example: {@code assertThat(receipt).trade().paysBackWithin(20_000).isCheaperOverWorkerLifetime();}
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public class TradeAssert extends AbstractObjectAssert<TradeAssert, Trade> {

    /** Where this assert was navigated from, for its failure messages; empty when asserted directly. */
    String navigatedFrom = "";

    public TradeAssert(Trade actual) {
        super(actual, TradeAssert.class);
    }

    /**
     * Checks that the candidate has paid back its extra cold cost after at most {@code calls} steady
     * calls: {@code break_even_calls} is known and at most {@code calls} (0 when it is no dearer cold
     * and no slower steady).
     */
    public TradeAssert paysBackWithin(long calls) {
        isNotNull();
        if (calls < 0) {
            throw new IllegalArgumentException("a number of calls is at least 0, found " + calls);
        }
        if (!actual.paysBackWithin(calls)) {
            String found = actual.breakEvenCalls().isPresent() ? Long.toString(actual.breakEvenCalls().getAsLong())
                    : "null (" + actual.breakEvenReason().orElseThrow().id() + ")";
            throw diffFailure(info, shouldPayBackWithin(subject(), calls, actual),
                    "break_even_calls: " + found, "break_even_calls: at most " + calls);
        }
        return myself;
    }

    /**
     * Checks that one worker costs less on the candidate than on the baseline over the decision's
     * {@code worker_lifetime_calls}: cold_ms + lifetime × steady median, strictly less.
     */
    public TradeAssert isCheaperOverWorkerLifetime() {
        isNotNull();
        if (actual.workerLifetime().isEmpty()) {
            throw diffFailure(info, shouldHaveWorkerLifetime(subject()), "worker_lifetime_calls: none", "worker_lifetime_calls: recorded");
        }
        Trade.WorkerLifetime lifetime = actual.workerLifetime().get();
        if (!lifetime.candidateIsCheaper()) {
            throw diffFailure(info, shouldBeCheaperOverWorkerLifetime(subject(), actual, lifetime),
                    "cheaper_over_worker_lifetime: " + lifetime.cheaper(), "cheaper_over_worker_lifetime: candidate");
        }
        return myself;
    }

    private String subject() {
        return navigated("trade of the comparison", navigatedFrom);
    }
}
