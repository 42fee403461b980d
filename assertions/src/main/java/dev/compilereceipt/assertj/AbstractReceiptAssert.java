package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.internal.FigureText.NL;
import static dev.compilereceipt.assertj.internal.FigureText.count;
import static dev.compilereceipt.assertj.internal.FigureText.sortedLines;
import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldBeMeasured;
import static dev.compilereceipt.assertj.error.ShouldContain.shouldContain;
import static dev.compilereceipt.assertj.error.ShouldHaveAtMostBreaksPerCall.shouldHaveAtMostBreaksPerCall;
import static dev.compilereceipt.assertj.error.ShouldHaveAtMostCompiles.shouldHaveAtMostCompiles;
import static dev.compilereceipt.assertj.error.ShouldHaveNoEagerCalls.shouldHaveNoEagerCalls;
import static dev.compilereceipt.assertj.error.ShouldHaveNoFallbacks.shouldHaveNoFallbacks;
import static dev.compilereceipt.assertj.error.ShouldHaveNoNewGraphVariants.shouldHaveNoNewGraphVariants;
import static dev.compilereceipt.assertj.error.ShouldHaveNoRecompiles.shouldHaveNoRecompiles;
import static dev.compilereceipt.assertj.error.ShouldMatchApprovedReceipt.shouldMatchApprovedReceipt;

