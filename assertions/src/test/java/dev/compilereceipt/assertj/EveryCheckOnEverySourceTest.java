package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static dev.compilereceipt.trace.Measure.BREAKS;
import static dev.compilereceipt.trace.Measure.BREAK_SITES;
import static dev.compilereceipt.trace.Measure.CACHE_HITS;
import static dev.compilereceipt.trace.Measure.CALLS;
import static dev.compilereceipt.trace.Measure.COMPILES;
import static dev.compilereceipt.trace.Measure.COMPILE_MS;
import static dev.compilereceipt.trace.Measure.EAGER_ISLAND_MS;
import static dev.compilereceipt.trace.Measure.FALLBACKS;
import static dev.compilereceipt.trace.Measure.RECOMPILE_CAUSES;
import static dev.compilereceipt.trace.Measure.SITE_CROSSINGS;
import static dev.compilereceipt.trace.Measure.WALL_MS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.TraceRequest;
import dev.compilereceipt.Traces;
import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.ledger.CallCache;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.mutant.Mutant;
import dev.compilereceipt.receipt.BreakSite;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.BreakKind;
import dev.compilereceipt.trace.Coverage;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.SourceShape;
import dev.compilereceipt.trace.CallPhases;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Trace;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;

/**
 * Every public check, on every fixture under {@code fixtures/} of every source shape, on the true
 * receipt and on each mutant's: a check either decides on figures its source measured, or fails
 * with the not-measured sentence (a bound may also fail it where the bound decides). It never passes
 * on a figure the source did not measure. Each check is asked with the figure the receipt itself
 * records ({@code hasCalls(recorded)}), the question a false green would answer yes to. A public
 * check that this walk does not name fails {@link #everyPublicCheckIsWalked}, so a check added
 * later cannot skip the rule.
 */
class EveryCheckOnEverySourceTest {

    /** Public methods of the asserts that navigate or configure rather than check. */
    private static final Set<String> NOT_CHECKS = Set.of("run", "phase", "breakSite", "recompileCause", "comparison", "trade", "row", "ignoring",
            "compileSideOnly", "matchesApprovedReceipt", "warmStart", "compileStages");

    private static final List<Class<?>> ASSERTS = List.of(ReceiptAssert.class, PhaseFiguresAssert.class, BreakSiteAssert.class,
            LedgerAssert.class, LedgerRowAssert.class, ComparisonAssert.class, TradeAssert.class);

    private enum Outcome { PASSED, NOT_MEASURED, NO_CALLS, FAILED, NOT_APPLICABLE }

    /** One check as the walk asks it, and the measures its answer rests on. */
    /**
     * One check as the walk asks it: the measures its answer rests on in a given receipt, whether it
     * is a timing, and whether it decides call by call (a call it cannot tell fails it; calls it can
     * tell may pass it even where the source does not see every call's figure).
     */
    private record Check(String name, Function<Receipt, Set<Measure>> reads, boolean timing, boolean perCall,
                         Consumer<Receipt> ask, Predicate<Receipt> unmeasuredHere) {
        Check(String name, Function<Receipt, Set<Measure>> reads, boolean timing, boolean perCall, Consumer<Receipt> ask) {
            this(name, reads, timing, perCall, ask, receipt -> false);
        }
    }

    private record Asked(Check check, Optional<Phase> phase) {
    }

    private static Check check(String name, Set<Measure> reads, Consumer<Receipt> ask) {
        return new Check(name, r -> reads, false, false, ask);
    }

    private static RunFigures baseline(Receipt receipt) {
        return receipt.run("baseline");
    }

    /** The receipt's first break site of the baseline: a crossed one, else one its compile log reported. */
    private static Optional<String> someSite(Receipt receipt) {
        RunFigures run = baseline(receipt);
        if (run.hasPhases()) {
            return run.breakSites().stream().findFirst().map(BreakSite::site);
        }
        return run.compileLog().flatMap(log -> log.breakSites().stream().findFirst()).map(site -> site.site());
    }

    private static BreakSiteAssert site(Receipt receipt) {
        return assertThat(receipt).run("baseline").breakSite(someSite(receipt).orElseThrow(() ->
                new IllegalStateException("no break site")));
    }

