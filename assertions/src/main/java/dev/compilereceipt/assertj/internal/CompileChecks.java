package dev.compilereceipt.assertj.internal;

import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldBeMeasured;
import static dev.compilereceipt.assertj.error.ShouldHaveAtMostBreaksPerCall.shouldHaveAtMostBreaksPerCall;
import static dev.compilereceipt.assertj.error.ShouldHaveAtMostCompiles.shouldHaveAtMostCompiles;
import static dev.compilereceipt.assertj.error.ShouldHaveNoEagerCalls.shouldHaveNoEagerCalls;
import static dev.compilereceipt.assertj.error.ShouldHaveNoFallbacks.shouldHaveNoFallbacks;
import static dev.compilereceipt.assertj.error.ShouldHaveNoNewGraphVariants.shouldHaveNoNewGraphVariants;
import static dev.compilereceipt.assertj.error.ShouldHaveNoRecompiles.shouldHaveNoRecompiles;
import static dev.compilereceipt.assertj.internal.FigureFailures.diffFailure;
import static dev.compilereceipt.assertj.internal.FigureFailures.notMeasured;
import static dev.compilereceipt.assertj.internal.FigureText.NL;
import static dev.compilereceipt.assertj.internal.FigureText.count;
import static dev.compilereceipt.assertj.internal.FigureText.sortedLines;
import static dev.compilereceipt.assertj.internal.ReceiptScope.phaseList;

import dev.compilereceipt.ledger.CallCache;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Phase;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.apiguardian.api.API;
import org.assertj.core.api.AssertionInfo;

/**
 * The checks of what a receipt's runs compiled, as AssertJ's {@code Iterables} holds the checks of
 * its iterable asserts: new graph variants, recompiles, compiles per phase, fallbacks, eager calls
 * and breaks per call, each over the runs in scope. {@code ReceiptAssert} decides nothing itself.
 *
 * <p>Example: {@code CompileChecks.hasNoFallbacks(info, new ReceiptScope(receipt, Optional.empty()))}
 * throws the failure {@code assertThat(receipt).hasNoFallbacks()} reports.
 */
@API(status = API.Status.INTERNAL, since = "0.2")
public final class CompileChecks {

    private static final Pattern COMPILE_ID = Pattern.compile("\\d+/\\d+");

    private CompileChecks() {
    }

    public static void hasNoNewGraphVariantsIn(AssertionInfo info, ReceiptScope scope, Phase... phases) {
        String check = "have no new graph variants in " + phaseList(phases);
        List<LedgerRow> offending = new ArrayList<>();
        int variants = 0;
        for (RunFigures run : scope.runs()) {
            scope.requireCalls(info, run, check);
            for (Phase phase : phases) {
                variants += run.phase(phase).newGraphVariants().size();
                offending.addAll(scope.rows(run, phase, row -> row.cache().equals(Optional.of(CallCache.COMPILE))));
            }
        }
        if (!offending.isEmpty()) {
            throw diffFailure(info, shouldHaveNoNewGraphVariants(scope.subject(), phaseList(phases), offending, variants, scope.receipt()),
                    LedgerTable.graphLines(offending), sortedLines(List.of()));
        }
    }

    /** Checks that no call of these phases recompiled ({@link Receipt#recompiledCalls}), in every run in scope. */
    public static void hasNoRecompilesIn(AssertionInfo info, ReceiptScope scope, Phase... phases) {
        String check = "not recompile in " + phaseList(phases);
        List<LedgerRow> offending = new ArrayList<>();
        for (RunFigures run : scope.runs()) {
            scope.requireCalls(info, run, check);
            for (Phase phase : phases) {
                offending.addAll(scope.receipt().recompiledCalls(run.label(), phase));
            }
        }
        if (!offending.isEmpty()) {
            throw diffFailure(info, shouldHaveNoRecompiles(scope.subject(), phaseList(phases), offending, scope.receipt()),
                    LedgerTable.graphLines(offending), sortedLines(List.of()));
        }
    }

    /** Checks that every run in scope compiled at most {@code max} new variants in {@code phase}. */
    public static void hasAtMostCompilesIn(AssertionInfo info, ReceiptScope scope, Phase phase, int max) {
        String limit = count(max, "variant") + " in " + phase;
        List<String> found = new ArrayList<>();
        List<String> actualLines = new ArrayList<>();
        List<String> expectedLines = new ArrayList<>();
        List<LedgerRow> offending = new ArrayList<>();
        for (RunFigures run : scope.runs()) {
            scope.requireCalls(info, run, "compile at most " + limit);
            int compiles = run.phase(phase).compiles();
            if (compiles > max) {
                found.add("run " + run.label() + " compiled " + count(compiles, "variant"));
                actualLines.add(run.label() + " " + phase + ": " + count(compiles, "compile"));
                expectedLines.add(run.label() + " " + phase + ": at most " + count(max, "compile"));
                offending.addAll(scope.rows(run, phase, row -> row.cache().equals(Optional.of(CallCache.COMPILE))));
            }
        }
        if (!found.isEmpty()) {
            throw diffFailure(info, shouldHaveAtMostCompiles(scope.subject(), limit, found, offending, scope.receipt()),
                    String.join(NL, actualLines), String.join(NL, expectedLines));
        }
    }

