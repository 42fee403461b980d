package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.error.ShouldHaveFigure.shouldHaveFigure;
import static dev.compilereceipt.assertj.error.ShouldHaveFigure.shouldHaveKind;
import static dev.compilereceipt.assertj.internal.FigureFailures.diffFailure;
import static dev.compilereceipt.assertj.internal.FigureFailures.navigated;

import dev.compilereceipt.assertj.internal.FigureText;
import dev.compilereceipt.receipt.RecompileCause;
import dev.compilereceipt.receipt.RecompileKind;
import dev.compilereceipt.trace.VisibleText;
import dev.compilereceipt.view.text.RecompileCauseText;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractObjectAssert;

/**
 * Assertions on one recompile cause of one run: how many values its guard saw, its kind, whether it
 * ended in the recompile limit. Every source that records guard failures measures them.
 *
 * <p>Example: {@code assertThat(receipt).run("baseline").recompileCause("n").hasAtMostValues(2);}
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public class RecompileCauseAssert extends AbstractObjectAssert<RecompileCauseAssert, RecompileCause> {

    /** The run and receipt it was navigated from ({@code run baseline of the int-spec receipt}); empty when asserted directly. */
    String navigatedFrom = "";

    public RecompileCauseAssert(RecompileCause actual) {
        super(actual, RecompileCauseAssert.class);
    }

    /** Checks that the guard saw at most {@code max} values: the one it was first specialized to, and those that recompiled. */
    public RecompileCauseAssert hasAtMostValues(int max) {
        isNotNull();
        if (actual.values().size() > max) {
            throw diffFailure(info, shouldHaveFigure(subject(), "at most " + FigureText.count(max, "value"), "it had "
                    + actual.values().size() + " (" + VisibleText.of(String.join(", ", actual.values())) + "):" + FigureText.NL
                    + FigureText.indented(java.util.List.of(RecompileCauseText.line(actual)))),
                    "values: " + actual.values().size(), "values: at most " + max);
        }
        return myself;
    }

    /** Checks the cause's kind ({@link RecompileKind}). */
    public RecompileCauseAssert hasKind(RecompileKind expected) {
        isNotNull();
        if (actual.kind() != expected) {
            throw diffFailure(info, shouldHaveKind(subject(), actual, expected), actual.kind().id(), expected.id());
        }
        return myself;
    }

    /** Checks that the frame did not fall back to eager at the recompile limit because of this cause. */
    public RecompileCauseAssert didNotEndInRecompileLimit() {
        isNotNull();
        if (actual.endedInLimit()) {
            throw diffFailure(info, shouldHaveFigure(subject(), "no fallback at the recompile limit", "at "
                    + String.join(", ", actual.limitGraphs().stream().map(Object::toString).toList())
                    + " the recompile limit was hit and the frame fell back to eager"), "ended_in_limit: true", "ended_in_limit: false");
        }
        return myself;
    }

    private String subject() {
        return navigated("recompile cause `" + VisibleText.of(actual.subject()) + "` (" + VisibleText.of(actual.guard()) + ")"
                + actual.frame().map(frame -> " in " + VisibleText.of(frame.described())).orElse(""), navigatedFrom);
    }
}
