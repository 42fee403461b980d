package dev.compilereceipt.receipt;

import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.ledger.CallCache;
import dev.compilereceipt.ledger.Ledger;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.GuardMiss;
import dev.compilereceipt.trace.Phase;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * Every required receipt figure of the captured int-spec run, worked out by hand from
 * fixtures/int-spec/trace.json. Baseline: dynamic=False and a Python int that changes on every
 * steady call, so b04..b10 recompile 0/1..0/7, b11 hits the recompile limit (fallback 0/8) and
 * from then on the frame runs eagerly. Candidate: the int passed as a tensor, one variant, all hits.
 */
class IntSpecReceiptTest {

    private final Receipt receipt = Receipt.of(Fixtures.trace("int-spec/trace.json"));

    @Test
    void baselineSteadyRecompilesOnEveryCallUntilTheLimit() {
        PhaseFigures steady = receipt.run("baseline").phase(Phase.STEADY);
        // wall 989.9732 + 1059.5142 + 1059.9907 + 1039.7505 + 1052.2343 + 1027.2085 + 1073.348 + 3.8545
        //      + 0.0559 + 0.053 = 7305.9828; mean / 10 = 730.59828 -> 730.5983;
        // sorted [0.053, 0.0559, 3.8545, 989.9732, 1027.2085, 1039.7505, 1052.2343, 1059.5142, 1059.9907, 1073.348]:
        // median (1027.2085 + 1039.7505) / 2 = 1033.4795; p90 rank ceil(9) = 9 -> 1059.9907
        assertThat(steady.calls()).isEqualTo(10);
        assertThat(steady.wallMs()).contains(new WallTime(7305.9828, 730.5983, 1033.4795, 1059.9907));
        assertThat(steady.compiles()).isEqualTo(7);
        assertThat(steady.cacheHits()).isEqualTo(OptionalInt.of(0));
        assertThat(steady.fallbacks()).isEqualTo(1);
        assertThat(steady.breaks()).isEqualTo(OptionalInt.of(0));
        assertThat(steady.eagerIslandMs()).isEqualTo(OptionalDouble.of(0));
        // 985.806 + 1055.525 + 1055.991 + 1035.431 + 1047.873 + 1023.016 + 1069.271 + 0 (fallback) = 7272.913
        assertThat(steady.compileMs()).isEqualTo(7272.913);
        assertThat(steady.newGraphVariants()).extracting(GraphId::toString)
                .containsExactly("0/1", "0/2", "0/3", "0/4", "0/5", "0/6", "0/7");
    }

    @Test
    void baselineWarmupAndChanged() {
        RunFigures baseline = receipt.run("baseline");
        assertThat(baseline.phase(Phase.WARMUP).compiles()).isEqualTo(1);
        assertThat(baseline.phase(Phase.WARMUP).compileMs()).isEqualTo(1735.06);
        assertThat(baseline.phase(Phase.WARMUP).newGraphVariants()).extracting(GraphId::toString).containsExactly("0/0");
        // b14, b15 run eagerly after the limit: 0.0636 + 0.0418 = 0.1054, median 0.0527, p90 rank 2 -> 0.0636
        PhaseFigures changed = baseline.phase(Phase.CHANGED);
        assertThat(changed.wallMs()).contains(new WallTime(0.1054, 0.0527, 0.0527, 0.0636));
        assertThat(changed.compiles()).isZero();
        assertThat(changed.cacheHits()).isEqualTo(OptionalInt.of(0));
        // 0/0..0/7 compiled, 0/8 attempted by the fallback
        assertThat(baseline.graphs()).extracting(GraphId::toString)
                .containsExactly("0/0", "0/1", "0/2", "0/3", "0/4", "0/5", "0/6", "0/7", "0/8");
        assertThat(baseline.breakSites()).isEmpty();
    }

    @Test
    void guardMissesListEveryOlderVariantThatMissed() {
        List<GuardMiss> misses = receipt.run("baseline").guardMisses();
        // b04 misses 1 guard, b05 2, ..., b10 7, and the fallback in b11 misses 8: 1 + 2 + ... + 8 = 36
        assertThat(misses).hasSize(36);
        // the trace pads the guard to 66 characters, as 2.6 writes it; the receipt gives it trimmed (GuardText)
        assertThat(misses.get(0)).isEqualTo(new GuardMiss("b04", GraphId.parse("0/1").orElseThrow(), "0/0: L['n'] == 1"));
        assertThat(misses.get(35).call()).isEqualTo("b11");
        assertThat(misses.get(35).graph()).hasToString("0/8");
        assertThat(misses.get(35).guard()).startsWith("0/0: L['n'] == 1");
    }

    @Test
    void ledgerShowsTheFallbackAndTheEagerCallsAfterIt() {
        Ledger ledger = receipt.ledger();
        assertThat(ledger.rows("baseline")).extracting(row -> row.call() + "=" + row.cache().orElseThrow())
                .containsExactly("b00=eager", "b01=eager", "b02=eager", "b03=compile", "b04=compile", "b05=compile",
                        "b06=compile", "b07=compile", "b08=compile", "b09=compile", "b10=compile", "b11=fallback",
                        "b12=eager", "b13=eager", "b14=eager", "b15=eager");
        assertThat(ledger.row("baseline", "b11")).contains(new LedgerRow("baseline", "b11", Phase.STEADY, "base",
                List.of(GraphId.parse("0/8").orElseThrow()), List.of(), Optional.of(CallCache.FALLBACK),
                OptionalDouble.of(3.8545), 0, OptionalDouble.of(0)));
    }

    @Test
    void candidateHitsOneVariant() {
        RunFigures candidate = receipt.run("candidate");
        // c04..c13 all hit 0/0: 0.2815 + 0.1066 + 0.0821 + 0.0722 + 0.0855 + 0.0699 + 0.0722 + 0.0576 + 0.0542
        //   + 0.0562 = 0.938; mean 0.0938; sorted 5th and 6th are 0.0722, 0.0722 -> median 0.0722; p90 rank 9 -> 0.1066
        assertThat(candidate.phase(Phase.STEADY).wallMs()).contains(new WallTime(0.938, 0.0938, 0.0722, 0.1066));
        assertThat(candidate.phase(Phase.STEADY).cacheHits()).isEqualTo(OptionalInt.of(10));
        assertThat(candidate.phase(Phase.STEADY).compiles()).isZero();
        assertThat(candidate.phase(Phase.CHANGED).cacheHits()).isEqualTo(OptionalInt.of(2));
        assertThat(candidate.graphs()).extracting(GraphId::toString).containsExactly("0/0");
        assertThat(candidate.guardMisses()).isEmpty();
    }

    @Test
    void comparisonShowsTheSteadySpeedUp() {
        // 0.0722 / 1033.4795 = 6.9861086e-5 -> 6 significant digits 6.98611e-5
        assertThat(receipt.comparison(Phase.STEADY).orElseThrow().ratio()).isEqualTo(OptionalDouble.of(6.98611e-5));
        // 0.1072 / 0.0527 = 2.0341556 -> 2.03416
        assertThat(receipt.comparison(Phase.CHANGED).orElseThrow().ratio()).isEqualTo(OptionalDouble.of(2.03416));
        assertThat(receipt.failures()).isEmpty();
    }
}
