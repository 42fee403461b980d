package dev.compilereceipt.trace;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The one table of what each kind of source measures: for every {@link Measure}, whether a
 * source of this shape measures it, bounds it, or cannot see it, with the sentence that says why.
 * The readers take what a trace declares not measured and bounded from here, so that every figure,
 * writer and check downstream reads the same answer; {@code docs/measures.md} prints this table
 * ({@code MeasuresTableTest} keeps the two equal).
 *
 * <p>Example: {@code SourceShape.TORCH_LOGS_2_6.coverage(Measure.FALLBACKS)} is
 * {@link Coverage#LOWER_BOUND}: PyTorch 2.6 logs no line when it skips a frame that breaks in a loop.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public enum SourceShape {
    COMPILE_TRACE("compile-trace/1"),
    TORCH_TRACE_MARKED("TORCH_TRACE with per-call markers"),
    TORCH_TRACE_UNMARKED("TORCH_TRACE without markers"),
    TORCH_LOGS_2_6("TORCH_LOGS text, PyTorch 2.7 and older"),
    TORCH_LOGS_2_8("TORCH_LOGS text, PyTorch 2.8 and later"),
    PROFILER_WITH_LOG("torch.profiler trace with its TORCH_TRACE log");

    private static final String NO_GRAPHS = "the capture does not say which variants produced an FX graph";
    /** Why a TORCH_TRACE log that has variants and no {@code dynamo_output_graph} record does not measure graphs. */
    public static final String NO_OUTPUT_GRAPHS = "the log has variants and no dynamo_output_graph record (cut by an older"
            + " receipt freeze?), so it does not say which variants produced an FX graph";
    /** Why a TORCH_TRACE log whose compiles all lack the nested stage timers does not measure stages. */
    public static final String NO_STAGE_TIMERS = "no compilation_metrics of the log has the backend, Inductor and codegen"
            + " timers (an older release, or cut by an older receipt freeze), so it does not split compile time by stage";
    private static final String NO_CALLS_LOG = "a log without compile_receipt_call markers cannot tell one call from the next";
    private static final String NO_CALLS_TEXT = "TORCH_LOGS text has no call markers";
    private static final String NO_EXECUTION = "a TORCH_TRACE log records compiles, not the execution of compiled code";
    private static final String NO_OUTPUTS_LOG = "a TORCH_TRACE log records compiles, not the calls' outputs: no record"
            + " compares a call's output with eager's";
    private static final String NO_CACHE_ARTIFACTS = "the on-disk caches write no TORCH_LOGS line";
    /** Why a single log does not measure a warm start. */
    public static final String ONE_PROCESS = "one log is one process; pair it with the log of a fresh process that reused"
            + " its caches (receipt audit LOG --warm WARMLOG, @TraceFixture(value = ..., warm = ...))";
    /** Why a TORCH_TRACE log does not measure one cache's outcomes: it holds no record of that cache. */
    public static final String NO_CACHE_RECORD = "the log holds no record of this cache's lookups (the cache was off:"
            + " PyTorch 2.6 turns the AOTAutograd cache on only with TORCHINDUCTOR_AUTOGRAD_CACHE=1)";

    private final String label;

    SourceShape(String label) {
        this.label = label;
    }

    /** How the table names this shape: {@code TORCH_TRACE with per-call markers}. */
    public String label() {
        return label;
    }

    /** The cell of the table for {@code measure}. */
    public Coverage coverage(Measure measure) {
        return cell(measure).coverage();
    }

    /** Why the cell is what it is; empty for a measured cell. */
    public String why(Measure measure) {
        return cell(measure).why();
    }

    /** What a trace of this shape declares not measured ({@code limits.not_measured}). */
    public Set<Measure> notMeasured() {
        Set<Measure> out = EnumSet.noneOf(Measure.class);
        for (Measure measure : Measure.values()) {
            if (coverage(measure) == Coverage.NOT_MEASURED) {
                out.add(measure);
            }
        }
        return out;
    }

    /** The figures a trace of this shape gives only as bounds ({@code limits.bounds}). */
    public Map<Measure, Coverage> bounds() {
        Map<Measure, Coverage> out = new EnumMap<>(Measure.class);
        for (Measure measure : Measure.values()) {
            Coverage coverage = coverage(measure);
            if (coverage == Coverage.LOWER_BOUND || coverage == Coverage.UPPER_BOUND) {
                out.put(measure, coverage);
            }
        }
        return out;
    }

    private record Cell(Coverage coverage, String why) {
        static final Cell MEASURED = new Cell(Coverage.MEASURED, "");

        static Cell not(String why) {
            return new Cell(Coverage.NOT_MEASURED, why);
        }

        static Cell atLeast(String why) {
            return new Cell(Coverage.LOWER_BOUND, why);
        }
    }

    private Cell cell(Measure measure) {
        return switch (this) {
            case COMPILE_TRACE -> switch (measure) {
                case ARTIFACT_CACHE -> Cell.not("the capture records no fx_graph_cache_* or aotautograd_cache_* artifacts");
                case GRAPHS_COMPILED -> Cell.not(NO_GRAPHS);
                case COMPILE_STAGES, PHASE_STAGES -> Cell.not("compile-trace/1 events carry one compile_ms, not its stages");
                case WARM_START -> Cell.not("the capture ran no warm start (the capture helper's --warm-start)");
                case FX_GRAPH_CACHE, AOTAUTOGRAD_CACHE -> Cell.not("the capture's compile events carry no artifact_cache");
                default -> Cell.MEASURED;
            };
            case TORCH_TRACE_MARKED -> switch (measure) {
                case REGION_MS, EAGER_ISLAND_MS -> Cell.not(NO_EXECUTION);
                case CACHE_HITS -> Cell.not(NO_EXECUTION + ": a call that reused a variant leaves no record");
                case BREAKS -> Cell.not("a break is logged in the call that compiles it, not each time a call crosses it");
                case SITE_CROSSINGS -> Cell.atLeast("a break is logged in the call that compiles it: those calls did cross"
                        + " it, later ones are not seen");
                case WARM_START -> Cell.not(ONE_PROCESS);
                case OUTPUT_CHECKS -> Cell.not(NO_OUTPUTS_LOG);
                default -> Cell.MEASURED;
            };
            case TORCH_TRACE_UNMARKED -> switch (measure) {
                case CALLS, WALL_MS, REGION_MS, EAGER_ISLAND_MS, CACHE_HITS, BREAKS, SITE_CROSSINGS, WARM_START_WALL_MS,
                     PHASE_STAGES -> Cell.not(NO_CALLS_LOG);
                case OUTPUT_CHECKS -> Cell.not(NO_OUTPUTS_LOG);
                case WARM_START -> Cell.not(ONE_PROCESS);
                default -> Cell.MEASURED;
            };
            case TORCH_LOGS_2_6, TORCH_LOGS_2_8 -> switch (measure) {
                case CALLS, WALL_MS, REGION_MS, EAGER_ISLAND_MS, CACHE_HITS, BREAKS, SITE_CROSSINGS -> Cell.not(NO_CALLS_TEXT);
                case COMPILES -> Cell.not("a first compile that went well writes no TORCH_LOGS line");
                case COMPILE_MS, COMPILE_STAGES, PHASE_STAGES -> Cell.not("TORCH_LOGS text gives no compile times");
                case OUTPUT_CHECKS -> Cell.not("TORCH_LOGS text records no call's output");
                case GRAPHS_COMPILED -> Cell.not("TORCH_LOGS text does not say which variants produced an FX graph");
                case ARTIFACT_CACHE, FX_GRAPH_CACHE, AOTAUTOGRAD_CACHE -> Cell.not(NO_CACHE_ARTIFACTS);
                case WARM_START, WARM_START_WALL_MS -> Cell.not(NO_CALLS_TEXT + " and is one process");
                // measured where the loggers that write them were on: TorchLogsCanonicalForm says where they were not
                case RECOMPILE_CAUSES, BREAK_SITES -> Cell.MEASURED;
                case FALLBACKS -> this == TORCH_LOGS_2_8 ? Cell.MEASURED
                        : Cell.atLeast("PyTorch 2.6 writes no line when Dynamo skips a frame whose graph break is inside a"
                                + " loop, and a text without a structured break message may be 2.6");
            };
            // Breaks as the capture helper counts them (before the region of each resume frame): a resume frame that
            // ran eagerly leaves no region in either, so neither sees that break (docs/sources.md).
            case PROFILER_WITH_LOG -> switch (measure) {
                case WARM_START -> Cell.not("a profile and its log are one process");
                case OUTPUT_CHECKS -> Cell.not("a torch.profiler trace times spans and its log records compiles: neither"
                        + " compares a call's output with eager's");
                default -> Cell.MEASURED;
            };
        };
    }
}
