package dev.compilereceipt.view.text;

import dev.compilereceipt.receipt.RecompileCause;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.GraphId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The compile log's recompile count beside the recompile causes, so the two are seen to be the same
 * set or the difference is said: a compile id logged twice (the runs of one process share ids after
 * {@code torch._dynamo.reset()}) is one variant of the causes, and a recompile no guard failure names
 * has no cause.
 *
 * <p>Example: {@code recompiles 3, as 2 variants in the causes: 0/1 twice, as the runs of the process share
 * compile ids after torch._dynamo.reset()} for 2.6's print-bridge TORCH_LOGS text.
 */
final class RecompileCountText {

    private RecompileCountText() {
    }

    static String of(CompileLog log, List<RecompileCause> causes, boolean runsMerged) {
        List<String> recompiles = log.recompiles();
        StringBuilder out = new StringBuilder("recompiles ").append(recompiles.size());
        Map<String, Integer> times = new LinkedHashMap<>();
        recompiles.forEach(id -> times.merge(id, 1, Integer::sum));
        Set<String> caused = new TreeSet<>();
        causes.forEach(cause -> cause.graphs().stream().map(GraphId::toString).forEach(caused::add));
        List<String> repeated = new ArrayList<>();
        times.forEach((id, n) -> {
            if (n > 1) {
                repeated.add(id + (n == 2 ? " twice" : " " + n + " times"));
            }
        });
        List<String> uncaused = times.keySet().stream().filter(id -> !caused.contains(id)).toList();
        if (causes.isEmpty() || repeated.isEmpty() && uncaused.isEmpty()) {
            return out.toString();
        }
        int inCauses = (int) times.keySet().stream().filter(caused::contains).count();
        if (!repeated.isEmpty()) {
            out.append(", as ").append(inCauses).append(inCauses == 1 ? " variant" : " variants").append(" in the causes: ")
                    .append(String.join(", ", repeated))
                    .append(runsMerged ? ", as the runs of the process share compile ids after torch._dynamo.reset()" : "");
        } else {
            out.append(", ").append(inCauses).append(" of them with a cause");
        }
        if (!uncaused.isEmpty()) {
            out.append("; ").append(uncaused.size()).append(" without a recompile line: ").append(String.join(" ", uncaused));
        }
        return out.toString();
    }
}