    private static BreakSite recordedSite(Receipt receipt) {
        RunFigures run = baseline(receipt);
        String site = someSite(receipt).orElseThrow(() -> new IllegalStateException("no break site"));
        return run.breakSite(site).orElseGet(() -> BreakSite.logged(run.compileLog().orElseThrow().breakSites().stream()
                .filter(s -> s.site().equals(site)).findFirst().orElseThrow()));
    }

    /** The baseline's first call of a compiled phase: an eager call is the uncompiled control, its graphs known empty. */
    private static LedgerRow firstRow(Receipt receipt) {
        return receipt.ledger().rows("baseline").stream().filter(row -> row.phase().isCompiled()).findFirst()
                .orElseThrow(() -> new IllegalStateException("no rows"));
    }

    /** The checks that take no phase. */
    private static List<Check> receiptChecks() {
        return List.of(
                check("hasNoFallbacks", EnumSet.of(FALLBACKS), r -> assertThat(r).hasNoFallbacks()),
                // Every source records the guard failures it saw: the cause checks read no figure a source may leave out.
                check("hasNoRecompilesCausedBy", EnumSet.of(RECOMPILE_CAUSES), r -> assertThat(r).hasNoRecompilesCausedBy("nothing_so_named")),
                check("hasNoRecompilesCausedByGuardsOn", EnumSet.of(RECOMPILE_CAUSES), r -> assertThat(r).hasNoRecompilesCausedByGuardsOn("nothing_so_named")),
                check("hasRecompileCausesOnlyOfKinds", EnumSet.of(RECOMPILE_CAUSES),
                        r -> assertThat(r).hasRecompileCausesOnlyOfKinds(dev.compilereceipt.receipt.RecompileKind.values())),
                check("hasBreaksOnlyAt", EnumSet.of(BREAK_SITES), r -> assertThat(r).hasBreaksOnlyAt("nowhere.py:1")),
                check("hasNoBreaksOfKind", EnumSet.of(BREAK_SITES), r -> assertThat(r).hasNoBreaksOfKind(BreakKind.DATA_COPY)),
                new Check("hasNoBreaksOfKind", r -> EnumSet.of(FALLBACKS, BREAK_SITES), false, false,
                        r -> assertThat(r).hasNoBreaksOfKind(BreakKind.FRAME_SKIP), EveryCheckOnEverySourceTest::skipCauseUnknown),
                check("hasBreaksOnlyOfKinds", EnumSet.of(BREAK_SITES),
                        r -> assertThat(r).hasBreaksOnlyOfKinds(BreakKind.values())),
                // A frame 2.6 skipped silently broke first, and the break is logged: without a logged break there is no skip.
                new Check("hasBreaksOnlyOfKinds", r -> recordedKinds(r).length > 0 ? EnumSet.of(FALLBACKS, BREAK_SITES) : EnumSet.of(BREAK_SITES),
                        false, false, r -> assertThat(r).hasBreaksOnlyOfKinds(recordedKinds(r)), EveryCheckOnEverySourceTest::skipCauseUnknown),
                check("hasNoBreaksUnder", EnumSet.of(BREAK_SITES), r -> assertThat(r).hasNoBreaksUnder("nowhere/")),
                check("hasNoFailures", EnumSet.of(CALLS), r -> assertThat(r).hasNoFailures()),
                check("hasEqualSamples", EnumSet.of(CALLS), r -> assertThat(r).hasEqualSamples()),
                check("paysBackWithin", EnumSet.of(CALLS, WALL_MS), r -> assertThat(r).trade().paysBackWithin(Long.MAX_VALUE)),
                check("isCheaperOverWorkerLifetime", EnumSet.of(CALLS, WALL_MS),
                        r -> assertThat(r).trade().isCheaperOverWorkerLifetime()),
                check("hasReasonContaining", EnumSet.noneOf(Measure.class),
                        r -> site(r).hasReasonContaining(recordedSite(r).reason())),
                check("hasKind", EnumSet.noneOf(Measure.class), r -> site(r).hasKind(recordedSite(r).kind())),
                check("hasGbId", EnumSet.noneOf(Measure.class), r -> site(r).hasGbId(recordedSite(r).detail().gbId().orElse("none"))),
                check("hasUserFrame", EnumSet.noneOf(Measure.class),
                        r -> site(r).hasUserFrame(recordedSite(r).detail().userFrame().orElse("none"))),
                check("hasCalls", EnumSet.of(SITE_CROSSINGS), r -> site(r).hasCalls(recordedSite(r).calls())),
                check("hasAtMostCrossingsPerCall", EnumSet.of(SITE_CROSSINGS),
                        r -> site(r).hasAtMostCrossingsPerCall(recordedSite(r).perCallMax())),
                check("hasEagerTimeAtMost", EnumSet.of(EAGER_ISLAND_MS), r -> site(r).hasEagerTimeAtMost(1e9)),
                check("hasCalls", EnumSet.of(CALLS), r -> assertThat(r.ledger()).hasCalls("baseline", r.ledger().rows("baseline").size())),
                // A marked log knows the outcome of a call that compiled or fell back; the check refuses the others.
                new Check("hasCache", r -> EnumSet.of(CALLS, CACHE_HITS), false, true,
                        r -> assertThat(r.ledger()).row("baseline", firstRow(r).call()).hasCache(firstRow(r).cache().orElse(CallCache.HIT))),
                check("hasGraphs", EnumSet.of(CALLS, CACHE_HITS), r -> assertThat(r.ledger()).row("baseline", firstRow(r).call())
                        .hasGraphs(firstRow(r).graphs().stream().map(Object::toString).toArray(String[]::new))));
    }

