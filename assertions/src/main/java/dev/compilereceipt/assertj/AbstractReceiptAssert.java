package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.FigureText.NL;
import static dev.compilereceipt.assertj.FigureText.count;
import static dev.compilereceipt.assertj.FigureText.sortedLines;
import static dev.compilereceipt.assertj.ShouldBeMeasured.shouldBeMeasured;
import static dev.compilereceipt.assertj.ShouldContain.shouldContain;
import static dev.compilereceipt.assertj.ShouldHaveAtMostBreaksPerCall.shouldHaveAtMostBreaksPerCall;
import static dev.compilereceipt.assertj.ShouldHaveAtMostCompiles.shouldHaveAtMostCompiles;
import static dev.compilereceipt.assertj.ShouldHaveBreaksOnlyAt.shouldHaveBreaksOnlyAt;
import static dev.compilereceipt.assertj.ShouldHaveNoEagerCalls.shouldHaveNoEagerCalls;
import static dev.compilereceipt.assertj.ShouldHaveNoFallbacks.shouldHaveNoFallbacks;
import static dev.compilereceipt.assertj.ShouldHaveNoNewGraphVariants.shouldHaveNoNewGraphVariants;
import static dev.compilereceipt.assertj.ShouldHaveNoRecompiles.shouldHaveNoRecompiles;
import static dev.compilereceipt.assertj.ShouldMatchApprovedReceipt.shouldMatchApprovedReceipt;

import dev.compilereceipt.trace.BreakKind;
import dev.compilereceipt.receipt.BreakSite;
import dev.compilereceipt.ledger.CallCache;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.trace.Coverage;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.VisibleText;
import dev.compilereceipt.approval.ApprovedReceipt;
import dev.compilereceipt.diff.ReceiptDiff;
import dev.compilereceipt.junit.ApprovedReceipts;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;
import org.apiguardian.api.API;

