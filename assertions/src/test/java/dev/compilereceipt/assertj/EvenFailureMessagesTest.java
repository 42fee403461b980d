package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.compilereceipt.Traces;
import dev.compilereceipt.receipt.Receipt;
import org.junit.jupiter.api.Test;

/**
 * Issue #35, friction 10: a fallback is called by what its source names it by (a TORCH_LOGS text
 * names the frame, a TORCH_TRACE log the compile id), and a navigated check's message names the
 * receipt in its subject, as a receipt's own checks do, with no bracketed prefix.
 */
class EvenFailureMessagesTest {

    @Test
    void aFallbackInTextIsAFrameAndInALogACompileId() {
        Receipt text = Receipt.of(Traces.read(Fixtures.dir().resolve("torch-logs/2.6-fallback/torch_logs.txt")));
        assertThatThrownBy(() -> assertThat(text).hasNoFallbacks()).hasMessageEndingWith(Messages.lines("""
                but run baseline gave up 1 frame:
                  baseline frame gelu_gate@/capture/tests/scenarios.py:67 made no variant"""));
        Receipt log = Receipt.of(Traces.read(Fixtures.dir().resolve("tlparse/comp_failure.log")));
        assertThatThrownBy(() -> assertThat(log).hasNoFallbacks()).hasMessageEndingWith(Messages.lines("""
                but run baseline gave up 1 compile:
                  baseline compile id 0/0 made no variant"""));
    }

    @Test
    void aNavigatedCheckNamesItsReceiptLikeAReceiptCheck() {
        assertThatThrownBy(() -> assertThat(Fixtures.printBridge()).run("baseline").phase(dev.compilereceipt.trace.Phase.STEADY).hasCalls(7))
                .hasMessageStartingWith(Messages.lines("""

                        Expecting
                          phase steady (8 calls) of run baseline of the print-bridge receipt
                        to have 7 calls"""));
        assertThatThrownBy(() -> assertThat(Fixtures.printBridge()).run("baseline").hasNoNewGraphVariantsIn(dev.compilereceipt.trace.Phase.CHANGED))
                .hasMessageStartingWith(Messages.lines("""

                        Expecting
                          run baseline of the print-bridge receipt
                        to have no new graph variants in changed"""));
    }
}
