package dev.compilereceipt.receipt;

import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.trace.BreakKind;
import dev.compilereceipt.trace.Millis;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The break sites of one run grouped by {@link BreakKind}: the distinct sites of the kind, the
 * calls that crossed any of them, all their crossings, and the eager-island time spent there
 * (empty when the source did not measure it). Kinds come in {@link BreakKind} order, only those
 * the run has.
 *
 * <p>Example: print-bridge's baseline has one kind, {@code python-side-effect}: one site crossed by
 * 12 calls, 12 crossings, 1 per call.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record BreakKindFigures(BreakKind kind, List<BreakSite> sites, int calls, int crossings, OptionalDouble eagerMs) {

    public BreakKindFigures {
        sites = List.copyOf(sites);
    }

    /** Crossings per crossing call; empty when no call crossed a site of this kind. */
    public OptionalDouble crossingsPerCall() {
        return calls == 0 ? OptionalDouble.empty() : OptionalDouble.of((double) crossings / calls);
    }

    /** The kinds of {@code run}'s break sites, counted over the ledger rows of that run. */
    static List<BreakKindFigures> of(RunFigures run, List<LedgerRow> rows) {
        Map<BreakKind, List<BreakSite>> sites = new EnumMap<>(BreakKind.class);
        Map<String, BreakKind> kindOf = new HashMap<>();
        for (BreakSite site : run.breakSites()) {
            sites.computeIfAbsent(site.kind(), k -> new ArrayList<>()).add(site);
            kindOf.put(site.site(), site.kind());
        }
        List<BreakKindFigures> kinds = new ArrayList<>();
        for (Map.Entry<BreakKind, List<BreakSite>> entry : sites.entrySet()) {
            Set<String> calls = new HashSet<>();
            int crossings = 0;
            for (LedgerRow row : rows) {
                for (String site : row.breakSites()) {
                    if (kindOf.get(site) == entry.getKey()) {
                        crossings++;
                        calls.add(row.call());
                    }
                }
            }
            boolean measured = entry.getValue().stream().allMatch(site -> site.eagerMs().isPresent());
            double eager = entry.getValue().stream().mapToDouble(site -> site.eagerMs().orElse(0)).sum();
            kinds.add(new BreakKindFigures(entry.getKey(), entry.getValue(), calls.size(), crossings,
                    measured ? OptionalDouble.of(Millis.round(eager)) : OptionalDouble.empty()));
        }
        return kinds;
    }
}
