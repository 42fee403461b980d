package dev.compilereceipt.assertj.internal;

import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldBeMeasured;
import static dev.compilereceipt.assertj.error.ShouldContain.shouldContain;
import static dev.compilereceipt.assertj.internal.FigureFailures.diffFailure;
import static dev.compilereceipt.assertj.internal.FigureFailures.notMeasured;
import static dev.compilereceipt.assertj.internal.FigureText.sortedLines;

import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.VisibleText;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.assertj.core.api.AssertionInfo;

/**
 * What a receipt check looks at: the runs in scope (all of them, or the one chosen with
 * {@code run(label)}), the words a failure message calls them by, and the pieces an assert navigates
 * to that need no check of their own (a run, a phase, the runs' warm starts and compile stages).
 *
 * <p>Example: {@code new ReceiptScope(receipt, Optional.of("candidate")).subject()} is
 * {@code "run candidate of the print-bridge receipt"}.
 */
@API(status = API.Status.INTERNAL, since = "0.2")
public record ReceiptScope(Receipt receipt, Optional<String> narrowedTo) {

    public List<RunFigures> runs() {
        return narrowedTo.map(label -> List.of(receipt.run(label))).orElse(receipt.runs());
    }

    /** What the failure messages call the actual: the receipt, or the run it was narrowed to. */
    public String subject() {
        String name = VisibleText.of(receipt.fixture().name());
        return narrowedTo.map(label -> "run " + label + " of the " + name + " receipt")
                .orElseGet(() -> name + " receipt (runs " + labels(receipt.runs()) + ")");
    }

    /** What a navigated assert's failures say it came from: {@code run baseline of the print-bridge receipt}. */
    String runOfReceipt(RunFigures run) {
        return "run " + run.label() + " of the " + VisibleText.of(receipt.fixture().name()) + " receipt";
    }

    /** What a navigated assert's failures say it came from: the run in scope, or the receipt. */
    private String origin() {
        return narrowedTo.map(label -> runOfReceipt(receipt.run(label))).orElseGet(this::ofReceipt);
    }

    String ofReceipt() {
        return "the " + VisibleText.of(receipt.fixture().name()) + " receipt";
    }

    /** The one run in scope; a receipt of two runs must be narrowed before {@code navigation}. */
    public RunFigures onlyRun(String navigation) {
        List<RunFigures> runs = runs();
        if (runs.size() != 1) {
            throw new IllegalStateException("the " + receipt.fixture().name() + " receipt has runs " + labels(runs)
                    + ": choose one with run(label) before " + navigation);
        }
        return runs.get(0);
    }

    public List<LedgerRow> rows(RunFigures run, Phase phase, Predicate<LedgerRow> filter) {
        return receipt.ledger().rows(run.label(), phase).stream().filter(filter).toList();
    }

    /** Fails {@code check} on a run whose source measured no calls. */
    public void requireCalls(AssertionInfo info, RunFigures run, String check) {
        if (!run.hasPhases()) {
            throw notMeasured(info, shouldBeMeasured(subject(), check, Measure.CALLS), Measure.CALLS);
        }
    }

    /** This receipt narrowed to run {@code label}; fails when it has no such run. */
    public Piece<Receipt> run(AssertionInfo info, String label) {
        if (!receipt.hasRun(label)) {
            throw diffFailure(info, shouldContain(subject(), "a run labelled " + label, "it has runs " + labels(receipt.runs())),
                    sortedLines(receipt.runs().stream().map(RunFigures::label).toList()), label);
        }
        return new Piece<>(receipt, "");
    }

    /** The figures of {@code phase} of the one run in scope. */
    public Piece<PhaseFigures> phase(AssertionInfo info, Phase phase) {
        RunFigures run = onlyRun("phase(" + phase + ")");
        requireCalls(info, run, "have figures for phase " + phase);
        return new Piece<>(run.phase(phase), runOfReceipt(run));
    }

    /** The runs in scope, for their warm start. */
    public Piece<List<RunFigures>> warmStart() {
        return new Piece<>(runs(), origin());
    }

    /** The figures of {@code phase} by run, for its compile stages; a source without calls has no phases. */
    public Piece<Map<String, PhaseFigures>> compileStages(AssertionInfo info, Phase phase) {
        Map<String, PhaseFigures> byRun = new LinkedHashMap<>();
        for (RunFigures run : runs()) {
            requireCalls(info, run, "split the compile time of phase " + phase + " by stage");
            byRun.put(run.label(), run.phase(phase));
        }
        return new Piece<>(byRun, origin());
    }

    public static String phaseList(Phase... phases) {
        if (phases.length == 0) {
            throw new IllegalArgumentException("name at least one phase");
        }
        return new LinkedHashSet<>(Arrays.asList(phases)).stream().map(Phase::id).collect(Collectors.joining(", "));
    }

    public static String labels(List<RunFigures> runs) {
        return String.join(", ", runs.stream().map(RunFigures::label).toList());
    }
}
