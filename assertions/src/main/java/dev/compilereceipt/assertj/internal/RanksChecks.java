package dev.compilereceipt.assertj.internal;

import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldBeMeasured;
import static dev.compilereceipt.assertj.error.ShouldContain.shouldContain;
import static dev.compilereceipt.assertj.error.ShouldHaveCompiledAlike.shouldHaveCompiledAlike;
import static dev.compilereceipt.assertj.error.ShouldHaveEqualCacheOutcomes.shouldHaveEqualCacheOutcomes;
import static dev.compilereceipt.assertj.error.ShouldHaveNoRecompilesOnSomeRanksOnly.shouldHaveNoRecompilesOnSomeRanksOnly;
import static dev.compilereceipt.assertj.error.ShouldHaveRankCacheKeys.shouldHaveRankCacheKeysAsChecked;
import static dev.compilereceipt.assertj.error.ShouldHaveRankCacheKeys.shouldHaveRankCacheKeysMeasured;
import static dev.compilereceipt.assertj.internal.FigureFailures.diffFailure;
import static dev.compilereceipt.assertj.internal.FigureFailures.notMeasured;

import dev.compilereceipt.Ranks;
import dev.compilereceipt.RanksVerdict;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Stage;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.apiguardian.api.API;
import org.assertj.core.api.AssertionInfo;

/**
 * The checks of all ranks of a job. The verdict decides whether ranks compiled alike; the checks of one figure
 * (recompiles, cache outcomes) read one receipt per group of the verdict, since ranks of one group have equal
 * fingerprints and so equal figures: a 1,000-rank job that split into two groups reads two receipts, not a thousand.
 *
 * <p>Example: {@code RanksChecks.compiledAlike(info, "4 ranks (0-3)", ranks)} throws the failure
 * {@code assertThat(ranks).compiledAlike()} reports.
 */
@API(status = API.Status.INTERNAL, since = "0.3")
public final class RanksChecks {

    /** Recompiled graph ids written per rank before the rest are counted: a storm is a count, not a page. */
    private static final int IDS_SHOWN = 8;

    private RanksChecks() {
    }

    /** How a message names the ranks: {@code 4 ranks (0-3)}. */
    public static String subject(Ranks ranks) {
        return ranks.size() + (ranks.size() == 1 ? " rank (" : " ranks (") + RankList.of(ranks.list()) + ")";
    }

    public static void compiledAlike(AssertionInfo info, String subject, Ranks ranks) {
        RanksVerdict verdict = ranks.verdict();
        if (!verdict.alike()) {
            throw diffFailure(info, shouldHaveCompiledAlike(subject, verdict), groupLines(verdict.groups()),
                    RankList.named(ranks.list()));
        }
    }

    public static void haveNoRecompilesOnSomeRanksOnly(AssertionInfo info, String subject, Ranks ranks) {
        RanksVerdict verdict = ranks.verdict();
        List<String> lines = byFigure(info, subject, ranks, verdict, "recompile alike on every rank", Measure.COMPILES,
                RanksChecks::recompiles);
        if (lines.size() > 1) {
            throw diffFailure(info, shouldHaveNoRecompilesOnSomeRanksOnly(subject, lines, verdict), String.join(RankList.NL, lines),
                    expected(ranks, lines));
        }
    }

    public static void haveEqualCacheOutcomes(AssertionInfo info, String subject, Ranks ranks) {
        RanksVerdict verdict = ranks.verdict();
        List<String> lines = byFigure(info, subject, ranks, verdict, "have equal cache outcomes on every rank",
                Measure.ARTIFACT_CACHE, RanksChecks::cacheOutcomes);
        if (lines.size() > 1) {
            throw diffFailure(info, shouldHaveEqualCacheOutcomes(subject, lines, verdict), String.join(RankList.NL, lines),
                    expected(ranks, lines));
        }
    }

    /**
     * Checks that every component in which a group's cache keys differ from the largest group's is one of
     * {@code allowed} (names, or prefixes ending in {@code [}; none: no component may differ), lookup by lookup as
     * {@link Ranks#keyChanges()} compares them, in the cache of {@code stage} or in both where it is empty; a lookup
     * whose reason is not measured fails it too ({@link KeyChangeVerdict}); fails saying not measured where some
     * rank's source carries no keys.
     */
    public static void cacheKeysDifferOnlyIn(AssertionInfo info, String subject, Ranks ranks, Optional<Stage> stage, List<String> allowed,
                                             String check) {
        Optional<List<Ranks.KeyChanges>> groups = ranks.keyChanges();
        if (groups.isEmpty()) {
            throw diffFailure(info, shouldHaveRankCacheKeysMeasured(subject, check), "cache_keys: not measured by every rank's source",
                    "cache_keys: measured");
        }
        KeyChangeVerdict verdict = new KeyChangeVerdict(stage, allowed);
        // A check of one cache that the largest group never looked up would pass on nothing: not measured.
        Optional<String> scoped = stage.map(KeyChangeVerdict::cacheOf);
        List<Integer> largestGroup = groups.get().isEmpty() ? ranks.list() : groups.get().get(0).reference();
        if (scoped.isPresent() && !lookedUp(ranks, largestGroup).contains(scoped.get())) {
            Measure measure = scoped.get().equals(CompileLog.FX_GRAPH) ? Measure.FX_GRAPH_CACHE : Measure.AOTAUTOGRAD_CACHE;
            throw notMeasured(info, shouldBeMeasured(subject, check, measure), measure);
        }
        List<Integer> reference = List.of();
        for (Ranks.KeyChanges group : groups.get()) {
            reference = group.reference();
            group.changes().forEach(change -> verdict.add(RankList.named(group.ranks()), change));
        }
        if (!verdict.passed()) {
            String largest = RankList.named(reference) + "'s (the largest group)";
            String outside = allowed.isEmpty() ? "the keys of " + KeyChangeVerdict.lookups(verdict.outside().size()) + " differ from " + largest
                    : "other components differ from " + largest + " in " + KeyChangeVerdict.lookups(verdict.outside().size());
            String but = verdict.body(outside, " with " + largest, "haveNoCacheKeyChangesIn", lookedUp(ranks, reference));
            throw diffFailure(info, shouldHaveRankCacheKeysAsChecked(subject, check, but), String.join(RankList.NL, verdict.lines()),
                    allowed.isEmpty() ? "no cache key changes" : "key changes only in " + String.join(", ", allowed));
        }
    }

