package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldBeMeasured;
import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldBeMeasuredIn;
import static dev.compilereceipt.assertj.error.ShouldHaveAtMostMs.shouldHaveColdStartAtMost;
import static dev.compilereceipt.assertj.error.ShouldHaveCacheKeys.shouldHaveCacheKeysAsChecked;
import static dev.compilereceipt.assertj.error.ShouldHaveCacheKeys.shouldHaveCacheKeysMeasured;
import static dev.compilereceipt.assertj.error.ShouldHaveNoCacheMisses.shouldHaveNoCacheMisses;
import static dev.compilereceipt.assertj.internal.FigureFailures.diffFailure;
import static dev.compilereceipt.assertj.internal.FigureFailures.navigated;
import static dev.compilereceipt.assertj.internal.FigureFailures.notMeasured;
import static dev.compilereceipt.assertj.internal.FigureText.ms;
import static dev.compilereceipt.assertj.internal.FigureText.sortedLines;

import dev.compilereceipt.assertj.internal.FigureText;
import dev.compilereceipt.assertj.internal.KeyChangeVerdict;
import dev.compilereceipt.assertj.internal.TimeLines;
import dev.compilereceipt.receipt.ColdStart;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.KeyComparison;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Millis;
import dev.compilereceipt.trace.Stage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractObjectAssert;

