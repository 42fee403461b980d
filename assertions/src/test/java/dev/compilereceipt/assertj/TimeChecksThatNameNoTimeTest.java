package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static dev.compilereceipt.assertj.Messages.lines;
import static dev.compilereceipt.trace.Phase.CHANGED;
import static dev.compilereceipt.trace.Phase.STEADY;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.compilereceipt.mutant.Mutant;
import dev.compilereceipt.receipt.Receipt;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * Issue #35, friction 1: the checks a mutant's hint suggests for a time, hasMeanOfItsCalls and
 * hasEagerTimeAtItsBreaks, hold on every true receipt whatever its times and fail on the mutant.
 */
class TimeChecksThatNameNoTimeTest {

    @Test
    void theTrueReceiptsPassBoth() {
        for (Receipt receipt : new Receipt[] {Fixtures.printBridge(), Fixtures.intSpec()}) {
            for (String run : new String[] {"baseline", "candidate"}) {
                assertThat(receipt).run(run).phase(STEADY).hasMeanOfItsCalls().hasEagerTimeAtItsBreaks();
                assertThat(receipt).run(run).phase(CHANGED).hasMeanOfItsCalls().hasEagerTimeAtItsBreaks();
            }
        }
    }

    @Test
    void aMeanDividedByOneCallMoreFails() {
        Receipt mutated = Mutant.AVERAGE_UNEQUAL_CALLS.receiptOf(Fixtures.printBridgeTrace());
        assertThatThrownBy(() -> assertThat(mutated).run("candidate").phase(STEADY).hasMeanOfItsCalls())
                .isInstanceOf(AssertionFailedError.class)
                .hasMessage(lines("""

                        Expecting
                          phase steady (8 calls) of run candidate of the print-bridge receipt
                        to have a mean wall time of its 8 calls (0.6683 ms / 8 = 0.0835 ms)
                        but its mean was 0.0743 ms"""));
    }

    @Test
    void breaksWithoutEagerTimeFail() {
        Receipt mutated = Mutant.HIDE_EAGER_ISLANDS.receiptOf(Fixtures.printBridgeTrace());
        assertThatThrownBy(() -> assertThat(mutated).run("baseline").phase(STEADY).hasEagerTimeAtItsBreaks())
                .isInstanceOf(AssertionFailedError.class)
                .hasMessage(lines("""

                        Expecting
                          phase steady (8 calls) of run baseline of the print-bridge receipt
                        to have eager-island time at its breaks (8 breaks)
                        but its eager islands took 0 ms"""));
    }

    @Test
    void aSourceWithoutWallTimesIsNotMeasured() {
        assertThatThrownBy(() -> assertThat(Fixtures.printBridgeMarkedLog()).run("baseline").phase(STEADY).hasMeanOfItsCalls())
                .hasMessageStartingWith(lines("""

                        Expecting
                          phase steady (8 calls) of run baseline of the print-bridge receipt
                        to have a mean wall time of its 8 calls
                        but call wall times were not measured by this source (not_measured: wall_ms);"""));
        assertThatThrownBy(() -> assertThat(Fixtures.printBridgeMarkedLog()).run("baseline").phase(STEADY).hasEagerTimeAtItsBreaks())
                .hasMessageContaining("to have eager-island time at its breaks" + System.lineSeparator() + "but ")
                .hasMessageContaining("(not_measured: breaks)");
    }
}
