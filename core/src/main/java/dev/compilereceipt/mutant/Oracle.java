package dev.compilereceipt.mutant;

import dev.compilereceipt.trace.Millis;
import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.receipt.WallTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * An independent check of a receipt against the raw trace it claims to describe. It recounts
 * every run and phase straight from the trace's events with its own simple loops (it shares no
 * code with the ledger's aggregation) and names each disagreement with a failure code. On a true
 * receipt it finds nothing.
 *
 * <p>Example: {@code Oracle.check(trace, Mutant.DROP_WARMUP.receiptOf(trace))} reports
 * {@code WARMUP_DROPPED}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class Oracle {

    /** Receipt values are rounded to 4 decimals; differences below this are rounding, not mistakes. */
    private static final double MS_TOLERANCE = 1e-3;

    private Oracle() {
    }

    public static List<OracleFinding> check(Trace trace, Receipt receipt) {
        List<OracleFinding> findings = new ArrayList<>();
        for (Run run : trace.runs()) {
            Optional<RunFigures> figures = receipt.findRun(run.label());
            if (figures.isEmpty()) {
                findings.add(new OracleFinding("RUN_MISSING", "the trace has run " + run.label() + ", the receipt does not"));
                continue;
            }
            if (!figures.get().hasPhases()) {
                continue;
            }
            for (Phase phase : Phase.values()) {
                check(trace, run.label(), phase, new Recount(run, phase), figures.get().phase(phase), findings);
            }
        }
        findings.sort(Comparator.comparing(OracleFinding::code));
        return List.copyOf(findings);
    }

    /** The codes alone, distinct and sorted. */
    public static List<String> codes(Trace trace, Receipt receipt) {
        return check(trace, receipt).stream().map(OracleFinding::code).distinct().toList();
    }

    private static void check(Trace trace, String run, Phase phase, Recount truth, PhaseFigures said,
                              List<OracleFinding> findings) {
        String where = run + " " + phase.id() + ": ";
        if (said.calls() != truth.calls) {
            boolean dropped = phase == Phase.WARMUP && said.calls() < truth.calls;
            findings.add(new OracleFinding(dropped ? "WARMUP_DROPPED" : "CALLS_MISCOUNTED", where + "the receipt counts "
                    + said.calls() + " calls, the trace has " + truth.calls));
            return;
        }
        boolean hitsExplained = false;
        if (said.cacheHits().isPresent() && said.cacheHits().getAsInt() != truth.hits) {
            hitsExplained = said.cacheHits().getAsInt() == 0 && said.compiles() == truth.compiles + truth.hits;
            findings.add(new OracleFinding(hitsExplained ? "CACHE_HITS_COUNTED_AS_COMPILES" : "CACHE_HITS_MISCOUNTED",
                    where + "the receipt counts " + said.cacheHits().getAsInt() + " cache hits and " + said.compiles()
                            + " compiles, the trace has " + truth.hits + " hits and " + truth.compiles + " compiles"));
        }
        if (!hitsExplained && said.compiles() != truth.compiles) {
            boolean breaks = truth.breaks > 0 && said.compiles() == truth.compiles + truth.breaks;
            findings.add(new OracleFinding(breaks ? "BREAKS_COUNTED_AS_COMPILES" : "COMPILES_MISCOUNTED",
                    where + "the receipt counts " + said.compiles() + " compiles, the trace has " + truth.compiles
                            + " compiled regions" + (breaks ? " and " + truth.breaks + " breaks: every break was counted as a compile" : "")));
        }
        if (said.breaks().isPresent() && said.breaks().getAsInt() != truth.breaks) {
            findings.add(new OracleFinding("BREAKS_MISCOUNTED", where + "the receipt counts " + said.breaks().getAsInt()
                    + " breaks, the trace has " + truth.breaks));
        }
        if (said.fallbacks() != truth.fallbacks) {
            findings.add(new OracleFinding("FALLBACKS_MISCOUNTED", where + "the receipt counts " + said.fallbacks()
                    + " fallbacks, the trace has " + truth.fallbacks));
        }
        if (said.eagerIslandMs().isPresent()) {
            double island = said.eagerIslandMs().getAsDouble();
            if (Math.abs(island - truth.eagerMs) > MS_TOLERANCE) {
                boolean hidden = island == 0 && said.breaks().orElse(truth.breaks) == truth.breaks;
                findings.add(new OracleFinding(hidden ? "EAGER_ISLANDS_HIDDEN" : "EAGER_ISLAND_TIME_MISCOUNTED",
                        where + "the receipt says " + ms(island) + " ms in eager islands over " + truth.breaks
                                + " breaks, the trace has " + ms(truth.eagerMs) + " ms"));
            }
        }
        if (said.wallMs().isPresent() && trace.measured(Measure.WALL_MS) && truth.calls > 0) {
            WallTime wall = said.wallMs().get();
            double mean = truth.wallMs / truth.calls;
            if (Math.abs(wall.mean() - mean) > 1e-4 + 1e-9 * mean) {
                findings.add(new OracleFinding("UNEQUAL_SAMPLE_DIVISORS", where + "the receipt's mean is " + ms(wall.mean())
                        + " ms, but " + ms(truth.wallMs) + " ms over " + truth.calls + " calls is " + ms(mean)
                        + " ms: the mean was divided by " + divisor(wall, truth) + " samples"));
            }
            if (Math.abs(wall.total() - truth.wallMs) > MS_TOLERANCE) {
                findings.add(new OracleFinding("WALL_TIME_MISCOUNTED", where + "the receipt's total is " + ms(wall.total())
                        + " ms, the trace's calls add up to " + ms(truth.wallMs) + " ms"));
            }
        }
    }

    private static String divisor(WallTime wall, Recount truth) {
        return wall.mean() > 0 ? Long.toString(Math.round(truth.wallMs / wall.mean())) : "an unknown number of";
    }

    private static String ms(double value) {
        return Millis.text(value);
    }

    /** The oracle's own count of one phase of one run, straight from the events. */
    private static final class Recount {
        int calls;
        int compiles;
        int hits;
        int breaks;
        int fallbacks;
        double eagerMs;
        double wallMs;

        Recount(Run run, Phase phase) {
            for (Call call : run.calls()) {
                if (call.phase() != phase) {
                    continue;
                }
                calls++;
                wallMs += call.wallMs();
                for (Event event : call.events()) {
                    if (event instanceof Event.Region region) {
                        if (region.cache() == Event.Cache.COMPILE) {
                            compiles++;
                        } else {
                            hits++;
                        }
                    } else if (event instanceof Event.Break brk) {
                        breaks++;
                        eagerMs += brk.eagerMs();
                    } else {
                        fallbacks++;
                    }
                }
            }
        }
    }
}