/**
 * Assertions on the warm start of the runs in scope ({@code cold_start}): a fresh process that
 * reused the caches the run left. A cache miss is a lookup that did not load: a {@code miss}, or a
 * {@code bypass} (the cache was not used, the stage ran). Every check fails on a run without a warm
 * start, and on a cache or time its source did not measure, saying so.
 *
 * <p>Example: {@code assertThat(receipt).warmStart().hasNoCacheMissesIn(Stage.AOT_AUTOGRAD).hasColdStartAtMost(2500);}
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public class WarmStartAssert extends AbstractObjectAssert<WarmStartAssert, List<RunFigures>> {

    /** Where this assert was navigated from, for its failure messages; empty when asserted directly. */
    String navigatedFrom = "";

    private static final List<String> CACHES = List.of(CompileLog.FX_GRAPH, CompileLog.AOTAUTOGRAD);

    public WarmStartAssert(List<RunFigures> runs) {
        super(runs, WarmStartAssert.class);
    }

    /** Checks that every compile of the warm start loaded from the FX graph cache and the AOTAutograd cache. */
    public WarmStartAssert hasNoCacheMisses() {
        return noMisses(CACHES, "have no cache misses", "the FX graph cache and the AOTAutograd cache");
    }

    /**
     * Checks that every compile of the warm start loaded from the cache of {@code stage}: the
     * AOTAutograd cache ({@link Stage#AOT_AUTOGRAD}) or the FX graph cache ({@link Stage#INDUCTOR}).
     */
    public WarmStartAssert hasNoCacheMissesIn(Stage stage) {
        String cache = KeyChangeVerdict.cacheOf(stage);
        return noMisses(List.of(cache), "have no cache misses in stage " + stage.id(), "the " + cache + " cache");
    }

    /** Checks that the warm start's warmup took at most {@code ms} wall milliseconds in every run ({@code warm_caches_ms}). */
    public WarmStartAssert hasColdStartAtMost(double ms) {
        isNotNull();
        String check = "have a cold start with warm caches (cold_start.warm_caches_ms) of at most " + ms(ms) + " ms";
        Map<String, ColdStart> over = new LinkedHashMap<>();
        for (RunFigures run : actual) {
            ColdStart cold = warm(run, check);
            if (cold.warmCachesMs().isEmpty()) {
                throw notMeasured(info, shouldBeMeasured(subject(), check, Measure.WARM_START_WALL_MS), Measure.WARM_START_WALL_MS);
            }
            double found = cold.warmCachesMs().getAsDouble();
            if (Millis.exact(found).compareTo(Millis.exact(ms)) > 0) {
                over.put(run.label(), cold);
            }
        }
        if (!over.isEmpty()) {
            throw diffFailure(info, shouldHaveColdStartAtMost(subject(), ms, over), sortedLines(over.entrySet().stream()
                    .map(run -> TimeLines.coldStart(run.getKey(), run.getValue(), FigureText.STANDARD)).toList()), "warm_caches_ms: at most " + ms(ms));
        }
        return myself;
    }

    /**
     * Checks that no lookup of the warm start missed under a key whose components differ from the cold process's
     * ({@code cold_start.key_changes}): a miss under the cold key itself (the entry was not found) passes. Fails listing,
     * per run and lookup, the components that changed with both values, and every miss whose reason is not measured
     * (its key differs with no component compared: 2.14's AOTAutograd records list none), which may hide any change;
     * {@link #hasNoCacheKeyChangesIn(Stage)} checks one cache alone.
     */
    public WarmStartAssert hasNoCacheKeyChanges() {
        return keyChangesOnlyIn(Optional.empty(), List.of(), "have no cache key changes");
    }

    /**
     * Checks, as {@link #hasNoCacheKeyChanges()} does, the lookups of the cache of {@code stage} alone: the FX graph
     * cache ({@link Stage#INDUCTOR}) or the AOTAutograd cache ({@link Stage#AOT_AUTOGRAD}).
     *
     * <p>Example: on 2.14, whose AOTAutograd records list no components,
     * {@code warmStart().hasNoCacheKeyChangesIn(Stage.INDUCTOR)} compares what the FX graph keys list.
     */
    public WarmStartAssert hasNoCacheKeyChangesIn(Stage stage) {
        return keyChangesOnlyIn(Optional.of(stage), List.of(), "have no cache key changes in "
                + KeyComparison.cacheName(KeyChangeVerdict.cacheOf(stage)));
    }

    /**
     * Checks that every component that changed between the cold and the warm process's keys is one of
     * {@code components}: a name ({@code cpp_runtime_thread_count}) or, ending in {@code [}, a prefix
     * ({@code inductor_config[}). Fails listing each missed lookup with another changed component, and each whose
     * reason is not measured, as {@link #hasNoCacheKeyChanges()} does.
     */
    public WarmStartAssert cacheKeysDifferOnlyIn(String... components) {
        return keyChangesOnlyIn(Optional.empty(), allowed(components), "have cache keys that differ only in " + String.join(", ", components));
    }

    /**
     * Checks, as {@link #cacheKeysDifferOnlyIn(String...)} does, the lookups of the cache of {@code stage} alone.
     *
     * <p>Example: {@code assertThat(receipt).warmStart().cacheKeysDifferOnlyIn(Stage.INDUCTOR, "cpp_runtime_thread_count")}.
     */
    public WarmStartAssert cacheKeysDifferOnlyIn(Stage stage, String... components) {
        String cache = KeyComparison.cacheName(KeyChangeVerdict.cacheOf(stage));
        return keyChangesOnlyIn(Optional.of(stage), allowed(components), "have cache keys that differ only in "
                + String.join(", ", components) + " in " + cache);
    }

    private static List<String> allowed(String... components) {
        if (components.length == 0) {
            throw new IllegalArgumentException("cacheKeysDifferOnlyIn needs a component name or prefix; for none, hasNoCacheKeyChanges()");
        }
        return List.of(components);
    }

    private WarmStartAssert keyChangesOnlyIn(Optional<Stage> stage, List<String> allowed, String check) {
        isNotNull();
        KeyChangeVerdict verdict = new KeyChangeVerdict(stage, allowed);
        Set<String> lookedUp = new HashSet<>();
        for (RunFigures run : actual) {
            ColdStart start = warm(run, check);
            if (start.keyChanges().isEmpty()) {
                throw diffFailure(info, shouldHaveCacheKeysMeasured(subject(), check), "key_changes: not measured by this source",
                        "key_changes: measured");
            }
            for (String cache : CACHES) {
                start.cache(cache).filter(counts -> !counts.isEmpty()).ifPresent(counts -> lookedUp.add(cache));
            }
            // A check of one cache that the warm start never looked up would pass on nothing: not measured.
            Optional<String> scoped = stage.map(KeyChangeVerdict::cacheOf);
            if (scoped.isPresent() && start.cache(scoped.get()).filter(counts -> !counts.isEmpty()).isEmpty()) {
                Measure measure = scoped.get().equals(CompileLog.FX_GRAPH) ? Measure.FX_GRAPH_CACHE : Measure.AOTAUTOGRAD_CACHE;
                throw notMeasured(info, shouldBeMeasured(subject(), check, measure), measure);
            }
            start.keyChanges().get().forEach(change -> verdict.add("run " + run.label(), change));
        }
        if (!verdict.passed()) {
            String outside = allowed.isEmpty() ? "the keys of " + KeyChangeVerdict.lookups(verdict.outside().size()) + " changed"
                    : "other components changed in " + KeyChangeVerdict.lookups(verdict.outside().size());
            String but = verdict.body(outside, "", "hasNoCacheKeyChangesIn", lookedUp);
            throw diffFailure(info, shouldHaveCacheKeysAsChecked(subject(), check, but), String.join(FigureText.NL, verdict.lines()),
                    allowed.isEmpty() ? "no cache key changes" : "key changes only in " + String.join(", ", allowed));
        }
        return myself;
    }

    private WarmStartAssert noMisses(List<String> caches, String check, String which) {
        isNotNull();
        List<String> cold = new ArrayList<>();
        for (RunFigures run : actual) {
            ColdStart start = warm(run, check);
            for (String cache : caches) {
                if (start.cache(cache).isEmpty()) {
                    Measure measure = cache.equals(CompileLog.FX_GRAPH) ? Measure.FX_GRAPH_CACHE : Measure.AOTAUTOGRAD_CACHE;
                    throw notMeasured(info, shouldBeMeasured(subject(), check, measure), measure);
                }
            }
            for (ColdStart.CompileCache compile : start.compileCaches()) {
                List<String> missed = caches.stream().filter(compile::missed)
                        .map(cache -> (compile.cache().of(cache).miss() > 0 ? "missed " : "bypassed ") + cache).toList();
                if (!missed.isEmpty()) {
                    cold.add("run " + run.label() + ": " + compile.graph() + " " + String.join(", ", missed));
                }
            }
        }
        if (!cold.isEmpty()) {
            throw diffFailure(info, shouldHaveNoCacheMisses(subject(), which, cold), sortedLines(cold), "no cache misses");
        }
        return myself;
    }

    private ColdStart warm(RunFigures run, String check) {
        if (!run.coldStart().hasWarmStart()) {
            // Where another run in scope has its warm start, the warm log lacked this run's: name it.
            boolean others = actual.stream().anyMatch(other -> other.coldStart().hasWarmStart());
            throw notMeasured(info, others ? shouldBeMeasuredIn(subject(), check, Measure.WARM_START, run.label())
                    : shouldBeMeasured(subject(), check, Measure.WARM_START), Measure.WARM_START);
        }
        return run.coldStart();
    }

    private String subject() {
        return navigated("warm start", navigatedFrom);
    }
}
