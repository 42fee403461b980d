package dev.compilereceipt.assertj;

import static dev.compilereceipt.trace.Phase.CHANGED;
import static dev.compilereceipt.trace.Phase.EAGER;
import static dev.compilereceipt.trace.Phase.STEADY;
import static dev.compilereceipt.trace.Phase.WARMUP;
import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static dev.compilereceipt.assertj.Messages.lines;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.Traces;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** Every receipt-level check, passing and failing, on the two real captures. */
class ReceiptAssertTest {

    private static final String PRINT =
            "Unsupported: builtin: print [<class 'torch._dynamo.variables.constant.ConstantVariable'>] True";

    private final Receipt printBridge = Fixtures.printBridge();
    private final Receipt intSpec = Fixtures.intSpec();

    @Test
    void noNewGraphVariantsPassesWhereSteadyOnlyHitsTheCache() {
        // print-bridge steady: b04..b11 and c04..c11 are all hits, new_graph_variants [] in both runs
        assertThat(printBridge).hasNoNewGraphVariantsIn(STEADY);
    }

    @Test
    void noNewGraphVariantsFailsWithTheCompilingCallsAndTheirGuardFailures() {
        // changed: b12 compiled 0/1 and 1/1, c12 compiled 0/1: 2 calls, 3 variants; steady adds none
        assertThatThrownBy(() -> assertThat(printBridge).hasNoNewGraphVariantsIn(STEADY, CHANGED))
                .hasMessage(lines("""

                        Expecting
                          print-bridge receipt (runs baseline, candidate)
                        to have no new graph variants in steady, changed
                        but 2 calls compiled 3 new variants:
                          baseline: 1 recompile in changed because `L['x'].size()[0]` (a tensor size) took a new value (16)
                            b12 -> 0/1  0/0: tensor 'L['x']' size mismatch at index 0. expected 8, actual 16
                            hint: torch._dynamo.mark_dynamic(x, dim) or torch.compile(dynamic=True) compiles one graph for many sizes
                          baseline: 1 recompile in changed because `L['y'].size()[0]` (a tensor size) took a new value (16)
                            b12 -> 1/1  1/0: tensor 'L['y']' size mismatch at index 0. expected 8, actual 16
                          candidate: 1 recompile in changed because `L['x'].size()[0]` (a tensor size) took a new value (16)
                            c12 -> 0/1  0/0: tensor 'L['x']' size mismatch at index 0. expected 8, actual 16
                            hint: torch._dynamo.mark_dynamic(x, dim) or torch.compile(dynamic=True) compiles one graph for many sizes
                          run        call  phase    family  graphs   cache    compile ms
                          baseline   b12   changed  n16     0/1 1/1  compile  2155.343
                          candidate  c12   changed  n16     0/1      compile  1076.581"""));
    }

    @Test
    void narrowingToARunKeepsTheSameChecks() {
        // int-spec candidate compiles only 0/0 in warmup; its baseline compiles 0/1..0/7 in steady
        assertThat(intSpec).run("candidate").hasNoNewGraphVariantsIn(STEADY, CHANGED).hasNoRecompilesIn(STEADY);
        assertThatThrownBy(() -> assertThat(intSpec).run("baseline").hasNoNewGraphVariantsIn(CHANGED).hasNoNewGraphVariantsIn(STEADY))
                .hasMessageStartingWith(lines("""

                        Expecting
                          run baseline of the int-spec receipt
                        to have no new graph variants in steady
                        but 7 calls compiled 7 new variants:
                        """));
    }

    @Test
    void aRunThatIsNotThereFails() {
        assertThatThrownBy(() -> assertThat(printBridge).run("after"))
                .hasMessage(lines("""

                        Expecting
                          print-bridge receipt (runs baseline, candidate)
                        to have a run labelled after
                        but it has runs baseline, candidate"""));
    }

    @Test
    void noRecompilesPassesWhereAFirstCompileIsNoRecompile() {
        // warmup b03 compiles 0/0 and 1/0: new frames (V = 0) without guard failures
        assertThat(printBridge).hasNoRecompilesIn(WARMUP, STEADY);
    }