    /**
     * What a compile-trace/1 capture does not record of a frame it saw given up: whether a graph
     * break made Dynamo give it up (its fallback names no site). No {@link Measure} names it.
     */
    private static boolean skipCauseUnknown(Receipt receipt) {
        return receipt.runs().stream().anyMatch(run -> run.hasPhases() && run.compileLog().isEmpty()
                && run.phases().values().stream().anyMatch(p -> p.fallbacks() > 0));
    }

    private static BreakKind[] recordedKinds(Receipt receipt) {
        Set<BreakKind> kinds = EnumSet.noneOf(BreakKind.class);
        for (RunFigures run : receipt.runs()) {
            run.breakSites().forEach(site -> kinds.add(site.kind()));
            run.compileLog().ifPresent(log -> log.breakSites().forEach(site -> kinds.add(site.kind())));
        }
        kinds.remove(BreakKind.FRAME_SKIP);
        return kinds.toArray(BreakKind[]::new);
    }

    /** The checks that take a phase, asked of every phase. */
    private static List<Check> phaseChecks(Phase phase) {
        return List.of(
                check("hasNoNewGraphVariantsIn", EnumSet.of(CALLS, COMPILES), r -> assertThat(r).hasNoNewGraphVariantsIn(phase)),
                check("hasNoRecompilesIn", EnumSet.of(CALLS, COMPILES), r -> assertThat(r).hasNoRecompilesIn(phase)),
                check("hasAtMostCompilesIn", EnumSet.of(CALLS, COMPILES),
                        r -> assertThat(r).hasAtMostCompilesIn(phase, baseline(r).hasPhases() ? baseline(r).phase(phase).compiles() : 0)),
                // Calls that compiled or fell back ran compiled code or gave up; the check itself refuses a call it cannot tell.
                // Calls that compiled or fell back did not run eagerly; the check itself refuses a call it cannot tell.
                new Check("hasNoEagerCallsIn", r -> EnumSet.of(CALLS, CACHE_HITS), false, true,
                        r -> assertThat(r).run("baseline").hasNoEagerCallsIn(phase)),
                check("hasAtMostBreaksPerCall", EnumSet.of(CALLS, BREAKS), r -> assertThat(r).hasAtMostBreaksPerCall(phase, 1000)),
                timing("candidateMedianIsAtMost", EnumSet.of(CALLS, WALL_MS), r -> assertThat(r).candidateMedianIsAtMost(phase, 1e9)),
                check("candidateHasFewerBreaksPerCallIn", EnumSet.of(CALLS, BREAKS),
                        r -> assertThat(r).candidateHasFewerBreaksPerCallIn(phase)),
                timing("hasEagerIslandTimeAtMost", EnumSet.of(CALLS, EAGER_ISLAND_MS),
                        r -> assertThat(r).run("baseline").hasEagerIslandTimeAtMost(phase, 1e9)),
                timing("hasCompileTimeAtMost", EnumSet.of(CALLS, COMPILE_MS),
                        r -> assertThat(r).run("baseline").hasCompileTimeAtMost(phase, 1e9)),
                check("isCompared", EnumSet.of(CALLS), r -> assertThat(r).comparison(phase).isCompared()),
                timing("hasRatioAtMost", EnumSet.of(CALLS, WALL_MS), r -> assertThat(r).comparison(phase).hasRatioAtMost(1e9)),
                check("hasCalls", EnumSet.of(CALLS), r -> phase(r, phase).hasCalls(baseline(r).phase(phase).calls())),
                check("hasCompiles", EnumSet.of(CALLS, COMPILES), r -> phase(r, phase).hasCompiles(baseline(r).phase(phase).compiles())),
                check("hasCacheHits", EnumSet.of(CALLS, CACHE_HITS),
                        r -> phase(r, phase).hasCacheHits(baseline(r).phase(phase).cacheHits().orElse(0))),
                check("hasFallbacks", EnumSet.of(CALLS, FALLBACKS), r -> phase(r, phase).hasFallbacks(baseline(r).phase(phase).fallbacks())),
                check("hasBreaks", EnumSet.of(CALLS, BREAKS), r -> phase(r, phase).hasBreaks(baseline(r).phase(phase).breaks().orElse(0))),
                check("hasNewGraphVariants", EnumSet.of(CALLS, COMPILES), r -> phase(r, phase).hasNewGraphVariants(
                        baseline(r).phase(phase).newGraphVariants().stream().map(Object::toString).toArray(String[]::new))),
                timing("hasMedianAtMost", EnumSet.of(CALLS, WALL_MS), r -> phase(r, phase).hasMedianAtMost(1e9)),
                timing("hasP90AtMost", EnumSet.of(CALLS, WALL_MS), r -> phase(r, phase).hasP90AtMost(1e9)),
                timing("hasMeanOfItsCalls", EnumSet.of(CALLS, WALL_MS), r -> phase(r, phase).hasMeanOfItsCalls()),
                check("hasEagerTimeAtItsBreaks", EnumSet.of(CALLS, BREAKS, EAGER_ISLAND_MS), r -> phase(r, phase).hasEagerTimeAtItsBreaks()));
    }

