package com.example.decoder;

import static dev.compilereceipt.trace.Phase.CHANGED;
import static dev.compilereceipt.trace.Phase.STEADY;
import static dev.compilereceipt.trace.Phase.WARMUP;
import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.junit.MutantTest;
import dev.compilereceipt.junit.TraceFixture;
import org.junit.jupiter.api.Test;

/**
 * The compile-regression tests the decoder team keeps, on two real torch.compile captures
 * (PyTorch 2.6.0, CPU, Inductor), each a before ({@code baseline}) and after ({@code candidate}):
 * <ul>
 *   <li>print-bridge: a debug {@code print()} in the middle of the step broke the graph on every
 *       call; the fix removed it;</li>
 *   <li>int-spec: the step took a Python int under {@code dynamic=False}, so every new int
 *       recompiled until the recompile limit (8) and the frame then ran eagerly for good; the fix
 *       passes the int as a tensor.</li>
 * </ul>
 * Figures in the comments are read off {@code ./receipt audit} of the same traces.
 */
class DecoderCompileTest {

    static final String PRINT_BRIDGE = "traces/print-bridge/trace.json";
    static final String INT_SPEC = "traces/int-spec/trace.json";

    // A field works like a parameter; the trace is read once per test run and shared.
    @TraceFixture(INT_SPEC)
    Receipt intSpec;

    // Guards: a new int must not cost a compile. Before the fix, 10 steady calls compiled
    // 7 new variants (0/1 .. 0/7, one per new int) and gave up on the 8th. The fixed step
    // compiles once, in warmup (0/0), and never again.
    @Test
    void steadyTrafficNeverCompiles(@TraceFixture(INT_SPEC) Receipt receipt) {
        assertThat(receipt).run("candidate").hasNoNewGraphVariantsIn(STEADY);
        assertThat(receipt).run("candidate").phase(WARMUP).hasCompiles(1).hasNewGraphVariants("0/0");
    }

    // Guards: the debug print is gone. Before the fix every steady call crossed one break at
    // scenarios.py:31: 8 calls x 1 break = 8 breaks, 0 compiles (a break is not a recompile:
    // both regions were cache hits, 8 x 2 = 16) and 0.1953 ms in eager islands, 0.0244 ms a call,
    // most of the 0.0267 ms the steady median gained (0.091 -> 0.0643 ms).
    @Test
    void theFixRemovedThePerCallBreak(@TraceFixture(PRINT_BRIDGE) Receipt receipt) {
        assertThat(receipt).run("candidate").hasBreaksOnlyAt();
        assertThat(receipt).run("baseline").phase(STEADY).hasCalls(8).hasBreaks(8).hasCompiles(0).hasCacheHits(16);
        assertThat(receipt).run("baseline").breakSite("scenarios.py:31").hasReasonContaining("print");
        assertThat(receipt.run("baseline").phase(STEADY).eagerIslandMs()).hasValue(0.1953);
        assertThat(receipt).candidateHasFewerBreaksPerCallIn(STEADY);
    }

    // Guards: one graph, compiled once. Before the fix the break split the step into two frames,
    // so warmup compiled 2 variants (0/0 and 1/0); the fix compiles 1 (0/0).
    @Test
    void warmupCompilesOneGraph(@TraceFixture(PRINT_BRIDGE) Receipt receipt) {
        assertThat(receipt).run("candidate").phase(WARMUP).hasCalls(1).hasCompiles(1).hasNewGraphVariants("0/0");
    }

    // Guards: the first call costs its compile and little more; anything else on a cold start
    // (a lazy load, say) shows up here. Warmup is one call. print-bridge candidate: 1063.9033 ms
    // wall, 1060.008 ms compile (3.9 ms more); int-spec candidate: 969.5656 ms, 965.983 ms (3.6 ms more).
    @Test
    void coldStartIsTheCompile(@TraceFixture(PRINT_BRIDGE) Receipt receipt) {
        assertThat(receipt).run("candidate").phase(WARMUP).hasCalls(1);
        PhaseFigures warmup = receipt.run("candidate").phase(WARMUP);
        assertThat(warmup.wallMs().orElseThrow().mean()).isBetween(warmup.compileMs(), warmup.compileMs() + 10);
    }

    // Guards: a new input size costs at most one recompile. Before the fix both frames of the
    // broken step recompiled for the 16-element input (0/1 and 1/1: 2 compiles); after it, 1 (0/1).
    @Test
    void changedShapesRecompileAtMostOnce(@TraceFixture(PRINT_BRIDGE) Receipt receipt) {
        assertThat(receipt).run("candidate").hasAtMostCompilesIn(CHANGED, 1);
    }

    // Guards: no frame silently fell back to eager. Before the fix the 9th int hit the recompile
    // limit (8) and the frame ran eagerly from then on: 1 fallback in steady.
    @Test
    void noFrameSilentlyFellBackToEager() {
        assertThat(intSpec).run("candidate").hasNoFallbacks().hasNoEagerCallsIn(STEADY);
    }

    // Guards: the fixes cost no steady-state time. Steady medians, candidate / baseline:
    // print-bridge 0.0643 / 0.091 ms = 0.707; int-spec 0.0722 / 1033.4795 ms = 0.00007.
    // Both hold at 1.0, so no slack is needed.
    @Test
    void candidateIsNoSlowerInSteadyState(@TraceFixture(PRINT_BRIDGE) Receipt printBridge) {
        assertThat(printBridge).candidateMedianIsAtMost(STEADY, 1.0);
        assertThat(intSpec).candidateMedianIsAtMost(STEADY, 1.0);
    }

    // Proves the checks above would notice a miscounted receipt: each of the five bookkeeping
    // mistakes (mutants) switched on in the receipt computation must make them fail.
    @MutantTest
    void printBridgeChecksKillEveryMutant(@TraceFixture(PRINT_BRIDGE) Receipt receipt) {
        theFixRemovedThePerCallBreak(receipt);
        warmupCompilesOneGraph(receipt);
        coldStartIsTheCompile(receipt);
        changedShapesRecompileAtMostOnce(receipt);
        assertThat(receipt).candidateMedianIsAtMost(STEADY, 1.0);
    }

    // The same on int-spec. It has no graph breaks, so conflate-breaks-and-recompiles and
    // hide-eager-islands change nothing there: those two are reported aborted, not killed.
    @MutantTest
    void intSpecChecksKillEveryDistinguishableMutant(@TraceFixture(INT_SPEC) Receipt receipt) {
        steadyTrafficNeverCompiles(receipt);
        coldStartIsTheCompile(receipt);
        assertThat(receipt).run("candidate").hasNoFallbacks().hasNoEagerCallsIn(STEADY);
        assertThat(receipt).candidateMedianIsAtMost(STEADY, 1.0);
    }
}