    @Test
    void noRecompilesFailsOnVariantsAfterTheFirstAndGuardMisses() {
        // b12 compiled 0/1 and 1/1 (V = 1) after size mismatches; c12 compiled 0/1; b13, b14, c13, c14 only hit
        assertThatThrownBy(() -> assertThat(printBridge).hasNoRecompilesIn(CHANGED))
                .hasMessage(lines("""

                        Expecting
                          print-bridge receipt (runs baseline, candidate)
                        not to recompile in changed
                        but 2 calls recompiled:
                          baseline: 1 recompile in changed because `L['x'].size()[0]` (a tensor size) took a new value (16)
                            b12 -> 0/1  0/0: tensor 'L['x']' size mismatch at index 0. expected 8, actual 16
                            hint: torch._dynamo.mark_dynamic(x, dim) or torch.compile(dynamic=True) compiles one graph for many sizes
                          baseline: 1 recompile in changed because `L['y'].size()[0]` (a tensor size) took a new value (16)
                            b12 -> 1/1  1/0: tensor 'L['y']' size mismatch at index 0. expected 8, actual 16
                          candidate: 1 recompile in changed because `L['x'].size()[0]` (a tensor size) took a new value (16)
                            c12 -> 0/1  0/0: tensor 'L['x']' size mismatch at index 0. expected 8, actual 16
                            hint: torch._dynamo.mark_dynamic(x, dim) or torch.compile(dynamic=True) compiles one graph for many sizes
                          run        call  phase    family  graphs   cache    compile ms
                          baseline   b12   changed  n16     0/1 1/1  compile  2155.343
                          candidate  c12   changed  n16     0/1      compile  1076.581"""));
    }

    @Test
    void aFallbackAtTheRecompileLimitCountsAsARecompile() {
        // int-spec b04..b10 compile 0/1..0/7; b11 gives up on 0/8 after 8 guard misses: 8 calls, one cause, not 36 guard lines
        assertThatThrownBy(() -> assertThat(intSpec).run("baseline").hasNoRecompilesIn(STEADY))
                .hasMessage(lines("""

                        Expecting
                          run baseline of the int-spec receipt
                        not to recompile in steady
                        but 8 calls recompiled:
                          baseline: 7 recompiles in steady because `L['n']` (a Python int) took 7 new values (2…8); at 0/8 the recompile limit was hit and the frame fell back to eager
                            b04 -> 0/1  0/0: L['n'] == 1
                            b05 -> 0/2  0/1: L['n'] == 2
                            b06 -> 0/3  0/2: L['n'] == 3
                            … 33 more guard failures in the receipt JSON
                            hint: each value of a Python number is a constant of its own graph: pass it as a tensor to compile one graph for all
                          run       call  phase   family  graphs  cache     compile ms
                          baseline  b04   steady  base    0/1     compile   985.806
                          baseline  b05   steady  base    0/2     compile   1055.525
                          baseline  b06   steady  base    0/3     compile   1055.991
                          baseline  b07   steady  base    0/4     compile   1035.431
                          baseline  b08   steady  base    0/5     compile   1047.873
                          baseline  b09   steady  base    0/6     compile   1023.016
                          baseline  b10   steady  base    0/7     compile   1069.271
                          baseline  b11   steady  base    0/8     fallback  0"""));
    }

    @Test
    void atMostCompilesPassesAtTheLimit() {
        // changed compiles: baseline 2 (0/1, 1/1), candidate 1 (0/1)
        assertThat(printBridge).hasAtMostCompilesIn(CHANGED, 2);
    }

    @Test
    void atMostCompilesFailsWithADiffAndTheCompilingCalls() {
        assertThatThrownBy(() -> assertThat(printBridge).hasAtMostCompilesIn(CHANGED, 1))
                .isInstanceOfSatisfying(AssertionFailedError.class, error -> {
                    org.assertj.core.api.Assertions.assertThat(error.getActual().getValue()).isEqualTo("baseline changed: 2 compiles");
                    org.assertj.core.api.Assertions.assertThat(error.getExpected().getValue())
                            .isEqualTo("baseline changed: at most 1 compile");
                })
                .hasMessage(lines("""

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
                          baseline  b12   changed  n16     0/1 1/1  compile  2155.343"""));
    }