    private static Check timing(String name, Set<Measure> reads, Consumer<Receipt> ask) {
        return new Check(name, r -> reads, true, false, ask);
    }

    private static PhaseFiguresAssert phase(Receipt receipt, Phase phase) {
        return assertThat(receipt).run("baseline").phase(phase);
    }

    private static List<Asked> allChecks() {
        List<Asked> all = new ArrayList<>();
        receiptChecks().forEach(c -> all.add(new Asked(c, Optional.empty())));
        for (Phase phase : Phase.values()) {
            phaseChecks(phase).forEach(c -> all.add(new Asked(c, Optional.of(phase))));
        }
        return all;
    }

    private static Outcome ask(Check check, Receipt receipt) {
        try {
            check.ask().accept(receipt);
            return Outcome.PASSED;
        } catch (AssertionError e) {
            String message = String.valueOf(e.getMessage());
            if (message.contains("not measured by this source")) {
                return Outcome.NOT_MEASURED;
            }
            if (message.contains("there are no calls in phase") || message.contains("neither run has")) {
                return Outcome.NO_CALLS;
            }
            if (message.contains("nothing to compare") || message.contains("has no break site")) {
                return Outcome.NOT_APPLICABLE;
            }
            return Outcome.FAILED;
        } catch (IllegalStateException | IllegalArgumentException | java.util.NoSuchElementException structural) {
            // The question cannot be put to this receipt: no break site to navigate to, no ledger rows, one run only.
            return Outcome.NOT_APPLICABLE;
        }
    }

