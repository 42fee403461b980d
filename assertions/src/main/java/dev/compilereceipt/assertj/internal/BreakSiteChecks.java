package dev.compilereceipt.assertj.internal;

import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldBeMeasured;
import static dev.compilereceipt.assertj.error.ShouldContain.shouldContain;
import static dev.compilereceipt.assertj.error.ShouldHaveBreaksOnlyAt.shouldHaveBreaksOnlyAt;
import static dev.compilereceipt.assertj.internal.FigureFailures.diffFailure;
import static dev.compilereceipt.assertj.internal.FigureFailures.notMeasured;
import static dev.compilereceipt.assertj.internal.FigureFailures.onlyBounded;
import static dev.compilereceipt.assertj.internal.FigureText.count;
import static dev.compilereceipt.assertj.internal.FigureText.sortedLines;

import dev.compilereceipt.assertj.error.ShouldBeMeasured;
import dev.compilereceipt.assertj.error.ShouldHaveBreakKinds;
import dev.compilereceipt.receipt.BreakSite;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.BreakKind;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Coverage;
import dev.compilereceipt.trace.Measure;
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
import org.assertj.core.api.AssertionInfo;

/**
 * The checks of where a receipt's runs broke and of what kind: the sites crossed or reported, their
 * kinds ({@link BreakKind}) and the user's code they are in, and the lookup of one site. A site's
 * kind is measured by every source; whether a frame Dynamo gave up was skipped after a break is
 * not (PyTorch 2.6's text, a compile-trace/1 fallback), and a check that needs it fails with the
 * not-measured sentence there.
 *
 * <p>Example: {@code BreakSiteChecks.hasNoBreaksUnder(info, scope, "mymodel/")} throws the failure
 * {@code assertThat(receipt).hasNoBreaksUnder("mymodel/")} reports.
 */
@API(status = API.Status.INTERNAL, since = "0.2")
public final class BreakSiteChecks {

    private BreakSiteChecks() {
    }