    /** The caches the largest group looked up (its first rank's runs): those a check of one cache would compare. */
    private static Set<String> lookedUp(Ranks ranks, List<Integer> reference) {
        Set<String> caches = new HashSet<>();
        for (RunFigures run : ranks.rank(reference.get(0)).runs()) {
            run.compileLog().ifPresent(log -> {
                for (String cache : List.of(CompileLog.FX_GRAPH, CompileLog.AOTAUTOGRAD)) {
                    if (!log.artifactCache().of(cache).isEmpty()) {
                        caches.add(cache);
                    }
                }
            });
        }
        return caches;
    }


    /** The receipt of rank {@code n}; a failure naming the ranks there are when it is not one of them. */
    public static Piece<Receipt> rank(AssertionInfo info, String subject, Ranks ranks, int n) {
        if (!ranks.list().contains(n)) {
            throw diffFailure(info, shouldContain(subject, "a rank " + n, "it has " + RankList.named(ranks.list())),
                    RankList.named(ranks.list()), "rank " + n);
        }
        return new Piece<>(ranks.rank(n), "rank " + n + " of " + subject);
    }

    /**
     * One line per distinct figure: the ranks that have it, then it ({@code ranks 0, 2-3: no recompiles}), the
     * largest group first; a rank whose source does not measure the figure fails the check with the not-measured
     * sentence, so that ranks read from texts without it never pass by saying nothing.
     */
    private static List<String> byFigure(AssertionInfo info, String subject, Ranks ranks, RanksVerdict verdict, String check,
                                         Measure measure, Function<List<CompileLog>, String> figure) {
        Map<String, List<Integer>> byText = new LinkedHashMap<>();
        for (List<Integer> group : verdict.groups()) {
            int first = group.get(0);
            List<CompileLog> logs = new ArrayList<>();
            for (RunFigures run : ranks.rank(first).runs()) {
                logs.add(run.compileLog().orElseThrow(() -> notMeasured(info,
                        shouldBeMeasured("rank " + first + " of " + subject, check, measure), measure)));
            }
            byText.computeIfAbsent(figure.apply(logs), text -> new ArrayList<>()).addAll(group);
        }
        return byText.entrySet().stream()
                .sorted(Comparator.comparing((Map.Entry<String, List<Integer>> e) -> -e.getValue().size())
                        .thenComparing(e -> e.getValue().stream().min(Integer::compare).orElse(0)))
                .map(e -> RankList.named(e.getValue()) + ": " + e.getKey())
                .toList();
    }

    /** What every rank should have: the largest group's figure. */
    private static String expected(Ranks ranks, List<String> lines) {
        return RankList.named(ranks.list()) + lines.get(0).substring(lines.get(0).indexOf(':'));
    }

    private static String groupLines(List<List<Integer>> groups) {
        return String.join(RankList.NL, groups.stream().map(RankList::named).toList());
    }

    /** {@code no recompiles}, or {@code 2 recompiles (0/1, 1/1)}; per run where a rank has several. */
    private static String recompiles(List<CompileLog> runs) {
        List<String> parts = new ArrayList<>();
        for (CompileLog log : runs) {
            List<String> ids = log.recompiles();
            if (ids.isEmpty()) {
                parts.add("no recompiles");
                continue;
            }
            String shown = String.join(", ", ids.subList(0, Math.min(IDS_SHOWN, ids.size())))
                    + (ids.size() > IDS_SHOWN ? ", ... " + (ids.size() - IDS_SHOWN) + " more" : "");
            parts.add(FigureText.count(ids.size(), "recompile") + " (" + shown + ")");
        }
        return String.join("; ", parts);
    }

    /** {@code fx_graph 1 hit 73 miss, aotautograd none}; per run where a rank has several. */
    private static String cacheOutcomes(List<CompileLog> runs) {
        List<String> parts = new ArrayList<>();
        for (CompileLog log : runs) {
            parts.add(CompileLog.FX_GRAPH + " " + counts(log.artifactCache().fxGraph()) + ", "
                    + CompileLog.AOTAUTOGRAD + " " + counts(log.artifactCache().aotAutograd()));
        }
        return String.join("; ", parts);
    }

    private static String counts(CompileLog.CacheCounts counts) {
        List<String> parts = new ArrayList<>();
        if (counts.hit() > 0) {
            parts.add(counts.hit() + " hit");
        }
        if (counts.miss() > 0) {
            parts.add(counts.miss() + " miss");
        }
        if (counts.bypass() > 0) {
            parts.add(counts.bypass() + " bypass");
        }
        return parts.isEmpty() ? "none" : String.join(" ", parts);
    }
}
