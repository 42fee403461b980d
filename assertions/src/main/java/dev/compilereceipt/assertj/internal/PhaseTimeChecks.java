package dev.compilereceipt.assertj.internal;

import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldBeMeasured;
import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldBeMeasuredInProfile;
import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldHaveCalls;
import static dev.compilereceipt.assertj.error.ShouldHaveAtMostMs.shouldHaveCompileTimeAtMost;
import static dev.compilereceipt.assertj.error.ShouldHaveAtMostMs.shouldHaveEagerIslandTimeAtMost;
import static dev.compilereceipt.assertj.internal.FigureFailures.diffFailure;
import static dev.compilereceipt.assertj.internal.FigureFailures.noCalls;
import static dev.compilereceipt.assertj.internal.FigureFailures.notMeasured;
import static dev.compilereceipt.assertj.internal.FigureText.NL;
import static dev.compilereceipt.assertj.internal.FigureText.ms;

import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Phase;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.apiguardian.api.API;
import org.assertj.core.api.AssertionInfo;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * The checks of a phase's time in every run in scope: its eager islands and its compiling, each
 * against a limit in milliseconds, with the calls that spent it as evidence.
 *
 * <p>Example: {@code PhaseTimeChecks.hasCompileTimeAtMost(info, scope, STEADY, 10)} throws the failure
 * {@code assertThat(receipt).hasCompileTimeAtMost(STEADY, 10)} reports.
 */
@API(status = API.Status.INTERNAL, since = "0.2")
public final class PhaseTimeChecks {

    private PhaseTimeChecks() {
    }

    /** Checks that the eager islands of {@code phase} took at most {@code maxMs} in all, in every run in scope. */
    public static void hasEagerIslandTimeAtMost(AssertionInfo info, ReceiptScope scope, Phase phase, double maxMs) {
        String figure = "eager-island time in " + phase + " of at most " + ms(maxMs) + " ms";
        timeAtMost(info, scope, figure, phase, maxMs, Measure.EAGER_ISLAND_MS, figures -> figures.eagerIslandMs().isPresent()
                ? Optional.of(figures.eagerIslandMs().getAsDouble()) : Optional.empty());
    }

    /** Checks that compiling (successful or not) in {@code phase} took at most {@code maxMs} in all, in every run in scope. */
    public static void hasCompileTimeAtMost(AssertionInfo info, ReceiptScope scope, Phase phase, double maxMs) {
        String figure = "compile time in " + phase + " of at most " + ms(maxMs) + " ms";
        timeAtMost(info, scope, figure, phase, maxMs, Measure.CALLS, figures -> Optional.of(figures.compileMs()));
    }

    private static void timeAtMost(AssertionInfo info, ReceiptScope scope, String figure, Phase phase, double maxMs, Measure measure,
                            Function<PhaseFigures, Optional<Double>> value) {
        Map<String, Double> spentByRun = new LinkedHashMap<>();
        List<String> actualLines = new ArrayList<>();
        List<String> expectedLines = new ArrayList<>();
        List<LedgerRow> offending = new ArrayList<>();
        for (RunFigures run : scope.runs()) {
            scope.requireCalls(info, run, "have " + figure);
            if (run.phase(phase).calls() == 0) {
                throw noCalls(info, shouldHaveCalls(scope.subject(), "have " + figure, phase.id()), phase.id());
            }
            double spent = value.apply(run.phase(phase)).orElseThrow(() -> notMeasured(info, ProfileSource.of(scope.receipt())
                    ? shouldBeMeasuredInProfile(scope.subject(), "have " + figure, measure)
                    : shouldBeMeasured(scope.subject(), "have " + figure, measure), measure));
            if (spent > maxMs) {
                spentByRun.put(run.label(), spent);
                actualLines.add(run.label() + " " + phase + ": " + ms(spent) + " ms");
                expectedLines.add(run.label() + " " + phase + ": at most " + ms(maxMs) + " ms");
                offending.addAll(scope.rows(run, phase, row -> measure == Measure.CALLS ? row.compileMs() > 0
                        : !row.breakSites().isEmpty()));
            }
        }
        if (!spentByRun.isEmpty()) {
            ErrorMessageFactory message = measure == Measure.CALLS
                    ? shouldHaveCompileTimeAtMost(scope.subject(), phase, maxMs, spentByRun, offending)
                    : shouldHaveEagerIslandTimeAtMost(scope.subject(), phase, maxMs, spentByRun, offending, scope.receipt());
            throw diffFailure(info, message,
                    String.join(NL, actualLines), String.join(NL, expectedLines));
        }
    }
}

