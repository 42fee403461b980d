package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldBeMeasured;
import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldBeMeasuredInProfile;
import static dev.compilereceipt.assertj.error.ShouldHaveAtMostMs.shouldHaveAtMostMs;
import static dev.compilereceipt.assertj.error.ShouldHaveFigure.shouldHaveFigure;
import static dev.compilereceipt.assertj.error.ShouldHaveFigure.shouldHaveKind;
import static dev.compilereceipt.assertj.internal.FigureFailures.diffFailure;
import static dev.compilereceipt.assertj.internal.FigureFailures.navigated;
import static dev.compilereceipt.assertj.internal.FigureFailures.notMeasured;
import static dev.compilereceipt.assertj.internal.FigureFailures.onlyBounded;
import static dev.compilereceipt.assertj.internal.FigureText.count;
import static dev.compilereceipt.assertj.internal.FigureText.ms;

import dev.compilereceipt.assertj.internal.SiteInScope;
import dev.compilereceipt.receipt.BreakSite;
import dev.compilereceipt.trace.BreakKind;
import dev.compilereceipt.trace.Coverage;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.VisibleText;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractObjectAssert;

/**
 * Assertions on one graph-break site of one run: what it is (reason, kind, graph-break id, user
 * frame), measured by every source; and, where the source measured them, how many calls crossed it,
 * the most crossings in one call and the eager-island time spent there.
 *
 * <p>Example: {@code assertThat(receipt).run("baseline").breakSite("scenarios.py:31").hasReasonContaining("print").hasCalls(12);}
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public class BreakSiteAssert extends AbstractObjectAssert<BreakSiteAssert, BreakSite> {

    /** Where this assert was navigated from, for its failure messages; empty when asserted directly. */
    String navigatedFrom = "";
    /** Whether the receipt navigated from was read from a torch.profiler trace: its eager time wants a profile's remedy. */
    boolean fromProfile;

    void navigatedFrom(String from, boolean profile) {
        navigatedFrom = from;
        fromProfile = profile;
    }

    public BreakSiteAssert(BreakSite actual) {
        super(actual, BreakSiteAssert.class);
    }

    public BreakSiteAssert hasReasonContaining(String text) {
        isNotNull();
        if (actual.reason() == null || !actual.reason().contains(text)) {
            throw diffFailure(info, shouldHaveFigure(subject(), "a reason containing " + text, "its reason was " + VisibleText.of(actual.reason())),
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
            throw diffFailure(info, shouldHaveKind(subject(), actual, expected), found, expected.label());
        }
        return myself;
    }

    /** The registry id of PyTorch's graph-break type ({@code GB0059}, 2.8 and later). */
    public BreakSiteAssert hasGbId(String expected) {
        isNotNull();
        String found = actual.detail().gbId().orElse("none");
        if (!found.equals(expected)) {
            throw diffFailure(info, shouldHaveFigure(subject(), "graph-break id " + expected, "its id was " + found
                    + (actual.detail().gbId().isEmpty() ? " (PyTorch 2.7 and older write free text only)" : "")), found, expected);
        }
        return myself;
    }

    /** The user's own frame the message names ({@code mymodel/layers.py:32}, matched on whole path segments from the end). */
    public BreakSiteAssert hasUserFrame(String expected) {
        isNotNull();
        String found = actual.detail().userFrame().orElse("none");
        if (actual.detail().userFrame().filter(frame -> BreakSite.matches(frame, expected)).isEmpty()) {
            throw diffFailure(info, shouldHaveFigure(subject(), "user frame " + VisibleText.of(expected), "its user frame was "
                    + VisibleText.of(found)), found, expected);
        }
        return myself;
    }

    /** The number of calls that crossed this site at least once. */
    public BreakSiteAssert hasCalls(int expected) {
        isNotNull();
        String check = "have been crossed by " + count(expected, "call");
        crossingsDecide(check, actual.calls(), expected < actual.calls());
        if (actual.calls() != expected) {
            throw diffFailure(info, shouldHaveFigure(subject(), "been crossed by " + count(expected, "call"),
                    "it was crossed by " + least() + count(actual.calls(), "call")),
                    count(actual.calls(), "call"), count(expected, "call"));
        }
        return myself;
    }

    public BreakSiteAssert hasAtMostCrossingsPerCall(int max) {
        isNotNull();
        crossingsDecide("have been crossed at most " + count(max, "time") + " by any call", actual.perCallMax(), actual.perCallMax() > max);
        if (actual.perCallMax() > max) {
            throw diffFailure(info, shouldHaveFigure(subject(), "been crossed at most " + count(max, "time") + " by any call",
                    "a call crossed it " + least() + count(actual.perCallMax(), "time")),
                    "per call: " + actual.perCallMax(), "per call: at most " + max);
        }
        return myself;
    }

    /** The eager-island time spent at this site, over all calls. */
    public BreakSiteAssert hasEagerTimeAtMost(double maxMs) {
        isNotNull();
        String expected = "an eager-island time of at most " + ms(maxMs) + " ms";
        if (actual.eagerMs().isEmpty()) {
            throw notMeasured(info, fromProfile ? shouldBeMeasuredInProfile(subject(), "have " + expected, Measure.EAGER_ISLAND_MS)
                    : shouldBeMeasured(subject(), "have " + expected, Measure.EAGER_ISLAND_MS), Measure.EAGER_ISLAND_MS);
        }
        double found = actual.eagerMs().getAsDouble();
        if (found > maxMs) {
            throw diffFailure(info, shouldHaveAtMostMs(subject(), "an eager-island time", maxMs, found),
                    "eager: " + ms(found) + " ms", "eager: at most " + ms(maxMs) + " ms");
        }
        return myself;
    }


    /**
     * A check on who crossed the site decides only where the source measured it, or where the
     * lower bound it gives already fails the check ({@code failsAnyway}).
     */
    private void crossingsDecide(String check, int bound, boolean failsAnyway) {
        if (actual.crossings() == Coverage.NOT_MEASURED) {
            throw notMeasured(info, shouldBeMeasured(subject(), check, Measure.SITE_CROSSINGS), Measure.SITE_CROSSINGS);
        }
        if (actual.crossings() != Coverage.MEASURED && !failsAnyway) {
            throw onlyBounded(info, shouldBeMeasured(subject(), check, Measure.SITE_CROSSINGS, actual.crossings(), bound),
                    Measure.SITE_CROSSINGS, "at least " + count(actual.calls(), "call") + ", at least " + actual.perCallMax() + " per call");
        }
    }

    private String least() {
        return actual.crossings() == Coverage.LOWER_BOUND ? "at least " : "";
    }

    private String subject() {
        return navigated("break site " + VisibleText.of(actual.site()), navigatedFrom);
    }
}
