package dev.compilereceipt.assertj;

import static dev.compilereceipt.trace.Phase.CHANGED;
import static dev.compilereceipt.trace.Phase.STEADY;
import static dev.compilereceipt.assertj.CompileAssertFactories.PHASE_FIGURES;
import static dev.compilereceipt.assertj.CompileAssertFactories.RECEIPT;
import static dev.compilereceipt.assertj.Messages.lines;
import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.ledger.CallCache;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.RecompileKind;
import dev.compilereceipt.trace.BreakKind;
import org.assertj.core.api.junit.jupiter.InjectSoftAssertions;
import org.assertj.core.api.junit.jupiter.SoftAssertionsExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Soft assertions collect every failure, navigation included; the factories plug into asInstanceOf. */
@ExtendWith(SoftAssertionsExtension.class)
class SoftCompileAssertionsTest {

    @InjectSoftAssertions
    private SoftCompileAssertions injected;

    private final Receipt printBridge = Fixtures.printBridge();
    private final Receipt intSpec = Fixtures.intSpec();

    @Test
    void collectsSeveralFailuresIncludingThroughNavigation() {
        SoftCompileAssertions softly = new SoftCompileAssertions();
        softly.assertThat(printBridge).hasNoNewGraphVariantsIn(STEADY).hasAtMostCompilesIn(CHANGED, 1);
        softly.assertThat(printBridge).run("baseline").phase(STEADY).hasBreaks(0).hasCacheHits(16);
        softly.assertThat(intSpec.ledger()).row("baseline", "b13").hasCache(CallCache.HIT);
        softly.assertThat(intSpec).run("candidate").hasNoRecompilesIn(STEADY);

        // failing: compiles in changed (baseline 2 > 1), baseline steady breaks (8, not 0), b13's cache (eager)
        // AssertJ ends each collected message with the line of the soft check ("at ...Test.java:NN)")
        assertThat(softly.errorsCollected()).extracting(Throwable::getMessage).satisfiesExactly(
                message -> assertThat(message).startsWith(lines("""

                        Expecting
                          print-bridge receipt (runs baseline, candidate)
                        to compile at most 1 variant in changed
                        but run baseline compiled 2 variants:
                          baseline: 1 recompile in changed because `L['x'].size()[0]` (a tensor size) took a new value (16)
                            b12 -> 0/1  0/0: tensor 'L['x']' size mismatch at index 0. expected 8, actual 16
                            hint: torch._dynamo.mark_dynamic(x, dim) or torch.compile(dynamic=True) compiles one graph for many sizes
                          baseline: 1 recompile in changed because `L['y'].size()[0]` (a tensor size) took a new value (16)
                            b12 -> 1/1  1/0: tensor 'L['y']' size mismatch at index 0. expected 8, actual 16
                          run       call  phase    family  graphs   cache    compile ms
                          baseline  b12   changed  n16     0/1 1/1  compile  2155.343""") + System.lineSeparator() + "at "),
                message -> assertThat(message).startsWith(lines("""

                        Expecting
                          phase steady (8 calls) of run baseline of the print-bridge receipt
                        to have 0 breaks
                        but it had 8 breaks""") + System.lineSeparator() + "at "),
                message -> assertThat(message).startsWith(lines("""

                        Expecting
                          call b13 of run baseline (steady, family base)
                        to have cache outcome hit
                        but it was eager""") + System.lineSeparator() + "at "));
    }

    @Test
    void aNavigationThatFindsNothingIsCollectedAndTheChecksAfterItDoNothing() {
        SoftCompileAssertions softly = new SoftCompileAssertions();
        softly.assertThat(printBridge).run("nope").hasNoFallbacks().phase(STEADY).hasBreaks(0);
        softly.assertThat(printBridge).run("baseline").breakSite("nope.py:1").hasCalls(3).hasKind(BreakKind.DEVICE_SYNC);
        softly.assertThat(intSpec).run("candidate").recompileCause("flag").hasKind(RecompileKind.values()[0]);
        softly.assertThat(intSpec.ledger()).row("baseline", "zz").hasCache(CallCache.HIT);
        // a failure after the failed navigations is collected too
        softly.assertThat(printBridge).run("baseline").phase(STEADY).hasBreaks(0);

        String at = System.lineSeparator() + "at SoftCompileAssertionsTest.aNavigationThatFindsNothingIsCollectedAndTheChecksAfterItDoNothing"
                + "(SoftCompileAssertionsTest.java:";
        assertThat(softly.errorsCollected()).extracting(Throwable::getMessage).satisfiesExactly(
                message -> assertThat(message).startsWith(lines("""

                        Expecting
                          print-bridge receipt (runs baseline, candidate)
                        to have a run labelled nope
                        but it has runs baseline, candidate""") + at),
                message -> assertThat(message).startsWith(lines("""

                        Expecting
                          run baseline of the print-bridge receipt
                        to have crossed break site nope.py:1
                        but it crossed only [scenarios.py:31]""") + at),
                message -> assertThat(message).startsWith(lines("""

                        Expecting
                          run candidate of the int-spec receipt
                        to have a recompile cause on `flag`
                        but it has no recompile causes""") + at),
                message -> assertThat(message).startsWith(lines("""

                        Expecting
                          ledger of 32 calls
                        to have a row for call zz of run baseline
                        but run baseline has calls b00..b15""") + at),
                message -> assertThat(message).startsWith(lines("""

                        Expecting
                          phase steady (8 calls) of run baseline of the print-bridge receipt
                        to have 0 breaks
                        but it had 8 breaks""") + at));
        assertThat(softly.wasSuccess()).isFalse();
    }

    @Test
    void passesWhenEveryCheckHolds() {
        SoftCompileAssertions softly = new SoftCompileAssertions();
        softly.assertThat(intSpec).run("candidate").hasNoNewGraphVariantsIn(STEADY, CHANGED).hasNoEagerCallsIn(STEADY);
        softly.assertThat(printBridge.comparison(STEADY).orElseThrow()).isCompared().hasRatioAtMost(1);
        softly.assertAll();
        assertThat(softly.errorsCollected()).isEmpty();
    }

    @Test
    void worksWithTheSoftAssertionsExtension() {
        injected.assertThat(printBridge).run("candidate").hasBreaksOnlyAt().hasAtMostBreaksPerCall(STEADY, 0);
        injected.assertThat(printBridge).candidateHasFewerBreaksPerCallIn(STEADY);
        assertThat(injected.errorsCollected()).isEmpty();
    }

    @Test
    void theExtensionInjectsAParameterToo(SoftCompileAssertions softly) {
        // the extension calls assertAll after the test: these checks hold, so the test passes
        softly.assertThat(intSpec).run("candidate").hasNoFallbacks().hasEqualSamples();
        softly.assertThat(intSpec).run("baseline").phase(STEADY).hasFallbacks(1).hasCompiles(7);
    }

    @Test
    void factoriesNarrowAnObject() {
        Object receipt = printBridge;
        Object figures = printBridge.run("candidate").phase(STEADY);
        assertThat(receipt).asInstanceOf(RECEIPT).hasNoFallbacks();
        assertThat(figures).asInstanceOf(PHASE_FIGURES).hasCalls(8).hasBreaks(0);
    }
}
