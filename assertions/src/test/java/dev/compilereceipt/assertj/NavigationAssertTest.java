package dev.compilereceipt.assertj;

import static dev.compilereceipt.trace.Phase.CHANGED;
import static dev.compilereceipt.trace.Phase.STEADY;
import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static dev.compilereceipt.assertj.Messages.lines;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.compilereceipt.ledger.CallCache;
import dev.compilereceipt.receipt.Receipt;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** The navigated pieces: phase figures, break sites, ledger and ledger rows. */
class NavigationAssertTest {

    private final Receipt printBridge = Fixtures.printBridge();
    private final Receipt intSpec = Fixtures.intSpec();

    @Test
    void phaseFiguresPass() {
        // baseline steady: 8 calls, 2 hit regions each = 16 hits, 1 break each = 8, no compiles; p90 = 8th of 8 = 0.3708
        assertThat(printBridge).run("baseline").phase(STEADY)
                .hasCalls(8).hasCompiles(0).hasCacheHits(16).hasFallbacks(0).hasBreaks(8)
                .hasMedianAtMost(0.091).hasP90AtMost(0.3708).hasNewGraphVariants();
        assertThat(printBridge).run("baseline").phase(CHANGED).hasNewGraphVariants("1/1", "0/1").hasCompiles(2);
    }

    @Test
    void phaseFigureFailsWithADiff() {
        assertThatThrownBy(() -> assertThat(printBridge).run("baseline").phase(STEADY).hasCacheHits(8))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessage(lines("""

                        Expecting
                          phase steady (8 calls) of run baseline of the print-bridge receipt
                        to have 8 cache hits
                        but it had 16 cache hits"""));
        assertThatThrownBy(() -> assertThat(printBridge).run("baseline").phase(STEADY).hasCalls(7))
                .hasMessageEndingWith(lines("to have 7 calls\nbut it had 8 calls"));
        assertThatThrownBy(() -> assertThat(printBridge).run("baseline").phase(STEADY).hasCompiles(1))
                .hasMessageEndingWith(lines("to have 1 compile\nbut it had 0 compiles"));
        assertThatThrownBy(() -> assertThat(printBridge).run("baseline").phase(STEADY).hasFallbacks(1))
                .hasMessageEndingWith(lines("to have 1 fallback\nbut it had 0 fallbacks"));
        assertThatThrownBy(() -> assertThat(printBridge).run("candidate").phase(STEADY).hasBreaks(8))
                .hasMessageEndingWith(lines("to have 8 breaks\nbut it had 0 breaks"));
    }

    @Test
    void phaseTimesFailOverTheLimit() {
        assertThatThrownBy(() -> assertThat(printBridge).run("baseline").phase(STEADY).hasMedianAtMost(0.05))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessage(lines("""

                        Expecting
                          phase steady (8 calls) of run baseline of the print-bridge receipt
                        to have a median wall time of at most 0.05 ms
                        but it was 0.091 ms"""));
        assertThatThrownBy(() -> assertThat(printBridge).run("baseline").phase(STEADY).hasP90AtMost(0.3))
                .hasMessageEndingWith(lines("to have a p90 wall time of at most 0.3 ms\nbut it was 0.3708 ms"));
    }

    @Test
    void newGraphVariantsFailWithSortedLines() {
        assertThatThrownBy(() -> assertThat(printBridge).run("baseline").phase(CHANGED).hasNewGraphVariants("0/1"))
                .isInstanceOfSatisfying(AssertionFailedError.class, error ->
                        org.assertj.core.api.Assertions.assertThat(error.getActual().getValue()).isEqualTo(lines("0/1\n1/1")))
                .hasMessage(lines("""

                        Expecting
                          phase changed (3 calls) of run baseline of the print-bridge receipt
                        to have new graph variants 0/1
                        but it compiled 0/1 1/1"""));
    }

