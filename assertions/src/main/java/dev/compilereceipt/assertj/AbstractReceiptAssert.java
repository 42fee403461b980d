package dev.compilereceipt.assertj;

import dev.compilereceipt.approval.ApprovalRules;
import dev.compilereceipt.approval.Margin;
import dev.compilereceipt.approval.ReceiptApproval;
import dev.compilereceipt.approval.TimeBands;
import dev.compilereceipt.approval.TimeFamily;
import dev.compilereceipt.assertj.internal.ApprovalChecks;
import dev.compilereceipt.assertj.internal.BreakSiteChecks;
import dev.compilereceipt.assertj.internal.ComparisonChecks;
import dev.compilereceipt.assertj.internal.CompileChecks;
import dev.compilereceipt.assertj.internal.PhaseTimeChecks;
import dev.compilereceipt.assertj.internal.Piece;
import dev.compilereceipt.assertj.internal.ProfileSource;
import dev.compilereceipt.assertj.internal.ReceiptScope;
import dev.compilereceipt.assertj.internal.RecompileCauseChecks;
import dev.compilereceipt.diff.FigurePattern;
import dev.compilereceipt.diff.ReceiptDiff;
import dev.compilereceipt.receipt.BreakSite;
import dev.compilereceipt.receipt.Comparison;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.RecompileCause;
import dev.compilereceipt.receipt.RecompileKind;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.receipt.Trade;
import dev.compilereceipt.trace.BreakKind;
import dev.compilereceipt.trace.Phase;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.AbstractObjectAssert;
import org.assertj.core.api.AssertionInfo;
import org.assertj.core.api.SoftAssertionsProvider;