    public static void hasBreaksOnlyAt(AssertionInfo info, ReceiptScope scope, String... sites) {
        Set<String> allowed = new TreeSet<>(Arrays.asList(sites));
        sitesMeasured(info, scope, "break only at " + allowed);
        Set<String> crossed = new TreeSet<>();
        List<String> evidence = new ArrayList<>();
        for (RunFigures run : scope.runs()) {
            if (!run.hasPhases() && run.compileLog().isEmpty()) {
                throw notMeasured(info, shouldBeMeasured(scope.subject(), "break only at " + allowed, Measure.CALLS), Measure.CALLS);
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
            throw diffFailure(info, shouldHaveBreaksOnlyAt(scope.subject(), allowed, notAllowed, evidence),
                    sortedLines(crossed), sortedLines(allowed));
        }
    }

    /**
     * Checks that no break site in scope is of these kinds ({@link BreakKind#DEVICE_SYNC}, ...);
     * a skipped frame is {@link BreakKind#FRAME_SKIP} whatever its cause. The IDE diff lists every
     * site with its kind, and the expected side the same without the offending ones.
     */
    public static void hasNoBreaksOfKind(AssertionInfo info, ReceiptScope scope, BreakKind... kinds) {
        Set<BreakKind> banned = kindSet(kinds);
        String asked = "have no graph breaks of kind " + kindLabels(banned);
        checkSites(info, scope, asked, "are of " + (banned.size() == 1 ? "that kind" : "those kinds"),
                site -> banned.contains(site.kind()), SiteInScope::kindLine);
        if (banned.contains(BreakKind.FRAME_SKIP)) {
            fallbacksMeasured(info, scope, asked);
            skipCausesMeasured(info, scope, asked);
        }
    }

    /**
     * Checks that every break site in scope is of one of these kinds; with none, that nothing broke.
     * Where the source may have missed a frame skip (PyTorch 2.6's text), a site that broke may
     * truly be a {@link BreakKind#FRAME_SKIP}: unless that kind is allowed, the check says so.
     */
    public static void hasBreaksOnlyOfKinds(AssertionInfo info, ReceiptScope scope, BreakKind... kinds) {
        Set<BreakKind> allowed = kindSet(kinds);
        String asked = "break only in kinds " + (allowed.isEmpty() ? "(none)" : kindLabels(allowed));
        checkSites(info, scope, asked, "are of other kinds", site -> !allowed.contains(site.kind()), SiteInScope::kindLine);
        if (!allowed.contains(BreakKind.FRAME_SKIP) && !SiteInScope.of(scope.runs()).isEmpty()) {
            fallbacksMeasured(info, scope, asked);
        }
        if (!allowed.contains(BreakKind.FRAME_SKIP)) {
            skipCausesMeasured(info, scope, asked);
        }
    }

    /**
     * A compile-trace/1 capture records a frame Dynamo gave up as a fallback with no site: whether a
     * graph break made it give up (a {@link BreakKind#FRAME_SKIP}) is not in the trace, so a check
     * that no break site is a frame skip cannot pass where a run fell back.
     */
    private static void skipCausesMeasured(AssertionInfo info, ReceiptScope scope, String check) {
        List<String> fellBack = new ArrayList<>();
        for (RunFigures run : scope.runs()) {
            if (run.hasPhases() && run.compileLog().isEmpty()) {
                int fallbacks = run.phases().values().stream().mapToInt(PhaseFigures::fallbacks).sum();
                if (fallbacks > 0) {
                    fellBack.add("run " + run.label() + " fell back " + count(fallbacks, "time"));
                }
            }
        }
        if (!fellBack.isEmpty()) {
            throw diffFailure(info, ShouldBeMeasured.shouldKnowWhyFramesFellBack(scope.subject(), check, String.join(", ", fellBack)),
                    "frame-skip: not measured by this source", "frame-skip: measured");
        }
    }

    /**
     * Fails a check on the break sites where the source shows breaks it did not read (a TORCH_LOGS
     * text without its {@code graph_breaks} logger): no site read is not no site.
     */
    private static void sitesMeasured(AssertionInfo info, ReceiptScope scope, String check) {
        if (scope.receipt().limits().coverage(Measure.BREAK_SITES) == Coverage.NOT_MEASURED) {
            throw notMeasured(info, shouldBeMeasured(scope.subject(), check, Measure.BREAK_SITES,
                    scope.receipt().limits().missingEvidence(Measure.BREAK_SITES)), Measure.BREAK_SITES);
        }
    }

    /**
     * Fails a check that passed on the fallbacks the source logged where those are only the least
     * there were: a frame Dynamo skipped silently would have changed the answer.
     */
    public static void fallbacksMeasured(AssertionInfo info, ReceiptScope scope, String check) {
        if (scope.receipt().limits().coverage(Measure.FALLBACKS) == Coverage.LOWER_BOUND) {
            long logged = scope.runs().stream().mapToLong(run -> run.compileLog().map(log -> log.fallbacks().size()).orElse(0)).sum();
            throw onlyBounded(info, shouldBeMeasured(scope.subject(), check, Measure.FALLBACKS, Coverage.LOWER_BOUND, logged),
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
    public static void hasNoBreaksUnder(AssertionInfo info, ReceiptScope scope, String path) {
        if (path.isBlank()) {
            throw new IllegalArgumentException("name a folder or file of the user's code, such as \"mymodel/\"");
        }
        checkSites(info, scope, "have no graph breaks in the user's code under " + VisibleText.of(path),
                "are there or inside PyTorch without a user frame",
                site -> site.userCode().map(code -> BreakSite.isUnder(code, path)).orElse(true), SiteInScope::userCodeLine);
    }

    private static void checkSites(AssertionInfo info, ReceiptScope scope, String asked, String what, Predicate<SiteInScope> offends,
                            Function<SiteInScope, String> diffLine) {
        List<RunFigures> runs = scope.runs();
        for (RunFigures run : runs) {
            if (!run.hasPhases() && run.compileLog().isEmpty()) {
                throw notMeasured(info, shouldBeMeasured(scope.subject(), asked, Measure.CALLS), Measure.CALLS);
            }
        }
        sitesMeasured(info, scope, asked);
        List<SiteInScope> sites = SiteInScope.of(runs);
        List<SiteInScope> offending = sites.stream().filter(offends).toList();
        if (!offending.isEmpty()) {
            throw diffFailure(info, ShouldHaveBreakKinds.shouldHaveBreakKinds(scope.subject(), asked, what, offending),
                    sortedLines(sites.stream().map(diffLine).toList()),
                    sortedLines(sites.stream().filter(offends.negate()).map(diffLine).toList()));
        }
    }

    private static Set<BreakKind> kindSet(BreakKind... kinds) {
        Set<BreakKind> set = EnumSet.noneOf(BreakKind.class);
        set.addAll(Arrays.asList(kinds));
        return set;
    }

    private static String kindLabels(Set<BreakKind> kinds) {
        return String.join(", ", kinds.stream().map(BreakKind::label).toList());
    }



    /**
     * The break site {@code site} of the one run in scope; fails when the run never crossed it. In a source
     * without calls (a TORCH_TRACE log without markers, TORCH_LOGS text) it is the site its compile
     * log reported: what it is can be checked, who crossed it is not measured.
     */
    public static Piece<BreakSite> site(AssertionInfo info, ReceiptScope scope, String site) {
        RunFigures run = scope.onlyRun("breakSite(" + site + ")");
        return new Piece<>(site(info, scope, run, site), scope.runOfReceipt(run));
    }

    private static BreakSite site(AssertionInfo info, ReceiptScope scope, RunFigures run, String site) {
        if (!run.hasPhases()) {
            CompileLog log = run.compileLog().orElseThrow(() -> notMeasured(info, shouldBeMeasured(scope.subject(),
                    "have crossed break site " + site, Measure.CALLS), Measure.CALLS));
            List<String> logged = log.breakSites().stream().map(CompileLog.Site::site).toList();
            CompileLog.Site reported = log.breakSites().stream().filter(s -> BreakSite.matches(s.site(), site)).findFirst()
                    .orElseThrow(() -> diffFailure(info, shouldContain(scope.subject(), "reported break site " + site, logged.isEmpty()
                            ? "its compile log reported no break site" : "its compile log reported only " + logged),
                            sortedLines(logged), site));
            return BreakSite.logged(reported);
        }
        return run.breakSite(site).orElseThrow(() -> diffFailure(info, shouldContain(scope.subject(),
                "crossed break site " + site, run.breakSites().isEmpty() ? "it crossed no break site"
                        : "it crossed only " + run.breakSites().stream().map(BreakSite::site).toList()),
                sortedLines(run.breakSites().stream().map(BreakSite::site).toList()), site));
    }
}
