package dev.compilereceipt.assertj.internal;

import dev.compilereceipt.trace.Measure;
import org.apiguardian.api.API;
import org.assertj.core.api.AssertionInfo;
import org.assertj.core.error.ErrorMessageFactory;
import org.assertj.core.internal.Failures;

/**
 * How every compile-receipt check fails, as AssertJ's own {@code Failures} does: an
 * {@code AssertionFailedError} with the factory's message under the assert's description, carrying
 * the actual and the expected figures as text (sorted lines where they are sets), so that an IDE
 * offers a diff for every check.
 *
 * <p>Example: a {@code hasCompiles(0)} that found 8 fails with the actual {@code "8 compiles"} and
 * the expected {@code "0 compiles"}.
 */
@API(status = API.Status.INTERNAL, since = "0.2")
public final class FigureFailures {

    private FigureFailures() {
    }

    /** An error with actual and expected values, so that IDEs show a diff, under the factory's message. */
    public static AssertionError diffFailure(AssertionInfo info, ErrorMessageFactory message, String actualText, String expectedText) {
        return Failures.instance().failure(info, message, actualText, expectedText);
    }

    /** A figure the source did not measure: actual says so, expected says it should be measured. */
    public static AssertionError notMeasured(AssertionInfo info, ErrorMessageFactory message, Measure measure) {
        return diffFailure(info, message, measure.id() + ": not measured by this source", measure.id() + ": measured");
    }

    /** A figure the source gives only as a bound that does not decide the check. */
    public static AssertionError onlyBounded(AssertionInfo info, ErrorMessageFactory message, Measure measure, String bound) {
        return diffFailure(info, message, measure.id() + ": " + bound + " (a bound from this source)", measure.id() + ": measured");
    }

    /** A timing check on a phase without calls. */
    public static AssertionError noCalls(AssertionInfo info, ErrorMessageFactory message, String phase) {
        return diffFailure(info, message, phase + ": no calls", phase + ": calls with wall times");
    }

    /** The subject of a failure message, with where its assert was navigated from ({@code run baseline of the print-bridge receipt}). */
    public static String navigated(String subject, String from) {
        return from.isEmpty() ? subject : subject + " of " + from;
    }
}