    /**
     * What the rule allows for a check whose figures are {@code coverage} in a receipt: on a phase
     * without calls a timing check must say so, any other check may.
     */
    private static boolean allowed(Outcome outcome, Coverage coverage, boolean phaseWithoutCalls, boolean timing) {
        if (outcome == Outcome.NOT_APPLICABLE) {
            return true;
        }
        if (coverage == Coverage.NOT_MEASURED) {
            return outcome == Outcome.NOT_MEASURED || phaseWithoutCalls && outcome == Outcome.NO_CALLS;
        }
        if (phaseWithoutCalls && outcome == Outcome.NO_CALLS) {
            return true;
        }
        if (phaseWithoutCalls && timing) {
            return false;
        }
        if (coverage != Coverage.MEASURED) {
            return outcome == Outcome.NOT_MEASURED || outcome == Outcome.FAILED;
        }
        return outcome != Outcome.NOT_MEASURED && outcome != Outcome.NO_CALLS;
    }

    private static Coverage coverage(Receipt receipt, Set<Measure> reads) {
        Coverage worst = Coverage.MEASURED;
        for (Measure measure : reads) {
            Coverage c = receipt.limits().coverage(measure);
            worst = c == Coverage.NOT_MEASURED || worst == Coverage.NOT_MEASURED ? Coverage.NOT_MEASURED
                    : c != Coverage.MEASURED ? c : worst;
        }
        return worst;
    }

    private static final Set<String> OPTIONAL = Set.of(WALL_MS.id(), Measure.GRAPHS_COMPILED.id(),
            Measure.COMPILE_STAGES.id(), Measure.WARM_START.id(), Measure.WARM_START_WALL_MS.id(), Measure.FX_GRAPH_CACHE.id(),
            Measure.AOTAUTOGRAD_CACHE.id(), Measure.RECOMPILE_CAUSES.id(), Measure.BREAK_SITES.id());

    private static Optional<SourceShape> shape(Receipt receipt) {
        // wall_ms, graphs_compiled and compile_stages are what a TORCH_TRACE log itself may leave out (no wall_ms on
        // its markers, no dynamo_output_graph record, no stage timers), and a compile-trace/1 may carry stages; the
        // warm start and each cache's outcomes are there where the source carries them (a warm_start, a warm log, a
        // cache's records): the shape is told by the rest (the warm-start checks are WarmStartChecksEngineTest's),
        // and a TORCH_LOGS text the recompile causes or break sites of a logger that was off,
        // and a profile leaves out the islands after a region without a graph span of its own, and the
        // recompile-limit fallbacks it cannot place
        for (SourceShape shape : SourceShape.values()) {
            Set<String> optional = new TreeSet<>(OPTIONAL);
            if (shape == SourceShape.PROFILER_WITH_LOG) {
                optional.addAll(List.of(Measure.EAGER_ISLAND_MS.id(), Measure.FALLBACKS.id()));
            }
            Set<String> notMeasured = new TreeSet<>(receipt.limits().notMeasured());
            notMeasured.removeAll(optional);
            Set<String> expected = new TreeSet<>(shape.notMeasured().stream().map(Measure::id).toList());
            expected.removeAll(optional);
            if (expected.equals(notMeasured) && shape.bounds().equals(receipt.limits().bounds())) {
                return Optional.of(shape);
            }
        }
        return Optional.empty();
    }

    /** A trace, or a torch.profiler trace with the log and the phases (a file {@code phases}) beside it. */
    private static Trace read(Path file) throws IOException {
        Path phases = file.resolveSibling("phases");
        if (file.getFileName().toString().equals("profile.json") && Files.isRegularFile(phases)) {
            return Traces.read(TraceRequest.of(file).withLog(file.resolveSibling("torch_trace.log")).withPhases(CallPhases.parse(Files.readString(phases).strip())));
        }
        return Traces.read(file);
    }

