package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.trace.CompileStages;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;

/**
 * The timings of one {@code compilation_metrics} record, and the compile time and stages they give.
 *
 * <p>PyTorch times a compile with nested timers, each inclusive of the ones inside it, and writes
 * each twice: in seconds under its 2.6 name and in microseconds under its
 * {@code *_cumulative_compile_time_us} name (2.6 and 2.14 both write both, with equal values):
 * <pre>
 * entire_frame_compile_time_s  = dynamo_cumulative_compile_time_us             the frame's compile
 *  └ backend_compile_time_s    = aot_autograd_cumulative_compile_time_us        the backend call
 *     └ inductor_compile_time_s = inductor_cumulative_compile_time_us           Inductor's compile_fx_inner
 *        └ code_gen_time_s     = inductor_code_gen_cumulative_compile_time_us   Inductor's code generation
 * </pre>
 * A stage is a level less the level inside it, so no millisecond is counted twice: {@code dynamo}
 * = frame − backend, {@code aot_autograd} = backend − Inductor, {@code inductor} = Inductor −
 * codegen, {@code codegen} = codegen. A timer that did not run writes {@code null} (a frame Dynamo gave
 * up before calling the backend, a backend that hit the AOTAutograd cache and never called
 * Inductor, an Inductor that hit the FX graph cache and generated no code): that level is 0.
 * The stages are those of the family the compile time came from (seconds where the record has
 * {@code entire_frame_compile_time_s}, else microseconds); a record missing one of that family's
 * inner fields (older logs, logs cut by an older {@code receipt freeze}), or whose levels do not
 * nest, is not split: {@link CompileStages#NONE}. docs/compile-stages.md has the figures this was derived from.
 *
 * <p>Not used: {@code dynamo_time_before_restart_s} runs on another clock (from the start of
 * {@code _compile}, before the frame's timer starts) and real logs show it longer than the frame
 * (2.6 break-in-loop {@code 0/0}: 22.123 ms before restart in a 21.347 ms frame); the restarts stay
 * in {@code dynamo}. {@code triton_compile_time_us} and the pass timers are not in every release's
 * nesting and stay inside the stage that ran them.
 */
final class CompileStageFields {

    static final String ENTIRE_FRAME_S = "entire_frame_compile_time_s";
    static final String ENTIRE_FRAME_US = "dynamo_cumulative_compile_time_us";
    /** The levels inside the frame, outermost first, in seconds. */
    private static final List<String> INNER_S = List.of("backend_compile_time_s", "inductor_compile_time_s", "code_gen_time_s");
    /** The same levels in microseconds. */
    private static final List<String> INNER_US = List.of("aot_autograd_cumulative_compile_time_us",
            "inductor_cumulative_compile_time_us", "inductor_code_gen_cumulative_compile_time_us");
    /** The stage each level less the next one is, outermost first. */
    private static final List<String> STAGES = List.of(CompileStages.DYNAMO, CompileStages.AOT_AUTOGRAD,
            CompileStages.INDUCTOR, CompileStages.CODEGEN);

    static final Set<String> ALL = Set.of(ENTIRE_FRAME_S, ENTIRE_FRAME_US, INNER_S.get(0), INNER_S.get(1), INNER_S.get(2),
            INNER_US.get(0), INNER_US.get(1), INNER_US.get(2));

    /** Each field the record has: its value, or {@code null} for a JSON null. */
    private final Map<String, BigDecimal> given = new HashMap<>();

    void put(String field, BigDecimal value) {
        given.put(field, value);
    }

    /** The frame's compile time in ms: {@code entire_frame_compile_time_s}, else {@code dynamo_cumulative_compile_time_us}. */
    OptionalDouble compileMs() {
        BigDecimal frame = frameMs();
        return frame == null ? OptionalDouble.empty() : OptionalDouble.of(frame.doubleValue());
    }

    // Exact decimal arithmetic: 1.726614 s is 1726.614 ms, not 1726.6139999999998.
    private BigDecimal frameMs() {
        if (given.get(ENTIRE_FRAME_S) != null) {
            return given.get(ENTIRE_FRAME_S).movePointRight(3);
        }
        return given.get(ENTIRE_FRAME_US) == null ? null : given.get(ENTIRE_FRAME_US).movePointLeft(3);
    }

    CompileStages stages() {
        BigDecimal frame = frameMs();
        if (frame == null) {
            return CompileStages.NONE;
        }
        boolean seconds = given.get(ENTIRE_FRAME_S) != null;
        List<String> inner = seconds ? INNER_S : INNER_US;
        BigDecimal[] levels = new BigDecimal[inner.size() + 2];
        levels[0] = frame;
        for (int i = 0; i < inner.size(); i++) {
            if (!given.containsKey(inner.get(i))) {
                return CompileStages.NONE;
            }
            BigDecimal value = given.get(inner.get(i));
            levels[i + 1] = value == null ? BigDecimal.ZERO : seconds ? value.movePointRight(3) : value.movePointLeft(3);
        }
        levels[levels.length - 1] = BigDecimal.ZERO;
        Map<String, Double> stages = new TreeMap<>();
        for (int i = 0; i < STAGES.size(); i++) {
            BigDecimal stage = levels[i].subtract(levels[i + 1]);
            if (stage.signum() < 0) {
                return CompileStages.NONE;
            }
            stages.put(STAGES.get(i), stage.doubleValue());
        }
        return new CompileStages(stages);
    }
}
