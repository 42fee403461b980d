package dev.compilereceipt.assertj;

import dev.compilereceipt.Ranks;
import dev.compilereceipt.assertj.internal.KeyChangeVerdict;
import dev.compilereceipt.assertj.internal.RanksChecks;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.KeyComparison;
import dev.compilereceipt.trace.Stage;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractObjectAssert;
import org.assertj.core.api.SoftAssertionsProvider;

/**
 * Assertions on all ranks of a distributed job ({@link Ranks}): whether they compiled alike, and two figures ranks
 * must share so that no rank waits on another at a collective (recompiles, cache outcomes, cache keys). A failure shows the groups
 * of ranks and the first divergence ({@link dev.compilereceipt.RanksVerdict#text()}); {@link #rank(int)} goes on with
 * one rank's receipt. Not final: soft assertions subclass it through a proxy.
 *
 * <p>Example:
 * <pre>{@code
 * @Test
 * void everyRankCompiledTheSameGraphs(@TraceFixture(value = "ddp/torch_traces", ranks = RankScope.ALL) Ranks ranks) {
 *     assertThat(ranks).compiledAlike();
 *     assertThat(ranks).rank(0).hasNoFallbacks();
 * }
 * }</pre>
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public class RanksAssert extends AbstractObjectAssert<RanksAssert, Ranks> {

    /** The soft assertions this assert was made by, so that {@link #rank(int)} stays soft; null for hard assertions. */
    SoftAssertionsProvider softly;

    public RanksAssert(Ranks actual) {
        super(actual, RanksAssert.class);
    }

    /** Checks that every rank has the same fingerprint: the verdict is one group. */
    public RanksAssert compiledAlike() {
        isNotNull();
        RanksChecks.compiledAlike(info, RanksChecks.subject(actual), actual);
        return myself;
    }

    /**
     * Checks that no rank recompiled where another did not: every rank made the same recompiles (the graph ids of
     * every compile after a frame's first), none at all or the same ones. Ranks that differ in anything else pass.
     */
    public RanksAssert haveNoRecompilesOnSomeRanksOnly() {
        isNotNull();
        RanksChecks.haveNoRecompilesOnSomeRanksOnly(info, RanksChecks.subject(actual), actual);
        return myself;
    }

    /** Checks that every rank hit, missed and bypassed the FX graph and AOTAutograd caches as often as every other. */
    public RanksAssert haveEqualCacheOutcomes() {
        isNotNull();
        RanksChecks.haveEqualCacheOutcomes(info, RanksChecks.subject(actual), actual);
        return myself;
    }

    /**
     * Checks that no group of ranks missed a cache under a key whose components differ from the largest group's: a
     * miss under the same key (a rank whose cache folder lacked the entry) passes. Fails listing, per group of ranks
     * and lookup, the components that differ with both values ({@code rank 1: 0/0 missed the FX graph cache:
     * `inductor_config[size_asserts]` True → False}) and every miss whose reason is not measured (its key differs
     * with no component compared: 2.14's AOTAutograd records list none), which may hide any change
     * ({@link #haveNoCacheKeyChangesIn(Stage)} checks one cache alone); fails saying not measured where some rank's
     * source carries no keys (a TORCH_LOGS text, a {@code compile-receipt-fingerprint/1} file).
     */
    public RanksAssert haveNoCacheKeyChanges() {
        isNotNull();
        RanksChecks.cacheKeysDifferOnlyIn(info, RanksChecks.subject(actual), actual, Optional.empty(), List.of(),
                "have no cache key changes between ranks");
        return myself;
    }

    /**
     * Checks, as {@link #haveNoCacheKeyChanges()} does, the lookups of the cache of {@code stage} alone: the FX graph
     * cache ({@link Stage#INDUCTOR}) or the AOTAutograd cache ({@link Stage#AOT_AUTOGRAD}).
     *
     * <p>Example: {@code assertThat(Ranks.read(dir)).haveNoCacheKeyChangesIn(Stage.INDUCTOR)} on a 2.14 job.
     */
    public RanksAssert haveNoCacheKeyChangesIn(Stage stage) {
        String cache = KeyComparison.cacheName(KeyChangeVerdict.cacheOf(stage));
        isNotNull();
        RanksChecks.cacheKeysDifferOnlyIn(info, RanksChecks.subject(actual), actual, Optional.of(stage), List.of(),
                "have no cache key changes between ranks in " + cache);
        return myself;
    }

    /**
     * Checks that every component in which a group's cache keys differ from the largest group's is one of
     * {@code components}: a name ({@code cpp_runtime_thread_count}) or, ending in {@code [}, a prefix
     * ({@code inductor_config[}). Fails as {@link #haveNoCacheKeyChanges()} does, listing the other components and
     * the lookups whose reason is not measured.
     */
    public RanksAssert cacheKeysDifferOnlyIn(String... components) {
        isNotNull();
        RanksChecks.cacheKeysDifferOnlyIn(info, RanksChecks.subject(actual), actual, Optional.empty(), allowed(components),
                "have cache keys that differ between ranks only in " + String.join(", ", components));
        return myself;
    }

    /**
     * Checks, as {@link #cacheKeysDifferOnlyIn(String...)} does, the lookups of the cache of {@code stage} alone.
     *
     * <p>Example: {@code assertThat(Ranks.read(dir)).cacheKeysDifferOnlyIn(Stage.INDUCTOR, "cpp_runtime_thread_count")}.
     */
    public RanksAssert cacheKeysDifferOnlyIn(Stage stage, String... components) {
        String cache = KeyComparison.cacheName(KeyChangeVerdict.cacheOf(stage));
        List<String> allowed = allowed(components);
        isNotNull();
        RanksChecks.cacheKeysDifferOnlyIn(info, RanksChecks.subject(actual), actual, Optional.of(stage), allowed,
                "have cache keys that differ between ranks only in " + String.join(", ", components) + " in " + cache);
        return myself;
    }

    private static List<String> allowed(String... components) {
        if (components.length == 0) {
            throw new IllegalArgumentException("cacheKeysDifferOnlyIn needs a component name or prefix; for none, haveNoCacheKeyChanges()");
        }
        return List.of(components);
    }

    /** The receipt of rank {@code n}, to go on with its checks; fails, naming the ranks there are, when it is not one. */
    public ReceiptAssert rank(int n) {
        ReceiptAssert navigated = SoftNavigation.to(softly, ReceiptAssert.class, Receipt.class, () -> {
            isNotNull();
            return RanksChecks.rank(info, RanksChecks.subject(actual), actual, n);
        }, ReceiptAssert::new, (found, from) -> { }).withRepresentation(info.representation());
        return info.descriptionText().isEmpty() ? navigated : navigated.as(info.descriptionText());
    }
}
