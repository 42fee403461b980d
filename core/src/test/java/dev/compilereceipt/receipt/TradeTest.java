package dev.compilereceipt.receipt;

import dev.compilereceipt.Traces;
import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.Decision;
import dev.compilereceipt.trace.Fixture;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.Trace;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The trade of every shared capture, worked out by hand from its files (the warmup walls and the
 * sorted steady walls are quoted in each comment), the decision fixture, and the boundaries of the
 * break-even rule on hand-made runs.
 */
class TradeTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        print-bridge/trace.json                   | 2793.634  | 1063.9033 | -1729.7307 | 0.0267    | 0
        print-bridge/torch_trace.log              | 2793.634  | 1063.9033 | -1729.7307 | 0.0267    | 0
        int-spec/trace.json                       | 1741.9689 | 969.5656  | -772.4033  | 1033.4073 | 0
        int-spec/torch_trace.log                  | 1741.9689 | 969.5656  | -772.4033  | 1033.4073 | 0
        torch-2.14/print-bridge/trace.json        | 6682.5173 | 1084.5723 | -5597.945  | 0.0576    | 0
        torch-2.14/print-bridge/torch_trace.log   | 6682.5173 | 1084.5723 | -5597.945  | 0.0576    | 0
        torch-2.14/int-spec/trace.json            | 2056.2135 | 1115.1203 | -941.0932  | 839.9353  | 0
        torch-2.14/int-spec/torch_trace.log       | 2056.2135 | 1115.1203 | -941.0932  | 839.9353  | 0
        torch-logs/2.14-fallback/torch_trace.log  | 118.1817  | 1690.7661 | 1572.5844  | 5.198     | 303
        """)
    void theTradeOfEverySharedCapture(String file, double baselineCold, double candidateCold, double extraCold,
                                      double saving, long breakEven) {
        // print-bridge 2.6: warmup b 2793.634, c 1063.9033; steady medians (0.088 + 0.0941) / 2 = 0.09105 -> 0.091
        //   (half-even on the double, which lies just below .09105) and (0.0616 + 0.0669) / 2 = 0.06425 -> 0.0643;
        //   saving 0.091 - 0.0643 = 0.0267; the candidate is cheaper cold and faster steady: 0 calls.
        // int-spec 2.6: medians (1027.2085 + 1039.7505) / 2 = 1033.4795 and (0.0722 + 0.0722) / 2 = 0.0722: 1033.4073.
        // print-bridge 2.14: (0.2026 + 0.2104) / 2 = 0.2065 and (0.1322 + 0.1656) / 2 = 0.1489: 0.0576.
        // int-spec 2.14: (837.2045 + 843.0762) / 2 = 840.14035 -> 840.1404 and (0.1891 + 0.2211) / 2 = 0.2051: 839.9353.
        // 2.14-fallback (a backend that fails in the baseline, Inductor in the candidate): warmup 118.1817 -> 1690.7661,
        //   extra 1572.5844; steady b [5.2188, 5.3692, 7.7449], c [0.1645, 0.1712, 0.2849], saving 5.3692 - 0.1712 = 5.198;
        //   1572.5844 / 5.198 = 302.54...: it pays back after 303 calls.
        // The TORCH_TRACE logs carry the same walls in their per-call markers, so they give the same trade.
        Trade trade = Receipt.of(Fixtures.trace(file)).trade().orElseThrow();

        assertThat(trade.baselineColdMs()).isEqualTo(baselineCold);
        assertThat(trade.candidateColdMs()).isEqualTo(candidateCold);
        assertThat(trade.extraColdMs()).isEqualTo(extraCold);
        assertThat(trade.steadySavingMs()).isEqualTo(saving);
        assertThat(trade.breakEvenCalls()).hasValue(breakEven);
        assertThat(trade.breakEvenReason()).isEmpty();
        assertThat(trade.workerLifetime()).as("no shared capture records a decision").isEmpty();
    }

    @Test
    void aCandidateSlowerSteadyNeverPaysBack() {
        // 2.6-fallback: warmup 79.9231 -> 1237.2417 (extra 1157.3186); steady b [0.149, 0.1599, 0.2687],
        // c [0.1721, 0.2092, 0.3059]: saving 0.1599 - 0.2092 = -0.0493, the candidate is slower steady.
        Trade trade = Receipt.of(Fixtures.trace("torch-logs/2.6-fallback/torch_trace.log")).trade().orElseThrow();

        assertThat(trade.extraColdMs()).isEqualTo(1157.3186);
        assertThat(trade.steadySavingMs()).isEqualTo(-0.0493);
        assertThat(trade.breakEvenCalls()).isEmpty();
        assertThat(trade.breakEvenReason()).contains(Trade.BreakEvenReason.WORSE_STEADY);
        assertThat(trade.paysBackWithin(Long.MAX_VALUE)).isFalse();
    }

    @Test
    void theDecisionFixtureIsTheWorkedExample() {
        // fixtures/decision: warmup 545 -> 1057 (extra 512); steady b [0.365, 0.37, 0.3716, 0.38] median 0.3708,
        // c [0.34, 0.343, 0.3446, 0.35] median 0.3438: saving 0.027; 512 / 0.027 = 18962.96...: 18963 calls.
        // A worker of 50,000 calls: baseline 545 + 50000 × 0.3708 = 19085, candidate 1057 + 50000 × 0.3438 = 18247.
        Receipt receipt = Receipt.of(Fixtures.trace("decision/trace.json"));
        Trade trade = receipt.trade().orElseThrow();

        assertThat(trade).isEqualTo(new Trade(545, 1057, 0.3708, 0.3438, 512, 0.027, OptionalLong.of(18963), Optional.empty(),
                Optional.of(new Trade.WorkerLifetime(50_000, 19085, 18247, "candidate"))));
        assertThat(trade.paysBackWithin(18963)).isTrue();
        assertThat(trade.paysBackWithin(18962)).isFalse();
        assertThat(receipt.decision().orElseThrow().owner()).contains("decoder team");
    }

    @ParameterizedTest(name = "cold {0} -> {1}, steady median {2} -> {3}: {4} {5}")
    @CsvSource(delimiter = '|', textBlock = """
        1.0   | 2.1    | 0.2    | 0.1    | 11    |
        10.0  | 10.3   | 0.2    | 0.1    | 3     |
        10.0  | 10.7   | 0.2    | 0.1    | 7     |
        1.0   | 1.0001 | 0.0002 | 0.0001 | 1     |
        1.0   | 1.0002 | 0.0002 | 0.0001 | 2     |
        5.0   | 5.0    | 0.2    | 0.2    | 0     |
        5.0   | 4.0    | 0.2    | 0.2    | 0     |
        5.0   | 4.0    | 0.2    | 0.3    |       | WORSE_STEADY
        5.0   | 6.0    | 0.2    | 0.3    |       | WORSE_STEADY
        5.0   | 6.0    | 0.2    | 0.2    |       | WORSE_COLD_NO_STEADY_SAVING
        """)
    void theBreakEvenRuleAtItsBoundaries(double baselineCold, double candidateCold, double baselineSteady,
                                         double candidateSteady, Long breakEven, Trade.BreakEvenReason reason) {
        // 1.1 / 0.1 is 11.000000000000002 in doubles and 0.3 / 0.1 is 2.9999999999999996: a ceiling of double
        // division would say 12 calls where 11 pay back exactly; the trade divides the 4-decimal values exactly.
        Trade trade = Receipt.of(twoRuns(baselineCold, candidateCold, baselineSteady, candidateSteady)).trade().orElseThrow();

        assertThat(trade.breakEvenCalls()).isEqualTo(breakEven == null ? OptionalLong.empty() : OptionalLong.of(breakEven));
        assertThat(trade.breakEvenReason()).isEqualTo(Optional.ofNullable(reason));
    }

    @Test
    void equalWorkerCostsMakeNeitherCheaper() {
        // cold 10 -> 20, steady 0.2 -> 0.1, 100 calls: 10 + 20 = 30 and 20 + 10 = 30.
        Trace trace = twoRuns(10, 20, 0.2, 0.1);
        Trace decided = new Trace(trace.source(), trace.fixture(), trace.runs(), trace.sha256(), trace.limits(),
                trace.notMeasured(), trace.badLines(), Optional.of(new Decision("x", Optional.empty(), Optional.empty(),
                        Optional.empty(), OptionalLong.of(100))));

        Trade.WorkerLifetime lifetime = Receipt.of(decided).trade().orElseThrow().workerLifetime().orElseThrow();

        assertThat(lifetime).isEqualTo(new Trade.WorkerLifetime(100, 30, 30, "neither"));
        assertThat(lifetime.candidateIsCheaper()).isFalse();
    }

    @Test
    void noTradeWithoutTwoComparableRuns() {
        Trace printBridge = Traces.read(Fixtures.PRINT_BRIDGE);
        Run baseline = printBridge.run(Run.BASELINE).orElseThrow();
        Run candidate = printBridge.run(Run.CANDIDATE).orElseThrow();
        Run oneWarmupShort = new Run(Run.CANDIDATE, candidate.calls().stream().filter(c -> c.phase() != Phase.WARMUP).toList());
        Run oneSteadyShort = new Run(Run.CANDIDATE, candidate.calls().stream().filter(c -> !c.id().equals("c11")).toList());

        assertThat(Receipt.of(printBridge.withRuns(List.of(baseline))).trade()).as("one run").isEmpty();
        assertThat(Receipt.of(printBridge.withRuns(List.of(baseline, oneWarmupShort))).trade()).as("unequal warmup").isEmpty();
        assertThat(Receipt.of(printBridge.withRuns(List.of(baseline, oneSteadyShort))).trade()).as("unequal steady").isEmpty();
        assertThat(Receipt.of(Fixtures.trace("torch-logs/2.6-print-bridge/torch_logs.txt")).trade()).as("no calls").isEmpty();
    }

    /** One warmup and one steady call per run, with these walls. */
    private static Trace twoRuns(double baselineCold, double candidateCold, double baselineSteady, double candidateSteady) {
        return new Trace(Path.of("hand-made.json"), new Fixture("hand-made", java.util.Map.of(), Optional.empty()),
                List.of(run(Run.BASELINE, baselineCold, baselineSteady), run(Run.CANDIDATE, candidateCold, candidateSteady)),
                "0".repeat(64), Limits.DEFAULT, java.util.Set.of(), Optional.empty());
    }

    private static Run run(String label, double cold, double steady) {
        return new Run(label, List.of(new Call("w", Phase.WARMUP, Call.DEFAULT_FAMILY, cold, Optional.empty(), List.of()),
                new Call("s", Phase.STEADY, Call.DEFAULT_FAMILY, steady, Optional.empty(), List.of())));
    }
}
