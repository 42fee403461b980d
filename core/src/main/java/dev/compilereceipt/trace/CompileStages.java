package dev.compilereceipt.trace;

import java.math.BigDecimal;
import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * The time of one compile, or of many summed, split by the stage PyTorch spent it in: stage name
 * → milliseconds, each stage exclusive of the others, so that the stages and what no stage claims
 * ({@link #unattributedMs}) add up to the compile time. The names are PyTorch's ({@link #DYNAMO},
 * {@link #AOT_AUTOGRAD}, {@link #INDUCTOR}, {@link #CODEGEN}); a compile-trace/1 capture may name others.
 *
 * <p>Example: print-bridge's first compile on PyTorch 2.6 (1726.614 ms) is
 * {@code {dynamo=24.338, aot_autograd=97.126, inductor=103.762, codegen=1501.388}}, unattributed 0.
 * {@link #NONE} claims nothing: the whole compile time is unattributed.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record CompileStages(Map<String, Double> ms) {

    /** Dynamo: the frame's compile outside the backend (bytecode tracing, guards, restarts of the analysis). */
    public static final String DYNAMO = "dynamo";
    /** The backend outside Inductor: AOTAutograd's tracing and partitioning, pre-grad and joint-graph passes, cache lookups. */
    public static final String AOT_AUTOGRAD = "aot_autograd";
    /** Inductor outside code generation: post-grad passes, lowering, scheduling. */
    public static final String INDUCTOR = "inductor";
    /** Inductor's code generation, Triton's kernel compiles among it. */
    public static final String CODEGEN = "codegen";

    /** No stage claims any of the time. */
    public static final CompileStages NONE = new CompileStages(Map.of());

    public CompileStages {
        ms = java.util.Collections.unmodifiableMap(new TreeMap<>(ms));
    }

    public boolean isEmpty() {
        return ms.isEmpty();
    }

    /**
     * Stage by stage, the sum of these and {@code other}, in exact decimals of the 4-decimal values
     * (so 97.126 + 14.329 is 111.455, not 111.45500000000001); a stage either names is in the sum.
     */
    public CompileStages plus(CompileStages other) {
        if (other.isEmpty()) {
            return this;
        }
        Map<String, Double> sum = new TreeMap<>(ms);
        other.ms.forEach((stage, value) -> sum.merge(stage, value,
                (a, b) -> Millis.exact(a).add(Millis.exact(b)).doubleValue()));
        return new CompileStages(sum);
    }

    /**
     * What no stage claims of {@code compileMs}: the compile time as the receipt writes it less the
     * stages as the receipt writes them, in exact decimals, so that the written figures add up to the
     * last of 4 decimals.
     */
    public double unattributedMs(double compileMs) {
        BigDecimal rest = Millis.exact(compileMs);
        for (double stage : ms.values()) {
            rest = rest.subtract(Millis.exact(stage));
        }
        return rest.doubleValue() == 0 ? 0.0 : rest.doubleValue();
    }
}
