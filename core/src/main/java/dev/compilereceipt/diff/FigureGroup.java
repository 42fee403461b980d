package dev.compilereceipt.diff;

import java.util.List;
import org.apiguardian.api.API;

/**
 * How much a receipt difference matters, most first: what compiled (variants, recompiles, guard
 * failures, cache hits), what fell back to eager, what broke, the words of a guard failure, the
 * on-disk artifact caches, any other figure, the times, the
 * ledger's per-call rows, and the inputs (hashes, fixture, limits). {@link #of} places a path with
 * a priority table of {@link FigurePattern}s read top to bottom, the first match deciding, so a
 * figure added to the receipt later (a new key of {@code break_sites}, a new record) lands in the
 * group its path says without a change here: anything under a {@code *break*} key is a break,
 * any {@code *_ms} a time, anything unnamed an other figure.
 *
 * <p>Example: {@code FigureGroup.of(List.of("runs", "baseline", "phases", "steady", "compiles"))} is {@code VARIANTS};
 * {@code ...break_sites[scenarios.py:31].eager_ms} is {@code TIMES}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public enum FigureGroup {
    VARIANTS("variants"),
    FALLBACKS("fallbacks"),
    BREAKS("breaks"),
    /** The words of a guard failure, which a PyTorch release may change without a variant more or less. */
    GUARD_TEXTS("guard texts"),
    /** The on-disk caches (AOTAutograd, FX graph, Inductor), which are not the in-process variants. */
    ARTIFACT_CACHES("artifact caches"),
    FIGURES("other figures"),
    TIMES("times"),
    LEDGER("the ledger"),
    INPUTS("the inputs");

    private record Rule(FigurePattern pattern, FigureGroup group) {
    }

    // Read top to bottom. Times and the ledger come first so that a break site's eager_ms is a time
    // and a ledger row's graphs are a ledger row, not a variant.
    private static final List<Rule> TABLE = List.of(
            rule("ledger", LEDGER),
            rule("trace_sha256", INPUTS),
            rule("receipt_sha256", INPUTS),
            rule("fixture", INPUTS),
            rule("format", INPUTS),
            rule("limits", INPUTS),
            rule("bad_lines", INPUTS),
            rule("mutant", INPUTS),
            rule("**.*_ms", TIMES),
            rule("**.ratio", TIMES),
            rule("**.*fallback*", FALLBACKS),
            rule("**.break_even*", FIGURES),   // the trade's break-even point is not a graph break
            rule("**.*break*", BREAKS),
            // Before the variants: a reworded guard of the same recompile, or a cache miss logged, is no new variant.
            rule("**.guard", GUARD_TEXTS),
            rule("**.subject", GUARD_TEXTS),      // a recompile cause's guarded name, spelt as the release spells it
            rule("**.artifact_cache", ARTIFACT_CACHES),
            rule("**.new_graph_variants", VARIANTS),
            rule("**.graphs", VARIANTS),
            rule("**.compiles", VARIANTS),
            rule("**.recompile*", VARIANTS),
            rule("**.guard*", VARIANTS),
            rule("**.cache_hits", VARIANTS));

    private final String title;

    FigureGroup(String title) {
        this.title = title;
    }

    /** The group of a figure path; {@link #FIGURES} where no rule names it. */
    public static FigureGroup of(List<String> path) {
        for (Rule rule : TABLE) {
            if (rule.pattern().covers(path)) {
                return rule.group();
            }
        }
        return FIGURES;
    }

    /** How messages name the group: {@code variants}, {@code other figures}, ... */
    public String title() {
        return title;
    }

    private static Rule rule(String pattern, FigureGroup group) {
        return new Rule(FigurePattern.of(pattern), group);
    }
}
