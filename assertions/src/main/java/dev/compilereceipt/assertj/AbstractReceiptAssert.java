package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.FigureText.NL;
import static dev.compilereceipt.assertj.FigureText.count;
import static dev.compilereceipt.assertj.FigureText.indented;
import static dev.compilereceipt.assertj.FigureText.ms;
import static dev.compilereceipt.assertj.FigureText.sortedLines;
import static dev.compilereceipt.assertj.ShouldBeComparable.shouldBeComparable;
import static dev.compilereceipt.assertj.ShouldBeMeasured.shouldBeMeasured;
import static dev.compilereceipt.assertj.ShouldContain.shouldContain;
import static dev.compilereceipt.assertj.ShouldHaveAtMostBreaksPerCall.shouldHaveAtMostBreaksPerCall;
import static dev.compilereceipt.assertj.ShouldHaveAtMostCompiles.shouldHaveAtMostCompiles;
import static dev.compilereceipt.assertj.ShouldHaveAtMostMs.shouldHaveAtMostMs;
import static dev.compilereceipt.assertj.ShouldHaveBreaksOnlyAt.shouldHaveBreaksOnlyAt;
import static dev.compilereceipt.assertj.ShouldHaveCandidateMedianAtMost.shouldHaveCandidateMedianAtMost;
import static dev.compilereceipt.assertj.ShouldHaveEqualSamples.shouldHaveEqualSamples;
import static dev.compilereceipt.assertj.ShouldHaveFewerBreaksPerCall.shouldHaveFewerBreaksPerCall;
import static dev.compilereceipt.assertj.ShouldHaveNoEagerCalls.shouldHaveNoEagerCalls;
import static dev.compilereceipt.assertj.ShouldHaveNoFailures.shouldHaveNoFailures;
import static dev.compilereceipt.assertj.ShouldHaveNoFallbacks.shouldHaveNoFallbacks;
import static dev.compilereceipt.assertj.ShouldHaveNoNewGraphVariants.shouldHaveNoNewGraphVariants;
import static dev.compilereceipt.assertj.ShouldHaveNoRecompiles.shouldHaveNoRecompiles;

