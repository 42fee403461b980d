package dev.compilereceipt.approval;

import dev.compilereceipt.diff.FigureGroup;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Which way a count is better, so that a ratchet can tell an improvement from a regression: fewer
 * variants (compiles, graphs, recompiles, guard misses), fewer breaks, fewer fallbacks, and more
 * cache hits (a {@code hit} better than a {@code miss}). A count is compared by its number, a list
 * by its length, a present element as one and an absent one as none. A figure of no family (a
 * call count, a guard's words, a break's reason) has no better side: any change is a change.
 *
 * <p>Example: {@code CountFamily.of(List.of("runs", "baseline", "phases", "steady", "breaks"))} is
 * {@code Optional[BREAKS]}, and {@code BREAKS.fewerIsBetter()} is true.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public enum CountFamily {
    VARIANTS(true),
    BREAKS(true),
    FALLBACKS(true),
    CACHE_HITS(false);

    private final boolean fewerIsBetter;

    CountFamily(boolean fewerIsBetter) {
        this.fewerIsBetter = fewerIsBetter;
    }

    /** Whether fewer is better (variants, breaks, fallbacks); more is better for cache hits. */
    public boolean fewerIsBetter() {
        return fewerIsBetter;
    }

    /** The family of a figure path, by the diff's priority table; empty where it has no better side. */
    public static Optional<CountFamily> of(List<String> path) {
        String last = path.get(path.size() - 1);
        if (last.equals("cache_hits") || path.contains("artifact_cache")) {
            return Optional.of(CACHE_HITS);
        }
        return switch (FigureGroup.of(path)) {
            case VARIANTS -> Optional.of(VARIANTS);
            case BREAKS -> Optional.of(BREAKS);
            case FALLBACKS -> Optional.of(FALLBACKS);
            default -> Optional.empty();
        };
    }
}
