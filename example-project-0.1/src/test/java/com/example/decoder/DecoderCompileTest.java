package com.example.decoder;

import static dev.compilereceipt.Phase.STEADY;
import static dev.compilereceipt.Phase.WARMUP;
import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.PhaseFigures;
import dev.compilereceipt.Receipt;
import dev.compilereceipt.junit.MutantTest;
import dev.compilereceipt.junit.TraceFixture;
import org.junit.jupiter.api.Test;

class DecoderCompileTest {

    static final String PRINT_BRIDGE = "traces/print-bridge/trace.json";
    static final String INT_SPEC = "traces/int-spec/trace.json";

    // Guards: a new int must not cost a compile. Before the fix, 10 steady calls compiled
    // 7 new variants (0/1 .. 0/7, one per new int) and gave up on the 8th. The fixed step
    // compiles once, in warmup (0/0), and never again.
    @Test
    void steadyTrafficNeverCompiles(@TraceFixture(INT_SPEC) Receipt receipt) {
        assertThat(receipt).run("candidate").hasNoNewGraphVariantsIn(STEADY);
        assertThat(receipt).run("candidate").phase(WARMUP).hasCompiles(1).hasNewGraphVariants("0/0");
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

    // Proves the checks above would notice a miscounted receipt: each of the five bookkeeping
    // mistakes (mutants) switched on in the receipt computation must make them fail. int-spec
    // has no graph breaks, so conflate-breaks-and-recompiles and hide-eager-islands change
    // nothing there: those two are reported aborted, not killed.
    @MutantTest
    void intSpecChecksKillEveryDistinguishableMutant(@TraceFixture(INT_SPEC) Receipt receipt) {
        steadyTrafficNeverCompiles(receipt);
        coldStartIsTheCompile(receipt);
        assertThat(receipt).run("candidate").hasNoFallbacks().hasNoEagerCallsIn(STEADY);
        assertThat(receipt).candidateMedianIsAtMost(STEADY, 1.0);
    }
}