    @Test
    void phaseOfATwoRunReceiptAsksForARun() {
        assertThatIllegalStateException().isThrownBy(() -> assertThat(printBridge).phase(STEADY))
                .withMessage("the print-bridge receipt has runs baseline, candidate: choose one with run(label) before phase(steady)");
    }

    @Test
    void breakSitePasses() {
        // scenarios.py:31 crossed once by each of b03..b14 (12 calls); eager 3.9755 + 0.1953 + 4.25 = 8.4208 ms
        assertThat(printBridge).run("baseline").breakSite("scenarios.py:31")
                .hasReasonContaining("builtin: print").hasCalls(12).hasAtMostCrossingsPerCall(1).hasEagerTimeAtMost(8.4208);
    }

    @Test
    void breakSiteFails() {
        assertThatThrownBy(() -> assertThat(printBridge).run("baseline").breakSite("scenarios.py:31").hasCalls(8))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessage(lines("""

                        Expecting
                          break site scenarios.py:31 of run baseline of the print-bridge receipt
                        to have been crossed by 8 calls
                        but it was crossed by 12 calls"""));
        assertThatThrownBy(() -> assertThat(printBridge).run("baseline").breakSite("scenarios.py:31").hasAtMostCrossingsPerCall(0))
                .hasMessageEndingWith(lines("to have been crossed at most 0 times by any call\nbut a call crossed it 1 time"));
        assertThatThrownBy(() -> assertThat(printBridge).run("baseline").breakSite("scenarios.py:31").hasEagerTimeAtMost(8))
                .hasMessageEndingWith(lines("to have an eager-island time of at most 8 ms\nbut it was 8.4208 ms"));
        assertThatThrownBy(() -> assertThat(printBridge).run("baseline").breakSite("scenarios.py:31").hasReasonContaining("len"))
                .hasMessageEndingWith(lines("to have a reason containing len\nbut its reason was "
                        + "Unsupported: builtin: print [<class 'torch._dynamo.variables.constant.ConstantVariable'>] True"));
    }

    @Test
    void aBreakSiteNeverCrossedFails() {
        assertThatThrownBy(() -> assertThat(printBridge).run("candidate").breakSite("scenarios.py:31"))
                .hasMessage(lines("""

                        Expecting
                          run candidate of the print-bridge receipt
                        to have crossed break site scenarios.py:31
                        but it crossed no break site"""));
    }

    @Test
    void ledgerRowsPass() {
        // int-spec: 16 calls a run; b11 fell back on 0/8, b12 ran nothing compiled
        assertThat(intSpec.ledger()).hasCalls("baseline", 16).row("baseline", "b11").hasCache(CallCache.FALLBACK).hasGraphs("0/8");
        assertThat(intSpec.ledger()).row("baseline", "b12").hasCache(CallCache.EAGER).hasGraphs();
    }

    @Test
    void ledgerRowsFail() {
        assertThatThrownBy(() -> assertThat(intSpec.ledger()).row("baseline", "b12").hasCache(CallCache.HIT))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessage(lines("""

                        Expecting
                          call b12 of run baseline (steady, family base)
                        to have cache outcome hit
                        but it was eager"""));
        assertThatThrownBy(() -> assertThat(intSpec.ledger()).row("baseline", "b11").hasGraphs("0/7"))
                .hasMessageEndingWith(lines("to have graphs 0/7\nbut it touched 0/8"));
        assertThatThrownBy(() -> assertThat(intSpec.ledger()).hasCalls("candidate", 15))
                .hasMessage(lines("""

                        Expecting
                          ledger of 32 calls
                        to have 15 calls in run candidate
                        but it had 16 calls"""));
        assertThatThrownBy(() -> assertThat(intSpec.ledger()).row("baseline", "b99"))
                .hasMessage(lines("""

                        Expecting
                          ledger of 32 calls
                        to have a row for call b99 of run baseline
                        but run baseline has calls b00..b15"""));
    }
}