import dev.compilereceipt.assertj.internal.LedgerTable;
import dev.compilereceipt.ledger.CallCache;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.approval.ApprovedReceipt;
import dev.compilereceipt.diff.ReceiptDiff;
import dev.compilereceipt.approval.ReceiptApproval;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * Checks on a receipt, in the words of the findings they guard. Every check holds for every run
 * in scope: all runs of the receipt (a single capture has one), or the one run chosen with
 * {@link #run(String)}, which returns an assert with the same checks. A figure the trace's source
 * did not measure never passes: the check fails with "not measured by this source" and what would
 * measure it.
 *
 * <p>A <b>recompile</b>, for {@link #hasNoRecompilesIn(Phase...)}, is what
 * {@link Receipt#recompiledCalls(String, Phase)} says it is: the engine defines it, the checks only read it.
 *
 * <p>Example:
 * <pre>{@code
 * assertThat(receipt).hasNoNewGraphVariantsIn(STEADY)
 *                    .run("candidate").hasBreaksOnlyAt();
 * }</pre>
 *
 * @param <SELF> the assert's own type, so that checks chain
 * @param <ACTUAL> the receipt type
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public abstract class AbstractReceiptAssert<SELF extends AbstractReceiptAssert<SELF, ACTUAL>, ACTUAL extends Receipt>
        extends AbstractColdStartChecks<SELF, ACTUAL> {

    private static final Pattern COMPILE_ID = Pattern.compile("\\d+/\\d+");

    /** What {@link #matchesApprovedReceipt()} leaves out, as {@link ReceiptDiff#ignoring(String...)} takes it. */
    List<String> ignoredFigures = List.of();

    protected AbstractReceiptAssert(ACTUAL actual, Class<?> selfType) {
        super(actual, selfType);
    }

    /**
     * Leaves these figures out of {@link #matchesApprovedReceipt()}: paths such as
     * {@code runs.*.phases.*.wall_ms} ({@code *} for part of a segment, {@code **} for any number
     * of segments, a path covering everything below it). Nothing is ignored unless named here or
     * with {@link #compileSideOnly()}; the other checks are not affected.
     */
    public SELF ignoring(String... figures) {
        List<String> more = new ArrayList<>(ignoredFigures);
        for (String figure : figures) {
            dev.compilereceipt.diff.FigurePattern.of(figure);
            more.add(figure);
        }
        ignoredFigures = List.copyOf(more);
        return myself;
    }

    /**
     * Compares only the compile side in {@link #matchesApprovedReceipt()}: every time
     * ({@code *_ms}, the comparison's ratios) is left out, which is what differs between machines
     * ({@link ReceiptDiff#COMPILE_SIDE}).
     */
    public SELF compileSideOnly() {
        return ignoring(ReceiptDiff.COMPILE_SIDE.toArray(String[]::new));
    }

    /**
     * Checks that the whole receipt equals the approved receipt kept beside its fixture
     * ({@code <fixture>.approved.json}), save what {@link #ignoring(String...)} names. The receipt
     * must come from {@code @TraceFixture}, which knows its fixture. What a missing or different
     * approved receipt does depends on {@code compilereceipt.approve} ({@code readonly},
     * {@code missing}, {@code overwrite}; see {@link dev.compilereceipt.approval.ApprovalMode}); a
     * failure lists the differing figures, most important first, writes
     * {@code <fixture>.received.json} and says how to approve it. A narrowed assert still compares
     * the whole receipt.
     */
    public SELF matchesApprovedReceipt() {
        isNotNull();
        return approved(ReceiptApproval.check(actual, ignoredFigures));
    }

    /** As {@link #matchesApprovedReceipt()}, with the approved receipt beside {@code fixture}, for a receipt made in code. */
    public SELF matchesApprovedReceipt(Path fixture) {
        isNotNull();
        return approved(ReceiptApproval.check(actual, fixture, ignoredFigures));
    }

    private SELF approved(ApprovedReceipt.Verdict verdict) {
        if (!verdict.passed()) {
            throw diffFailure(shouldMatchApprovedReceipt(verdict.message()), verdict.actual(), verdict.expected());
        }
        return myself;
    }

    /** Narrows every check to the run with this label; fails when the receipt has no such run. */
    public ReceiptAssert run(String label) {
        isNotNull();
        if (!actual.hasRun(label)) {
            throw diffFailure(shouldContain(subject(), "a run labelled " + label, "it has runs " + labels(actual.runs())),
                    sortedLines(actual.runs().stream().map(RunFigures::label).toList()), label);
        }
        ReceiptAssert narrowed = softly == null ? new ReceiptAssert(actual)
                : softly.proxy(ReceiptAssert.class, Receipt.class, actual);
        narrowed.narrowedTo = Optional.of(label);
        narrowed.ignoredFigures = ignoredFigures;
        narrowed.softly = softly;
        narrowed.info.description(info.description());
        return narrowed;
    }

    /** Checks that no call of these phases compiled a new graph variant, in every run in scope. */
    public SELF hasNoNewGraphVariantsIn(Phase... phases) {
        String check = "have no new graph variants in " + phaseList(phases);
        List<LedgerRow> offending = new ArrayList<>();
        int variants = 0;
        for (RunFigures run : scope()) {
            requireCalls(run, check);
            for (Phase phase : phases) {
                variants += run.phase(phase).newGraphVariants().size();
                offending.addAll(rows(run, phase, row -> row.cache().equals(Optional.of(CallCache.COMPILE))));
            }
        }
        if (!offending.isEmpty()) {
            throw diffFailure(shouldHaveNoNewGraphVariants(subject(), phaseList(phases), offending, variants, actual),
                    LedgerTable.graphLines(offending), sortedLines(List.of()));
        }
        return myself;
    }

    /** Checks that no call of these phases recompiled ({@link Receipt#recompiledCalls}), in every run in scope. */
    public SELF hasNoRecompilesIn(Phase... phases) {
        String check = "not recompile in " + phaseList(phases);
        List<LedgerRow> offending = new ArrayList<>();
        for (RunFigures run : scope()) {
            requireCalls(run, check);
            for (Phase phase : phases) {
                offending.addAll(actual.recompiledCalls(run.label(), phase));
            }
        }
        if (!offending.isEmpty()) {
            throw diffFailure(shouldHaveNoRecompiles(subject(), phaseList(phases), offending, actual),
                    LedgerTable.graphLines(offending), sortedLines(List.of()));
        }
        return myself;
    }

    /** Checks that every run in scope compiled at most {@code max} new variants in {@code phase}. */
    public SELF hasAtMostCompilesIn(Phase phase, int max) {
        String limit = count(max, "variant") + " in " + phase;
        List<String> found = new ArrayList<>();
        List<String> actualLines = new ArrayList<>();
        List<String> expectedLines = new ArrayList<>();
        List<LedgerRow> offending = new ArrayList<>();
        for (RunFigures run : scope()) {
            requireCalls(run, "compile at most " + limit);
            int compiles = run.phase(phase).compiles();
            if (compiles > max) {
                found.add("run " + run.label() + " compiled " + count(compiles, "variant"));
                actualLines.add(run.label() + " " + phase + ": " + count(compiles, "compile"));
                expectedLines.add(run.label() + " " + phase + ": at most " + count(max, "compile"));
                offending.addAll(rows(run, phase, row -> row.cache().equals(Optional.of(CallCache.COMPILE))));
            }
        }
        if (!found.isEmpty()) {
            throw diffFailure(shouldHaveAtMostCompiles(subject(), limit, found, offending, actual),
                    String.join(NL, actualLines), String.join(NL, expectedLines));
        }
        return myself;
    }

    /**
     * Checks that no frame gave up compiling and ran eagerly, in any phase of every run in scope.
     * A TORCH_TRACE log without per-call markers is checked against its compile log.
     */
    public SELF hasNoFallbacks() {
        List<String> found = new ArrayList<>();
        List<LedgerRow> offending = new ArrayList<>();
        List<String> logged = new ArrayList<>();
        for (RunFigures run : scope()) {
            if (!run.hasPhases()) {
                CompileLog log = run.compileLog().orElseThrow(() -> notMeasured(shouldBeMeasured(subject(), "have no fallbacks", Measure.CALLS), Measure.CALLS));
                if (!log.fallbacks().isEmpty()) {
                    boolean compileIds = log.fallbacks().stream().allMatch(id -> COMPILE_ID.matcher(id).matches());
                    found.add("run " + run.label() + " gave up " + count(log.fallbacks().size(), compileIds ? "compile" : "frame"));
                    // A TORCH_TRACE log names a fallback by its compile id (0/8); TORCH_LOGS text by its frame (f@file:line).
                    log.fallbacks().forEach(id -> logged.add(run.label() + (COMPILE_ID.matcher(id).matches() ? " compile id " : " frame ")
                            + id + " made no variant"));
                }
                continue;
            }
            List<String> perPhase = new ArrayList<>();
            int fallbacks = 0;
            for (PhaseFigures figures : run.phases().values()) {
                if (figures.fallbacks() > 0) {
                    perPhase.add(figures.phase() + " " + figures.fallbacks());
                    fallbacks += figures.fallbacks();
                }
            }
            if (fallbacks > 0) {
                found.add("run " + run.label() + " fell back " + count(fallbacks, "time") + " ("
                        + String.join(", ", perPhase) + ")");
                offending.addAll(actual.ledger().rows(run.label()).stream()
                        .filter(row -> row.cache().equals(Optional.of(CallCache.FALLBACK))).toList());
            }
        }
        if (!found.isEmpty()) {
            throw diffFailure(shouldHaveNoFallbacks(subject(), found, offending, logged, actual),
                    offending.isEmpty() ? sortedLines(logged) : LedgerTable.graphLines(offending), sortedLines(List.of()));
        }
        fallbacksMeasured("have no fallbacks");
        return myself;
    }

    /**
     * Checks that every call of a compiled phase ran compiled code: no call whose ledger cache
     * outcome is {@code eager} (nothing compiled ran, say after a recompile limit).
     */
    public SELF hasNoEagerCallsIn(Phase phase) {
        if (!phase.isCompiled()) {
            throw new IllegalArgumentException("phase eager is the uncompiled control: its calls run eagerly by design; "
                    + "check warmup, steady or changed");
        }
        String check = "run compiled code in every " + phase + " call";
        List<LedgerRow> offending = new ArrayList<>();
        int calls = 0;
        for (RunFigures run : scope()) {
            requireCalls(run, check);
            List<LedgerRow> inPhase = rows(run, phase, row -> true);
            if (inPhase.stream().anyMatch(row -> row.cache().isEmpty())) {
                throw notMeasured(shouldBeMeasured(subject(), check, Measure.CACHE_HITS), Measure.CACHE_HITS);
            }
            calls += inPhase.size();
            offending.addAll(inPhase.stream().filter(row -> row.cache().equals(Optional.of(CallCache.EAGER))).toList());
        }
        if (!offending.isEmpty()) {
            throw diffFailure(shouldHaveNoEagerCalls(subject(), phase.id(), offending, calls),
                    sortedLines(offending.stream().map(row -> row.run() + " " + row.call() + ": eager").toList()), sortedLines(List.of()));
        }
        return myself;
    }

    /** Checks that no call of {@code phase} crossed more than {@code max} graph breaks, in every run in scope. */
    public SELF hasAtMostBreaksPerCall(Phase phase, int max) {
        String limit = count(max, "break") + " per call in " + phase;
        List<LedgerRow> offending = new ArrayList<>();
        int calls = 0;
        for (RunFigures run : scope()) {
            requireCalls(run, "cross at most " + limit);
            if (run.phase(phase).breaks().isEmpty()) {
                throw notMeasured(shouldBeMeasured(subject(), "cross at most " + limit, Measure.BREAKS), Measure.BREAKS);
            }
            List<LedgerRow> inPhase = rows(run, phase, row -> true);
            calls += inPhase.size();
            offending.addAll(inPhase.stream().filter(row -> row.breakSites().size() > max).toList());
        }
        if (!offending.isEmpty()) {
            throw diffFailure(shouldHaveAtMostBreaksPerCall(subject(), phase.id(), limit, offending, calls, actual),
                    sortedLines(offending.stream().map(row -> row.run() + " " + row.call() + ": " + count(row.breakSites().size(), "break")).toList()),
                    sortedLines(offending.stream().map(row -> row.run() + " " + row.call() + ": at most " + count(max, "break")).toList()));
        }
        return myself;
    }


    /** The figures of {@code phase} of the one run in scope; narrow a two-run receipt with {@link #run(String)} first. */
    public PhaseFiguresAssert phase(Phase phase) {
        RunFigures run = onlyRun("phase(" + phase + ")");
        requireCalls(run, "have figures for phase " + phase);
        return navigate(PhaseFiguresAssert.class, PhaseFigures.class, run.phase(phase), PhaseFiguresAssert::new,
                runOfReceipt(run));
    }

}
