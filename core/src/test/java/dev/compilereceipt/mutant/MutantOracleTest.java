package dev.compilereceipt.mutant;

import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.diff.ReceiptDifference;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The five mutants against the oracle on both captured runs: the true receipt gets no code, each
 * mutant its own code and its own hash, and what a fixture cannot show is reported, not killed.
 */
class MutantOracleTest {

    private final Trace printBridge = Fixtures.trace("print-bridge/trace.json");
    private final Trace intSpec = Fixtures.trace("int-spec/trace.json");

    @Test
    void theTrueReceiptGetsNoOracleCode() {
        assertThat(Oracle.check(printBridge, Receipt.of(printBridge))).isEmpty();
        assertThat(Oracle.check(intSpec, Receipt.of(intSpec))).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Mutant.class)
    void everyMutantIsKilledOnPrintBridgeWithItsOwnCode(Mutant mutant) {
        Receipt mutated = mutant.receiptOf(printBridge);
        assertThat(Oracle.codes(printBridge, mutated)).containsExactly(mutant.oracleCode());
        assertThat(mutated.receiptSha256()).isNotEqualTo(Receipt.of(printBridge).receiptSha256());
        MutantVerdict verdict = MutantVerdict.of(printBridge, Receipt.of(printBridge), mutant);
        assertThat(verdict.verdict()).isEqualTo(MutantVerdict.Verdict.KILLED);
        assertThat(verdict.code()).contains(mutant.oracleCode());
    }

    @Test
    void mutantHashesAreDistinct() {
        Set<String> hashes = MutantVerdict.all(printBridge).stream().map(MutantVerdict::receiptSha256).collect(Collectors.toSet());
        hashes.add(Receipt.of(printBridge).receiptSha256());
        assertThat(hashes).hasSize(6);
    }

    @Test
    void oracleSentencesSayWhereAndByHowMuch() {
        // baseline steady: 8 calls, each 2 hits and 1 break, no compiles
        assertThat(Oracle.check(printBridge, Mutant.CONFLATE_BREAKS_AND_RECOMPILES.receiptOf(printBridge))).contains(
                new OracleFinding("BREAKS_COUNTED_AS_COMPILES", "baseline steady: the receipt counts 8 compiles, the trace has "
                        + "0 compiled regions and 8 breaks: every break was counted as a compile"));
        assertThat(Oracle.check(printBridge, Mutant.COUNT_CACHE_HITS_AS_COMPILES.receiptOf(printBridge))).contains(
                new OracleFinding("CACHE_HITS_COUNTED_AS_COMPILES", "baseline steady: the receipt counts 0 cache hits and 16 "
                        + "compiles, the trace has 16 hits and 0 compiles"));
        assertThat(Oracle.check(printBridge, Mutant.DROP_WARMUP.receiptOf(printBridge))).containsExactly(
                new OracleFinding("WARMUP_DROPPED", "baseline warmup: the receipt counts 0 calls, the trace has 1"),
                new OracleFinding("WARMUP_DROPPED", "candidate warmup: the receipt counts 0 calls, the trace has 1"));
        // baseline steady eager islands: 0.1953 ms over 8 breaks
        assertThat(Oracle.check(printBridge, Mutant.HIDE_EAGER_ISLANDS.receiptOf(printBridge))).contains(
                new OracleFinding("EAGER_ISLANDS_HIDDEN", "baseline steady: the receipt says 0 ms in eager islands over "
                        + "8 breaks, the trace has 0.1953 ms"));
        // candidate steady: 0.6683 ms over 8 calls is 0.0835 ms; divided by 9 it is 0.0743 ms
        assertThat(Oracle.check(printBridge, Mutant.AVERAGE_UNEQUAL_CALLS.receiptOf(printBridge))).contains(
                new OracleFinding("UNEQUAL_SAMPLE_DIVISORS", "candidate steady: the receipt's mean is 0.0743 ms, but 0.6683 ms "
                        + "over 8 calls is 0.0835 ms: the mean was divided by 9 samples"));
    }

    @Test
    void intSpecCannotShowBreakMutantsAndSaysWhy() {
        List<MutantVerdict> verdicts = MutantVerdict.all(intSpec);
        assertThat(verdicts).extracting(v -> v.mutant().id() + " " + v.verdict().id()).containsExactly(
                "conflate-breaks-and-recompiles not-distinguishable",
                "drop-warmup killed",
                "count-cache-hits-as-compiles killed",
                "average-unequal-calls killed",
                "hide-eager-islands not-distinguishable");
        assertThat(verdicts.get(0).reason()).isEqualTo("not distinguishable: the trace has no graph breaks in its calls; "
                + "the mistake (every break also counts as a compile) changes nothing the oracle can see");
        assertThat(verdicts.get(0).hashChanged()).isFalse();
        assertThat(verdicts.get(4).reason()).startsWith("not distinguishable: the trace has no break with eager_ms > 0");
    }

    @Test
    void aSingleRunCannotShowUnequalDivisors() {
        Trace baselineOnly = printBridge.withRuns(List.of(printBridge.run("baseline").orElseThrow()));
        assertThat(Discrimination.lack(baselineOnly, Mutant.AVERAGE_UNEQUAL_CALLS))
                .contains("the trace has one run only (no candidate to average against the baseline)");
        assertThat(MutantVerdict.of(baselineOnly, Receipt.of(baselineOnly), Mutant.AVERAGE_UNEQUAL_CALLS).verdict())
                .isEqualTo(MutantVerdict.Verdict.NOT_DISTINGUISHABLE);
    }

    @Test
    void aTraceWithoutWarmupCannotShowDropWarmup() {
        Run steadyOnly = new Run("baseline", printBridge.run("baseline").orElseThrow().callsIn(Phase.STEADY));
        Trace trace = printBridge.withRuns(List.of(steadyOnly));
        assertThat(Discrimination.lack(trace, Mutant.DROP_WARMUP)).contains("the trace has no warmup calls");
        assertThat(Discrimination.lack(trace, Mutant.COUNT_CACHE_HITS_AS_COMPILES)).isEqualTo(Optional.empty());
    }

    @Test
    void differencesNameTheFiguresAMutantChanged() {
        List<String> changes = ReceiptDifference.between(Receipt.of(intSpec), Mutant.DROP_WARMUP.receiptOf(intSpec)).stream()
                .map(ReceiptDifference::toString).toList();
        // 1 warmup call per run (b03 compiled 0/0 in 1735.06 ms; c03 0/0 in 965.983 ms)
        assertThat(changes).contains(
                "runs.baseline.phases.warmup.calls: 1 → 0",
                "runs.baseline.phases.warmup.compiles: 1 → 0",
                "runs.baseline.phases.warmup.compile_ms: 1735.06 → 0",
                "runs.candidate.phases.warmup.new_graph_variants: [\"0/0\"] → []");
    }
}
