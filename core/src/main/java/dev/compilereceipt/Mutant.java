package dev.compilereceipt;

import java.util.Optional;

/**
 * A plausible bookkeeping mistake that can be switched on in the production receipt computation,
 * to prove that checks around a receipt would notice it. Each has the oracle code that names it.
 *
 * <p>Example: {@code Receipt.of(trace, Mutant.DROP_WARMUP)} computes the receipt as if warmup calls
 * had been removed before the totals.
 */
public enum Mutant {
    /** Every break also counts as a compile. */
    CONFLATE_BREAKS_AND_RECOMPILES("conflate-breaks-and-recompiles", "BREAKS_COUNTED_AS_COMPILES",
            "every break also counts as a compile"),
    /** Warmup calls are removed before totals are computed. */
    DROP_WARMUP("drop-warmup", "WARMUP_DROPPED", "warmup calls are removed before totals are computed"),
    /** Every cache hit counts as a compile. */
    COUNT_CACHE_HITS_AS_COMPILES("count-cache-hits-as-compiles", "CACHE_HITS_COUNTED_AS_COMPILES",
            "every cache hit counts as a compile"),
    /** Baseline and candidate means are divided by different hidden sample counts. */
    AVERAGE_UNEQUAL_CALLS("average-unequal-calls", "UNEQUAL_SAMPLE_DIVISORS",
            "the candidate's means are divided by one call more than it has, the baseline's by its own count"),
    /** Every break's eager time becomes 0; the breaks stay. */
    HIDE_EAGER_ISLANDS("hide-eager-islands", "EAGER_ISLANDS_HIDDEN", "every break's eager_ms becomes 0, the breaks stay");

    private final String id;
    private final String oracleCode;
    private final String mistake;

    Mutant(String id, String oracleCode, String mistake) {
        this.id = id;
        this.oracleCode = oracleCode;
        this.mistake = mistake;
    }

    /** The contract's id, such as {@code drop-warmup}. */
    public String id() {
        return id;
    }

    /** The failure code the oracle reports for this mistake. */
    public String oracleCode() {
        return oracleCode;
    }

    /** The mistake in a few words. */
    public String mistake() {
        return mistake;
    }

    public static Optional<Mutant> parse(String id) {
        for (Mutant mutant : values()) {
            if (mutant.id.equals(id)) {
                return Optional.of(mutant);
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return id;
    }
}
