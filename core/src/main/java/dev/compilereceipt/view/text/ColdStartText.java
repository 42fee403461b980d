package dev.compilereceipt.view.text;

import dev.compilereceipt.receipt.ColdStart;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Millis;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.apiguardian.api.API;

/**
 * A run's cold start in words, the same in the terminal summary and the report: with empty caches,
 * with warm caches, the warm start's compiles and cache lookups, and the compiles that still missed.
 *
 * <p>Example: "empty caches 1600.75 ms, warm caches 200.75 ms (2 compiles; fx_graph hit 2, miss 0,
 * bypass 0; aotautograd hit 1, miss 1, bypass 0; cold: 0/0 missed aotautograd)".
 */
@API(status = API.Status.INTERNAL)
public final class ColdStartText {

    private ColdStartText() {
    }

    public static String of(ColdStart cold) {
        StringBuilder out = new StringBuilder("empty caches ").append(ms(cold.emptyCachesMs()));
        if (!cold.hasWarmStart()) {
            return out.append(", warm caches n/m (no warm start)").toString();
        }
        out.append(", warm caches ").append(ms(cold.warmCachesMs())).append(" (").append(cold.compiles().orElse(0))
                .append(cold.compiles().orElse(0) == 1 ? " compile" : " compiles");
        for (String cache : List.of(CompileLog.FX_GRAPH, CompileLog.AOTAUTOGRAD)) {
            out.append("; ").append(cache).append(cold.cache(cache).map(c -> " hit " + c.hit() + ", miss " + c.miss()
                    + ", bypass " + c.bypass()).orElse(" n/m"));
        }
        List<String> missed = new ArrayList<>();
        for (ColdStart.CompileCache compile : cold.coldCompiles()) {
            missed.add(compile.graph() + " missed " + String.join(", ", compile.cache().missed()));
        }
        if (!missed.isEmpty()) {
            out.append("; cold: ").append(String.join("; ", missed));
        }
        return out.append(')').toString();
    }

    private static String ms(OptionalDouble ms) {
        return ms.isPresent() ? Millis.text(ms.getAsDouble()) + " ms" : "n/m";
    }
}
