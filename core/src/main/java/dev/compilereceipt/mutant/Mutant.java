package dev.compilereceipt.mutant;

import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.Bookkeeping;
import dev.compilereceipt.receipt.ReceiptCalculator;
import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.Trace;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A plausible bookkeeping mistake that can be switched on in the production receipt computation,
 * to prove that checks around a receipt would notice it. Each has the oracle code that names it.
 *
 * <p>Example: {@code Mutant.DROP_WARMUP.receiptOf(trace)} computes the receipt as if warmup calls
 * had been removed before the totals.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
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

    /** The production computation's receipt of {@code trace} with this one mistake made. */
    public Receipt receiptOf(Trace trace) {
        return ReceiptCalculator.receipt(trace, bookkeeping());
    }

    /** The contract's bookkeeping with this mistake in place of the one choice it gets wrong. */
    public Bookkeeping bookkeeping() {
        return switch (this) {
            case CONFLATE_BREAKS_AND_RECOMPILES -> new Bookkeeping() {
                @Override
                public boolean countsBreaksAsCompiles() {
                    return true;
                }
            };
            case DROP_WARMUP -> new Bookkeeping() {
                @Override
                public boolean counts(Call call) {
                    return call.phase() != Phase.WARMUP;
                }
            };
            case COUNT_CACHE_HITS_AS_COMPILES -> new Bookkeeping() {
                @Override
                public Event read(Event event) {
                    return event instanceof Event.Region region && !region.isCompile()
                            ? new Event.Region(region.graph(), Event.Cache.COMPILE, region.ms(), 0, List.of()) : event;
                }
            };
            case AVERAGE_UNEQUAL_CALLS -> new Bookkeeping() {
                @Override
                public int meanDivisor(String run, int calls) {
                    return run.equals(Run.CANDIDATE) ? calls + 1 : calls;
                }
            };
            case HIDE_EAGER_ISLANDS -> new Bookkeeping() {
                @Override
                public Event read(Event event) {
                    return event instanceof Event.Break brk ? brk.withEagerMs(0) : event;
                }
            };
        };
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
