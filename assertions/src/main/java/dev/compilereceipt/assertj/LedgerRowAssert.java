package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldBeMeasured;
import static dev.compilereceipt.assertj.error.ShouldHaveFigure.shouldHaveCache;
import static dev.compilereceipt.assertj.error.ShouldHaveFigure.shouldHaveGraphs;
import static dev.compilereceipt.assertj.internal.FigureFailures.diffFailure;
import static dev.compilereceipt.assertj.internal.FigureFailures.notMeasured;
import static dev.compilereceipt.assertj.internal.FigureFailures.onlyBounded;

import dev.compilereceipt.ledger.CallCache;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.trace.Coverage;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.VisibleText;
import java.util.Arrays;
import java.util.List;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractObjectAssert;

/**
 * Assertions on one row of the ledger: one call's cache outcome and the graph ids it touched.
 *
 * <p>Example: {@code assertThat(receipt.ledger().row("baseline", "b12").orElseThrow()).hasCache(CallCache.EAGER);}
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public class LedgerRowAssert extends AbstractObjectAssert<LedgerRowAssert, LedgerRow> {

    public LedgerRowAssert(LedgerRow actual) {
        super(actual, LedgerRowAssert.class);
    }

    /** The call's cache outcome: compile, fallback, hit or eager. */
    public LedgerRowAssert hasCache(CallCache expected) {
        isNotNull();
        if (actual.cache().isEmpty()) {
            throw notMeasured(info, shouldBeMeasured(subject(), "have cache outcome " + expected, Measure.CACHE_HITS), Measure.CACHE_HITS);
        }
        CallCache found = actual.cache().get();
        if (found != expected) {
            throw diffFailure(info, shouldHaveCache(subject(), expected, found),
                    "cache: " + found, "cache: " + expected);
        }
        return myself;
    }

    /** The graph ids the call touched, in the order it touched them. */
    public LedgerRowAssert hasGraphs(String... graphIds) {
        isNotNull();
        List<String> expected = Arrays.asList(graphIds);
        List<String> found = actual.graphs().stream().map(GraphId::toString).toList();
        // Where hits were not seen, the graphs are those the call compiled: a check decides only if they already break it.
        if (actual.graphsSeen() != Coverage.MEASURED && expected.containsAll(found)) {
            throw onlyBounded(info, shouldBeMeasured(subject(), "have graphs " + (expected.isEmpty() ? "(none)" : String.join(" ", expected)),
                    Measure.CACHE_HITS, actual.graphsSeen(), found.size()), Measure.CACHE_HITS,
                    "at least " + (found.isEmpty() ? "(none)" : String.join(" ", found)));
        }
        if (!found.equals(expected)) {
            String foundText = found.isEmpty() ? "(none)" : String.join(" ", found);
            String expectedText = expected.isEmpty() ? "(none)" : String.join(" ", expected);
            throw diffFailure(info, shouldHaveGraphs(subject(), expected, actual.graphs()),
                    "graphs: " + foundText, "graphs: " + expectedText);
        }
        return myself;
    }

    private String subject() {
        return VisibleText.of("call " + actual.call() + " of run " + actual.run() + " (" + actual.phase() + ", family " + actual.family() + ")");
    }
}