    @Test
    void noFallbacksPassesWhenEveryCompileMadeAVariant() {
        assertThat(printBridge).hasNoFallbacks();
        assertThat(intSpec).run("candidate").hasNoFallbacks();
    }

    @Test
    void noFallbacksFailsAtTheRecompileLimit() {
        // b11: fallback 0/8 with 8 guard failures (0/7 .. 0/0), compile_ms 0.0
        assertThatThrownBy(() -> assertThat(intSpec).hasNoFallbacks())
                .hasMessage(lines("""

                        Expecting
                          int-spec receipt (runs baseline, candidate)
                        to have no fallbacks
                        but run baseline fell back 1 time (steady 1):
                          baseline: 7 recompiles in steady because `L['n']` (a Python int) took 7 new values (2…8); at 0/8 the recompile limit was hit and the frame fell back to eager
                            b04 -> 0/1  0/0: L['n'] == 1
                            b05 -> 0/2  0/1: L['n'] == 2
                            b06 -> 0/3  0/2: L['n'] == 3
                            … 33 more guard failures in the receipt JSON
                            hint: each value of a Python number is a constant of its own graph: pass it as a tensor to compile one graph for all
                          run       call  phase   family  graphs  cache     compile ms
                          baseline  b11   steady  base    0/8     fallback  0"""));
    }

    @Test
    void noEagerCallsPassesWhenEverySteadyCallRanARegion() {
        assertThat(printBridge).hasNoEagerCallsIn(STEADY).hasNoEagerCallsIn(CHANGED);
    }

    @Test
    void noEagerCallsFailsAfterTheRecompileLimit() {
        // int-spec steady: 10 baseline + 10 candidate calls; b12 and b13 have no events at all
        assertThatThrownBy(() -> assertThat(intSpec).hasNoEagerCallsIn(STEADY))
                .hasMessage(lines("""

                        Expecting
                          int-spec receipt (runs baseline, candidate)
                        to run compiled code in every steady call
                        but 2 of 20 steady calls ran nothing compiled:
                          run       call  phase   family  graphs  cache  compile ms
                          baseline  b12   steady  base    -       eager  0
                          baseline  b13   steady  base    -       eager  0"""));
    }

    @Test
    void noEagerCallsRefusesTheEagerControlPhase() {
        assertThatIllegalArgumentException().isThrownBy(() -> assertThat(intSpec).hasNoEagerCallsIn(EAGER))
                .withMessage("phase eager is the uncompiled control: its calls run eagerly by design; "
                        + "check warmup, steady or changed");
    }

    @Test
    void atMostBreaksPerCallPassesAtOneBreakACall() {
        // every baseline call crosses scenarios.py:31 once; the candidate never breaks
        assertThat(printBridge).hasAtMostBreaksPerCall(STEADY, 1);
        assertThat(printBridge).run("candidate").hasAtMostBreaksPerCall(STEADY, 0);
    }

    @Test
    void atMostBreaksPerCallFailsWithTheCallsAndTheBreakSite() {
        // 8 baseline steady calls (b04..b11) cross 1 break each; 8 + 8 steady calls in all
        assertThatThrownBy(() -> assertThat(printBridge).hasAtMostBreaksPerCall(STEADY, 0))
                .hasMessage(lines("""

                        Expecting
                          print-bridge receipt (runs baseline, candidate)
                        to cross at most 0 breaks per call in steady
                        but 8 of 16 steady calls crossed more (up to 1):
                          run       call  phase   family  graphs   cache  breaks  compile ms
                          baseline  b04   steady  base    0/0 1/0  hit    1       0
                          baseline  b05   steady  base    0/0 1/0  hit    1       0
                          baseline  b06   steady  base    0/0 1/0  hit    1       0
                          baseline  b07   steady  base    0/0 1/0  hit    1       0
                          baseline  b08   steady  base    0/0 1/0  hit    1       0
                          baseline  b09   steady  base    0/0 1/0  hit    1       0
                          baseline  b10   steady  base    0/0 1/0  hit    1       0
                          baseline  b11   steady  base    0/0 1/0  hit    1       0
                        break sites crossed:
                          baseline scenarios.py:31  %s""".formatted(PRINT)));
    }

