package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldBeMeasured;
import static dev.compilereceipt.assertj.error.ShouldHaveAtMostShare.shouldHaveAtMostShare;
import static dev.compilereceipt.assertj.internal.FigureFailures.diffFailure;
import static dev.compilereceipt.assertj.internal.FigureFailures.navigated;
import static dev.compilereceipt.assertj.internal.FigureFailures.notMeasured;
import static dev.compilereceipt.assertj.internal.FigureText.sortedLines;

import dev.compilereceipt.assertj.internal.FigureText;
import dev.compilereceipt.assertj.internal.TimeLines;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.trace.CompileStages;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Millis;
import dev.compilereceipt.trace.Stage;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractObjectAssert;

/**
 * Assertions on where one phase's compile time went, run by run (run label → the phase's figures):
 * its {@code stages} against its {@code compile_ms}. Fails on a source that does not split compile
 * time by stage; a phase that compiled nothing spent nothing in any stage.
 *
 * <p>Example: {@code assertThat(receipt).compileStages(WARMUP).hasShareAtMost(Stage.DYNAMO, 0.3);}
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public class CompileStagesAssert extends AbstractObjectAssert<CompileStagesAssert, Map<String, PhaseFigures>> {

    /** Where this assert was navigated from, for its failure messages; empty when asserted directly. */
    String navigatedFrom = "";
    /** What the source lacked to split the phase's compile time by stage, where it names it. */
    private java.util.Optional<String> missingEvidence = java.util.Optional.empty();

    public CompileStagesAssert(Map<String, PhaseFigures> phaseByRun) {
        super(phaseByRun, CompileStagesAssert.class);
    }

    /**
     * Checks that {@code stage} took at most {@code share} (0 to 1) of the phase's compile time in every
     * run: stage ms ≤ share × compile_ms, in exact decimals of the receipt's figures.
     */
    public CompileStagesAssert hasShareAtMost(Stage stage, double share) {
        isNotNull();
        if (!(share >= 0 && share <= 1)) {
            throw new IllegalArgumentException("a share is from 0 to 1 (0.3 for 30 %), found " + share);
        }
        String percent = String.format(Locale.ROOT, "%.1f %%", share * 100);
        String check = "spend at most " + percent + " of its compile time in stage " + stage.id();
        Map<String, PhaseFigures> over = new LinkedHashMap<>();
        actual.forEach((run, figures) -> {
            CompileStages stages = figures.compileStages().orElseThrow(() -> notMeasured(info, shouldBeMeasured(subject(), check,
                    Measure.PHASE_STAGES, missingEvidence), Measure.PHASE_STAGES));
            BigDecimal spent = Millis.exact(stages.ms().getOrDefault(stage.id(), 0.0));
            BigDecimal total = Millis.exact(figures.compileMs());
            if (spent.compareTo(total.multiply(new BigDecimal(Double.toString(share)))) > 0) {
                over.put(run, figures);
            }
        });
        if (!over.isEmpty()) {
            throw diffFailure(info, shouldHaveAtMostShare(subject(), stage, percent, over), sortedLines(over.entrySet().stream()
                    .map(run -> TimeLines.stageShare(run.getKey(), stage, run.getValue(), FigureText.STANDARD)).toList()),
                    stage.id() + ": at most " + percent + " of compile_ms");
        }
        return myself;
    }

    /** Navigated from {@code from}, the assert of {@code receipt}, whose limits say what evidence its source lacked. */
    void reachedFrom(String from, dev.compilereceipt.receipt.Receipt receipt) {
        navigatedFrom = from;
        missingEvidence = receipt == null ? java.util.Optional.empty() : receipt.limits().missingEvidence(Measure.PHASE_STAGES);
    }

    private String subject() {
        return navigated("compile stages of phase " + actual.values().stream().findFirst().map(f -> f.phase().id()).orElse("?"), navigatedFrom);
    }
}
