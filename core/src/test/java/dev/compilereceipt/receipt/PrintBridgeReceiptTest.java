package dev.compilereceipt.receipt;

import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.ledger.CallCache;
import dev.compilereceipt.ledger.Ledger;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.GuardMiss;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.Trace;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * Every required receipt figure of the captured print-bridge run, worked out by hand from
 * fixtures/print-bridge/trace.json. Baseline: print() in the middle, so every compiled call runs
 * region 0/0, crosses scenarios.py:31, runs region 1/0 (or 0/1, 1/1 after the shape change).
 * Candidate: the print removed, one region.
 */
class PrintBridgeReceiptTest {

    private final Trace trace = Fixtures.trace("print-bridge/trace.json");
    private final Receipt receipt = Receipt.of(trace);

    @Test
    void baselineEagerPhaseIsTheUncompiledControl() {
        PhaseFigures eager = receipt.run("baseline").phase(Phase.EAGER);
        // b00..b02: 0.2994 + 0.0643 + 0.048 = 0.4117; mean 0.4117 / 3 = 0.137233 -> 0.1372;
        // sorted [0.048, 0.0643, 0.2994]: median 0.0643; p90 rank ceil(2.7) = 3 -> 0.2994
        assertThat(eager.calls()).isEqualTo(3);
        assertThat(eager.wallMs()).contains(new WallTime(0.4117, 0.1372, 0.0643, 0.2994));
        assertThat(eager.compiles()).isZero();
        assertThat(eager.cacheHits()).isEqualTo(OptionalInt.of(0));
        assertThat(eager.breaks()).isEqualTo(OptionalInt.of(0));
        assertThat(eager.newGraphVariants()).isEmpty();
    }

    @Test
    void baselineWarmupCompilesBothRegionsAroundTheBreak() {
        PhaseFigures warmup = receipt.run("baseline").phase(Phase.WARMUP);
        // b03: regions 0/0 and 1/0 compiled (1726.614 + 1055.157 = 2781.771 ms), one break of 3.9755 ms
        assertThat(warmup.calls()).isEqualTo(1);
        assertThat(warmup.wallMs()).contains(new WallTime(2793.634, 2793.634, 2793.634, 2793.634));
        assertThat(warmup.compiles()).isEqualTo(2);
        assertThat(warmup.cacheHits()).isEqualTo(OptionalInt.of(0));
        assertThat(warmup.fallbacks()).isZero();
        assertThat(warmup.breaks()).isEqualTo(OptionalInt.of(1));
        assertThat(warmup.eagerIslandMs()).isEqualTo(OptionalDouble.of(3.9755));
        assertThat(warmup.compileMs()).isEqualTo(2781.771);
        assertThat(warmup.newGraphVariants()).containsExactly(graph("0/0"), graph("1/0"));
    }

    @Test
    void baselineSteadyBreaksEveryCallAndNeverCompiles() {
        PhaseFigures steady = receipt.run("baseline").phase(Phase.STEADY);
        // b04..b11: wall 0.3708 + 0.1518 + 0.1558 + 0.0941 + 0.0871 + 0.0844 + 0.0858 + 0.088 = 1.1178;
        // mean 1.1178 / 8 = 0.139725 (its double is just below the tie) -> 0.1397;
        // sorted middle pair 0.088, 0.0941: median 0.09105 (double just below the tie) -> 0.091;
        // p90 rank ceil(7.2) = 8 -> 0.3708.
        // Each call: 2 hits (0/0, 1/0) and 1 break: 16 hits, 8 breaks;
        // eager 0.0404 + 0.0222 + 0.0612 + 0.0158 + 0.0133 + 0.0135 + 0.0136 + 0.0153 = 0.1953
        assertThat(steady.calls()).isEqualTo(8);
        assertThat(steady.wallMs()).contains(new WallTime(1.1178, 0.1397, 0.091, 0.3708));
        assertThat(steady.compiles()).isZero();
        assertThat(steady.cacheHits()).isEqualTo(OptionalInt.of(16));
        assertThat(steady.breaks()).isEqualTo(OptionalInt.of(8));
        assertThat(steady.eagerIslandMs()).isEqualTo(OptionalDouble.of(0.1953));
        assertThat(steady.compileMs()).isZero();
        assertThat(steady.newGraphVariants()).isEmpty();
    }

    @Test
    void baselineChangedRecompilesBothFramesOnce() {
        PhaseFigures changed = receipt.run("baseline").phase(Phase.CHANGED);
        // b12 compiles 0/1 (1091.842) and 1/1 (1063.501) = 2155.343; b13, b14 hit both: 4 hits.
        // wall 2164.7221 + 0.4973 + 0.2357 = 2165.4551, mean 721.81837 -> 721.8184, median 0.4973, p90 2164.7221
        // eager 4.1662 + 0.0536 + 0.0302 = 4.25
        assertThat(changed.calls()).isEqualTo(3);
        assertThat(changed.wallMs()).contains(new WallTime(2165.4551, 721.8184, 0.4973, 2164.7221));
        assertThat(changed.compiles()).isEqualTo(2);
        assertThat(changed.cacheHits()).isEqualTo(OptionalInt.of(4));
        assertThat(changed.breaks()).isEqualTo(OptionalInt.of(3));
        assertThat(changed.eagerIslandMs()).isEqualTo(OptionalDouble.of(4.25));
        assertThat(changed.compileMs()).isEqualTo(2155.343);
        assertThat(changed.newGraphVariants()).containsExactly(graph("0/1"), graph("1/1"));
    }

