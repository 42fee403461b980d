package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldBeMeasured;
import static dev.compilereceipt.assertj.error.ShouldContain.shouldContain;
import static dev.compilereceipt.assertj.error.ShouldHaveFigure.shouldHaveFigure;
import static dev.compilereceipt.assertj.internal.FigureFailures.diffFailure;
import static dev.compilereceipt.assertj.internal.FigureFailures.notMeasured;
import static dev.compilereceipt.assertj.internal.FigureText.count;

import dev.compilereceipt.assertj.internal.FigureText;
import dev.compilereceipt.assertj.internal.Piece;
import dev.compilereceipt.ledger.Ledger;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.trace.Coverage;
import dev.compilereceipt.trace.Measure;
import java.util.List;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractObjectAssert;
import org.assertj.core.api.SoftAssertionsProvider;

/**
 * Assertions on a ledger: how many calls a run has, and navigation to one call's row.
 *
 * <p>Example: {@code assertThat(receipt.ledger()).hasCalls("baseline", 15).row("baseline", "b12").hasCache(COMPILE);}
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public class LedgerAssert extends AbstractObjectAssert<LedgerAssert, Ledger> {

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
            throw diffFailure(info, shouldHaveFigure(subject(), count(expected, "call") + " in run " + run, "it had " + count(found, "call")),
                    run + ": " + count(found, "call"), run + ": " + count(expected, "call"));
        }
        return myself;
    }

    /** The row of call {@code call} in run {@code run}; fails when there is none. */
    public LedgerRowAssert row(String run, String call) {
        LedgerRowAssert navigated = SoftNavigation.to(softly, LedgerRowAssert.class, LedgerRow.class, () -> {
            isNotNull();
            callsMeasured("a row for call " + call + " of run " + run);
            List<LedgerRow> rows = actual.rows(run);
            LedgerRow row = actual.row(run, call).orElseThrow(() -> diffFailure(info, shouldContain(subject(),
                    "a row for call " + call + " of run " + run, rows.isEmpty() ? "it has no calls of run " + run
                            : "run " + run + " has calls " + rows.get(0).call() + ".." + rows.get(rows.size() - 1).call()),
                    FigureText.sortedLines(rows.stream().map(r -> run + " " + r.call()).toList()), run + " " + call));
            return new Piece<>(row, "");
        }, LedgerRowAssert::new, (found, from) -> { }).withRepresentation(info.representation());
        return info.descriptionText().isEmpty() ? navigated : navigated.as(info.descriptionText());
    }

    /** A source without calls has no rows: that says nothing of the calls there were. */
    private void callsMeasured(String expected) {
        if (actual.calls() == Coverage.NOT_MEASURED) {
            throw notMeasured(info, shouldBeMeasured(subject(), "have " + expected, Measure.CALLS), Measure.CALLS);
        }
    }

    private String subject() {
        // No rows of a source without calls is no measured 0: the subject says so (issue #43).
        return actual.calls() == Coverage.NOT_MEASURED ? "ledger without rows (calls not measured)"
                : "ledger of " + count(actual.rows().size(), "call");
    }
}
