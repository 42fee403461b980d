package dev.compilereceipt.assertj;

import org.assertj.core.api.AbstractObjectAssert;
import org.assertj.core.description.TextDescription;
import org.assertj.core.error.ErrorMessageFactory;
import org.apiguardian.api.API;

/**
 * What every compile-receipt assert shares: a failure is an {@code AssertionFailedError} that
 * carries the actual and the expected figures as text (sorted lines where they are sets), under
 * the message a {@code Should*} factory wrote, so an IDE offers a diff for every check.
 *
 * <p>Example: a {@code hasCompiles(0)} that found 8 fails with the actual {@code "compiles: 8"} and the
 * expected {@code "compiles: 0"}.
 *
 * @param <SELF> the assert's own type, so that checks chain
 * @param <ACTUAL> what is checked
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public abstract class AbstractFigureAssert<SELF extends AbstractFigureAssert<SELF, ACTUAL>, ACTUAL>
        extends AbstractObjectAssert<SELF, ACTUAL> {

    /**
     * Where a navigated assert was reached from ({@code run baseline of the print-bridge receipt}),
     * so that its failures name the receipt as a receipt's own checks do; empty when asserted directly.
     */
    String navigatedFrom = "";

    protected AbstractFigureAssert(ACTUAL actual, Class<?> selfType) {
        super(actual, selfType);
    }

    /** The subject of a failure message, with where it was navigated from. */
    String from(String subject) {
        return navigatedFrom.isEmpty() ? subject : subject + " of " + navigatedFrom;
    }

    /** An error with actual and expected values, so that IDEs show a diff, under the factory's message. */
    AssertionError diffFailure(ErrorMessageFactory message, String actualText, String expectedText) {
        return failureWithActualExpected(actualText, expectedText, "%s",
                message.create(new TextDescription(""), info.representation()));
    }

    /** A figure the source did not measure: actual says so, expected says it should be measured. */
    AssertionError notMeasured(ErrorMessageFactory message, dev.compilereceipt.trace.Measure measure) {
        return diffFailure(message, measure.id() + ": not measured by this source", measure.id() + ": measured");
    }

    /** A figure the source gives only as a bound that does not decide the check. */
    AssertionError onlyBounded(ErrorMessageFactory message, dev.compilereceipt.trace.Measure measure, String bound) {
        return diffFailure(message, measure.id() + ": " + bound + " (a bound from this source)", measure.id() + ": measured");
    }

    /** A timing check on a phase without calls. */
    AssertionError noCalls(ErrorMessageFactory message, String phase) {
        return diffFailure(message, phase + ": no calls", phase + ": calls with wall times");
    }
}
