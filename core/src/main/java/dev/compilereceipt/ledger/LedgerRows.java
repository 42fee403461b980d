package dev.compilereceipt.ledger;

import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.Coverage;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Millis;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.Trace;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The ledger's row of one call, as {@code trace-format.md} section 3 defines it: the graph ids it
 * touched, the break sites it crossed, its cache outcome, its wall, compile and eager-island
 * times, each not measured where the trace's source did not measure it.
 *
 * <p>Example: {@code LedgerRows.of(trace, "baseline", call).cache()} is {@code Optional[hit]} for a
 * call whose regions all reused a variant.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class LedgerRows {

    private LedgerRows() {
    }

    public static LedgerRow of(Trace trace, String run, Call call) {
        Set<GraphId> graphs = new LinkedHashSet<>();
        List<String> sites = new ArrayList<>();
        double compileMs = 0;
        double eagerMs = 0;
        boolean compiled = false;
        boolean fellBack = false;
        boolean ranRegion = false;
        for (Event event : call.events()) {
            if (event instanceof Event.Region region) {
                graphs.add(region.graph());
                compileMs += region.compileMs();
                compiled |= region.isCompile();
                ranRegion = true;
            } else if (event instanceof Event.Fallback fallback) {
                graphs.add(fallback.graph());
                compileMs += fallback.compileMs();
                fellBack = true;
            } else if (event instanceof Event.Break brk) {
                sites.add(brk.site());
                eagerMs += brk.eagerMs();
            }
        }
        Optional<CallCache> cache = Optional.of(compiled ? CallCache.COMPILE : fellBack ? CallCache.FALLBACK
                : ranRegion ? CallCache.HIT : CallCache.EAGER);
        if (!compiled && !fellBack && !trace.measured(Measure.CACHE_HITS)) {
            cache = Optional.empty();
        }
        return new LedgerRow(run, call.id(), call.phase(), call.family(), List.copyOf(graphs), sites, cache,
                trace.measuredMs(Measure.WALL_MS, call.wallMs()), Millis.round(compileMs),
                trace.measuredMs(Measure.EAGER_ISLAND_MS, eagerMs),
                // A source that does not see hits or crossings sees a call's compiled graphs and the breaks they found;
                // an eager call is the uncompiled control and touches none (the contract refuses one with regions).
                seen(trace, call, Measure.CACHE_HITS), seen(trace, call, Measure.BREAKS), call.guardCheckMs());
    }

    private static Coverage seen(Trace trace, Call call, Measure measure) {
        return trace.measured(measure) || call.phase() == Phase.EAGER ? Coverage.MEASURED : Coverage.LOWER_BOUND;
    }
}
