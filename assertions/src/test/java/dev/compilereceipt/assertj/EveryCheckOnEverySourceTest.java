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
import static dev.compilereceipt.trace.Measure.OUTPUT_CHECKS;
import static dev.compilereceipt.trace.Measure.PHASE_STAGES;
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
            "compileSideOnly", "matchesApprovedReceipt", "warmStart", "compileStages", "perRelease", "ratchet", "withMargin", "within",
            "withinTimeMargins");

    private static final List<Class<?>> ASSERTS = List.of(ReceiptAssert.class, PhaseFiguresAssert.class, BreakSiteAssert.class,
            LedgerAssert.class, LedgerRowAssert.class, ComparisonAssert.class, TradeAssert.class, CompileStagesAssert.class);

    /**
     * What a check answered. {@code UNCLASSIFIED} is an exception the walk does not know (a check that throws
     * {@code UnsupportedOperationException}, a {@code NullPointerException}): a failure of the walk, never a pass.
     */
    private enum Outcome { PASSED, NOT_MEASURED, NO_CALLS, FAILED, NOT_APPLICABLE, UNCLASSIFIED }

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
                // A failure found is a fact on any source with calls; no failure only where the outputs were checked.
                new Check("hasNoFailures", r -> r.failures().isEmpty() ? EnumSet.of(CALLS, OUTPUT_CHECKS) : EnumSet.of(CALLS), false,
                        false, r -> assertThat(r).hasNoFailures()),
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
                check("hasEagerTimeAtItsBreaks", EnumSet.of(CALLS, BREAKS, EAGER_ISLAND_MS), r -> phase(r, phase).hasEagerTimeAtItsBreaks()),
                // every share is at most 100 %: the question passes wherever the phase's stages were read
                check("hasShareAtMost", EnumSet.of(CALLS, PHASE_STAGES),
                        r -> assertThat(r).compileStages(phase).hasShareAtMost(dev.compilereceipt.trace.Stage.AOT_AUTOGRAD, 1.0)));
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
            // the eager phase is refused by this check as a misuse, on every receipt (theEagerPhaseIsNoQuestionOfEagerCalls)
            phaseChecks(phase).stream().filter(c -> phase.isCompiled() || !c.name().equals("hasNoEagerCallsIn"))
                    .forEach(c -> all.add(new Asked(c, Optional.of(phase))));
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
        } catch (RuntimeException unknown) {
            return Outcome.UNCLASSIFIED;
        }
    }

    /**
     * What the rule allows for a check whose figures are {@code coverage} in a receipt: on a phase
     * without calls a timing check must say so, any other check may.
     */
    private static boolean allowed(Outcome outcome, Coverage coverage, boolean phaseWithoutCalls, boolean timing) {
        if (outcome == Outcome.UNCLASSIFIED) {
            return false;
        }
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
            Measure.AOTAUTOGRAD_CACHE.id(), Measure.RECOMPILE_CAUSES.id(), Measure.BREAK_SITES.id(), OUTPUT_CHECKS.id(),
            PHASE_STAGES.id());

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

    /** One input the walk reads: a file alone, a profile with its log, or a log with the warm log beside it. */
    private record Source(String name, Path file, Optional<Path> warm) {
    }

    /**
     * A trace; a torch.profiler trace with the log beside it, and the phases of a file {@code phases} or else those
     * the log's markers give; a log paired with the warm log beside it.
     */
    private static Trace read(Source source) throws IOException {
        Path file = source.file();
        if (source.warm().isPresent()) {
            return Traces.read(TraceRequest.of(file).withWarmLog(source.warm().get()));
        }
        if (file.getFileName().toString().equals("profile.json")) {
            TraceRequest request = TraceRequest.of(file).withLog(file.resolveSibling("torch_trace.log"));
            Path phases = file.resolveSibling("phases");
            return Traces.read(Files.isRegularFile(phases) ? request.withPhases(CallPhases.parse(Files.readString(phases).strip()))
                    : request.withCallSpan("compile_receipt_call").withRun("baseline"));
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
                        // log beside it (a source of its own below), not as a run of its own
                        && !name.startsWith("warm_");
            }).sorted().toList();
        }
    }

    /** Every fixture alone, and each log with a warm log beside it also as a warm pair. */
    private static List<Source> sources() throws IOException {
        List<Source> sources = new ArrayList<>();
        for (Path file : traces()) {
            String name = Fixtures.dir().relativize(file).toString();
            sources.add(new Source(name, file, Optional.empty()));
            Path warm = file.resolveSibling("warm_" + file.getFileName());
            if (Files.isRegularFile(warm)) {
                sources.add(new Source(name + " --warm " + warm.getFileName(), file, Optional.of(warm)));
            }
        }
        return sources;
    }

    /** What a walk found: its violations and its counts. */
    private record Walk(List<String> violations, Map<SourceShape, Integer> sourcesByShape, Map<Outcome, Integer> outcomes,
                        int sources, int checks, int cells) {
        String counts() {
            return checks + " checks x " + sources + " sources " + sourcesByShape + ", each on its receipt and its "
                    + Mutant.values().length + " mutants' = " + cells + " cells: " + outcomes;
        }
    }

    /**
     * Every check on every source's receipt and its mutants'. A violation is a cell the rule does not allow, an
     * outcome the walk cannot classify, or a check that no receipt could be asked (it threw on every one: a walk that
     * asked nothing proved nothing).
     */
    private static Walk walk(List<Asked> checks, List<Source> sources) throws IOException {
        List<String> violations = new ArrayList<>();
        Map<SourceShape, Integer> byShape = new TreeMap<>();
        Map<Outcome, Integer> outcomes = new TreeMap<>();
        Map<String, Integer> decided = new java.util.LinkedHashMap<>();
        checks.forEach(asked -> decided.put(label(asked), 0));
        int cells = 0;
        int walked = 0;
        for (Source source : sources) {
            Trace trace;
            try {
                trace = read(source);
            } catch (TraceRefusedException refused) {
                continue;
            }
            if (trace.run("baseline").isEmpty()) {
                continue;
            }
            Receipt truth = Receipt.of(trace);
            SourceShape shape = shape(truth).orElseThrow(() -> new AssertionError(source.name() + ": its limits match no SourceShape: "
                    + truth.limits()));
            byShape.merge(shape, 1, Integer::sum);
            walked++;
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
                    if (outcome != Outcome.NOT_APPLICABLE && outcome != Outcome.UNCLASSIFIED) {
                        decided.merge(label(asked), 1, Integer::sum);
                    }
                    boolean partial = asked.check().perCall() && outcome == Outcome.PASSED;
                    if (!partial && !allowed(outcome, coverage, noCalls, asked.check().timing())) {
                        violations.add(source.name() + " (" + shape.label() + ") " + (receipt == truth ? "" : "mutant ")
                                + label(asked) + ": " + coverage.id() + " figures, " + outcome);
                    }
                }
            }
        }
        decided.forEach((check, count) -> {
            if (count == 0) {
                violations.add(check + ": asked of no receipt (it threw on every one)");
            }
        });
        return new Walk(violations, byShape, outcomes, walked, checks.size(), cells);
    }

    private static String label(Asked asked) {
        return asked.check().name() + asked.phase().map(p -> "(" + p.id() + ")").orElse("");
    }

    @Test
    void noCheckPassesOnAFigureItsSourceDidNotMeasure(TestReporter report) throws IOException {
        List<Asked> checks = allChecks();
        Walk walk = walk(checks, sources());
        String counts = walk.counts() + " (" + receiptChecks().size() + " checks without a phase, " + phaseChecks(Phase.STEADY).size()
                + " per phase)";
        report.publishEntry("walk", counts);
        // Surefire keeps what a test prints beside its report; the count is read from there.
        System.out.println("walk: " + counts);
        assertThat(walk.sourcesByShape().keySet()).as("every source shape is walked").containsExactly(SourceShape.values());
        assertThat(walk.violations()).as("checks that broke the rule").isEmpty();
        assertThat(walk.cells()).isGreaterThan(10_000);
        assertThat(walk.outcomes()).doesNotContainKey(Outcome.UNCLASSIFIED);
    }

    /** The one question the walk leaves out, since it is no question: every call of the eager control runs eagerly. */
    @Test
    void theEagerPhaseIsNoQuestionOfEagerCalls() {
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> assertThat(Fixtures.printBridge()).hasNoEagerCallsIn(Phase.EAGER))
                .withMessage("phase eager is the uncompiled control: its calls run eagerly by design; check warmup, steady or changed");
    }

    /** Issue #41: profiles with their logs, warm pairs, texts with one logger off and marked texts are all walked. */
    @Test
    void theWalkReadsEveryKindOfInput() throws IOException {
        List<String> names = sources().stream().map(Source::name).toList();

        assertThat(names).contains("profiler/2.14-graph-break/profile.json", "profiler/2.6-plain/profile.json",
                "warm-start/2.14-print-bridge/torch_trace.log --warm warm_torch_trace.log",
                "loggers-off/2.6-print-bridge-graph-breaks-only/torch_logs.txt",
                "loggers-off/2.6-print-bridge-recompiles-only/torch_logs.txt",
                "torch-logs/2.14-print-bridge-marked/torch_logs.txt", "torch-logs/2.6-print-bridge-marked/torch_logs.txt");
        assertThat(names.stream().filter(name -> name.contains(" --warm "))).hasSize(18);
        assertThat(names.stream().filter(name -> name.endsWith("profile.json"))).hasSize(6);
    }

    /**
     * The walk can fail: a check that throws what the walk does not know, one that throws a structural exception on
     * every receipt, and one that passes on a figure its source did not measure each break it, named.
     */
    @Test
    void theWalkFailsOnWhatItCannotClassifyOrAVacuousGreen() throws IOException {
        List<Source> sources = List.of(new Source("print-bridge/torch_trace.log", Fixtures.dir().resolve("print-bridge/torch_trace.log"),
                Optional.empty()));
        List<Asked> broken = List.of(
                new Asked(check("throwsUnknown", EnumSet.noneOf(Measure.class), r -> {
                    throw new UnsupportedOperationException("not written yet");
                }), Optional.empty()),
                new Asked(check("neverAsked", EnumSet.noneOf(Measure.class), r -> {
                    throw new IllegalStateException("no such figure");
                }), Optional.empty()),
                new Asked(check("passesOnCacheHits", EnumSet.of(CACHE_HITS), r -> { }), Optional.empty()));

        Walk walk = walk(broken, sources);

        String marked = "print-bridge/torch_trace.log (TORCH_TRACE with per-call markers) ";
        List<String> expected = new ArrayList<>();
        expected.add(marked + "throwsUnknown: measured figures, UNCLASSIFIED");
        expected.add(marked + "passesOnCacheHits: not measured figures, PASSED");
        for (Mutant mutant : Mutant.values()) {
            expected.add(marked + "mutant throwsUnknown: measured figures, UNCLASSIFIED");
            expected.add(marked + "mutant passesOnCacheHits: not measured figures, PASSED");
        }
        expected.add("throwsUnknown: asked of no receipt (it threw on every one)");
        expected.add("neverAsked: asked of no receipt (it threw on every one)");
        assertThat(walk.violations()).containsExactlyElementsOf(expected);
        assertThat(walk.counts()).isEqualTo("3 checks x 1 sources {TORCH_TRACE_MARKED=1}, each on its receipt and its 5 mutants'"
                + " = 18 cells: {PASSED=6, NOT_APPLICABLE=6, UNCLASSIFIED=6}");
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