/**
 * Checks on a receipt, in the words of the findings they guard. Every check holds for every run
 * in scope: all runs of the receipt (a single capture has one), or the one run chosen with
 * {@link #run(String)}, which returns an assert with the same checks. A figure the trace's source
 * did not measure never passes: the check fails with "not measured by this source" and what would
 * measure it.
 *
 * <p>A <b>recompile</b>, for {@link #hasNoRecompilesIn(Phase...)}, is what
 * {@link Receipt#recompiledCalls(String, Phase)} says it is: the engine defines it, the checks only read it.
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
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public abstract class AbstractReceiptAssert<SELF extends AbstractReceiptAssert<SELF, ACTUAL>, ACTUAL extends Receipt>
        extends AbstractTimeAndComparisonChecks<SELF, ACTUAL> {

    /** What {@link #matchesApprovedReceipt()} leaves out, as {@link ReceiptDiff#ignoring(String...)} takes it. */
    List<String> ignoredFigures = List.of();

    protected AbstractReceiptAssert(ACTUAL actual, Class<?> selfType) {
        super(actual, selfType);
    }

    /**
     * Leaves these figures out of {@link #matchesApprovedReceipt()}: paths such as
     * {@code runs.*.phases.*.wall_ms} ({@code *} for part of a segment, {@code **} for any number
     * of segments, a path covering everything below it). Nothing is ignored unless named here or
     * with {@link #compileSideOnly()}; the other checks are not affected.
     */
    public SELF ignoring(String... figures) {
        List<String> more = new ArrayList<>(ignoredFigures);
        for (String figure : figures) {
            dev.compilereceipt.diff.FigurePattern.of(figure);
            more.add(figure);
        }
        ignoredFigures = List.copyOf(more);
        return myself;
    }

    /**
     * Compares only the compile side in {@link #matchesApprovedReceipt()}: every time
     * ({@code *_ms}, the comparison's ratios) is left out, which is what differs between machines
     * ({@link ReceiptDiff#COMPILE_SIDE}).
     */
    public SELF compileSideOnly() {
        return ignoring(ReceiptDiff.COMPILE_SIDE.toArray(String[]::new));
    }

    /**
     * Checks that the whole receipt equals the approved receipt kept beside its fixture
     * ({@code <fixture>.approved.json}), save what {@link #ignoring(String...)} names. The receipt
     * must come from {@code @TraceFixture}, which knows its fixture. What a missing or different
     * approved receipt does depends on {@code compilereceipt.approve} ({@code readonly},
     * {@code missing}, {@code overwrite}; see {@link dev.compilereceipt.approval.ApprovalMode}); a
     * failure lists the differing figures, most important first, writes
     * {@code <fixture>.received.json} and says how to approve it. A narrowed assert still compares
     * the whole receipt.
     */
    public SELF matchesApprovedReceipt() {
        isNotNull();
        return approved(ApprovedReceipts.check(actual, ignoredFigures));
    }

    /** As {@link #matchesApprovedReceipt()}, with the approved receipt beside {@code fixture}, for a receipt made in code. */
    public SELF matchesApprovedReceipt(Path fixture) {
        isNotNull();
        return approved(ApprovedReceipts.check(actual, fixture, ignoredFigures));
    }

    private SELF approved(ApprovedReceipt.Verdict verdict) {
        if (!verdict.passed()) {
            throw diffFailure(shouldMatchApprovedReceipt(verdict.message()), verdict.actual(), verdict.expected());
        }
        return myself;
    }

    /** Narrows every check to the run with this label; fails when the receipt has no such run. */
    public ReceiptAssert run(String label) {
        isNotNull();
        if (!actual.hasRun(label)) {
            throw diffFailure(shouldContain(subject(), "a run labelled " + label, "it has runs " + labels(actual.runs())),
                    sortedLines(actual.runs().stream().map(RunFigures::label).toList()), label);
        }
        ReceiptAssert narrowed = softly == null ? new ReceiptAssert(actual)
                : softly.proxy(ReceiptAssert.class, Receipt.class, actual);
        narrowed.narrowedTo = Optional.of(label);
        narrowed.ignoredFigures = ignoredFigures;
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
            throw diffFailure(shouldHaveNoNewGraphVariants(subject(), phaseList(phases), offending, variants, actual),
                    LedgerTable.graphLines(offending), sortedLines(List.of()));
        }
        return myself;
    }

    /** Checks that no call of these phases recompiled ({@link Receipt#recompiledCalls}), in every run in scope. */
    public SELF hasNoRecompilesIn(Phase... phases) {
        String check = "not recompile in " + phaseList(phases);
        List<LedgerRow> offending = new ArrayList<>();
        for (RunFigures run : scope()) {
            requireCalls(run, check);
            for (Phase phase : phases) {
                offending.addAll(actual.recompiledCalls(run.label(), phase));
            }
        }
        if (!offending.isEmpty()) {
            throw diffFailure(shouldHaveNoRecompiles(subject(), phaseList(phases), offending, actual),
                    LedgerTable.graphLines(offending), sortedLines(List.of()));
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
            throw diffFailure(shouldHaveAtMostCompiles(subject(), limit, found, offending, actual),
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
                CompileLog log = run.compileLog().orElseThrow(() -> notMeasured(shouldBeMeasured(subject(), "have no fallbacks", Measure.CALLS), Measure.CALLS));
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
            throw diffFailure(shouldHaveNoFallbacks(subject(), found, offending, logged, actual),
                    offending.isEmpty() ? sortedLines(logged) : LedgerTable.graphLines(offending), sortedLines(List.of()));
        }
        fallbacksMeasured("have no fallbacks");
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
                throw notMeasured(shouldBeMeasured(subject(), check, Measure.CACHE_HITS), Measure.CACHE_HITS);
            }
            calls += inPhase.size();
            offending.addAll(inPhase.stream().filter(row -> row.cache().equals(Optional.of(CallCache.EAGER))).toList());
        }
        if (!offending.isEmpty()) {
            throw diffFailure(shouldHaveNoEagerCalls(subject(), phase.id(), offending, calls),
                    sortedLines(offending.stream().map(row -> row.run() + " " + row.call() + ": eager").toList()), sortedLines(List.of()));
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
                throw notMeasured(shouldBeMeasured(subject(), "cross at most " + limit, Measure.BREAKS), Measure.BREAKS);
            }
            List<LedgerRow> inPhase = rows(run, phase, row -> true);
            calls += inPhase.size();
            offending.addAll(inPhase.stream().filter(row -> row.breakSites().size() > max).toList());
        }
        if (!offending.isEmpty()) {
            throw diffFailure(shouldHaveAtMostBreaksPerCall(subject(), phase.id(), limit, offending, calls, actual),
                    sortedLines(offending.stream().map(row -> row.run() + " " + row.call() + ": " + count(row.breakSites().size(), "break")).toList()),
                    sortedLines(offending.stream().map(row -> row.run() + " " + row.call() + ": at most " + count(max, "break")).toList()));
        }
        return myself;
    }

    /**
     * Checks that every graph break crossed, in every run in scope, is at one of these sites
     * ({@code file:line}, matched on whole path segments from the end, so {@code scenarios.py:31}
     * names {@code /rt/scenarios.py:31}); with no sites, that nothing broke at all. A TORCH_TRACE log without
     * per-call markers is checked against the break sites of its compile log.
     */
    public SELF hasBreaksOnlyAt(String... sites) {
        Set<String> allowed = new TreeSet<>(Arrays.asList(sites));
        Set<String> crossed = new TreeSet<>();
        List<String> evidence = new ArrayList<>();
        for (RunFigures run : scope()) {
            if (!run.hasPhases() && run.compileLog().isEmpty()) {
                throw notMeasured(shouldBeMeasured(subject(), "break only at " + allowed, Measure.CALLS), Measure.CALLS);
            }
            for (BreakSite site : run.breakSites()) {
                crossed.add(site.site());
                if (allowed.stream().noneMatch(site::isAt)) {
                    evidence.add(run.label() + " " + site.site() + "  crossed by " + count(site.calls(), "call")
                            + "  " + site.reason());
                }
            }
            for (CompileLog.Site site : run.compileLog().map(CompileLog::breakSites).orElse(List.of())) {
                crossed.add(site.site());
                String line = run.label() + " " + site.site() + "  reported by " + count(site.compiles(), "compile")
                        + "  " + site.reason();
                if (allowed.stream().noneMatch(given -> BreakSite.matches(site.site(), given)) && run.breakSite(site.site()).isEmpty()) {
                    evidence.add(line);
                }
            }
        }
        if (!evidence.isEmpty()) {
            Set<String> notAllowed = new TreeSet<>(crossed);
            notAllowed.removeIf(site -> allowed.stream().anyMatch(given -> BreakSite.matches(site, given)));
            throw diffFailure(shouldHaveBreaksOnlyAt(subject(), allowed, notAllowed, evidence),
                    sortedLines(crossed), sortedLines(allowed));
        }
        return myself;
    }

    /**
     * Checks that no break site in scope is of these kinds ({@link BreakKind#DEVICE_SYNC}, ...);
     * a skipped frame is {@link BreakKind#FRAME_SKIP} whatever its cause. The IDE diff lists every
     * site with its kind, and the expected side the same without the offending ones.
     */
    public SELF hasNoBreaksOfKind(BreakKind... kinds) {
        Set<BreakKind> banned = kindSet(kinds);
        String asked = "have no graph breaks of kind " + labels(banned);
        checkSites(asked, "are of " + (banned.size() == 1 ? "that kind" : "those kinds"),
                site -> banned.contains(site.kind()), SiteInScope::kindLine);
        if (banned.contains(BreakKind.FRAME_SKIP)) {
            fallbacksMeasured(asked);
            skipCausesMeasured(asked);
        }
        return myself;
    }

    /**
     * Checks that every break site in scope is of one of these kinds; with none, that nothing broke.
     * Where the source may have missed a frame skip (PyTorch 2.6's text), a site that broke may
     * truly be a {@link BreakKind#FRAME_SKIP}: unless that kind is allowed, the check says so.
     */
    public SELF hasBreaksOnlyOfKinds(BreakKind... kinds) {
        Set<BreakKind> allowed = kindSet(kinds);
        String asked = "break only in kinds " + (allowed.isEmpty() ? "(none)" : labels(allowed));
        checkSites(asked, "are of other kinds", site -> !allowed.contains(site.kind()), SiteInScope::kindLine);
        if (!allowed.contains(BreakKind.FRAME_SKIP) && !SiteInScope.of(scope()).isEmpty()) {
            fallbacksMeasured(asked);
        }
        if (!allowed.contains(BreakKind.FRAME_SKIP)) {
            skipCausesMeasured(asked);
        }
        return myself;
    }

    /**
     * A compile-trace/1 capture records a frame Dynamo gave up as a fallback with no site: whether a
     * graph break made it give up (a {@link BreakKind#FRAME_SKIP}) is not in the trace, so a check
     * that no break site is a frame skip cannot pass where a run fell back.
     */
    private void skipCausesMeasured(String check) {
        List<String> fellBack = new ArrayList<>();
        for (RunFigures run : scope()) {
            if (run.hasPhases() && run.compileLog().isEmpty()) {
                int fallbacks = run.phases().values().stream().mapToInt(PhaseFigures::fallbacks).sum();
                if (fallbacks > 0) {
                    fellBack.add("run " + run.label() + " fell back " + count(fallbacks, "time"));
                }
            }
        }
        if (!fellBack.isEmpty()) {
            throw diffFailure(ShouldBeMeasured.shouldKnowWhyFramesFellBack(subject(), check, String.join(", ", fellBack)),
                    "frame-skip: not measured by this source", "frame-skip: measured");
        }
    }

    /**
     * Fails a check that passed on the fallbacks the source logged where those are only the least
     * there were: a frame Dynamo skipped silently would have changed the answer.
     */
    private void fallbacksMeasured(String check) {
        if (actual.limits().coverage(Measure.FALLBACKS) == Coverage.LOWER_BOUND) {
            long logged = scope().stream().mapToLong(run -> run.compileLog().map(log -> log.fallbacks().size()).orElse(0)).sum();
            throw onlyBounded(shouldBeMeasured(subject(), check, Measure.FALLBACKS, Coverage.LOWER_BOUND, logged),
                    Measure.FALLBACKS, "at least " + logged);
        }
    }

    /**
     * Checks that no break site in scope is in the user's code under {@code path} ({@code mymodel/},
     * on whole path segments): by its user frame (the innermost frame of the message's
     * {@code User code traceback:} outside PyTorch), else by the site itself when it is not in
     * PyTorch's files. A site inside PyTorch whose source names no user frame fails too: where the
     * user's code called in is unknown, and the check does not guess.
     */
    public SELF hasNoBreaksUnder(String path) {
        if (path.isBlank()) {
            throw new IllegalArgumentException("name a folder or file of the user's code, such as \"mymodel/\"");
        }
        return checkSites("have no graph breaks in the user's code under " + VisibleText.of(path),
                "are there or inside PyTorch without a user frame",
                site -> site.userCode().map(code -> BreakSite.isUnder(code, path)).orElse(true), SiteInScope::userCodeLine);
    }

    private SELF checkSites(String asked, String what, Predicate<SiteInScope> offends,
                            Function<SiteInScope, String> diffLine) {
        List<RunFigures> runs = scope();
        for (RunFigures run : runs) {
            if (!run.hasPhases() && run.compileLog().isEmpty()) {
                throw notMeasured(shouldBeMeasured(subject(), asked, Measure.CALLS), Measure.CALLS);
            }
        }
        List<SiteInScope> sites = SiteInScope.of(runs);
        List<SiteInScope> offending = sites.stream().filter(offends).toList();
        if (!offending.isEmpty()) {
            throw diffFailure(ShouldHaveBreakKinds.shouldHaveBreakKinds(subject(), asked, what, offending),
                    sortedLines(sites.stream().map(diffLine).toList()),
                    sortedLines(sites.stream().filter(offends.negate()).map(diffLine).toList()));
        }
        return myself;
    }

    private static Set<BreakKind> kindSet(BreakKind... kinds) {
        Set<BreakKind> set = EnumSet.noneOf(BreakKind.class);
        set.addAll(Arrays.asList(kinds));
        return set;
    }

    private static String labels(Set<BreakKind> kinds) {
        return String.join(", ", kinds.stream().map(BreakKind::label).toList());
    }

    /** The figures of {@code phase} of the one run in scope; narrow a two-run receipt with {@link #run(String)} first. */
    public PhaseFiguresAssert phase(Phase phase) {
        RunFigures run = onlyRun("phase(" + phase + ")");
        requireCalls(run, "have figures for phase " + phase);
        return navigate(PhaseFiguresAssert.class, PhaseFigures.class, run.phase(phase), PhaseFiguresAssert::new,
                "run " + run.label());
    }

    /**
     * The break site {@code site} of the one run in scope; fails when the run never crossed it. In a
     * source without calls (a TORCH_TRACE log without markers, TORCH_LOGS text) it is the site its
     * compile log reported: what it is can be checked, who crossed it is not measured.
     */
    public BreakSiteAssert breakSite(String site) {
        RunFigures run = onlyRun("breakSite(" + site + ")");
        if (!run.hasPhases()) {
            CompileLog log = run.compileLog().orElseThrow(() -> notMeasured(shouldBeMeasured(subject(),
                    "have crossed break site " + site, Measure.CALLS), Measure.CALLS));
            List<String> logged = log.breakSites().stream().map(CompileLog.Site::site).toList();
            CompileLog.Site reported = log.breakSites().stream().filter(s -> BreakSite.matches(s.site(), site)).findFirst()
                    .orElseThrow(() -> diffFailure(shouldContain(subject(), "reported break site " + site, logged.isEmpty()
                            ? "its compile log reported no break site" : "its compile log reported only " + logged),
                            sortedLines(logged), site));
            return navigate(BreakSiteAssert.class, BreakSite.class, BreakSite.logged(reported), BreakSiteAssert::new,
                    "run " + run.label());
        }
        BreakSite found = run.breakSite(site).orElseThrow(() -> diffFailure(shouldContain(subject(),
                "crossed break site " + site, run.breakSites().isEmpty() ? "it crossed no break site"
                        : "it crossed only " + run.breakSites().stream().map(BreakSite::site).toList()),
                sortedLines(run.breakSites().stream().map(BreakSite::site).toList()), site));
        return navigate(BreakSiteAssert.class, BreakSite.class, found, BreakSiteAssert::new, "run " + run.label());
    }
}