    /**
     * Checks that no frame gave up compiling and ran eagerly, in any phase of every run in scope.
     * A TORCH_TRACE log without per-call markers is checked against its compile log.
     */
    public static void hasNoFallbacks(AssertionInfo info, ReceiptScope scope) {
        List<String> found = new ArrayList<>();
        List<LedgerRow> offending = new ArrayList<>();
        List<String> logged = new ArrayList<>();
        for (RunFigures run : scope.runs()) {
            if (!run.hasPhases()) {
                CompileLog log = run.compileLog().orElseThrow(() -> notMeasured(info, shouldBeMeasured(scope.subject(), "have no fallbacks", Measure.CALLS), Measure.CALLS));
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
                offending.addAll(scope.receipt().ledger().rows(run.label()).stream()
                        .filter(row -> row.cache().equals(Optional.of(CallCache.FALLBACK))).toList());
            }
        }
        if (!found.isEmpty()) {
            throw diffFailure(info, shouldHaveNoFallbacks(scope.subject(), found, offending, logged, scope.receipt()),
                    offending.isEmpty() ? sortedLines(logged) : LedgerTable.graphLines(offending), sortedLines(List.of()));
        }
        BreakSiteChecks.fallbacksMeasured(info, scope, "have no fallbacks");
    }

    /**
     * Checks that every call of a compiled phase ran compiled code: no call whose ledger cache
     * outcome is {@code eager} (nothing compiled ran, say after a recompile limit).
     */
    public static void hasNoEagerCallsIn(AssertionInfo info, ReceiptScope scope, Phase phase) {
        if (!phase.isCompiled()) {
            throw new IllegalArgumentException("phase eager is the uncompiled control: its calls run eagerly by design; "
                    + "check warmup, steady or changed");
        }
        String check = "run compiled code in every " + phase + " call";
        List<LedgerRow> offending = new ArrayList<>();
        int calls = 0;
        for (RunFigures run : scope.runs()) {
            scope.requireCalls(info, run, check);
            List<LedgerRow> inPhase = scope.rows(run, phase, row -> true);
            if (inPhase.stream().anyMatch(row -> row.cache().isEmpty())) {
                throw notMeasured(info, shouldBeMeasured(scope.subject(), check, Measure.CACHE_HITS), Measure.CACHE_HITS);
            }
            calls += inPhase.size();
            offending.addAll(inPhase.stream().filter(row -> row.cache().equals(Optional.of(CallCache.EAGER))).toList());
        }
        if (!offending.isEmpty()) {
            throw diffFailure(info, shouldHaveNoEagerCalls(scope.subject(), phase.id(), offending, calls),
                    sortedLines(offending.stream().map(row -> row.run() + " " + row.call() + ": eager").toList()), sortedLines(List.of()));
        }
    }

    /** Checks that no call of {@code phase} crossed more than {@code max} graph breaks, in every run in scope. */
    public static void hasAtMostBreaksPerCall(AssertionInfo info, ReceiptScope scope, Phase phase, int max) {
        String limit = count(max, "break") + " per call in " + phase;
        List<LedgerRow> offending = new ArrayList<>();
        int calls = 0;
        for (RunFigures run : scope.runs()) {
            scope.requireCalls(info, run, "cross at most " + limit);
            if (run.phase(phase).breaks().isEmpty()) {
                throw notMeasured(info, shouldBeMeasured(scope.subject(), "cross at most " + limit, Measure.BREAKS), Measure.BREAKS);
            }
            List<LedgerRow> inPhase = scope.rows(run, phase, row -> true);
            calls += inPhase.size();
            offending.addAll(inPhase.stream().filter(row -> row.breakSites().size() > max).toList());
        }
        if (!offending.isEmpty()) {
            throw diffFailure(info, shouldHaveAtMostBreaksPerCall(scope.subject(), phase.id(), limit, offending, calls, scope.receipt()),
                    sortedLines(offending.stream().map(row -> row.run() + " " + row.call() + ": " + count(row.breakSites().size(), "break")).toList()),
                    sortedLines(offending.stream().map(row -> row.run() + " " + row.call() + ": at most " + count(max, "break")).toList()));
        }
    }



}
