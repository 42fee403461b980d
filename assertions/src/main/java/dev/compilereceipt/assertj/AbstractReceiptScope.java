package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldBeMeasured;

import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.VisibleText;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.SoftAssertionsProvider;
import org.apiguardian.api.API;

/**
 * What every receipt check stands on: the runs in scope (all of them, or the one chosen with
 * {@code run(label)}), the words a failure message calls them by, and the way a failure carries
 * actual and expected for an IDE diff. The checks themselves are in {@link AbstractReceiptAssert}
 * and {@link AbstractTimeAndComparisonChecks}.
 *
 * <p>Example: {@code assertThat(receipt).run("candidate")} narrows the scope to one run.
 *
 * @param <SELF> the assert's own type, so that checks chain
 * @param <ACTUAL> the receipt type
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public abstract class AbstractReceiptScope<SELF extends AbstractReceiptScope<SELF, ACTUAL>, ACTUAL extends Receipt>
        extends AbstractFigureAssert<SELF, ACTUAL> {

    /** The run label the checks are narrowed to; empty for every run. */
    Optional<String> narrowedTo = Optional.empty();
    /** The soft assertions this assert was made by, so that navigation stays soft; null for hard assertions. */
    SoftAssertionsProvider softly;

    protected AbstractReceiptScope(ACTUAL actual, Class<?> selfType) {
        super(actual, selfType);
    }

    void requireCalls(RunFigures run, String check) {
        if (!run.hasPhases()) {
            throw notMeasured(shouldBeMeasured(subject(), check, Measure.CALLS), Measure.CALLS);
        }
    }

    List<RunFigures> scope() {
        isNotNull();
        return narrowedTo.map(label -> List.of(actual.run(label))).orElse(actual.runs());
    }

    List<LedgerRow> rows(RunFigures run, Phase phase, Predicate<LedgerRow> filter) {
        return actual.ledger().rows(run.label(), phase).stream().filter(filter).toList();
    }

    /** What the failure messages call the actual: the receipt, or the run it was narrowed to. */
    String subject() {
        String name = VisibleText.of(actual.fixture().name());
        return narrowedTo.map(label -> "run " + label + " of the " + name + " receipt")
                .orElseGet(() -> name + " receipt (runs " + String.join(", ",
                        actual.runs().stream().map(RunFigures::label).toList()) + ")");
    }

    <A extends AbstractAssert<A, T>, T> A navigate(Class<A> type, Class<T> actualType, T value,
                                                  Function<T, A> hard, String description) {
        A navigated = softly == null ? hard.apply(value) : softly.proxy(type, actualType, value);
        if (navigated instanceof AbstractFigureAssert<?, ?> figures) {
            figures.navigatedFrom = description;
        }
        // The subject names where it came from; a description is only the user's own (as(...)).
        String prefix = info.descriptionText();
        return prefix.isEmpty() ? navigated : navigated.as(prefix);
    }

    /** What a navigated assert's failures say it came from: {@code run baseline of the print-bridge receipt}. */
    String runOfReceipt(RunFigures run) {
        return "run " + run.label() + " of the " + VisibleText.of(actual.fixture().name()) + " receipt";
    }

    String ofReceipt() {
        return "the " + VisibleText.of(actual.fixture().name()) + " receipt";
    }

    RunFigures onlyRun(String navigation) {
        isNotNull();
        List<RunFigures> runs = scope();
        if (runs.size() != 1) {
            throw new IllegalStateException("the " + actual.fixture().name() + " receipt has runs " + labels(runs)
                    + ": choose one with run(label) before " + navigation);
        }
        return runs.get(0);
    }

    static String phaseList(Phase... phases) {
        if (phases.length == 0) {
            throw new IllegalArgumentException("name at least one phase");
        }
        return new LinkedHashSet<>(Arrays.asList(phases)).stream().map(Phase::id).collect(Collectors.joining(", "));
    }

    static String labels(List<RunFigures> runs) {
        return String.join(", ", runs.stream().map(RunFigures::label).toList());
    }
}