    @Test
    void baselineGraphsBreakSitesAndGuardMisses() {
        RunFigures baseline = receipt.run("baseline");
        assertThat(baseline.graphs()).containsExactly(graph("0/0"), graph("0/1"), graph("1/0"), graph("1/1"));
        // 12 compiled calls (b03..b14) cross scenarios.py:31 once each;
        // eager 3.9755 + 0.1953 + 4.25 = 8.4208
        assertThat(baseline.breakSites()).containsExactly(new BreakSite("scenarios.py:31",
                "Unsupported: builtin: print [<class 'torch._dynamo.variables.constant.ConstantVariable'>] True",
                12, 1, OptionalDouble.of(8.4208)));
        assertThat(baseline.guardMisses()).containsExactly(
                new GuardMiss("b12", graph("0/1"), "0/0: tensor 'L['x']' size mismatch at index 0. expected 8, actual 16"),
                new GuardMiss("b12", graph("1/1"), "1/0: tensor 'L['y']' size mismatch at index 0. expected 8, actual 16"));
    }

    @Test
    void candidateHasOneRegionAndNoBreaks() {
        RunFigures candidate = receipt.run("candidate");
        // c04..c11: 0.2035 + 0.0982 + 0.0869 + 0.0523 + 0.0616 + 0.0509 + 0.048 + 0.0669 = 0.6683;
        // mean 0.0835375 -> 0.0835; middle pair 0.0616, 0.0669: median 0.06425 (double just above) -> 0.0643; p90 0.2035
        PhaseFigures steady = candidate.phase(Phase.STEADY);
        assertThat(steady.wallMs()).contains(new WallTime(0.6683, 0.0835, 0.0643, 0.2035));
        assertThat(steady.cacheHits()).isEqualTo(OptionalInt.of(8));
        assertThat(steady.breaks()).isEqualTo(OptionalInt.of(0));
        assertThat(candidate.phase(Phase.WARMUP).newGraphVariants()).containsExactly(graph("0/0"));
        assertThat(candidate.phase(Phase.WARMUP).compileMs()).isEqualTo(1060.008);
        assertThat(candidate.phase(Phase.CHANGED).newGraphVariants()).containsExactly(graph("0/1"));
        assertThat(candidate.phase(Phase.CHANGED).compileMs()).isEqualTo(1076.581);
        assertThat(candidate.graphs()).containsExactly(graph("0/0"), graph("0/1"));
        assertThat(candidate.breakSites()).isEmpty();
        assertThat(candidate.guardMisses()).containsExactly(
                new GuardMiss("c12", graph("0/1"), "0/0: tensor 'L['x']' size mismatch at index 0. expected 8, actual 16"));
    }

    @Test
    void comparisonDividesCandidateMedianByBaselineMedian() {
        // 6 significant digits: steady 0.0643 / 0.091 = 0.7065934 -> 0.706593; changed 0.2682 / 0.4973 = 0.5393123 -> 0.539312
        assertThat(receipt.comparison(Phase.STEADY)).contains(new Comparison(Phase.STEADY, 8, 8,
                OptionalDouble.of(0.091), OptionalDouble.of(0.0643), OptionalDouble.of(0.706593), java.util.Optional.empty()));
        assertThat(receipt.comparison(Phase.CHANGED).orElseThrow().ratio()).isEqualTo(OptionalDouble.of(0.539312));
        assertThat(receipt.failures()).isEmpty();
    }

    @Test
    void ledgerRowsStateEachCall() {
        Ledger ledger = receipt.ledger();
        assertThat(ledger.rows()).hasSize(30);
        assertThat(ledger.row("baseline", "b04")).contains(new LedgerRow("baseline", "b04", Phase.STEADY, "base",
                List.of(graph("0/0"), graph("1/0")), List.of("scenarios.py:31"), java.util.Optional.of(CallCache.HIT),
                OptionalDouble.of(0.3708), 0, OptionalDouble.of(0.0404)));
        assertThat(ledger.row("baseline", "b12").orElseThrow().cache()).contains(CallCache.COMPILE);
        assertThat(ledger.row("baseline", "b12").orElseThrow().compileMs()).isEqualTo(2155.343);
        assertThat(ledger.row("candidate", "c00").orElseThrow().cache()).contains(CallCache.EAGER);
    }

    @Test
    void receiptDeclaresItsLimits() {
        assertThat(receipt.limits()).isEqualTo(new ReceiptLimits(Limits.DEFAULT, List.of("universal speedup",
                "unseen input stability", "backend portability", "production capacity"), List.of("graphs_compiled", "compile_stages", "artifact_cache",
                "warm_start", "fx_graph_cache", "aotautograd_cache", "output_checks", "phase_stages"), java.util.Map.of(),
                // 3 eager, 1 warmup, 8 steady and 3 changed calls per run, none with a check
                java.util.Map.of(dev.compilereceipt.trace.Measure.OUTPUT_CHECKS, "calls in compiled phases carry no check (whether"
                        + " the output matched eager's): 12 of 12 in run baseline (the first b03), 12 of 12 in run candidate (the first c03)")));
        assertThat(receipt.traceSha256()).matches("[0-9a-f]{64}");
        assertThat(receipt.receiptSha256()).matches("[0-9a-f]{64}").isNotEqualTo(receipt.traceSha256());
    }

    private static GraphId graph(String id) {
        return GraphId.parse(id).orElseThrow();
    }
}
