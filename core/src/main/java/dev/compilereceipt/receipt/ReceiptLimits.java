package dev.compilereceipt.receipt;

import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Coverage;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What a receipt can and cannot claim: the trace limits it was read under, what one captured
 * run never establishes, what the source did not measure and, where it could have, the evidence it
 * lacked ({@link dev.compilereceipt.trace.Trace#missingEvidence()}, named in a check's not-measured sentence,
 * not written in the receipt JSON).
 *
 * <p>Example: {@code receipt.limits().notEstablished()} always holds {@code universal speedup}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record ReceiptLimits(Limits readUnder, List<String> notEstablished, List<String> notMeasured,
                            Map<Measure, Coverage> bounds, Map<Measure, String> missingEvidence) {

    public static final List<String> NOT_ESTABLISHED = List.of(
            "universal speedup", "unseen input stability", "backend portability", "production capacity");

    /**
     * Also not established by a source that does not show every compile ({@link Measure#COMPILES}, a
     * TORCH_LOGS text): that a frame which broke did compile. PyTorch 2.6 gives up on a frame whose
     * graph break is inside a loop without a line in {@code TORCH_LOGS=graph_breaks,recompiles}.
     */
    public static final String SILENT_FRAME_SKIPS = "no silent frame skips (2.6 logs no line when it skips a frame"
            + " that breaks in a loop)";

    /**
     * Also not established by a TORCH_LOGS text without {@code compile_receipt_run} markers
     * ({@link dev.compilereceipt.trace.Trace#runsMerged()}): which run a compile belongs to. Its one
     * run holds every run of its process, so a capture's baseline and candidate add up.
     */
    public static final String RUNS_MERGED = "runs told apart (the TORCH_LOGS text has no compile_receipt_run markers: run"
            + " baseline holds every run of its process, a capture's baseline and candidate added up)";

    public ReceiptLimits {
        notEstablished = List.copyOf(notEstablished);
        notMeasured = List.copyOf(notMeasured);
        bounds = Map.copyOf(bounds);
        missingEvidence = Map.copyOf(missingEvidence);
    }

    /** Limits whose source names no evidence missing beyond its shape's table. */
    public ReceiptLimits(Limits readUnder, List<String> notEstablished, List<String> notMeasured, Map<Measure, Coverage> bounds) {
        this(readUnder, notEstablished, notMeasured, bounds, Map.of());
    }

    /** What the source lacked to measure {@code measure}, where it names it: "the text holds no recompile lines for 0/1: ...". */
    public Optional<String> missingEvidence(Measure measure) {
        return Optional.ofNullable(missingEvidence.get(measure));
    }

    /** Limits of a source that measured, exactly, every figure it does not name as not measured. */
    public ReceiptLimits(Limits readUnder, List<String> notEstablished, List<String> notMeasured) {
        this(readUnder, notEstablished, notMeasured, Map.of());
    }

    /** How the source saw {@code measure}: not measured where {@link #notMeasured()} names it, else the bound it is, else measured. */
    public Coverage coverage(Measure measure) {
        return !measured(measure) ? Coverage.NOT_MEASURED : bounds.getOrDefault(measure, Coverage.MEASURED);
    }

    /** Whether the source measured {@code measure}: it is not named in {@link #notMeasured()}. */
    public boolean measured(Measure measure) {
        return !notMeasured.contains(measure.id());
    }

    public int maxCalls() {
        return readUnder.maxCalls();
    }

    public int maxEventsPerCall() {
        return readUnder.maxEventsPerCall();
    }
}
