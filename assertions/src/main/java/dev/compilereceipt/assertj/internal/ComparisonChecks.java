package dev.compilereceipt.assertj.internal;

import static dev.compilereceipt.assertj.error.ShouldBeComparable.shouldBeComparable;
import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldBeMeasured;
import static dev.compilereceipt.assertj.error.ShouldContain.shouldContain;
import static dev.compilereceipt.assertj.error.ShouldHaveCandidateMedianAtMost.shouldHaveCandidateMedianAtMost;
import static dev.compilereceipt.assertj.error.ShouldHaveEqualSamples.shouldHaveEqualSamples;
import static dev.compilereceipt.assertj.error.ShouldHaveEqualSamples.shouldHaveTwoRuns;
import static dev.compilereceipt.assertj.error.ShouldHaveFewerBreaksPerCall.shouldHaveFewerBreaksPerCall;
import static dev.compilereceipt.assertj.error.ShouldHaveNoFailures.shouldHaveNoFailures;
import static dev.compilereceipt.assertj.internal.FigureFailures.diffFailure;
import static dev.compilereceipt.assertj.internal.FigureFailures.notMeasured;
import static dev.compilereceipt.assertj.internal.FigureText.NL;
import static dev.compilereceipt.assertj.internal.FigureText.ms;
import static dev.compilereceipt.assertj.internal.FigureText.sortedLines;
import static dev.compilereceipt.assertj.internal.ReceiptScope.labels;

import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.receipt.Comparison;
import dev.compilereceipt.receipt.FailureCode;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.receipt.Trade;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.Run;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.assertj.core.api.AssertionInfo;

/**
 * The checks of what a receipt's two runs compare: its failure codes, equal samples per phase, the
 * candidate's median against the baseline's, breaks per call before and after, and the lookups of
 * a phase's comparison and of the trade.
 *
 * <p>Example: {@code ComparisonChecks.hasEqualSamples(info, scope)} throws the failure
 * {@code assertThat(receipt).hasEqualSamples()} reports.
 */
@API(status = API.Status.INTERNAL, since = "0.2")
public final class ComparisonChecks {

    private ComparisonChecks() {
    }

    /**
     * The receipt has no failure codes; narrowed to a run, the output mismatches of other runs are left out. A
     * source that checked no output ({@link Measure#OUTPUT_CHECKS}) fails it with the not-measured sentence.
     */
    public static void hasNoFailures(AssertionInfo info, ReceiptScope scope) {
                // Failure codes come from calls (their output checks and phase samples): a source without calls has none to give.
        scope.runs().forEach(run -> scope.requireCalls(info, run, "have no failures"));
        Set<String> calls = scope.narrowedTo().map(label -> scope.receipt().ledger().rows(label).stream().map(LedgerRow::call)
                .collect(Collectors.toSet())).orElse(null);
        List<FailureCode> failures = scope.receipt().failures().stream()
                .filter(code -> calls == null || code.kind() != FailureCode.Kind.OUTPUT_MISMATCH || calls.contains(code.subject()))
                .toList();
        if (!failures.isEmpty()) {
            throw diffFailure(info, shouldHaveNoFailures(scope.subject(), failures, scope.receipt()),
                    sortedLines(failures.stream().map(FailureCode::code).toList()), sortedLines(List.of()));
        }
        // A failure found is a fact on any source; no mismatch is one only where the outputs were checked.
        if (!scope.receipt().limits().measured(Measure.OUTPUT_CHECKS)) {
            throw notMeasured(info, shouldBeMeasured(scope.subject(), "have no failures", Measure.OUTPUT_CHECKS,
                    scope.receipt().limits().missingEvidence(Measure.OUTPUT_CHECKS)), Measure.OUTPUT_CHECKS);
        }
    }

    /**
     * Checks that baseline and candidate have the same number of calls in every phase, so that
     * every phase is compared. Needs both runs; it looks at both even when narrowed to one.
     */
    public static void hasEqualSamples(AssertionInfo info, ReceiptScope scope) {
                String check = "have as many candidate calls as baseline calls in every phase";
        if (!scope.receipt().hasRun(Run.BASELINE) || !scope.receipt().hasRun(Run.CANDIDATE)) {
            throw diffFailure(info, shouldHaveTwoRuns(scope.subject(), labels(scope.receipt().runs())),
                    sortedLines(scope.receipt().runs().stream().map(RunFigures::label).toList()), sortedLines(List.of(Run.BASELINE, Run.CANDIDATE)));
        }
        RunFigures baseline = scope.receipt().run(Run.BASELINE);
        RunFigures candidate = scope.receipt().run(Run.CANDIDATE);
        scope.requireCalls(info, baseline, check);
        scope.requireCalls(info, candidate, check);
        boolean unequal = false;
        List<String> actualLines = new ArrayList<>();
        List<String> expectedLines = new ArrayList<>();
        for (Phase phase : Phase.values()) {
            int before = baseline.phase(phase).calls();
            int after = candidate.phase(phase).calls();
            actualLines.add(phase + ": baseline " + before + ", candidate " + after);
            expectedLines.add(phase + ": baseline " + before + ", candidate " + before);
            unequal |= before != after;
        }
        if (unequal) {
            throw diffFailure(info, shouldHaveEqualSamples(scope.subject(), baseline, candidate),
                    String.join(NL, actualLines), String.join(NL, expectedLines));
        }
    }

