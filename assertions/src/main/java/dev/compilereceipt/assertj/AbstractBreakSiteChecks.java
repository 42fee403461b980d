package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.internal.FigureText.count;
import static dev.compilereceipt.assertj.internal.FigureText.sortedLines;
import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldBeMeasured;
import static dev.compilereceipt.assertj.error.ShouldContain.shouldContain;
import static dev.compilereceipt.assertj.error.ShouldHaveBreaksOnlyAt.shouldHaveBreaksOnlyAt;

import dev.compilereceipt.assertj.error.ShouldBeMeasured;
import dev.compilereceipt.assertj.error.ShouldHaveBreakKinds;
import dev.compilereceipt.assertj.internal.SiteInScope;
import dev.compilereceipt.trace.BreakKind;
import dev.compilereceipt.receipt.BreakSite;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Coverage;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.VisibleText;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;
import org.apiguardian.api.API;

/**
 * The checks on where a receipt's runs broke and of what kind: the sites crossed or reported, their
 * kinds ({@link BreakKind}) and the user's code they are in, and navigation to one site. A site's
 * kind is measured by every source; whether a frame Dynamo gave up was skipped after a break is
 * not (PyTorch 2.6's text, a compile-trace/1 fallback), and a check that needs it fails with the
 * not-measured sentence there. The other checks are in {@link AbstractReceiptAssert} and
 * {@link AbstractTimeAndComparisonChecks}.
 *
 * <p>Example: {@code assertThat(receipt).run("candidate").hasBreaksOnlyOfKinds().hasNoBreaksUnder("mymodel/");}
 *
 * @param <SELF> the assert's own type, so that checks chain
 * @param <ACTUAL> the receipt type
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public abstract class AbstractBreakSiteChecks<SELF extends AbstractBreakSiteChecks<SELF, ACTUAL>, ACTUAL extends Receipt>
        extends AbstractTimeAndComparisonChecks<SELF, ACTUAL> {

    protected AbstractBreakSiteChecks(ACTUAL actual, Class<?> selfType) {
        super(actual, selfType);
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
    void fallbacksMeasured(String check) {
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
                    runOfReceipt(run));
        }
        BreakSite found = run.breakSite(site).orElseThrow(() -> diffFailure(shouldContain(subject(),
                "crossed break site " + site, run.breakSites().isEmpty() ? "it crossed no break site"
                        : "it crossed only " + run.breakSites().stream().map(BreakSite::site).toList()),
                sortedLines(run.breakSites().stream().map(BreakSite::site).toList()), site));
        return navigate(BreakSiteAssert.class, BreakSite.class, found, BreakSiteAssert::new, runOfReceipt(run));
    }
}
