package dev.compilereceipt.assertj.internal;

import dev.compilereceipt.trace.Measure;
import java.net.URL;
import java.security.CodeSource;
import java.util.Arrays;
import java.util.Optional;
import org.apiguardian.api.API;
import org.assertj.core.api.AssertionInfo;
import org.assertj.core.description.TextDescription;
import org.assertj.core.error.AssertionErrorCreator;
import org.assertj.core.error.ErrorMessageFactory;
import org.assertj.core.error.MessageFormatter;

/**
 * How every compile-receipt check fails, as AssertJ's {@code failureWithActualExpected} does (its
 * {@code internal.Failures} is not exported to other modules): an
 * {@code AssertionFailedError} with the factory's message under the assert's description, carrying
 * the actual and the expected figures as text (sorted lines where they are sets), so that an IDE
 * offers a diff for every check.
 *
 * <p>Example: a {@code hasCompiles(0)} that found 8 fails with the actual {@code "8 compiles"} and
 * the expected {@code "0 compiles"}.
 */
@API(status = API.Status.INTERNAL, since = "0.2")
public final class FigureFailures {

    /** AssertJ's own maker of an opentest4j {@code AssertionFailedError} where that is on the class path. */
    private static final AssertionErrorCreator CREATOR = new AssertionErrorCreator();

    private FigureFailures() {
    }

    /** An error with actual and expected values, so that IDEs show a diff, under the factory's message. */
    public static AssertionError diffFailure(AssertionInfo info, ErrorMessageFactory message, String actualText, String expectedText) {
        // As AbstractAssert.failureWithActualExpected words it: the description, then the overriding or the factory's message.
        String text = info.overridingErrorMessage() != null ? info.overridingErrorMessage()
                : message.create(new TextDescription(""), info.representation());
        String description = MessageFormatter.instance().format(info.description(), info.representation(), "");
        AssertionError failure = CREATOR.assertionError(description + text, actualText, expectedText, info.representation());
        // As AssertJ drops its own frames and a custom assert's: the trace (and a soft error's "at" line) starts in the test.
        failure.setStackTrace(Arrays.stream(failure.getStackTrace())
                .filter(frame -> !frame.getClassName().startsWith("org.assertj.") && !ofTheAssertions(frame))
                .toArray(StackTraceElement[]::new));
        return failure;
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

    private static boolean ofTheAssertions(StackTraceElement frame) {
        if (!frame.getClassName().startsWith(FigureFailures.class.getPackageName().replace(".internal", ""))) {
            return false;
        }
        try {
            Optional<URL> ours = location(FigureFailures.class);
            return ours.isPresent() && ours.equals(location(Class.forName(frame.getClassName(), false, FigureFailures.class.getClassLoader())));
        } catch (ClassNotFoundException | LinkageError unknown) {
            return false;
        }
    }

    /** Where a class was loaded from: the assertions jar (or classes folder), not the tests beside it in the same package. */
    private static Optional<URL> location(Class<?> type) {
        return Optional.ofNullable(type.getProtectionDomain().getCodeSource()).map(CodeSource::getLocation);
    }

    /** The subject of a failure message, with where its assert was navigated from ({@code run baseline of the print-bridge receipt}). */
    public static String navigated(String subject, String from) {
        return from.isEmpty() ? subject : subject + " of " + from;
    }
}