    @Test
    void breaksOnlyAtPassesForTheKnownSiteAndForNoSiteWhereNothingBreaks() {
        assertThat(printBridge).hasBreaksOnlyAt("scenarios.py:31", "model.py:12");
        assertThat(intSpec).hasBreaksOnlyAt();
        assertThat(printBridge).run("candidate").hasBreaksOnlyAt();
    }

    @Test
    void breaksOnlyAtFailsWithTheSetsAsSortedLines() {
        // scenarios.py:31 is crossed by b03..b14: 12 calls
        assertThatThrownBy(() -> assertThat(printBridge).hasBreaksOnlyAt("model.py:12", "a.py:1"))
                .isInstanceOfSatisfying(AssertionFailedError.class, error -> {
                    org.assertj.core.api.Assertions.assertThat(error.getActual().getValue()).isEqualTo("scenarios.py:31");
                    org.assertj.core.api.Assertions.assertThat(error.getExpected().getValue())
                            .isEqualTo(lines("a.py:1\nmodel.py:12"));
                })
                .hasMessage(lines("""

                        Expecting
                          print-bridge receipt (runs baseline, candidate)
                        to break only at
                          a.py:1
                          model.py:12
                        but it broke at scenarios.py:31:
                          baseline scenarios.py:31  crossed by 12 calls  %s""".formatted(PRINT)));
    }

    @Test
    void breaksOnlyAtMatchesTheLoggedPathOnWholeSegments() {
        // the 2.14 log names the site as PyTorch logged it, /rt/scenarios.py:31
        Receipt fromLog = Receipt.of(Traces.read(Fixtures.dir().resolve("torch-2.14/print-bridge/torch_trace.log")));
        assertThat(fromLog).run("baseline").hasBreaksOnlyAt("scenarios.py:31");
        assertThat(fromLog).run("baseline").hasBreaksOnlyAt("rt/scenarios.py:31");
        assertThatThrownBy(() -> assertThat(fromLog).run("baseline").hasBreaksOnlyAt("myscenarios.py:31"))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageContaining("but it broke at /rt/scenarios.py:31:");
    }

    @Test
    void eagerIslandTimePassesUnderTheLimit() {
        // steady eager_island_ms: baseline 0.0404+0.0222+0.0612+0.0158+0.0133+0.0135+0.0136+0.0153 = 0.1953, candidate 0
        assertThat(printBridge).hasEagerIslandTimeAtMost(STEADY, 0.1953);
    }

    @Test
    void eagerIslandTimeFailsOverTheLimit() {
        assertThatThrownBy(() -> assertThat(printBridge).hasEagerIslandTimeAtMost(STEADY, 0.1))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessage(lines("""

                        Expecting
                          print-bridge receipt (runs baseline, candidate)
                        to have eager-island time in steady of at most 0.1 ms
                        but run baseline spent 0.1953 ms:
                          run       call  phase   family  graphs   cache  compile ms
                          baseline  b04   steady  base    0/0 1/0  hit    0
                          baseline  b05   steady  base    0/0 1/0  hit    0
                          baseline  b06   steady  base    0/0 1/0  hit    0
                          baseline  b07   steady  base    0/0 1/0  hit    0
                          baseline  b08   steady  base    0/0 1/0  hit    0
                          baseline  b09   steady  base    0/0 1/0  hit    0
                          baseline  b10   steady  base    0/0 1/0  hit    0
                          baseline  b11   steady  base    0/0 1/0  hit    0
                        break sites crossed:
                          baseline scenarios.py:31  %s""".formatted(PRINT)));
    }

    @Test
    void compileTimePassesUnderTheLimit() {
        // changed compile_ms: baseline 1091.842 + 1063.501 = 2155.343, candidate 1076.581
        assertThat(printBridge).hasCompileTimeAtMost(CHANGED, 2155.343);
    }

