package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.internal.FigureText.NL;
import static dev.compilereceipt.assertj.internal.FigureText.ms;
import static dev.compilereceipt.assertj.internal.FigureText.sortedLines;
import static dev.compilereceipt.assertj.error.ShouldBeComparable.shouldBeComparable;
import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldBeMeasured;
import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldHaveCalls;
import static dev.compilereceipt.assertj.error.ShouldContain.shouldContain;
import static dev.compilereceipt.assertj.error.ShouldHaveAtMostMs.shouldHaveAtMostMs;
import static dev.compilereceipt.assertj.error.ShouldHaveCandidateMedianAtMost.shouldHaveCandidateMedianAtMost;
import static dev.compilereceipt.assertj.error.ShouldHaveEqualSamples.shouldHaveEqualSamples;
import static dev.compilereceipt.assertj.error.ShouldHaveEqualSamples.shouldHaveTwoRuns;
import static dev.compilereceipt.assertj.error.ShouldHaveFewerBreaksPerCall.shouldHaveFewerBreaksPerCall;
import static dev.compilereceipt.assertj.error.ShouldHaveNoFailures.shouldHaveNoFailures;

import dev.compilereceipt.assertj.internal.TradeAbsence;
import dev.compilereceipt.receipt.Comparison;
import dev.compilereceipt.receipt.FailureCode;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.receipt.Trade;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * The checks of a receipt on time, on its failure codes and on what needs both runs: eager-island
 * and compile time per phase, equal samples per phase,
 * the candidate's median against the baseline's, breaks per call before and after, and
 * navigation to a phase's comparison ({@code comparison(phase)}) and to the trade ({@code trade()}). {@link AbstractReceiptAssert} adds the per-run checks.
 *
 * <p>Example: {@code assertThat(receipt).hasEqualSamples().candidateMedianIsAtMost(STEADY, 0.5);}
 *
 * @param <SELF> the assert's own type, so that checks chain
 * @param <ACTUAL> the receipt type
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public abstract class AbstractTimeAndComparisonChecks<SELF extends AbstractTimeAndComparisonChecks<SELF, ACTUAL>, ACTUAL extends Receipt>
        extends AbstractReceiptScope<SELF, ACTUAL> {

    protected AbstractTimeAndComparisonChecks(ACTUAL actual, Class<?> selfType) {
        super(actual, selfType);
    }

    /**
     * Checks that the receipt has no failure codes ({@code UNEQUAL_PHASE_SAMPLES:<phase>},
     * {@code OUTPUT_MISMATCH:<call>}); narrowed to a run, the output mismatches of other runs are left out.
     */
    public SELF hasNoFailures() {
        isNotNull();
        // Failure codes come from calls (their output checks and phase samples): a source without calls has none to give.
        scope().forEach(run -> requireCalls(run, "have no failures"));
        Set<String> calls = narrowedTo.map(label -> actual.ledger().rows(label).stream().map(LedgerRow::call)
                .collect(Collectors.toSet())).orElse(null);
        List<FailureCode> failures = actual.failures().stream()
                .filter(code -> calls == null || code.kind() != FailureCode.Kind.OUTPUT_MISMATCH || calls.contains(code.subject()))
                .toList();
        if (!failures.isEmpty()) {
            throw diffFailure(shouldHaveNoFailures(subject(), failures, actual),
                    sortedLines(failures.stream().map(FailureCode::code).toList()), sortedLines(List.of()));
        }
        return myself;
    }

    /**
     * Checks that baseline and candidate have the same number of calls in every phase, so that
     * every phase is compared. Needs both runs; it looks at both even when narrowed to one.
     */
    public SELF hasEqualSamples() {
        isNotNull();
        String check = "have as many candidate calls as baseline calls in every phase";
        if (!actual.hasRun(Run.BASELINE) || !actual.hasRun(Run.CANDIDATE)) {
            throw diffFailure(shouldHaveTwoRuns(subject(), labels(actual.runs())),
                    sortedLines(actual.runs().stream().map(RunFigures::label).toList()), sortedLines(List.of(Run.BASELINE, Run.CANDIDATE)));
        }
        RunFigures baseline = actual.run(Run.BASELINE);
        RunFigures candidate = actual.run(Run.CANDIDATE);
        requireCalls(baseline, check);
        requireCalls(candidate, check);
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
            throw diffFailure(shouldHaveEqualSamples(subject(), baseline, candidate),
                    String.join(NL, actualLines), String.join(NL, expectedLines));
        }
        return myself;
    }

    /**
     * Checks that the candidate's median wall time in {@code phase} is at most {@code factor} times
     * the baseline's. Refuses a phase whose runs have unequal call counts.
     */
    public SELF candidateMedianIsAtMost(Phase phase, double factor) {
        String check = "have a candidate median of at most " + ms(factor) + " x the baseline median in " + phase;
        Comparison comparison = comparable(phase, check);
        if (comparison.baselineMedianMs().isEmpty() || comparison.candidateMedianMs().isEmpty()) {
            throw notMeasured(shouldBeMeasured(subject(), check, Measure.WALL_MS), Measure.WALL_MS);
        }
        double baseline = comparison.baselineMedianMs().getAsDouble();
        double candidate = comparison.candidateMedianMs().getAsDouble();
        double limit = factor * baseline;
        if (candidate > limit) {
            throw diffFailure(shouldHaveCandidateMedianAtMost(subject(), phase, factor, comparison),
                    "candidate " + phase + " median: " + ms(candidate) + " ms",
                    "candidate " + phase + " median: at most " + ms(limit) + " ms");
        }
        return myself;
    }

    /**
     * Checks that the candidate crossed fewer graph breaks per call than the baseline in
     * {@code phase}. Refuses a phase whose runs have unequal call counts.
     */
    public SELF candidateHasFewerBreaksPerCallIn(Phase phase) {
        String check = "have fewer breaks per call in the candidate than in the baseline in " + phase;
        comparable(phase, check);
        PhaseFigures baseline = actual.run(Run.BASELINE).phase(phase);
        PhaseFigures candidate = actual.run(Run.CANDIDATE).phase(phase);
        if (baseline.breaks().isEmpty() || candidate.breaks().isEmpty()) {
            throw notMeasured(shouldBeMeasured(subject(), check, Measure.BREAKS), Measure.BREAKS);
        }
        if (candidate.breaksPerCall().getAsDouble() >= baseline.breaksPerCall().getAsDouble()) {
            throw diffFailure(shouldHaveFewerBreaksPerCall(subject(), phase.id(), baseline, candidate),
                    "candidate " + phase + ": " + ms(candidate.breaksPerCall().getAsDouble()) + " breaks per call",
                    "candidate " + phase + ": fewer than " + ms(baseline.breaksPerCall().getAsDouble()) + " breaks per call");
        }
        return myself;
    }

    /** The baseline/candidate comparison of {@code phase}, compared or refused; fails when there is none. */
    public ComparisonAssert comparison(Phase phase) {
        isNotNull();
        Comparison found = actual.comparison(phase).orElseThrow(() -> diffFailure(shouldContain(subject(),
                "a comparison of " + phase, missingComparison(phase)), "comparisons: " + comparedPhases(), "comparisons: " + phase));
        return navigate(ComparisonAssert.class, Comparison.class, found, ComparisonAssert::new, ofReceipt());
    }

    /**
     * The trade: what the candidate costs more cold against what it saves steady (not a phase's
     * median ratio, which {@link #comparison(Phase)} checks);
     * fails when there is none (one run, no per-call figures, steady or warmup phases not comparable).
     */
    public TradeAssert trade() {
        isNotNull();
        Trade found = actual.trade().orElseThrow(() -> diffFailure(shouldContain(subject(), "a trade (cold cost against steady saving)",
                TradeAbsence.of(actual, missingComparison(Phase.STEADY))), "trade: none", "trade: computed"));
        return navigate(TradeAssert.class, Trade.class, found, TradeAssert::new, ofReceipt());
    }

    Comparison comparable(Phase phase, String check) {
        isNotNull();
        Comparison comparison = actual.comparison(phase).orElseThrow(() -> diffFailure(shouldContain(subject(),
                "a comparison of " + phase, missingComparison(phase)), "comparisons: " + comparedPhases(), "comparisons: " + phase));
        if (comparison.failure().isPresent()) {
            throw diffFailure(shouldBeComparable(subject(), check, comparison),
                    phase + ": not compared (" + comparison.failure().get() + ")", phase + ": compared");
        }
        return comparison;
    }

    private String comparedPhases() {
        return actual.comparisons().isEmpty() ? "none" : String.join(", ", actual.comparisons().stream().map(c -> c.phase().id()).toList());
    }

    String missingComparison(Phase phase) {
        if (!actual.hasRun(Run.BASELINE) || !actual.hasRun(Run.CANDIDATE)) {
            return "it has only run " + labels(actual.runs()) + ": there is nothing to compare";
        }
        if (!actual.run(Run.BASELINE).hasPhases()) {
            return "calls and their phases were not measured by this source (not_measured: calls)";
        }
        return "neither run has " + phase + " calls";
    }

    /** Checks that the eager islands of {@code phase} took at most {@code maxMs} in all, in every run in scope. */
    public SELF hasEagerIslandTimeAtMost(Phase phase, double maxMs) {
        String figure = "eager-island time in " + phase + " of at most " + ms(maxMs) + " ms";
        return timeAtMost(figure, phase, maxMs, Measure.EAGER_ISLAND_MS, figures -> figures.eagerIslandMs().isPresent()
                ? Optional.of(figures.eagerIslandMs().getAsDouble()) : Optional.empty(), "spent");
    }

    /** Checks that compiling (successful or not) in {@code phase} took at most {@code maxMs} in all, in every run in scope. */
    public SELF hasCompileTimeAtMost(Phase phase, double maxMs) {
        String figure = "compile time in " + phase + " of at most " + ms(maxMs) + " ms";
        return timeAtMost(figure, phase, maxMs, Measure.CALLS, figures -> Optional.of(figures.compileMs()), "compiled for");
    }

    private SELF timeAtMost(String figure, Phase phase, double maxMs, Measure measure,
                            Function<PhaseFigures, Optional<Double>> value, String verb) {
        List<String> found = new ArrayList<>();
        List<String> actualLines = new ArrayList<>();
        List<String> expectedLines = new ArrayList<>();
        List<LedgerRow> offending = new ArrayList<>();
        for (RunFigures run : scope()) {
            requireCalls(run, "have " + figure);
            if (run.phase(phase).calls() == 0) {
                throw noCalls(shouldHaveCalls(subject(), "have " + figure, phase.id()), phase.id());
            }
            double spent = value.apply(run.phase(phase)).orElseThrow(() -> notMeasured(shouldBeMeasured(subject(), "have " + figure, measure), measure));
            if (spent > maxMs) {
                found.add("run " + run.label() + " " + verb + " " + ms(spent) + " ms");
                actualLines.add(run.label() + " " + phase + ": " + ms(spent) + " ms");
                expectedLines.add(run.label() + " " + phase + ": at most " + ms(maxMs) + " ms");
                offending.addAll(rows(run, phase, row -> measure == Measure.CALLS ? row.compileMs() > 0
                        : !row.breakSites().isEmpty()));
            }
        }
        if (!found.isEmpty()) {
            throw diffFailure(shouldHaveAtMostMs(subject(), figure, found, offending, measure != Measure.CALLS, actual),
                    String.join(NL, actualLines), String.join(NL, expectedLines));
        }
        return myself;
    }
}
