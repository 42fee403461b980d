package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldBeMeasured;
import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldBeMeasuredInProfile;
import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldHaveCalls;
import static dev.compilereceipt.assertj.error.ShouldHaveAtMostMs.shouldHaveAtMostMs;
import static dev.compilereceipt.assertj.error.ShouldHaveFigure.shouldHaveEagerTimeAtItsBreaks;
import static dev.compilereceipt.assertj.error.ShouldHaveFigure.shouldHaveFigure;
import static dev.compilereceipt.assertj.error.ShouldHaveFigure.shouldHaveMeanOfItsCalls;
import static dev.compilereceipt.assertj.error.ShouldHaveFigure.shouldHaveNewGraphVariants;
import static dev.compilereceipt.assertj.internal.FigureFailures.diffFailure;
import static dev.compilereceipt.assertj.internal.FigureFailures.navigated;
import static dev.compilereceipt.assertj.internal.FigureFailures.noCalls;
import static dev.compilereceipt.assertj.internal.FigureFailures.notMeasured;
import static dev.compilereceipt.assertj.internal.FigureText.count;
import static dev.compilereceipt.assertj.internal.FigureText.ms;
import static dev.compilereceipt.assertj.internal.FigureText.sortedLines;

import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.WallTime;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Measure;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.ToDoubleFunction;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractObjectAssert;

/**
 * Assertions on the figures of one phase of one run: calls, compiles, cache hits, fallbacks,
 * breaks, median and p90 wall time, the mean of its calls, eager time at its breaks, new graph variants. A figure the source did not measure fails
 * the check with what would measure it.
 *
 * <p>Example: {@code assertThat(receipt).run("baseline").phase(STEADY).hasCalls(8).hasCacheHits(16).hasMedianAtMost(0.1);}
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public class PhaseFiguresAssert extends AbstractObjectAssert<PhaseFiguresAssert, PhaseFigures> {

    /** Where this assert was navigated from, for its failure messages; empty when asserted directly. */
    String navigatedFrom = "";
    /** Whether the receipt navigated from was read from a torch.profiler trace: its time figures want a profile's remedy. */
    boolean fromProfile;

    void navigatedFrom(String from, boolean profile) {
        navigatedFrom = from;
        fromProfile = profile;
    }

    /** The receipt rounds total and mean to 0.0001 ms each: within that, the mean is the total over the calls. */
    private static final double MEAN_ROUNDING_MS = 0.0001;

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
            throw diffFailure(info, shouldHaveNewGraphVariants(subject(), expected, actual.newGraphVariants()),
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

    /**
     * Checks that the mean wall time is the phase's total over its calls (to the receipt's 0.0001 ms).
     * It names no time, so it holds on the next capture too; it catches a mean divided by a count
     * other than the phase's own (the mutant {@code average-unequal-calls}).
     */
    public PhaseFiguresAssert hasMeanOfItsCalls() {
        isNotNull();
        String expected = "a mean wall time of its " + count(actual.calls(), "call");
        if (actual.calls() == 0) {
            throw noCalls(info, shouldHaveCalls(subject(), "have " + expected, actual.phase().id()), actual.phase().id());
        }
        WallTime wall = actual.wallMs().orElseThrow(() -> notMeasured(info, shouldBeMeasured(subject(), "have " + expected, Measure.WALL_MS), Measure.WALL_MS));
        double ofItsCalls = wall.total() / actual.calls();
        if (Math.abs(wall.mean() - ofItsCalls) > MEAN_ROUNDING_MS) {
            throw diffFailure(info, shouldHaveMeanOfItsCalls(subject(), actual.calls(), wall),
                    "mean: " + ms(wall.mean()) + " ms", "mean: " + ms(ofItsCalls) + " ms");
        }
        return myself;
    }

    /**
     * Checks that the phase's graph breaks cost eager time: when it crossed breaks, its eager
     * islands took more than 0 ms. It names no time, so it holds on the next capture too; it catches
     * eager time dropped from the breaks (the mutant {@code hide-eager-islands}).
     */
    public PhaseFiguresAssert hasEagerTimeAtItsBreaks() {
        isNotNull();
        String expected = "eager-island time at its breaks";
        if (actual.breaks().isEmpty()) {
            throw notMeasured(info, shouldBeMeasured(subject(), "have " + expected, Measure.BREAKS), Measure.BREAKS);
        }
        if (actual.eagerIslandMs().isEmpty()) {
            throw notMeasured(info, fromProfile ? shouldBeMeasuredInProfile(subject(), "have " + expected, Measure.EAGER_ISLAND_MS)
                    : shouldBeMeasured(subject(), "have " + expected, Measure.EAGER_ISLAND_MS), Measure.EAGER_ISLAND_MS);
        }
        int breaks = actual.breaks().getAsInt();
        double eager = actual.eagerIslandMs().getAsDouble();
        if (breaks > 0 && eager <= 0) {
            throw diffFailure(info, shouldHaveEagerTimeAtItsBreaks(subject(), breaks, eager),
                    count(breaks, "break") + ", eager islands: " + ms(eager) + " ms",
                    count(breaks, "break") + ", eager islands: more than 0 ms");
        }
        return myself;
    }

    private PhaseFiguresAssert wallTimeAtMost(String figure, double maxMs, ToDoubleFunction<WallTime> value) {
        isNotNull();
        String expected = "a " + figure + " wall time of at most " + ms(maxMs) + " ms";
        if (actual.calls() == 0) {
            throw noCalls(info, shouldHaveCalls(subject(), "have " + expected, actual.phase().id()), actual.phase().id());
        }
        WallTime wall = actual.wallMs().orElseThrow(() -> notMeasured(info, shouldBeMeasured(subject(), "have " + expected, Measure.WALL_MS), Measure.WALL_MS));
        double found = value.applyAsDouble(wall);
        if (found > maxMs) {
            throw diffFailure(info, shouldHaveAtMostMs(subject(), "a " + figure + " wall time", maxMs, found),
                    figure + ": " + ms(found) + " ms", figure + ": at most " + ms(maxMs) + " ms");
        }
        return myself;
    }

    private String measured(OptionalInt figure, String expected, Measure measure, String noun) {
        if (figure.isEmpty()) {
            throw notMeasured(info, shouldBeMeasured(subject(), "have " + expected, measure), measure);
        }
        return count(figure.getAsInt(), noun);
    }

    private PhaseFiguresAssert exactly(String expected, String found) {
        if (!expected.equals(found)) {
            throw diffFailure(info, shouldHaveFigure(subject(), expected, "it had " + found), found, expected);
        }
        return myself;
    }


    private String subject() {
        return navigated("phase " + actual.phase() + " (" + count(actual.calls(), "call") + ")", navigatedFrom);
    }
}
