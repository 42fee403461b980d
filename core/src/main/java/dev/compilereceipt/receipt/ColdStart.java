package dev.compilereceipt.receipt;

import dev.compilereceipt.trace.KeyComparison;
import dev.compilereceipt.trace.CompileLog;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.apiguardian.api.API;

/**
 * What a fresh worker pays to start, with empty caches and with warm ones: {@code emptyCachesMs},
 * the run's warmup wall total (the trade's {@code cold_ms}); {@code warmCachesMs}, the warmup wall
 * total of the run's warm start, a fresh process that reused the on-disk caches the run left; the
 * warm start's {@code compiles} (variants made), and per cache its lookups
 * ({@code fx_graph}, {@code aotautograd}: hit, miss, bypass). {@code compileCaches} lists every
 * compile of the warm start with its own lookups, in order, so a cold one (a miss or a bypass) is
 * named with the cache it missed. Every figure the source did not measure is empty, never 0: without
 * a warm start all but {@code emptyCachesMs}. {@code keyChanges}: why the warm start missed, each lookup of the warm
 * process that missed or bypassed with the components of its key that differ from the cold process's
 * ({@link KeyComparison}); empty where the logs list no cache keys.
 *
 * <p>Example: {@code receipt.run("baseline").coldStart().warmCachesMs()} of print-bridge's warm start
 * on PyTorch 2.6 is below its {@code emptyCachesMs}, and {@code coldCompiles()} is empty: every
 * compile hit the FX graph cache.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record ColdStart(
        OptionalDouble emptyCachesMs,
        OptionalDouble warmCachesMs,
        OptionalInt compiles,
        Optional<CompileLog.CacheCounts> fxGraph,
        Optional<CompileLog.CacheCounts> aotAutograd,
        List<CompileCache> compileCaches,
        boolean hasWarmStart,
        Optional<List<KeyComparison.Change>> keyChanges) {

    public ColdStart {
        compileCaches = List.copyOf(compileCaches);
        keyChanges = keyChanges.map(List::copyOf);
    }

    /** A cold start whose logs list no cache keys (before 0.3, or a source other than two TORCH_TRACE logs). */
    public ColdStart(OptionalDouble emptyCachesMs, OptionalDouble warmCachesMs, OptionalInt compiles,
                     Optional<CompileLog.CacheCounts> fxGraph, Optional<CompileLog.CacheCounts> aotAutograd,
                     List<CompileCache> compileCaches, boolean hasWarmStart) {
        this(emptyCachesMs, warmCachesMs, compiles, fxGraph, aotAutograd, compileCaches, hasWarmStart, Optional.empty());
    }

    /** The cold start of a run without a warm start. */
    public static ColdStart withoutWarmStart(OptionalDouble emptyCachesMs) {
        return new ColdStart(emptyCachesMs, OptionalDouble.empty(), OptionalInt.empty(), Optional.empty(), Optional.empty(),
                List.of(), false);
    }

    /** The lookups of one cache by its receipt name ({@link CompileLog#FX_GRAPH}, {@link CompileLog#AOTAUTOGRAD}); empty where not measured. */
    public Optional<CompileLog.CacheCounts> cache(String cache) {
        return switch (cache) {
            case CompileLog.FX_GRAPH -> fxGraph;
            case CompileLog.AOTAUTOGRAD -> aotAutograd;
            default -> throw new IllegalArgumentException("the caches are fx_graph and aotautograd, not " + cache);
        };
    }

    /** The warm start's compiles that missed or bypassed a cache, in order. */
    public List<CompileCache> coldCompiles() {
        return compileCaches.stream().filter(CompileCache::cold).toList();
    }

    /**
     * One compile of a warm start and its lookups; {@code graph} is its compile id {@code F/V}.
     * Cold when a lookup of a measured cache missed or bypassed.
     */
    public record CompileCache(String graph, CompileLog.ArtifactCache cache) {

        public boolean cold() {
            return !cache.missed().isEmpty();
        }

        /** Whether its lookup of {@code cacheName} missed or bypassed. */
        public boolean missed(String cacheName) {
            return cache.of(cacheName).missed();
        }
    }
}
