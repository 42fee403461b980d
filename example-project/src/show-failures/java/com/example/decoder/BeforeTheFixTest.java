package com.example.decoder;

import static com.example.decoder.DecoderCompileTest.INT_SPEC;
import static com.example.decoder.DecoderCompileTest.PRINT_BRIDGE;
import static dev.compilereceipt.trace.Phase.CHANGED;
import static dev.compilereceipt.trace.Phase.STEADY;
import static dev.compilereceipt.trace.Phase.WARMUP;
import static dev.compilereceipt.assertj.CompileAssertions.assertThat;

import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.junit.MutantTest;
import dev.compilereceipt.junit.TraceFixture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * What red looks like: the checks of {@link DecoderCompileTest} aimed at the run before the fix
 * ({@code baseline}), and a {@code @MutantTest} too weak to catch every mistake. Every test here
 * fails on purpose; it runs only with {@code mvn test -Pshow-failures}, and
 * {@code .ci/show-failures.sh} checks that exactly these failures happen, with these messages.
 */
@Tag("show-failures")
class BeforeTheFixTest {

    // Fails: 7 of the 10 steady calls compiled a new variant, one per new int (0/1 .. 0/7).
    @Test
    void steadyTrafficNeverCompiles(@TraceFixture(INT_SPEC) Receipt intSpec) {
        assertThat(intSpec).run("baseline").hasNoNewGraphVariantsIn(STEADY);
    }

    // Fails: all 12 compiled calls crossed the print at scenarios.py:31.
    @Test
    void noGraphBreaks(@TraceFixture(PRINT_BRIDGE) Receipt receipt) {
        assertThat(receipt).run("baseline").hasBreaksOnlyAt();
    }

    // Fails: both frames of the broken step recompiled for the 16-element input (0/1 and 1/1).
    @Test
    void changedShapesRecompileAtMostOnce(@TraceFixture(PRINT_BRIDGE) Receipt receipt) {
        assertThat(receipt).run("baseline").hasAtMostCompilesIn(CHANGED, 1);
    }

    // Fails: the 9th int hit the recompile limit (8) and the frame fell back to eager.
    @Test
    void noFrameSilentlyFellBackToEager(@TraceFixture(INT_SPEC) Receipt intSpec) {
        assertThat(intSpec).run("baseline").hasNoFallbacks();
    }

    // Fails for one mutant only: these checks pin breaks, compiles, hits and the cold start, but
    // not the time spent in eager islands, so hide-eager-islands (every island 0 ms) survives.
    // DecoderCompileTest.theFixRemovedThePerCallBreak adds the line that kills it.
    @MutantTest
    void tooWeakChecksKillEveryMutant(@TraceFixture(PRINT_BRIDGE) Receipt receipt) {
        assertThat(receipt).run("candidate").hasBreaksOnlyAt();
        assertThat(receipt).run("baseline").phase(STEADY).hasCalls(8).hasBreaks(8).hasCompiles(0).hasCacheHits(16);
        assertThat(receipt).run("candidate").phase(WARMUP).hasCalls(1).hasCompiles(1);
        assertThat(receipt).run("candidate").hasAtMostCompilesIn(CHANGED, 1);
        org.assertj.core.api.Assertions.assertThat(receipt.run("candidate").phase(WARMUP).wallMs().orElseThrow().mean())
                .isGreaterThanOrEqualTo(receipt.run("candidate").phase(WARMUP).compileMs());
    }
}