    /**
     * Checks that the candidate's median wall time in {@code phase} is at most {@code factor} times
     * the baseline's. Refuses a phase whose runs have unequal call counts.
     */
    public static void candidateMedianIsAtMost(AssertionInfo info, ReceiptScope scope, Phase phase, double factor) {
        String check = "have a candidate median of at most " + ms(factor) + " x the baseline median in " + phase;
        Comparison comparison = comparable(info, scope, phase, check);
        if (comparison.baselineMedianMs().isEmpty() || comparison.candidateMedianMs().isEmpty()) {
            throw notMeasured(info, shouldBeMeasured(scope.subject(), check, Measure.WALL_MS), Measure.WALL_MS);
        }
        double baseline = comparison.baselineMedianMs().getAsDouble();
        double candidate = comparison.candidateMedianMs().getAsDouble();
        double limit = factor * baseline;
        if (candidate > limit) {
            throw diffFailure(info, shouldHaveCandidateMedianAtMost(scope.subject(), phase, factor, comparison),
                    "candidate " + phase + " median: " + ms(candidate) + " ms",
                    "candidate " + phase + " median: at most " + ms(limit) + " ms");
        }
    }

    /**
     * Checks that the candidate crossed fewer graph breaks per call than the baseline in
     * {@code phase}. Refuses a phase whose runs have unequal call counts.
     */
    public static void candidateHasFewerBreaksPerCallIn(AssertionInfo info, ReceiptScope scope, Phase phase) {
        String check = "have fewer breaks per call in the candidate than in the baseline in " + phase;
        comparable(info, scope, phase, check);
        PhaseFigures baseline = scope.receipt().run(Run.BASELINE).phase(phase);
        PhaseFigures candidate = scope.receipt().run(Run.CANDIDATE).phase(phase);
        if (baseline.breaks().isEmpty() || candidate.breaks().isEmpty()) {
            throw notMeasured(info, shouldBeMeasured(scope.subject(), check, Measure.BREAKS), Measure.BREAKS);
        }
        if (candidate.breaksPerCall().getAsDouble() >= baseline.breaksPerCall().getAsDouble()) {
            throw diffFailure(info, shouldHaveFewerBreaksPerCall(scope.subject(), phase.id(), baseline, candidate),
                    "candidate " + phase + ": " + ms(candidate.breaksPerCall().getAsDouble()) + " breaks per call",
                    "candidate " + phase + ": fewer than " + ms(baseline.breaksPerCall().getAsDouble()) + " breaks per call");
        }
    }

    /** The baseline/candidate comparison of {@code phase}, compared or refused; fails when there is none. */
    public static Piece<Comparison> comparison(AssertionInfo info, ReceiptScope scope, Phase phase) {
        return new Piece<>(comparisonOf(info, scope, phase), scope.ofReceipt());
    }

    private static Comparison comparisonOf(AssertionInfo info, ReceiptScope scope, Phase phase) {
        return scope.receipt().comparison(phase).orElseThrow(() -> diffFailure(info, shouldContain(scope.subject(),
                "a comparison of " + phase, missingComparison(scope, phase)), "comparisons: " + comparedPhases(scope), "comparisons: " + phase));
    }

    /** The trade of the receipt; fails when there is none (one run, no per-call figures, steady or warmup phases not comparable). */
    public static Piece<Trade> trade(AssertionInfo info, ReceiptScope scope) {
        return new Piece<>(tradeOf(info, scope), scope.ofReceipt());
    }

    private static Trade tradeOf(AssertionInfo info, ReceiptScope scope) {
        return scope.receipt().trade().orElseThrow(() -> diffFailure(info, shouldContain(scope.subject(), "a trade (cold cost against steady saving)",
                TradeAbsence.of(scope.receipt(), missingComparison(scope, Phase.STEADY))), "trade: none", "trade: computed"));
    }

    private static Comparison comparable(AssertionInfo info, ReceiptScope scope, Phase phase, String check) {
        Comparison comparison = comparisonOf(info, scope, phase);
        if (comparison.failure().isPresent()) {
            throw diffFailure(info, shouldBeComparable(scope.subject(), check, comparison),
                    phase + ": not compared (" + comparison.failure().get() + ")", phase + ": compared");
        }
        return comparison;
    }

    private static String comparedPhases(ReceiptScope scope) {
        return scope.receipt().comparisons().isEmpty() ? "none" : String.join(", ", scope.receipt().comparisons().stream().map(c -> c.phase().id()).toList());
    }

    private static String missingComparison(ReceiptScope scope, Phase phase) {
        if (!scope.receipt().hasRun(Run.BASELINE) || !scope.receipt().hasRun(Run.CANDIDATE)) {
            return "it has only run " + labels(scope.receipt().runs()) + ": there is nothing to compare";
        }
        if (!scope.receipt().run(Run.BASELINE).hasPhases()) {
            return "calls and their phases were not measured by this source (not_measured: calls)";
        }
        return "neither run has " + phase + " calls";
    }
}
