package dev.compilereceipt.diff;

import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.receipt.Receipt;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One figure that differs between two receipts: where it is (the path of JSON keys, such as
 * {@code runs, baseline, phases, warmup, calls}), and its value before and after as canonical
 * JSON, empty where the figure is absent. {@link #between} lists them sorted by path; the ledger
 * is left out, its rows repeat what the phase figures show.
 *
 * <p>Example: {@code ReceiptDifference.between(Receipt.of(trace), Mutant.DROP_WARMUP.receiptOf(trace))}
 * holds {@code runs.baseline.phases.warmup.calls: 1 → 0}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record ReceiptDifference(List<String> path, Optional<String> before, Optional<String> after) {

    private static final int SHOWN_VALUE = 120;
    /** The parts of a receipt that hold its figures; the ledger's rows repeat what the phase figures show. */
    private static final List<String> FIGURES = List.of("runs", "comparison", "failures");

    public ReceiptDifference {
        path = List.copyOf(path);
    }

    /** A figure of one run and phase: {@code runs.<run>.phases.<phase>.<figure>}. */
    public record PhaseFigure(String run, Phase phase, String figure) {
    }

    /**
     * The figures of {@code runs}, then {@code comparison}, then {@code failures} that differ, each
     * part by path, found by the walk {@link ReceiptDiff} takes: what a mutant changed.
     */
    public static List<ReceiptDifference> between(Receipt before, Receipt after) {
        return List.copyOf(ReceiptWalk.differences(before, after, FIGURES));
    }

    /** The run, phase and figure, where this difference is a phase figure. */
    public Optional<PhaseFigure> phaseFigure() {
        if (path.size() < 5 || !path.get(0).equals("runs") || !path.get(2).equals("phases")) {
            return Optional.empty();
        }
        return Phase.parse(path.get(3))
                .map(phase -> new PhaseFigure(path.get(1), phase, String.join(".", path.subList(4, path.size()))));
    }

    /** The path as text: {@code runs.baseline.phases.warmup.calls}, an array element in brackets. */
    public String pathText() {
        return FigurePattern.text(path);
    }

    /** Which group of the priority table the figure belongs to. */
    public FigureGroup group() {
        return FigureGroup.of(path);
    }

    @Override
    public String toString() {
        return pathText() + ": " + shown(before) + " → " + shown(after);
    }

    private static String shown(Optional<String> value) {
        return value.map(text -> text.length() > SHOWN_VALUE ? text.substring(0, SHOWN_VALUE - 3) + "..." : text)
                .orElse("(absent)");
    }
}
