package dev.compilereceipt.assertj;

import dev.compilereceipt.trace.Measure;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Message of any check on a figure the trace's source did not measure: the check never passes on
 * a missing figure, it says which figure is missing and what would measure it.
 *
 * <p>Example: a TORCH_TRACE log without per-call markers asked for new graph variants in steady:
 * {@code "but calls and their phases were not measured by this trace"}, then the remedy.
 */
final class ShouldBeMeasured extends BasicErrorMessageFactory {

    private ShouldBeMeasured(String format, Object... arguments) {
        super(format, arguments);
    }

    static ErrorMessageFactory shouldBeMeasured(String subject, String check, Measure measure) {
        return new ShouldBeMeasured("%nExpecting%n  %s%nto %s%nbut %s not measured by this trace (not_measured: %s);%n"
                + "what would measure it: %s",
                unquotedString(subject), unquotedString(check), unquotedString(what(measure)),
                unquotedString(measure.id()), unquotedString(remedy(measure)));
    }

    private static String what(Measure measure) {
        return switch (measure) {
            case CALLS -> "calls and their phases were";
            case WALL_MS -> "call wall times were";
            case REGION_MS -> "compiled-region times were";
            case EAGER_ISLAND_MS -> "eager-island times were";
            case CACHE_HITS -> "cache hits (which calls ran cached variants and which ran eagerly) were";
            case BREAKS -> "breaks crossed per call were";
            case COMPILES -> "the compiles that made a variant (first compiles among them) were";
            case COMPILE_MS -> "compile times were";
            case ARTIFACT_CACHE -> "on-disk compile cache hits and misses were";
        };
    }

    private static String remedy(Measure measure) {
        return switch (measure) {
            case CALLS -> "per-call markers (compile_receipt_call) in the TORCH_TRACE log, or a compile-trace/1 capture";
            case WALL_MS -> "a compile-trace/1 capture (a device-synchronised wall_ms per call), or wall_ms on the end "
                    + "markers (compile_receipt_call) of a TORCH_TRACE log";
            case REGION_MS, EAGER_ISLAND_MS -> "a compile-trace/1 capture with torch.profiler spans "
                    + "(Torch-Compiled Region: F/V and graph_N_inductor_wrapper_call)";
            case CACHE_HITS -> "a compile-trace/1 capture, which records every region that ran (a TORCH_TRACE log "
                    + "records compiles, not hits)";
            case BREAKS -> "a compile-trace/1 capture, which records every break a call crosses (a TORCH_TRACE log "
                    + "records a break once, when compiling)";
            case COMPILES, COMPILE_MS -> "a TORCH_TRACE log (its compilation_metrics name every compile and its time) "
                    + "or a compile-trace/1 capture; TORCH_LOGS text names recompiles, fallbacks and breaks only";
            case ARTIFACT_CACHE -> "a TORCH_TRACE log (its fx_graph_cache_* and aotautograd_cache_* artifacts)";
        };
    }
}
