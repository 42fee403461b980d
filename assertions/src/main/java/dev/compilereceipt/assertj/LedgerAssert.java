package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldBeMeasured;
import static dev.compilereceipt.assertj.internal.FigureText.count;
import static dev.compilereceipt.assertj.error.ShouldContain.shouldContain;
import static dev.compilereceipt.assertj.error.ShouldHaveFigure.shouldHaveFigure;

import dev.compilereceipt.assertj.internal.FigureText;
import dev.compilereceipt.ledger.Ledger;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Coverage;
import dev.compilereceipt.ledger.LedgerRow;
import org.assertj.core.api.SoftAssertionsProvider;
import org.assertj.core.description.TextDescription;
import org.apiguardian.api.API;

/**
 * Assertions on a ledger: how many calls a run has, and navigation to one call's row.
 *
 * <p>Example: {@code assertThat(receipt.ledger()).hasCalls("baseline", 15).row("baseline", "b12").hasCache(COMPILE);}
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public class LedgerAssert extends AbstractFigureAssert<LedgerAssert, Ledger> {

    /** The soft assertions this assert was made by, so that {@link #row} stays soft; null for hard assertions. */
    SoftAssertionsProvider softly;

    public LedgerAssert(Ledger actual) {
        super(actual, LedgerAssert.class);
    }

    public LedgerAssert hasCalls(String run, int expected) {
        isNotNull();
        callsMeasured(count(expected, "call") + " in run " + run);
        int found = actual.rows(run).size();
        if (found != expected) {
            throw failureWithActualExpected(run + ": " + count(found, "call"), run + ": " + count(expected, "call"), "%s",
                    shouldHaveFigure(subject(), count(expected, "call") + " in run " + run,
                            "it had " + count(found, "call")).create(new TextDescription(""), info.representation()));
        }
        return myself;
    }

    /** The row of call {@code call} in run {@code run}; fails when there is none. */
    public LedgerRowAssert row(String run, String call) {
        isNotNull();
        callsMeasured("a row for call " + call + " of run " + run);
        isNotNull();
        LedgerRow row = actual.row(run, call).orElseThrow(() -> diffFailure(shouldContain(subject(),
                "a row for call " + call + " of run " + run, actual.rows(run).isEmpty() ? "it has no calls of run " + run
                        : "run " + run + " has calls " + actual.rows(run).get(0).call() + ".."
                        + actual.rows(run).get(actual.rows(run).size() - 1).call()),
                FigureText.sortedLines(actual.rows(run).stream().map(r -> run + " " + r.call()).toList()), run + " " + call));
        LedgerRowAssert navigated = softly == null ? new LedgerRowAssert(row)
                : softly.proxy(LedgerRowAssert.class, LedgerRow.class, row);
        return info.descriptionText().isEmpty() ? navigated : navigated.as(info.descriptionText());
    }

    /** A source without calls has no rows: that says nothing of the calls there were. */
    private void callsMeasured(String expected) {
        if (actual.calls() == Coverage.NOT_MEASURED) {
            throw notMeasured(shouldBeMeasured(subject(), "have " + expected, Measure.CALLS), Measure.CALLS);
        }
    }

    private String subject() {
        return "ledger of " + count(actual.rows().size(), "call");
    }
}
