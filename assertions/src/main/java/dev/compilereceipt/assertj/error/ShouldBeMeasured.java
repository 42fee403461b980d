package dev.compilereceipt.assertj.error;

import dev.compilereceipt.assertj.internal.EvidenceMessage;
import dev.compilereceipt.trace.Coverage;
import dev.compilereceipt.trace.Measure;
import org.assertj.core.error.ErrorMessageFactory;
import org.apiguardian.api.API;

/**
 * Message of any check on a figure the trace's source did not measure: the check never passes on
 * a missing figure, it says which figure is missing and what would measure it.
 *
 * <p>Example: a TORCH_TRACE log without per-call markers asked for new graph variants in steady:
 * {@code "but calls and their phases were not measured by this source"}, then the remedy.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShouldBeMeasured extends EvidenceMessage {

    private ShouldBeMeasured(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldBeMeasured(String subject, String check, Measure measure) {
        return new ShouldBeMeasured("%nExpecting%n  %s%nto %s%nbut %s not measured by this source (not_measured: %s);%n"
                + "what would measure it: %s",
                unquotedString(subject), unquotedString(check), unquotedString(what(measure)),
                unquotedString(measure.id()), unquotedString(remedy(measure)));
    }

    /**
     * A figure the source could have measured and did not, with the evidence it lacked: "the text holds no recompile
     * lines for 0/1: was the recompiles logger on?" ({@link dev.compilereceipt.receipt.ReceiptLimits#missingEvidence(Measure)}).
     */
    public static ErrorMessageFactory shouldBeMeasured(String subject, String check, Measure measure, java.util.Optional<String> evidence) {
        if (evidence.isEmpty()) {
            return shouldBeMeasured(subject, check, measure);
        }
        return new ShouldBeMeasured("%nExpecting%n  %s%nto %s%nbut %s not measured by this source (not_measured: %s): %s;%n"
                + "what would measure it: %s",
                unquotedString(subject), unquotedString(check), unquotedString(what(measure)),
                unquotedString(measure.id()), unquotedString(evidence.get()), unquotedString(remedy(measure)));
    }

    /**
     * A figure the source gives only as a bound that does not decide the check: the bound says what
     * the truth is at least (or at most), not whether the check holds.
     */
    public static ErrorMessageFactory shouldBeMeasured(String subject, String check, Measure measure, Coverage coverage, long bound) {
        return new ShouldBeMeasured("%nExpecting%n  %s%nto %s%nbut %s not measured by this source, only bounded (%s %s: %s);%n"
                + "what would measure it: %s",
                unquotedString(subject), unquotedString(check), unquotedString(what(measure)),
                unquotedString(coverage == Coverage.UPPER_BOUND ? "at most" : "at least"), unquotedString(Long.toString(bound)),
                unquotedString(why(measure)), unquotedString(remedy(measure)));
    }

    /** A capture that recorded frames given up without saying whether a graph break made Dynamo give them up. */
    public static ErrorMessageFactory shouldKnowWhyFramesFellBack(String subject, String check, String fellBack) {
        return new ShouldBeMeasured("%nExpecting%n  %s%nto %s%nbut whether a graph break made Dynamo give up a frame was not"
                + " measured by this source (%s, and a compile-trace/1 fallback names no site);%n"
                + "what would measure it: the TORCH_TRACE log of the same run, whose break message says when a frame was skipped",
                unquotedString(subject), unquotedString(check), unquotedString(fellBack));
    }

    /** A phase without calls: it has no timing, and a check on its timing has nothing to decide on. */
    public static ErrorMessageFactory shouldHaveCalls(String subject, String check, String phase) {
        return new ShouldBeMeasured("%nExpecting%n  %s%nto %s%nbut there are no calls in phase %s: a phase without calls has no timing",
                unquotedString(subject), unquotedString(check), unquotedString(phase));
    }

    private static String why(Measure measure) {
        return switch (measure) {
            case FALLBACKS -> "PyTorch 2.6's TORCH_LOGS text writes no line when Dynamo skips a frame whose graph break is"
                    + " inside a loop, so the fallbacks it logs are the least there were";
            case SITE_CROSSINGS -> "a TORCH_TRACE log records a break in the call that compiles it, not in the calls that"
                    + " cross it afterwards";
            case CACHE_HITS -> "a TORCH_TRACE log names the graphs a call compiled, not those it ran from the cache";
            default -> "the source bounds it";
        };
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
            case GRAPHS_COMPILED -> "the variants that produced an FX graph were";
            case COMPILE_MS -> "compile times were";
            case COMPILE_STAGES -> "compile times by stage were";
            case ARTIFACT_CACHE -> "on-disk compile cache hits and misses were";
            case FALLBACKS -> "the frames that fell back to eager were";
            case SITE_CROSSINGS -> "the calls that crossed this site and the crossings per call were";
            case WARM_START -> "a start with warm caches (a fresh process that reused the run's caches) was";
            case WARM_START_WALL_MS -> "the wall time of the warm start's warmup was";
            case FX_GRAPH_CACHE -> "FX graph cache outcomes per compile were";
            case AOTAUTOGRAD_CACHE -> "AOTAutograd cache outcomes per compile were";
            case RECOMPILE_CAUSES -> "recompile causes (the guard failures behind each recompile) were";
            case BREAK_SITES -> "break sites were";
            case OUTPUT_CHECKS -> "output checks (whether each compiled call's output matched eager's) were";
            case PHASE_STAGES -> "the phase's compile time by stage was";
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
            case COMPILE_STAGES -> "a TORCH_TRACE log of PyTorch 2.6 or later (its compilation_metrics time the backend,"
                    + " Inductor and codegen inside each compile)";
            case GRAPHS_COMPILED -> "a TORCH_TRACE log with its dynamo_output_graph records (a receipt freeze of this"
                    + " release keeps them)";
            case FALLBACKS -> "a TORCH_TRACE log of the same run (its compilation_metrics say has_guarded_code false for a"
                    + " skipped frame), a compile-trace/1 capture, or TORCH_LOGS text of PyTorch 2.8 or later";
            case SITE_CROSSINGS -> "a compile-trace/1 capture, which records every break a call crosses";
            case WARM_START -> "a compile-trace/1 capture with warm_start (the capture helper's --warm-start), or the TORCH_TRACE"
                    + " log of a fresh process that shared the run's TORCHINDUCTOR_CACHE_DIR beside the first (--warm WARMLOG,"
                    + " @TraceFixture(warm = ...))";
            case WARM_START_WALL_MS -> "a warm log with per-call markers (compile_receipt_call) and their wall_ms, or a"
                    + " compile-trace/1 warm_start";
            case FX_GRAPH_CACHE -> "a TORCH_TRACE log with the FX graph cache on (its fx_graph_cache_* artifacts), or"
                    + " artifact_cache on a compile-trace/1 capture's compile events";
            case AOTAUTOGRAD_CACHE -> "a TORCH_TRACE log with the AOTAutograd cache on (aotautograd_cache_* artifacts; on"
                    + " PyTorch 2.6 TORCHINDUCTOR_AUTOGRAD_CACHE=1, which writes autograd_cache_* chromium events), or"
                    + " artifact_cache on a compile-trace/1 capture's compile events";
            case RECOMPILE_CAUSES -> "TORCH_LOGS text with the recompiles logger on (TORCH_LOGS=recompiles), or a TORCH_TRACE"
                    + " log (its recompile_reasons artifacts)";
            case BREAK_SITES -> "TORCH_LOGS text with the graph_breaks logger on (TORCH_LOGS=graph_breaks), or a TORCH_TRACE"
                    + " log (its dynamo_graph_break_reason artifacts)";
            case OUTPUT_CHECKS -> "a compile-trace/1 capture whose every call in a compiled phase carries its check (the"
                    + " capture helper compares each output with eager's, within --atol and --rtol)";
            case PHASE_STAGES -> "a TORCH_TRACE log with per-call markers whose compiles carry stage timers (PyTorch 2.6 or"
                    + " later), or a compile-trace/1 capture whose compile events carry stages; a torch.profiler trace times"
                    + " each compile by its span, which its log's timers do not split";
        };
    }
}
