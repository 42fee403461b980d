package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.FigureText.count;
import static dev.compilereceipt.assertj.FigureText.ms;
import static dev.compilereceipt.assertj.ShouldBeMeasured.shouldBeMeasured;
import static dev.compilereceipt.assertj.ShouldHaveAtMostMs.shouldHaveAtMostMs;
import static dev.compilereceipt.assertj.ShouldHaveFigure.shouldHaveFigure;

import dev.compilereceipt.trace.VisibleText;
import dev.compilereceipt.trace.BreakKind;
import dev.compilereceipt.receipt.BreakSite;
import dev.compilereceipt.trace.Measure;
import org.assertj.core.api.AbstractObjectAssert;
import org.assertj.core.description.TextDescription;
import org.assertj.core.error.ErrorMessageFactory;
import org.apiguardian.api.API;

/**
 * Assertions on one graph-break site of one run: its reason, how many calls crossed it, the most
 * crossings in one call and the eager-island time spent there.
 *
 * <p>Example: {@code assertThat(receipt).run("baseline").breakSite("scenarios.py:31").hasReasonContaining("print").hasCalls(12);}
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public class BreakSiteAssert extends AbstractFigureAssert<BreakSiteAssert, BreakSite> {

    public BreakSiteAssert(BreakSite actual) {
        super(actual, BreakSiteAssert.class);
    }

    public BreakSiteAssert hasReasonContaining(String text) {
        isNotNull();
        if (actual.reason() == null || !actual.reason().contains(text)) {
            throw diffFailure(shouldHaveFigure(subject(), "a reason containing " + text, "its reason was " + VisibleText.of(actual.reason())),
                    actual.reason(), text);
        }
        return myself;
    }

    /**
     * The kind of this site ({@link BreakKind}); a frame Dynamo gave up is {@link BreakKind#FRAME_SKIP}
     * and the message names its cause.
     */
    public BreakSiteAssert hasKind(BreakKind expected) {
        isNotNull();
        BreakKind kind = actual.kind();
        if (kind != expected) {
            String found = SiteInScope.kindText(kind, actual.causeKind());
            throw diffFailure(shouldHaveFigure(subject(), "kind " + expected.label(), "its kind was " + found + ", from its reason "
                    + VisibleText.of(actual.reason()) + actual.detail().gbId().map(id -> " (" + id + ")").orElse("")), found, expected.label());
        }
        return myself;
    }

    /** The number of calls that crossed this site at least once. */
    public BreakSiteAssert hasCalls(int expected) {
        isNotNull();
        if (actual.calls() != expected) {
            throw diffFailure(shouldHaveFigure(subject(), "been crossed by " + count(expected, "call"),
                    "it was crossed by " + count(actual.calls(), "call")),
                    count(actual.calls(), "call"), count(expected, "call"));
        }
        return myself;
    }

    public BreakSiteAssert hasAtMostCrossingsPerCall(int max) {
        isNotNull();
        if (actual.perCallMax() > max) {
            throw diffFailure(shouldHaveFigure(subject(), "been crossed at most " + count(max, "time") + " by any call",
                    "a call crossed it " + count(actual.perCallMax(), "time")),
                    "per call: " + actual.perCallMax(), "per call: at most " + max);
        }
        return myself;
    }

    /** The eager-island time spent at this site, over all calls. */
    public BreakSiteAssert hasEagerTimeAtMost(double maxMs) {
        isNotNull();
        String expected = "an eager-island time of at most " + ms(maxMs) + " ms";
        if (actual.eagerMs().isEmpty()) {
            throw notMeasured(shouldBeMeasured(subject(), "have " + expected, Measure.EAGER_ISLAND_MS), Measure.EAGER_ISLAND_MS);
        }
        double found = actual.eagerMs().getAsDouble();
        if (found > maxMs) {
            throw diffFailure(shouldHaveAtMostMs(subject(), expected, found),
                    "eager: " + ms(found) + " ms", "eager: at most " + ms(maxMs) + " ms");
        }
        return myself;
    }


    private String subject() {
        return "break site " + VisibleText.of(actual.site());
    }
}
