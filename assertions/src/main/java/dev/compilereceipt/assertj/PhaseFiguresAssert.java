package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.internal.FigureText.count;
import static dev.compilereceipt.assertj.internal.FigureText.ms;
import static dev.compilereceipt.assertj.internal.FigureText.sortedLines;
import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldBeMeasured;
import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldHaveCalls;
import static dev.compilereceipt.assertj.error.ShouldHaveAtMostMs.shouldHaveAtMostMs;
import static dev.compilereceipt.assertj.error.ShouldHaveFigure.shouldHaveFigure;

import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.WallTime;

import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.ToDoubleFunction;
import org.apiguardian.api.API;

/**
 * Assertions on the figures of one phase of one run: calls, compiles, cache hits, fallbacks,
 * breaks, median and p90 wall time, new graph variants. A figure the source did not measure fails
 * the check with what would measure it.
 *
 * <p>Example: {@code assertThat(receipt).run("baseline").phase(STEADY).hasCalls(8).hasCacheHits(16).hasMedianAtMost(0.1);}
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public class PhaseFiguresAssert extends AbstractFigureAssert<PhaseFiguresAssert, PhaseFigures> {

    public PhaseFiguresAssert(PhaseFigures actual) {
        super(actual, PhaseFiguresAssert.class);
    }

    public PhaseFiguresAssert hasCalls(int expected) {
        isNotNull();
        return exactly(count(expected, "call"), count(actual.calls(), "call"));
    }

    /** Regions that compiled a new variant. */
    public PhaseFiguresAssert hasCompiles(int expected) {
        isNotNull();
        return exactly(count(expected, "compile"), count(actual.compiles(), "compile"));
    }

    /** Regions that reused a cached variant. */
    public PhaseFiguresAssert hasCacheHits(int expected) {
        isNotNull();
        return exactly(count(expected, "cache hit"), measured(actual.cacheHits(), count(expected, "cache hit"),
                Measure.CACHE_HITS, "cache hit"));
    }

    public PhaseFiguresAssert hasFallbacks(int expected) {
        isNotNull();
        return exactly(count(expected, "fallback"), count(actual.fallbacks(), "fallback"));
    }

    /** Graph breaks crossed, summed over the phase's calls. */
    public PhaseFiguresAssert hasBreaks(int expected) {
        isNotNull();
        return exactly(count(expected, "break"), measured(actual.breaks(), count(expected, "break"),
                Measure.BREAKS, "break"));
    }

    /** The graph ids compiled in this phase, in any order. */
    public PhaseFiguresAssert hasNewGraphVariants(String... graphIds) {
        isNotNull();
        List<String> expected = Arrays.asList(graphIds);
        List<String> found = actual.newGraphVariants().stream().map(GraphId::toString).toList();
        if (!sortedLines(found).equals(sortedLines(expected))) {
            throw diffFailure(shouldHaveFigure(subject(), "new graph variants " + String.join(" ", expected.stream().sorted().toList()),
                            found.isEmpty() ? "it compiled none" : "it compiled " + String.join(" ", found)),
                    sortedLines(found), sortedLines(expected));
        }
        return myself;
    }

    public PhaseFiguresAssert hasMedianAtMost(double maxMs) {
        return wallTimeAtMost("median", maxMs, WallTime::median);
    }

    public PhaseFiguresAssert hasP90AtMost(double maxMs) {
        return wallTimeAtMost("p90", maxMs, WallTime::p90);
    }

    private PhaseFiguresAssert wallTimeAtMost(String figure, double maxMs, ToDoubleFunction<WallTime> value) {
        isNotNull();
        String expected = "a " + figure + " wall time of at most " + ms(maxMs) + " ms";
        if (actual.calls() == 0) {
            throw noCalls(shouldHaveCalls(subject(), "have " + expected, actual.phase().id()), actual.phase().id());
        }
        WallTime wall = actual.wallMs().orElseThrow(() -> notMeasured(shouldBeMeasured(subject(), "have " + expected, Measure.WALL_MS), Measure.WALL_MS));
        double found = value.applyAsDouble(wall);
        if (found > maxMs) {
            throw diffFailure(shouldHaveAtMostMs(subject(), expected, found),
                    figure + ": " + ms(found) + " ms", figure + ": at most " + ms(maxMs) + " ms");
        }
        return myself;
    }

    private String measured(OptionalInt figure, String expected, Measure measure, String noun) {
        if (figure.isEmpty()) {
            throw notMeasured(shouldBeMeasured(subject(), "have " + expected, measure), measure);
        }
        return count(figure.getAsInt(), noun);
    }

    private PhaseFiguresAssert exactly(String expected, String found) {
        if (!expected.equals(found)) {
            throw diffFailure(shouldHaveFigure(subject(), expected, "it had " + found), found, expected);
        }
        return myself;
    }


    private String subject() {
        return "phase " + actual.phase() + " (" + count(actual.calls(), "call") + ")";
    }
}
