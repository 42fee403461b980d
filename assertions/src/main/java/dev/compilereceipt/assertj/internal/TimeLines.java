package dev.compilereceipt.assertj.internal;

import static dev.compilereceipt.assertj.internal.FigureText.ms;

import dev.compilereceipt.receipt.ColdStart;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.trace.Millis;
import dev.compilereceipt.trace.Stage;
import java.math.BigDecimal;
import java.math.RoundingMode;
import org.apiguardian.api.API;
import org.assertj.core.presentation.Representation;

/**
 * One run's time over a limit as a line, the same in a failure message (under the assert's
 * representation) and in the IDE diff beside it (under the standard one): a cold start with warm
 * caches, a compile stage's share of compile time.
 *
 * <p>Example: {@code TimeLines.stageShare("candidate", Stage.DYNAMO, figures, representation)} is
 * {@code run candidate: dynamo 600 ms of compile_ms 1690 ms = 35.5 %}.
 */
@API(status = API.Status.INTERNAL, since = "0.2")
public final class TimeLines {

    private TimeLines() {
    }

    /** {@code run baseline: 310.5 ms (with empty caches 1033.2 ms)}: the warm start's warmup, and the cold one where measured. */
    public static String coldStart(String run, ColdStart cold, Representation representation) {
        return "run " + run + ": " + ms(representation, cold.warmCachesMs().getAsDouble()) + " ms" + cold.emptyCachesMs().stream()
                .mapToObj(empty -> " (with empty caches " + ms(representation, empty) + " ms)").findFirst().orElse("");
    }

    /** The stage's milliseconds in the phase, exact as the receipt writes them. */
    private static BigDecimal stageMs(Stage stage, PhaseFigures figures) {
        return figures.compileStages().map(stages -> Millis.exact(stages.ms().getOrDefault(stage.id(), 0.0))).orElse(BigDecimal.ZERO);
    }

    /** {@code run candidate: dynamo 600 ms of compile_ms 1690 ms = 35.5 %}: the stage's time, the phase's compile time, their share. */
    public static String stageShare(String run, Stage stage, PhaseFigures figures, Representation representation) {
        BigDecimal spent = stageMs(stage, figures);
        BigDecimal total = Millis.exact(figures.compileMs());
        return "run " + run + ": " + stage.id() + " " + ms(representation, spent.doubleValue()) + " ms of compile_ms "
                + ms(representation, total.doubleValue()) + " ms = " + spent.multiply(BigDecimal.valueOf(100))
                .divide(total, 1, RoundingMode.HALF_EVEN).toPlainString() + " %";
    }
}