/**
 * Checks on a receipt, in the words of the findings they guard. Every check holds for every run in
 * scope: all runs of the receipt (a single capture has one), or the one run chosen with
 * {@link #run(String)}, which returns an assert with the same checks. A figure the trace's source did
 * not measure never passes: the check fails with "not measured by this source" and what would
 * measure it. The assert decides nothing itself: as AssertJ's asserts hand their checks to
 * {@code Iterables}, each check here is one call into {@code dev.compilereceipt.assertj.internal}.
 *
 * <p>A <b>recompile</b>, for {@link #hasNoRecompilesIn(Phase...)}, is what
 * {@link Receipt#recompiledCalls(String, Phase)} says it is: the engine defines it, the checks only read it.
 *
 * <p>A source without per-call markers (a TORCH_TRACE log without them, TORCH_LOGS text) is checked
 * against its compile log where a check can be (fallbacks, break sites): a break site is then the one
 * the log reported, what it is can be checked, who crossed it is not measured. A check that compares
 * the runs refuses a phase whose runs have unequal call counts.
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
        extends AbstractObjectAssert<SELF, ACTUAL> {

    /** The run label the checks are narrowed to; empty for every run. */
    Optional<String> narrowedTo = Optional.empty();
    /** The soft assertions this assert was made by, so that navigation stays soft; null for hard assertions. */
    SoftAssertionsProvider softly;
    /** What {@link #matchesApprovedReceipt()} leaves out, as {@link ReceiptDiff#ignoring(String...)} takes it. */
    List<String> ignoredFigures = List.of();
    /** How {@link #matchesApprovedReceipt()} compares: every figure exact unless {@link #within} or {@link #ratchet()} say otherwise. */
    ApprovalRules approvalRules = ApprovalRules.EXACT;

    protected AbstractReceiptAssert(ACTUAL actual, Class<?> selfType) {
        super(actual, selfType);
    }

    /**
     * Leaves these figures out of {@link #matchesApprovedReceipt()}: paths such as {@code runs.*.phases.*.wall_ms}
     * ({@code *} for part of a segment, {@code **} for any number of segments, a path covering everything below it).
     * Nothing is ignored unless named here or with {@link #compileSideOnly()}; the other checks are not affected.
     */
    public SELF ignoring(String... figures) {
        Arrays.stream(figures).forEach(FigurePattern::of);
        ignoredFigures = Stream.concat(ignoredFigures.stream(), Arrays.stream(figures)).toList();
        return myself;
    }

    /** Compares only the compile side in {@link #matchesApprovedReceipt()}: every time ({@code *_ms}, the ratios) is left out ({@link ReceiptDiff#COMPILE_SIDE}). */
    public SELF compileSideOnly() {
        return ignoring(ReceiptDiff.COMPILE_SIDE.toArray(String[]::new));
    }

    /**
     * Compares times within these bands in {@link #matchesApprovedReceipt()}: each time figure between
     * its measured min and max over repeated runs ({@code receipt bands TRACE... -o BANDS.json}), widened
     * by its family's margin; a time the bands lack, within its margin of the approved value. Counts stay
     * exact. Beyond its band a time fails whichever way it moved, naming the band, the factor and the value to approve.
     */
    public SELF within(TimeBands bands) {
        approvalRules = approvalRules.within(bands);
        return myself;
    }

    /** As {@link #within(TimeBands)}, the bands read from a {@code compile-receipt-bands/1} file. */
    public SELF within(Path bandsFile) {
        return within(TimeBands.read(bandsFile));
    }

    /**
     * Compares times within their margins in {@link #matchesApprovedReceipt()}: the approved value plus or
     * minus 25% of it and 50 ms (ratios 25% and 0.1), or what {@link #withMargin} sets; counts stay exact.
     */
    public SELF withinTimeMargins() {
        approvalRules = approvalRules.withinMargins();
        return myself;
    }

    /** Sets one time family's margin ({@code compile}, {@code start}, {@code wall}, {@code eager}, {@code ratio}; {@code "10%+100"}) and compares times within their margins. */
    public SELF withMargin(String family, String margin) {
        approvalRules = approvalRules.withMargin(TimeFamily.named(family), Margin.parse(margin));
        return myself;
    }

    /** Ratchet mode for {@link #matchesApprovedReceipt()}: an improved count fails too, saying "improved: approve it so it stays improved". */
    public SELF ratchet() {
        approvalRules = approvalRules.withRatchet(true);
        return myself;
    }

    /** Keeps the approved receipt per PyTorch release in {@link #matchesApprovedReceipt()} ({@code trace.json.torch-2.14.approved.json}). */
    public SELF perRelease() {
        approvalRules = approvalRules.withPerRelease(true);
        return myself;
    }

    /**
     * Checks that the whole receipt equals the approved receipt kept beside its fixture
     * ({@code <fixture>.approved.json}), save what {@link #ignoring(String...)} names. The receipt
     * must have been handed to the running test by a test framework that knows its fixture
     * ({@code @TraceFixture}, through the {@link dev.compilereceipt.approval.ApprovalContext} it
     * provides). What a missing or different approved receipt does depends on
     * {@code compilereceipt.approve} ({@code readonly}, {@code missing}, {@code overwrite}; see
     * {@link dev.compilereceipt.approval.ApprovalMode}); a failure lists the differing figures, most
     * important first, writes {@code <fixture>.received.json} and says how to approve it. A narrowed
     * assert still compares the whole receipt.
     */
    public SELF matchesApprovedReceipt() {
        return checked((info, scope) -> ApprovalChecks.matches(info, ReceiptApproval.check(actual, ignoredFigures, approvalRules)));
    }

    /** As {@link #matchesApprovedReceipt()}, with the approved receipt beside {@code fixture}, for a receipt made in code; needs no test framework. */
    public SELF matchesApprovedReceipt(Path fixture) {
        return checked((info, scope) -> ApprovalChecks.matches(info, ReceiptApproval.check(actual, fixture, ignoredFigures, approvalRules)));
    }

    /** Narrows every check to the run with this label; fails when the receipt has no such run. */
    public ReceiptAssert run(String label) {
        return navigate(ReceiptAssert.class, Receipt.class, () -> scope().run(info, label), ReceiptAssert::new, (narrowed, from) -> {
            narrowed.narrowedTo = Optional.of(label);
            narrowed.ignoredFigures = ignoredFigures;
            narrowed.approvalRules = approvalRules;
        });
    }

    /** Checks that no call of these phases compiled a new graph variant, in every run in scope. */
    public SELF hasNoNewGraphVariantsIn(Phase... phases) {
        return checked((info, scope) -> CompileChecks.hasNoNewGraphVariantsIn(info, scope, phases));
    }

    /** Checks that no call of these phases recompiled ({@link Receipt#recompiledCalls}), in every run in scope. */
    public SELF hasNoRecompilesIn(Phase... phases) {
        return checked((info, scope) -> CompileChecks.hasNoRecompilesIn(info, scope, phases));
    }

    /** Checks that every run in scope compiled at most {@code max} new variants in {@code phase}. */
    public SELF hasAtMostCompilesIn(Phase phase, int max) {
        return checked((info, scope) -> CompileChecks.hasAtMostCompilesIn(info, scope, phase, max));
    }

    /** Checks that no frame gave up compiling and ran eagerly, in any phase of every run in scope. */
    public SELF hasNoFallbacks() {
        return checked((info, scope) -> CompileChecks.hasNoFallbacks(info, scope));
    }

    /** Checks that every call of a compiled phase ran compiled code: none whose cache outcome is {@code eager} (say after a recompile limit). */
    public SELF hasNoEagerCallsIn(Phase phase) {
        return checked((info, scope) -> CompileChecks.hasNoEagerCallsIn(info, scope, phase));
    }

    /** Checks that no call of {@code phase} crossed more than {@code max} graph breaks, in every run in scope. */
    public SELF hasAtMostBreaksPerCall(Phase phase, int max) {
        return checked((info, scope) -> CompileChecks.hasAtMostBreaksPerCall(info, scope, phase, max));
    }

    /**
     * Checks that every graph break crossed is at one of these sites ({@code file:line}, matched on whole path segments
     * from the end, so {@code scenarios.py:31} names {@code /rt/scenarios.py:31}); with no sites, that nothing broke at all.
     */
    public SELF hasBreaksOnlyAt(String... sites) {
        return checked((info, scope) -> BreakSiteChecks.hasBreaksOnlyAt(info, scope, sites));
    }

    /**
     * Checks that no break site in scope is of these kinds ({@link BreakKind#DEVICE_SYNC}, ...); a skipped frame is
     * {@link BreakKind#FRAME_SKIP} whatever its cause. The IDE diff lists every site with its kind, expected without the offending.
     */
    public SELF hasNoBreaksOfKind(BreakKind... kinds) {
        return checked((info, scope) -> BreakSiteChecks.hasNoBreaksOfKind(info, scope, kinds));
    }

    /**
     * Checks that every break site in scope is of one of these kinds; with none, that nothing broke. Where the source may
     * have missed a frame skip (PyTorch 2.6's text), a site may truly be a {@link BreakKind#FRAME_SKIP}: unless allowed, the check says so.
     */
    public SELF hasBreaksOnlyOfKinds(BreakKind... kinds) {
        return checked((info, scope) -> BreakSiteChecks.hasBreaksOnlyOfKinds(info, scope, kinds));
    }

    /**
     * Checks that no break site in scope is in the user's code under {@code path} ({@code mymodel/}, on whole path segments):
     * by its user frame (the innermost frame of {@code User code traceback:} outside PyTorch), else by the site when it is not
     * in PyTorch's files. A site inside PyTorch whose source names no user frame fails too: the check does not guess.
     */
    public SELF hasNoBreaksUnder(String path) {
        return checked((info, scope) -> BreakSiteChecks.hasNoBreaksUnder(info, scope, path));
    }

    /**
     * Checks that no recompile in scope was caused by a guard on {@code subject}, as PyTorch writes it ({@code L['x'].size()[0]}) or
     * plainly ({@code x.size()[0]}), on 2.6 and 2.14 alike; where causes exist and none is on {@code subject}, it fails.
     */
    public SELF hasNoRecompilesCausedBy(String subject) {
        return checked((info, scope) -> RecompileCauseChecks.hasNoRecompilesCausedBy(info, scope, subject));
    }

    /** As {@link #hasNoRecompilesCausedBy}, on the local {@code name} and what it reaches ({@code x}: {@code L['x'].size()[0]}, not {@code xs}). */
    public SELF hasNoRecompilesCausedByGuardsOn(String name) { return checked((info, scope) -> RecompileCauseChecks.hasNoRecompilesCausedByGuardsOn(info, scope, name)); }

    /** Checks that every recompile cause in scope is of one of these kinds ({@link RecompileKind}); with none, that nothing recompiled on a guard. */
    public SELF hasRecompileCausesOnlyOfKinds(RecompileKind... kinds) {
        return checked((info, scope) -> RecompileCauseChecks.hasRecompileCausesOnlyOfKinds(info, scope, kinds));
    }

    /** Checks that the receipt has no failure codes ({@code UNEQUAL_PHASE_SAMPLES:<phase>}, {@code OUTPUT_MISMATCH:<call>}; narrowed, only the run's). */
    public SELF hasNoFailures() {
        return checked((info, scope) -> ComparisonChecks.hasNoFailures(info, scope));
    }

    /** Checks that baseline and candidate have as many calls in every phase, so every phase is compared; looks at both runs even when narrowed. */
    public SELF hasEqualSamples() {
        return checked((info, scope) -> ComparisonChecks.hasEqualSamples(info, scope));
    }

    /** Checks that the candidate's median wall time in {@code phase} is at most {@code factor} times the baseline's. */
    public SELF candidateMedianIsAtMost(Phase phase, double factor) {
        return checked((info, scope) -> ComparisonChecks.candidateMedianIsAtMost(info, scope, phase, factor));
    }

    /** Checks that the candidate crossed fewer graph breaks per call than the baseline in {@code phase}. */
    public SELF candidateHasFewerBreaksPerCallIn(Phase phase) {
        return checked((info, scope) -> ComparisonChecks.candidateHasFewerBreaksPerCallIn(info, scope, phase));
    }

    /** Checks that the eager islands of {@code phase} took at most {@code maxMs} in all, in every run in scope. */
    public SELF hasEagerIslandTimeAtMost(Phase phase, double maxMs) {
        return checked((info, scope) -> PhaseTimeChecks.hasEagerIslandTimeAtMost(info, scope, phase, maxMs));
    }

    /** Checks that compiling (successful or not) in {@code phase} took at most {@code maxMs} in all, in every run in scope. */
    public SELF hasCompileTimeAtMost(Phase phase, double maxMs) {
        return checked((info, scope) -> PhaseTimeChecks.hasCompileTimeAtMost(info, scope, phase, maxMs));
    }

    /** The figures of {@code phase} of the one run in scope; narrow a two-run receipt with {@link #run(String)} first. */
    public PhaseFiguresAssert phase(Phase phase) {
        return navigate(PhaseFiguresAssert.class, PhaseFigures.class, () -> scope().phase(info, phase), PhaseFiguresAssert::new,
                (figures, from) -> figures.navigatedFrom(from, ProfileSource.of(actual)));
    }

    /** The break site {@code site} of the one run in scope (in a source without calls, as its compile log reported it); fails when there is none. */
    public BreakSiteAssert breakSite(String site) {
        return navigate(BreakSiteAssert.class, BreakSite.class, () -> BreakSiteChecks.site(info, scope(), site), BreakSiteAssert::new,
                (found, from) -> found.navigatedFrom(from, ProfileSource.of(actual)));
    }

    /** The recompile cause of the one run in scope whose subject is {@code subject}; fails when none is. */
    public RecompileCauseAssert recompileCause(String subject) {
        return navigate(RecompileCauseAssert.class, RecompileCause.class, () -> RecompileCauseChecks.cause(info, scope(), subject),
                RecompileCauseAssert::new, (cause, from) -> cause.navigatedFrom = from);
    }

    /** The baseline/candidate comparison of {@code phase}, compared or refused; fails when there is none. */
    public ComparisonAssert comparison(Phase phase) {
        return navigate(ComparisonAssert.class, Comparison.class, () -> ComparisonChecks.comparison(info, scope(), phase),
                ComparisonAssert::new, (comparison, from) -> comparison.navigatedFrom = from);
    }

    /**
     * The trade: what the candidate costs more cold against what it saves steady (not a phase's median ratio, which
     * {@link #comparison(Phase)} checks); fails when there is none (one run, no per-call figures, phases not comparable).
     */
    public TradeAssert trade() {
        return navigate(TradeAssert.class, Trade.class, () -> ComparisonChecks.trade(info, scope()), TradeAssert::new,
                (trade, from) -> trade.navigatedFrom = from);
    }

    /** The warm start ({@code cold_start}) of every run in scope. */
    @SuppressWarnings("unchecked")
    public WarmStartAssert warmStart() {
        return navigate(WarmStartAssert.class, (Class<List<RunFigures>>) (Class<?>) List.class, () -> scope().warmStart(),
                WarmStartAssert::new, (warm, from) -> warm.navigatedFrom = from);
    }

    /** The compile stages of {@code phase} in every run in scope; a source without calls has no phases. */
    @SuppressWarnings("unchecked")
    public CompileStagesAssert compileStages(Phase phase) {
        return navigate(CompileStagesAssert.class, (Class<Map<String, PhaseFigures>>) (Class<?>) Map.class,
                () -> scope().compileStages(info, phase), CompileStagesAssert::new, (stages, from) -> stages.reachedFrom(from, actual));
    }

    /** One check of {@code dev.compilereceipt.assertj.internal} on the runs in scope: the assert only hands it on. */
    private SELF checked(BiConsumer<AssertionInfo, ReceiptScope> check) {
        check.accept(info, scope());
        return myself;
    }

    /** The runs in scope, after checking there is a receipt at all. */
    private ReceiptScope scope() {
        isNotNull();
        return new ReceiptScope(actual, narrowedTo);
    }

    /** Where a navigation leads, hard or soft; a description given with {@code as(...)} and the representation go along, as in AssertJ. */
    private <A extends AbstractAssert<A, T>, T> A navigate(Class<A> type, Class<T> actualType, Supplier<Piece<T>> find,
                                                          Function<T, A> hard, BiConsumer<A, String> from) {
        A navigated = SoftNavigation.to(softly, type, actualType, find, hard, from).withRepresentation(info.representation());
        // The subject names where it came from; a description is only the user's own (as(...)).
        String prefix = info.descriptionText();
        return prefix.isEmpty() ? navigated : navigated.as(prefix);
    }
}
