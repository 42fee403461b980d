package dev.compilereceipt.trace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.receipt.Receipt;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One normal form of guard text on every source: int-spec's 2.6 capture pads each guard of its
 * compile-trace/1 trace to 66 characters ({@code "0/0: L['n'] == 1" + 50 spaces}), as 2.6's
 * recompile_reasons payload does; the TORCH_TRACE log of the same process reads them trimmed.
 */
class GuardTextTest {

    @Test
    void theTraceAndTheLogOfOneCaptureNameTheirGuardsAlike() {
        List<GuardMiss> fromTrace = Receipt.of(Fixtures.trace("int-spec/trace.json")).run("baseline").guardMisses();
        List<String> fromLog = Receipt.of(Fixtures.trace("int-spec/torch_trace.log")).runs().get(0).compileLog().orElseThrow()
                .recompileReasons().stream().map(CompileLog.RecompileReason::guard).distinct().toList();
        assertThat(fromTrace.get(0).guard()).isEqualTo("0/0: L['n'] == 1");
        assertThat(fromTrace).extracting(GuardMiss::guard).allMatch(guard -> guard.equals(guard.strip()))
                .containsAll(fromLog.subList(0, 3));
    }

    @Test
    void theNormalFormIsTheTextWithoutTheWhiteSpaceAroundIt() {
        assertThat(GuardText.normal("0/0: L['n'] == 1" + " ".repeat(50))).isEqualTo("0/0: L['n'] == 1");
        assertThat(GuardText.normal("\t0/1: n == 4  # scenarios.py:65\u2003")).isEqualTo("0/1: n == 4  # scenarios.py:65");
        // a 2.14 reason with its user stack keeps its own lines
        assertThat(GuardText.normal("0/0: n == 4\nUser stack trace:\n  File \"s.py\", line 65, in f\n"))
                .isEqualTo("0/0: n == 4\nUser stack trace:\n  File \"s.py\", line 65, in f");
    }
}