    static List<Path> traces() throws IOException {
        try (Stream<Path> files = Files.walk(Fixtures.dir())) {
            return files.filter(Files::isRegularFile).filter(file -> {
                String name = file.getFileName().toString();
                return (name.endsWith(".json") || name.endsWith(".log") || name.endsWith(".txt")) && !name.equals("truth.json")
                        && !name.contains(".approved.") && !name.contains(".received.") && !name.equals("counters.json")
                        // a warm process's log holds its eager and warmup calls only: it is read as the warm start of the
                        // log beside it (WarmStartChecksEngineTest), not as a run of its own
                        && !name.startsWith("warm_");
            }).sorted().toList();
        }
    }

    @Test
    void noCheckPassesOnAFigureItsSourceDidNotMeasure(TestReporter report) throws IOException {
        List<Asked> checks = allChecks();
        List<String> violations = new ArrayList<>();
        Map<SourceShape, Integer> fixturesByShape = new TreeMap<>();
        Map<Outcome, Integer> outcomes = new TreeMap<>();
        int cells = 0;
        for (Path file : traces()) {
            Trace trace;
            try {
                trace = read(file);
            } catch (TraceRefusedException refused) {
                continue;
            }
            if (trace.run("baseline").isEmpty()) {
                continue;
            }
            Receipt truth = Receipt.of(trace);
            SourceShape shape = shape(truth).orElseThrow(() -> new AssertionError(file + ": its limits match no SourceShape: "
                    + truth.limits()));
            fixturesByShape.merge(shape, 1, Integer::sum);
            List<Receipt> receipts = new ArrayList<>(List.of(truth));
            Arrays.stream(Mutant.values()).map(mutant -> mutant.receiptOf(trace)).forEach(receipts::add);
            for (Receipt receipt : receipts) {
                for (Asked asked : checks) {
                    Coverage coverage = asked.check().unmeasuredHere().test(receipt) ? Coverage.NOT_MEASURED
                            : coverage(receipt, asked.check().reads().apply(receipt));
                    boolean noCalls = asked.phase().isPresent() && baseline(receipt).hasPhases()
                            && baseline(receipt).phase(asked.phase().get()).calls() == 0;
                    Outcome outcome = ask(asked.check(), receipt);
                    outcomes.merge(outcome, 1, Integer::sum);
                    cells++;
                    boolean partial = asked.check().perCall() && outcome == Outcome.PASSED;
                    if (!partial && !allowed(outcome, coverage, noCalls, asked.check().timing())) {
                        violations.add(Fixtures.dir().relativize(file) + " (" + shape.label() + ") "
                                + (receipt == truth ? "" : "mutant ") + asked.check().name()
                                + asked.phase().map(p -> "(" + p.id() + ")").orElse("") + ": " + coverage.id() + " figures, " + outcome);
                    }
                }
            }
        }
        assertThat(fixturesByShape.keySet()).as("every source shape is walked").containsExactly(SourceShape.values());
        String walk = checks.size() + " checks (" + receiptChecks().size() + " without a phase, "
                + phaseChecks(Phase.STEADY).size() + " per phase) x " + fixturesByShape + " fixtures, each on its receipt and"
                + " its 5 mutants' = " + cells + " cells: " + outcomes;
        report.publishEntry("walk", walk);
        // Surefire keeps what a test prints beside its report; the count is read from there.
        System.out.println("walk: " + walk);
        assertThat(violations).as("checks that broke the rule").isEmpty();
        assertThat(cells).isGreaterThan(10_000);
    }

    @Test
    void everyPublicCheckIsWalked() {
        Set<String> walked = new TreeSet<>();
        allChecks().forEach(asked -> walked.add(asked.check().name()));
        Set<String> published = new TreeSet<>();
        for (Class<?> type : ASSERTS) {
            for (Method method : type.getMethods()) {
                if (Modifier.isPublic(method.getModifiers()) && !Modifier.isStatic(method.getModifiers())
                        && method.getDeclaringClass().getPackageName().equals("dev.compilereceipt.assertj")
                        && !NOT_CHECKS.contains(method.getName())) {
                    published.add(method.getName());
                }
            }
        }
        assertThat(walked).as("the walk names every public check of " + ASSERTS).containsAll(published);
    }
}