import dev.compilereceipt.BreakSite;
import dev.compilereceipt.CallCache;
import dev.compilereceipt.CompileLog;
import dev.compilereceipt.Comparison;
import dev.compilereceipt.GraphId;
import dev.compilereceipt.LedgerRow;
import dev.compilereceipt.Measure;
import dev.compilereceipt.Phase;
import dev.compilereceipt.PhaseFigures;
import dev.compilereceipt.Receipt;
import dev.compilereceipt.Run;
import dev.compilereceipt.RunFigures;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.AbstractObjectAssert;
import org.assertj.core.api.SoftAssertionsProvider;
import org.assertj.core.description.TextDescription;
import org.assertj.core.error.ErrorMessageFactory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Checks on a receipt, in the words of the findings they guard. Every check holds for every run
 * in scope: all runs of the receipt (a single capture has one), or the one run chosen with
 * {@link #run(String)}, which returns an assert with the same checks. A figure the trace's source
 * did not measure never passes: the check fails with "not measured by this trace" and what would
 * measure it.
 *
 * <p>A <b>recompile</b>, for {@link #hasNoRecompilesIn(Phase...)}, is a call that compiled a variant
 * after its frame's first (graph id {@code F/V} with {@code V > 0}), or a call in which guards of
 * older variants missed (guard failures on a compile, or on a fallback that gave up, such as a
 * reached recompile limit). A first compile of a new frame (a resume frame after a break, say) is a
 * new graph variant but not a recompile.
 *
 * <p>Example:
 * <pre>{@code
 * assertThat(receipt).hasNoNewGraphVariantsIn(STEADY)
 *                    .run("candidate").hasBreaksOnlyAt();
 * }</pre>
 *
 * @param <SELF> the assert's own type, so that checks chain
 * @param <ACTUAL> the receipt type
 */
public abstract class AbstractReceiptAssert<SELF extends AbstractReceiptAssert<SELF, ACTUAL>, ACTUAL extends Receipt>
        extends AbstractObjectAssert<SELF, ACTUAL> {

    /** The run label the checks are narrowed to; empty for every run. Set by {@link #run(String)}. */
    Optional<String> narrowedTo = Optional.empty();
    /** The soft assertions this assert was made by, so that navigation stays soft; null for hard assertions. */
    SoftAssertionsProvider softly;

    protected AbstractReceiptAssert(ACTUAL actual, Class<?> selfType) {
        super(actual, selfType);
    }

    /** Narrows every check to the run with this label; fails when the receipt has no such run. */
    public ReceiptAssert run(String label) {
        isNotNull();
        if (!actual.hasRun(label)) {
            throw assertionError(shouldContain(subject(), "a run labelled " + label,
                    "it has runs " + labels(actual.runs())));
        }
        ReceiptAssert narrowed = softly == null ? new ReceiptAssert(actual)
                : softly.proxy(ReceiptAssert.class, Receipt.class, actual);
        narrowed.narrowedTo = Optional.of(label);
        narrowed.softly = softly;
        narrowed.info.description(info.description());
        return narrowed;
    }

    /** Checks that no call of these phases compiled a new graph variant, in every run in scope. */
    public SELF hasNoNewGraphVariantsIn(Phase... phases) {
        String check = "have no new graph variants in " + phaseList(phases);
        List<LedgerRow> offending = new ArrayList<>();
        int variants = 0;
        for (RunFigures run : scope()) {
            requireCalls(run, check);
            for (Phase phase : phases) {
                variants += run.phase(phase).newGraphVariants().size();
                offending.addAll(rows(run, phase, row -> row.cache().equals(Optional.of(CallCache.COMPILE))));
            }
        }
        if (!offending.isEmpty()) {
            throw assertionError(shouldHaveNoNewGraphVariants(subject(), phaseList(phases),
                    count(offending.size(), "call") + " compiled " + count(variants, "new variant"),
                    LedgerTable.of(offending) + LedgerTable.guardFailures(actual, offending)));
        }
        return myself;
    }

    /** Checks that no call of these phases recompiled (see the class comment), in every run in scope. */
    public SELF hasNoRecompilesIn(Phase... phases) {
        String check = "not recompile in " + phaseList(phases);
        List<LedgerRow> offending = new ArrayList<>();
        for (RunFigures run : scope()) {
            requireCalls(run, check);
            Set<String> missed = run.guardMisses().stream().map(miss -> miss.call()).collect(Collectors.toSet());
            for (Phase phase : phases) {
                List<GraphId> recompiled = run.phase(phase).newGraphVariants().stream()
                        .filter(GraphId::isRecompile).toList();
                offending.addAll(rows(run, phase, row -> missed.contains(row.call())
                        || row.cache().equals(Optional.of(CallCache.COMPILE)) && row.graphs().stream().anyMatch(recompiled::contains)));
            }
        }
        if (!offending.isEmpty()) {
            throw assertionError(shouldHaveNoRecompiles(subject(), phaseList(phases),
                    count(offending.size(), "call") + " recompiled",
                    LedgerTable.of(offending) + LedgerTable.guardFailures(actual, offending)));
        }
        return myself;
    }

    /** Checks that every run in scope compiled at most {@code max} new variants in {@code phase}. */
    public SELF hasAtMostCompilesIn(Phase phase, int max) {
        String limit = count(max, "variant") + " in " + phase;
        List<String> found = new ArrayList<>();
        List<String> actualLines = new ArrayList<>();
        List<String> expectedLines = new ArrayList<>();
        List<LedgerRow> offending = new ArrayList<>();
        for (RunFigures run : scope()) {
            requireCalls(run, "compile at most " + limit);
            int compiles = run.phase(phase).compiles();
            if (compiles > max) {
                found.add("run " + run.label() + " compiled " + count(compiles, "variant"));
                actualLines.add(run.label() + " " + phase + ": " + count(compiles, "compile"));
                expectedLines.add(run.label() + " " + phase + ": at most " + count(max, "compile"));
                offending.addAll(rows(run, phase, row -> row.cache().equals(Optional.of(CallCache.COMPILE))));
            }
        }
        if (!found.isEmpty()) {
            throw diffFailure(shouldHaveAtMostCompiles(subject(), limit, String.join("; ", found),
                            LedgerTable.of(offending) + LedgerTable.guardFailures(actual, offending)),
                    String.join(NL, actualLines), String.join(NL, expectedLines));
        }
        return myself;
    }

    /**
     * Checks that no frame gave up compiling and ran eagerly, in any phase of every run in scope.
     * A TORCH_TRACE log without per-call markers is checked against its compile log.
     */
    public SELF hasNoFallbacks() {
        List<String> found = new ArrayList<>();
        List<LedgerRow> offending = new ArrayList<>();
        List<String> logged = new ArrayList<>();
        for (RunFigures run : scope()) {
            if (!run.hasPhases()) {
                CompileLog log = run.compileLog().orElseThrow(() -> assertionError(
                        shouldBeMeasured(subject(), "have no fallbacks", Measure.CALLS)));
                if (!log.fallbacks().isEmpty()) {
                    found.add("run " + run.label() + " gave up " + count(log.fallbacks().size(), "compile"));
                    log.fallbacks().forEach(id -> logged.add(run.label() + " compile id " + id + " made no variant"));
                }
                continue;
            }
            List<String> perPhase = new ArrayList<>();
            int fallbacks = 0;
            for (PhaseFigures figures : run.phases().values()) {
                if (figures.fallbacks() > 0) {
                    perPhase.add(figures.phase() + " " + figures.fallbacks());
                    fallbacks += figures.fallbacks();
                }
            }
            if (fallbacks > 0) {
                found.add("run " + run.label() + " fell back " + count(fallbacks, "time") + " ("
                        + String.join(", ", perPhase) + ")");
                offending.addAll(actual.ledger().rows(run.label()).stream()
                        .filter(row -> row.cache().equals(Optional.of(CallCache.FALLBACK))).toList());
            }
        }
        if (!found.isEmpty()) {
            String evidence = offending.isEmpty() ? indented(logged)
                    : LedgerTable.of(offending) + LedgerTable.guardFailures(actual, offending);
            throw assertionError(shouldHaveNoFallbacks(subject(), String.join("; ", found), evidence));
        }
        return myself;
    }

    /**
     * Checks that every call of a compiled phase ran compiled code: no call whose ledger cache
     * outcome is {@code eager} (nothing compiled ran, say after a recompile limit).
     */
    public SELF hasNoEagerCallsIn(Phase phase) {
        if (!phase.isCompiled()) {
            throw new IllegalArgumentException("phase eager is the uncompiled control: its calls run eagerly by design; "
                    + "check warmup, steady or changed");
        }
        String check = "run compiled code in every " + phase + " call";
        List<LedgerRow> offending = new ArrayList<>();
        int calls = 0;
        for (RunFigures run : scope()) {
            requireCalls(run, check);
            List<LedgerRow> inPhase = rows(run, phase, row -> true);
            if (inPhase.stream().anyMatch(row -> row.cache().isEmpty())) {
                throw assertionError(shouldBeMeasured(subject(), check, Measure.CACHE_HITS));
            }
            calls += inPhase.size();
            offending.addAll(inPhase.stream().filter(row -> row.cache().equals(Optional.of(CallCache.EAGER))).toList());
        }
        if (!offending.isEmpty()) {
            throw assertionError(shouldHaveNoEagerCalls(subject(), phase.id(),
                    offending.size() + " of " + calls + " " + phase + " calls ran nothing compiled",
                    LedgerTable.of(offending)));
        }
        return myself;
    }

    /** Checks that no call of {@code phase} crossed more than {@code max} graph breaks, in every run in scope. */
    public SELF hasAtMostBreaksPerCall(Phase phase, int max) {
        String limit = count(max, "break") + " per call in " + phase;
        List<LedgerRow> offending = new ArrayList<>();
        int calls = 0;
        for (RunFigures run : scope()) {
            requireCalls(run, "cross at most " + limit);
            if (run.phase(phase).breaks().isEmpty()) {
                throw assertionError(shouldBeMeasured(subject(), "cross at most " + limit, Measure.BREAKS));
            }
            List<LedgerRow> inPhase = rows(run, phase, row -> true);
            calls += inPhase.size();
            offending.addAll(inPhase.stream().filter(row -> row.breakSites().size() > max).toList());
        }
        if (!offending.isEmpty()) {
            int most = offending.stream().mapToInt(row -> row.breakSites().size()).max().orElseThrow();
            throw assertionError(shouldHaveAtMostBreaksPerCall(subject(), limit,
                    offending.size() + " of " + calls + " " + phase + " calls crossed more (up to " + most + ")",
                    LedgerTable.of(offending) + LedgerTable.breakSites(actual, offending)));
        }
        return myself;
    }

    /**
     * Checks that every graph break crossed, in every run in scope, is at one of these sites
     * ({@code file:line}); with no sites, that nothing broke at all. A TORCH_TRACE log without
     * per-call markers is checked against the break sites of its compile log.
     */
    public SELF hasBreaksOnlyAt(String... sites) {
        Set<String> allowed = new TreeSet<>(Arrays.asList(sites));
        Set<String> crossed = new TreeSet<>();
        List<String> evidence = new ArrayList<>();
        for (RunFigures run : scope()) {
            if (!run.hasPhases() && run.compileLog().isEmpty()) {
                throw assertionError(shouldBeMeasured(subject(), "break only at " + allowed, Measure.CALLS));
            }
            for (BreakSite site : run.breakSites()) {
                crossed.add(site.site());
                if (!allowed.contains(site.site())) {
                    evidence.add(run.label() + " " + site.site() + "  crossed by " + count(site.calls(), "call")
                            + "  " + site.reason());
                }
            }
            for (CompileLog.Site site : run.compileLog().map(CompileLog::breakSites).orElse(List.of())) {
                crossed.add(site.site());
                String line = run.label() + " " + site.site() + "  reported by " + count(site.compiles(), "compile")
                        + "  " + site.reason();
                if (!allowed.contains(site.site()) && run.breakSite(site.site()).isEmpty()) {
                    evidence.add(line);
                }
            }
        }
        if (!evidence.isEmpty()) {
            Set<String> notAllowed = new TreeSet<>(crossed);
            notAllowed.removeAll(allowed);
            throw diffFailure(shouldHaveBreaksOnlyAt(subject(), allowed.isEmpty() ? "  (nowhere)" : indented(List.copyOf(allowed)),
                            "it broke at " + String.join(", ", notAllowed), indented(evidence)),
                    sortedLines(crossed), sortedLines(allowed));
        }
        return myself;
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
            double spent = value.apply(run.phase(phase)).orElseThrow(() -> assertionError(
                    shouldBeMeasured(subject(), "have " + figure, measure)));
            if (spent > maxMs) {
                found.add("run " + run.label() + " " + verb + " " + ms(spent) + " ms");
                actualLines.add(run.label() + " " + phase + ": " + ms(spent) + " ms");
                expectedLines.add(run.label() + " " + phase + ": at most " + ms(maxMs) + " ms");
                offending.addAll(rows(run, phase, row -> measure == Measure.CALLS ? row.compileMs() > 0
                        : !row.breakSites().isEmpty()));
            }
        }
        if (!found.isEmpty()) {
            String evidence = offending.isEmpty() ? "" : ":" + NL + LedgerTable.of(offending)
                    + (measure == Measure.CALLS ? "" : LedgerTable.breakSites(actual, offending));
            throw diffFailure(shouldHaveAtMostMs(subject(), figure, String.join("; ", found), evidence),
                    String.join(NL, actualLines), String.join(NL, expectedLines));
        }
        return myself;
    }

    /**
     * Checks that the receipt has no failure codes ({@code UNEQUAL_PHASE_SAMPLES:<phase>},
     * {@code OUTPUT_MISMATCH:<call>}); narrowed to a run, the output mismatches of other runs are left out.
     */
    public SELF hasNoFailures() {
        isNotNull();
        Set<String> calls = narrowedTo.map(label -> actual.ledger().rows(label).stream().map(LedgerRow::call)
                .collect(Collectors.toSet())).orElse(null);
        List<String> failures = actual.failures().stream()
                .filter(code -> calls == null || !code.startsWith("OUTPUT_MISMATCH:")
                        || calls.contains(code.substring("OUTPUT_MISMATCH:".length())))
                .toList();
        if (!failures.isEmpty()) {
            throw diffFailure(shouldHaveNoFailures(subject(), indented(failures.stream().map(this::explain).toList())),
                    sortedLines(failures), sortedLines(List.of()));
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
            throw assertionError(shouldHaveEqualSamples(subject(), "it has only run " + labels(actual.runs())
                    + ": there is nothing to compare"));
        }
        RunFigures baseline = actual.run(Run.BASELINE);
        RunFigures candidate = actual.run(Run.CANDIDATE);
        requireCalls(baseline, check);
        requireCalls(candidate, check);
        List<String> unequal = new ArrayList<>();
        List<String> actualLines = new ArrayList<>();
        List<String> expectedLines = new ArrayList<>();
        for (Phase phase : Phase.values()) {
            int before = baseline.phase(phase).calls();
            int after = candidate.phase(phase).calls();
            actualLines.add(phase + ": baseline " + before + ", candidate " + after);
            expectedLines.add(phase + ": baseline " + before + ", candidate " + before);
            if (before != after) {
                unequal.add("  " + phase + ": baseline " + count(before, "call") + ", candidate " + count(after, "call")
                        + " (UNEQUAL_PHASE_SAMPLES:" + phase + ")");
            }
        }
        if (!unequal.isEmpty()) {
            throw diffFailure(shouldHaveEqualSamples(subject(), "the call counts differ in " + count(unequal.size(), "phase")
                            + ":" + NL + String.join(NL, unequal) + NL + "a phase with unequal samples is not compared"),
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
            throw assertionError(shouldBeMeasured(subject(), check, Measure.WALL_MS));
        }
        double baseline = comparison.baselineMedianMs().getAsDouble();
        double candidate = comparison.candidateMedianMs().getAsDouble();
        double limit = factor * baseline;
        if (candidate > limit) {
            String ratio = comparison.ratio().isPresent() ? " (ratio " + ms(comparison.ratio().getAsDouble()) + ")" : "";
            throw diffFailure(shouldHaveCandidateMedianAtMost(subject(), ms(factor) + " x the baseline median in " + phase
                            + NL + "  " + ms(factor) + " x " + ms(baseline) + " ms = " + ms(limit) + " ms",
                            "it was " + ms(candidate) + " ms" + ratio),
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
            throw assertionError(shouldBeMeasured(subject(), check, Measure.BREAKS));
        }
        double before = (double) baseline.breaks().getAsInt() / baseline.calls();
        double after = (double) candidate.breaks().getAsInt() / candidate.calls();
        if (after >= before) {
            throw assertionError(shouldHaveFewerBreaksPerCall(subject(), phase.id(),
                    "the baseline crossed " + count(baseline.breaks().getAsInt(), "break") + " in "
                            + count(baseline.calls(), "call") + " (" + ms(before) + " per call), the candidate "
                            + count(candidate.breaks().getAsInt(), "break") + " in " + count(candidate.calls(), "call")
                            + " (" + ms(after) + " per call)"));
        }
        return myself;
    }

    /** The figures of {@code phase} of the one run in scope; narrow a two-run receipt with {@link #run(String)} first. */
    public PhaseFiguresAssert phase(Phase phase) {
        RunFigures run = onlyRun("phase(" + phase + ")");
        requireCalls(run, "have figures for phase " + phase);
        return navigate(PhaseFiguresAssert.class, PhaseFigures.class, run.phase(phase), PhaseFiguresAssert::new,
                "run " + run.label());
    }

    /** The break site {@code site} of the one run in scope; fails when the run never crossed it. */
    public BreakSiteAssert breakSite(String site) {
        RunFigures run = onlyRun("breakSite(" + site + ")");
        requireCalls(run, "have crossed break site " + site);
        BreakSite found = run.breakSite(site).orElseThrow(() -> assertionError(shouldContain(subject(),
                "crossed break site " + site, run.breakSites().isEmpty() ? "it crossed no break site"
                        : "it crossed only " + run.breakSites().stream().map(BreakSite::site).toList())));
        return navigate(BreakSiteAssert.class, BreakSite.class, found, BreakSiteAssert::new, "run " + run.label());
    }

    /** The baseline/candidate comparison of {@code phase}, compared or refused; fails when there is none. */
    public ComparisonAssert comparison(Phase phase) {
        isNotNull();
        Comparison found = actual.comparison(phase).orElseThrow(() -> assertionError(shouldContain(subject(),
                "a comparison of " + phase, missingComparison(phase))));
        return navigate(ComparisonAssert.class, Comparison.class, found, ComparisonAssert::new,
                actual.fixture().name() + " receipt");
    }

    private Comparison comparable(Phase phase, String check) {
        isNotNull();
        Comparison comparison = actual.comparison(phase).orElseThrow(() -> assertionError(shouldContain(subject(),
                "a comparison of " + phase, missingComparison(phase))));
        if (comparison.failure().isPresent()) {
            throw assertionError(shouldBeComparable(subject(), check, ComparisonAssert.refusal(comparison)));
        }
        return comparison;
    }

    private String missingComparison(Phase phase) {
        if (!actual.hasRun(Run.BASELINE) || !actual.hasRun(Run.CANDIDATE)) {
            return "it has only run " + labels(actual.runs()) + ": there is nothing to compare";
        }
        if (!actual.run(Run.BASELINE).hasPhases()) {
            return "calls and their phases were not measured by this trace (not_measured: calls)";
        }
        return "neither run has " + phase + " calls";
    }

    private <A extends AbstractAssert<A, T>, T> A navigate(Class<A> type, Class<T> actualType, T value,
                                                          Function<T, A> hard, String description) {
        A navigated = softly == null ? hard.apply(value) : softly.proxy(type, actualType, value);
        String prefix = info.descriptionText();
        return navigated.as(prefix.isEmpty() ? description : prefix + ", " + description);
    }

    private RunFigures onlyRun(String navigation) {
        isNotNull();
        List<RunFigures> runs = scope();
        if (runs.size() != 1) {
            throw new IllegalStateException("the " + actual.fixture().name() + " receipt has runs " + labels(runs)
                    + ": choose one with run(label) before " + navigation);
        }
        return runs.get(0);
    }

    private String explain(String failure) {
        if (failure.startsWith("UNEQUAL_PHASE_SAMPLES:")) {
            return actual.comparisons().stream().filter(c -> c.failure().equals(Optional.of(failure))).findFirst()
                    .map(c -> failure + "  baseline has " + count(c.baselineCalls(), "call") + " in " + c.phase()
                            + ", candidate " + c.candidateCalls() + ": the phase is not compared")
                    .orElse(failure);
        }
        if (failure.startsWith("OUTPUT_MISMATCH:")) {
            return failure + "  the call's output did not match eager within the fixture's tolerance";
        }
        return failure;
    }

    /** An error with actual and expected values, so that IDEs show a diff, under the factory's message. */
    AssertionError diffFailure(ErrorMessageFactory message, String actualText, String expectedText) {
        return failureWithActualExpected(actualText, expectedText, "%s",
                message.create(new TextDescription(""), info.representation()));
    }

    void requireCalls(RunFigures run, String check) {
        if (!run.hasPhases()) {
            throw assertionError(shouldBeMeasured(subject(), check, Measure.CALLS));
        }
    }

    List<RunFigures> scope() {
        isNotNull();
        return narrowedTo.map(label -> List.of(actual.run(label))).orElse(actual.runs());
    }

    private List<LedgerRow> rows(RunFigures run, Phase phase, java.util.function.Predicate<LedgerRow> filter) {
        return actual.ledger().rows(run.label(), phase).stream().filter(filter).toList();
    }

    /** What the failure messages call the actual: the receipt, or the run it was narrowed to. */
    String subject() {
        return narrowedTo.map(label -> "run " + label + " of the " + actual.fixture().name() + " receipt")
                .orElseGet(() -> actual.fixture().name() + " receipt (runs " + String.join(", ",
                        actual.runs().stream().map(RunFigures::label).toList()) + ")");
    }

    private static String phaseList(Phase... phases) {
        if (phases.length == 0) {
            throw new IllegalArgumentException("name at least one phase");
        }
        return new LinkedHashSet<>(Arrays.asList(phases)).stream().map(Phase::id).collect(Collectors.joining(", "));
    }

    private static String labels(List<RunFigures> runs) {
        return String.join(", ", runs.stream().map(RunFigures::label).toList());
    }
}
