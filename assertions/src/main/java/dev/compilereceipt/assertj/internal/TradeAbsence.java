package dev.compilereceipt.assertj.internal;

import dev.compilereceipt.assertj.error.ShouldBeMeasured;
import dev.compilereceipt.receipt.Comparison;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Run;
import java.util.Optional;
import org.apiguardian.api.API;

/** Why a receipt has no trade, in the words of the contract, for the message of {@code trade()}. */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class TradeAbsence {

    private TradeAbsence() {
    }

    /** Why there is no trade, then, where a source could give it, what would measure it on a line of its own. */
    public static String of(Receipt receipt, String whenNoSteadyComparison) {
        return reason(receipt, whenNoSteadyComparison) + remedy(receipt).map(line -> ";" + FigureText.NL + "what would measure it: " + line)
                .orElse("");
    }

    private static Optional<String> remedy(Receipt receipt) {
        if (!receipt.hasRun(Run.BASELINE) || !receipt.hasRun(Run.CANDIDATE)) {
            return Optional.of("a trace of both runs (the capture helper's baseline and candidate in one trace.json), or two"
                    + " single-run traces read as one comparison (@TraceFixture(baseline = ..., candidate = ...), Trace.combine)");
        }
        if (!receipt.run(Run.BASELINE).hasPhases()) {
            return Optional.of(ShouldBeMeasured.whatWouldMeasure(Measure.CALLS));
        }
        Optional<Comparison> steady = receipt.comparison(Phase.STEADY);
        if (steady.isPresent() && steady.get().failure().isEmpty()
                && (steady.get().baselineMedianMs().isEmpty() || steady.get().candidateMedianMs().isEmpty())) {
            return Optional.of(ShouldBeMeasured.whatWouldMeasure(Measure.WALL_MS));
        }
        return Optional.empty();
    }

    private static String reason(Receipt receipt, String whenNoSteadyComparison) {
        Optional<Comparison> steady = receipt.comparison(Phase.STEADY);
        if (steady.isEmpty()) {
            return whenNoSteadyComparison;
        }
        if (steady.get().failure().isPresent()) {
            return "the steady phase was not compared: " + ComparisonRefusal.of(steady.get());
        }
        if (steady.get().baselineMedianMs().isEmpty() || steady.get().candidateMedianMs().isEmpty()) {
            return "wall times were not measured by this source (not_measured: wall_ms)";
        }
        PhaseFigures before = receipt.run(Run.BASELINE).phase(Phase.WARMUP);
        PhaseFigures after = receipt.run(Run.CANDIDATE).phase(Phase.WARMUP);
        return "the baseline has " + FigureText.count(before.calls(), "warmup call") + " and the candidate "
                + FigureText.count(after.calls(), "warmup call") + ": cold costs of unequal samples are not traded";
    }
}