    @Test
    void compileTimeFailsOverTheLimit() {
        assertThatThrownBy(() -> assertThat(printBridge).hasCompileTimeAtMost(CHANGED, 2000))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessage(lines("""

                        Expecting
                          print-bridge receipt (runs baseline, candidate)
                        to have compile time in changed of at most 2000 ms
                        but run baseline compiled for 2155.343 ms:
                          run       call  phase    family  graphs   cache    compile ms
                          baseline  b12   changed  n16     0/1 1/1  compile  2155.343"""));
    }

    @Test
    void noFailuresPassesWhereEveryCompiledCallCarriesItsCheck() {
        // b01 to b06 and c01 to c06 each carry {"max_abs_err": 0.0, "ok": true}; both runs have 1/4/1 compiled calls
        assertThat(Receipt.of(dev.compilereceipt.Traces.read(Fixtures.dir().resolve("decision/trace.json")))).hasNoFailures();
    }

    /** Issue #41: the real captures were taken before the capture helper checked outputs: no mismatch there is no fact. */
    @Test
    void noFailuresFailsOnTheRealCapturesThatCheckedNoOutput() {
        assertThatThrownBy(() -> assertThat(intSpec).hasNoFailures())
                .hasMessageContaining("(not_measured: output_checks): calls in compiled phases carry no check (whether the"
                        + " output matched eager's): 13 of 13 in run baseline (the first b03), 13 of 13 in run candidate (the first c03);");
        assertThatThrownBy(() -> assertThat(printBridge).hasNoFailures())
                .hasMessageContaining("12 of 12 in run baseline (the first b03), 12 of 12 in run candidate (the first c03);");
    }

    @Test
    void noFailuresFailsWithEachCodeExplained() {
        // c11 left out: steady has 8 baseline and 7 candidate calls
        assertThatThrownBy(() -> assertThat(Fixtures.printBridgeWithoutC11()).hasNoFailures())
                .isInstanceOf(AssertionFailedError.class)
                .hasMessage(lines("""

                        Expecting
                          print-bridge receipt (runs baseline, candidate)
                        to have no failures
                        but it has:
                          UNEQUAL_PHASE_SAMPLES:steady  baseline has 8 calls in steady, candidate 7: the phase is not compared"""));
    }

    @Test
    void equalSamplesPassesOnTheRealCaptures() {
        // print-bridge: 3/1/8/3 calls in both runs; int-spec: 3/1/10/2 in both
        assertThat(printBridge).hasEqualSamples();
        assertThat(intSpec).hasEqualSamples();
    }

    @Test
    void equalSamplesFailsWithEveryPhaseInTheDiff() {
        assertThatThrownBy(() -> assertThat(Fixtures.printBridgeWithoutC11()).hasEqualSamples())
                .isInstanceOfSatisfying(AssertionFailedError.class, error ->
                        org.assertj.core.api.Assertions.assertThat(error.getActual().getValue()).isEqualTo(lines("""
                                eager: baseline 3, candidate 3
                                warmup: baseline 1, candidate 1
                                steady: baseline 8, candidate 7
                                changed: baseline 3, candidate 3""")))
                .hasMessage(lines("""

                        Expecting
                          print-bridge receipt (runs baseline, candidate)
                        to have as many candidate calls as baseline calls in every phase
                        but the call counts differ in 1 phase:
                          steady: baseline 8 calls, candidate 7 calls (UNEQUAL_PHASE_SAMPLES:steady)
                        a phase with unequal samples is not compared"""));
    }

    @Test
    void equalSamplesFailsWithOneRun() {
        Receipt baselineOnly = Receipt.of(Fixtures.printBridgeTrace().withRuns(
                java.util.List.of(Fixtures.printBridgeTrace().run("baseline").orElseThrow())));
        assertThatThrownBy(() -> assertThat(baselineOnly).hasEqualSamples())
                .hasMessage(lines("""

                        Expecting
                          print-bridge receipt (runs baseline)
                        to have as many candidate calls as baseline calls in every phase
                        but it has only run baseline: there is nothing to compare"""));
    }
}
