package dev.compilereceipt.receipt;

import dev.compilereceipt.trace.Decision;
import dev.compilereceipt.trace.Millis;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.Run;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The trade of a receipt of two runs, from the figures the receipt already holds: the warmup
 * totals and the steady medians. There is none when either run lacks phase figures or wall
 * times, when the steady phase was not compared (no steady calls, or unequal counts), or when the
 * warmup phases hold different numbers of calls (two cold costs of unequal samples say nothing).
 */
final class TradeCalculator {

    private TradeCalculator() {
    }

    /** A run's cold cost: its warmup calls' wall total. */
    private static BigDecimal cold(PhaseFigures warmup) {
        return Millis.exact(warmup.wallMs().orElseThrow().total());
    }

    static Optional<Trade> trade(RunFigures baseline, RunFigures candidate, Optional<Comparison> steady,
                                 Optional<Decision> decision) {
        if (steady.isEmpty() || !steady.get().compared() || steady.get().baselineMedianMs().isEmpty()
                || steady.get().candidateMedianMs().isEmpty()) {
            return Optional.empty();
        }
        PhaseFigures before = baseline.phases().get(Phase.WARMUP);
        PhaseFigures after = candidate.phases().get(Phase.WARMUP);
        // Without warmup calls no cold cost was measured: the first steady call paid it, and a trade would call it 0.
        if (before == null || after == null || before.calls() != after.calls() || before.calls() == 0) {
            return Optional.empty();
        }
        BigDecimal baselineCold = cold(before);
        BigDecimal candidateCold = cold(after);
        BigDecimal baselineSteady = Millis.exact(steady.get().baselineMedianMs().getAsDouble());
        BigDecimal candidateSteady = Millis.exact(steady.get().candidateMedianMs().getAsDouble());
        BigDecimal extraCold = candidateCold.subtract(baselineCold);
        BigDecimal saving = baselineSteady.subtract(candidateSteady);
        OptionalLong breakEven = breakEven(extraCold, saving);
        Optional<Trade.BreakEvenReason> reason = reason(extraCold, saving);
        Optional<Trade.WarmCaches> warm = Optional.empty();
        if (baseline.coldStart().warmCachesMs().isPresent() && candidate.coldStart().warmCachesMs().isPresent()) {
            BigDecimal baselineWarm = Millis.exact(baseline.coldStart().warmCachesMs().getAsDouble());
            BigDecimal candidateWarm = Millis.exact(candidate.coldStart().warmCachesMs().getAsDouble());
            BigDecimal extraWarm = candidateWarm.subtract(baselineWarm);
            warm = Optional.of(new Trade.WarmCaches(baselineWarm.doubleValue(), candidateWarm.doubleValue(), extraWarm.doubleValue(),
                    breakEven(extraWarm, saving), reason(extraWarm, saving)));
        }
        Optional<Trade.WorkerLifetime> lifetime = decision.flatMap(d -> d.workerLifetimeCalls().isPresent()
                ? Optional.of(d.workerLifetimeCalls().getAsLong()) : Optional.empty())
                .map(calls -> lifetime(calls, cost(baselineCold, baselineSteady, calls), cost(candidateCold, candidateSteady, calls)));
        return Optional.of(new Trade(baselineCold.doubleValue(), candidateCold.doubleValue(), baselineSteady.doubleValue(),
                candidateSteady.doubleValue(), extraCold.doubleValue(),
                saving.doubleValue(), breakEven, reason, lifetime, warm));
    }

    /** 0 when no dearer cold and no slower steady; ⌈extra / saving⌉ when dearer cold and faster steady; else none. */
    private static OptionalLong breakEven(BigDecimal extraCold, BigDecimal saving) {
        if (extraCold.signum() <= 0 && saving.signum() >= 0) {
            return OptionalLong.of(0);
        }
        if (extraCold.signum() > 0 && saving.signum() > 0) {
            return OptionalLong.of(extraCold.divide(saving, 0, RoundingMode.CEILING).longValueExact());
        }
        return OptionalLong.empty();
    }

    private static Optional<Trade.BreakEvenReason> reason(BigDecimal extraCold, BigDecimal saving) {
        if (breakEven(extraCold, saving).isPresent()) {
            return Optional.empty();
        }
        return Optional.of(saving.signum() < 0 ? Trade.BreakEvenReason.WORSE_STEADY : Trade.BreakEvenReason.WORSE_COLD_NO_STEADY_SAVING);
    }

    private static Trade.WorkerLifetime lifetime(long calls, BigDecimal baseline, BigDecimal candidate) {
        int order = candidate.compareTo(baseline);
        return new Trade.WorkerLifetime(calls, baseline.doubleValue(), candidate.doubleValue(),
                order < 0 ? Run.CANDIDATE : order > 0 ? Run.BASELINE : Trade.WorkerLifetime.NEITHER);
    }

    /** Cold plus lifetime × steady median: a sum of 4-decimal values, exact. */
    private static BigDecimal cost(BigDecimal cold, BigDecimal steadyMedian, long calls) {
        return cold.add(steadyMedian.multiply(BigDecimal.valueOf(calls)));
    }
}
