package com.example.decoder;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.diff.ReceiptDiff;
import dev.compilereceipt.diff.ReceiptDifference;
import dev.compilereceipt.junit.TraceFixture;
import org.junit.jupiter.api.Test;

/**
 * The receipts the team approved, kept beside their fixtures ({@code <fixture>.approved.json},
 * committed with them): any change to what a capture compiled, broke or cost fails here with the
 * figures that moved, most important first, until someone approves it. {@code torch-2.6.log} and
 * {@code torch-2.14.log} are the same print-bridge capture on two PyTorch releases, frozen with
 * {@code ./receipt freeze LOG -o FIXTURE --relative-to /rt} (see {@code traces/README.md}).
 */
class ApprovedReceiptsTest {

    static final String PRINT_BRIDGE_26 = "traces/print-bridge/torch-2.6.log";
    static final String PRINT_BRIDGE_214 = "traces/print-bridge/torch-2.14.log";

    @Test
    void printBridgeIsAsApproved(@TraceFixture(DecoderCompileTest.PRINT_BRIDGE) Receipt receipt) {
        assertThat(receipt).matchesApprovedReceipt();
    }

    @Test
    void intSpecIsAsApproved(@TraceFixture(DecoderCompileTest.INT_SPEC) Receipt receipt) {
        assertThat(receipt).matchesApprovedReceipt();
    }

    // A log recaptured on another machine would have other compile times: compare what compiled,
    // recompiled, fell back and broke, and no time.
    @Test
    void theFrozenLogsAreAsApproved(@TraceFixture(PRINT_BRIDGE_26) Receipt before, @TraceFixture(PRINT_BRIDGE_214) Receipt after) {
        assertThat(before).compileSideOnly().matchesApprovedReceipt();
        assertThat(after).compileSideOnly().matchesApprovedReceipt();
    }

    // Shows what the upgrade from PyTorch 2.6 to 2.14 changed in the compile side of the same
    // scenario, as matchesApprovedReceipt() would list it had 2.14 replaced the approved 2.6 log:
    // no variant more or less, but guards (and the subjects of recompile causes) named without L['...'], the break reported by type with
    // a gbNNNN id, and AOTAutograd cache misses now logged.
    @Test
    void theUpgradeTo214ChangedTheWordsNotTheCounts(@TraceFixture(PRINT_BRIDGE_26) Receipt before,
                                                    @TraceFixture(PRINT_BRIDGE_214) Receipt after) {
        ReceiptDiff upgrade = ReceiptDiff.between(before, after).compileSideOnly().ignoring("fixture", "trace_sha256");
        // Nothing is filed under variants: the breaks' words first, then the guards' words, then the caches.
        assertThat(upgrade.differences()).extracting(ReceiptDifference::pathText).containsExactly(
                "runs.baseline.break_sites[scenarios.py:31].explanation",
                "runs.baseline.break_sites[scenarios.py:31].gb_id",
                "runs.baseline.break_sites[scenarios.py:31].hints",
                "runs.baseline.break_sites[scenarios.py:31].reason",
                "runs.baseline.compile_log.break_sites[scenarios.py:31].explanation",
                "runs.baseline.compile_log.break_sites[scenarios.py:31].gb_id",
                "runs.baseline.compile_log.break_sites[scenarios.py:31].hints",
                "runs.baseline.compile_log.break_sites[scenarios.py:31].reason",
                "runs.baseline.compile_log.recompile_reasons[0/1].guard",
                "runs.baseline.compile_log.recompile_reasons[1/1].guard",
                "runs.baseline.guard_misses[0/1].guard",
                "runs.baseline.guard_misses[1/1].guard",
                "runs.baseline.recompile_causes[0].guard",
                "runs.baseline.recompile_causes[0].subject",
                "runs.baseline.recompile_causes[1].guard",
                "runs.baseline.recompile_causes[1].subject",
                "runs.candidate.compile_log.recompile_reasons[0/1].guard",
                "runs.candidate.guard_misses[c12].guard",
                "runs.candidate.recompile_causes[0].guard",
                "runs.candidate.recompile_causes[0].subject",
                // 2.6 writes no AOTAutograd outcome (its cache is off): null and not measured there, misses on 2.14
                "runs.baseline.compile_log.artifact_cache.aotautograd",
                "runs.candidate.compile_log.artifact_cache.aotautograd",
                "limits.not_measured");
        assertThat(upgrade.text()).startsWith("""
                23 figures differ (before → after):
                  breaks
                    runs.baseline.break_sites[scenarios.py:31].explanation: (absent) → "Dynamo does not know how to trace \
                builtin operator `print` with argument types ['str'] (has_kwargs True)"
                    runs.baseline.break_sites[scenarios.py:31].gb_id: (absent) → "GB0059"
                """).contains("""
                    runs.baseline.break_sites[scenarios.py:31].reason: "Unsupported: builtin: print [<class \
                'torch._dynamo.variables.constant.ConstantVariable'>] True" → "Failed to trace builtin operator"
                """).contains("""
                  guard texts
                    runs.baseline.compile_log.recompile_reasons[0/1].guard: "0/0: tensor 'L['x']' size mismatch at index 0. \
                expected 8, actual 16" → "0/0: tensor 'x' size mismatch at index 0. expected 8, actual 16"
                """).contains("""
                  artifact caches
                    runs.baseline.compile_log.artifact_cache.aotautograd: null → {"bypass":0,"hit":0,"miss":4}
                    runs.candidate.compile_log.artifact_cache.aotautograd: null → {"bypass":0,"hit":0,"miss":2}
                """);
        assertThat(before.run("baseline").compileLog().orElseThrow().compiles())
                .isEqualTo(after.run("baseline").compileLog().orElseThrow().compiles());
    }
}
