package dev.compilereceipt;

import dev.compilereceipt.receipt.Comparison;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.Trace;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class TracesCombineTest {

    private static final Path BEFORE = Path.of("src/test/resources/traces/before.json");
    private static final Path AFTER = Path.of("src/test/resources/traces/after.json");
    private static final Path PRINT_BRIDGE = Path.of(System.getProperty("compilereceipt.fixtures.dir", "../fixtures"), "print-bridge/trace.json");

    @Test
    void theBaselineFilesRunBecomesBaselineAndTheCandidateFilesRunBecomesCandidate() {
        Trace before = Traces.read(BEFORE);
        Trace after = Traces.read(AFTER);

        Trace combined = Trace.combine(before, after);

        assertThat(combined.runs()).extracting(Run::label).containsExactly("baseline", "candidate");
        assertThat(combined.runs().get(0).calls()).isEqualTo(before.runs().get(0).calls());
        assertThat(combined.runs().get(1).calls()).isEqualTo(after.runs().get(0).calls());
        assertThat(combined.fixture().name()).isEqualTo("tiny");
        assertThat(combined.source()).isEqualTo(BEFORE);
        assertThat(combined.limits()).isEqualTo(Limits.DEFAULT);
    }

    @Test
    void theCombinedHashIsTheHashOfTheCanonicalPairOfBothHashes() throws Exception {
        Trace before = Traces.read(BEFORE);
        Trace after = Traces.read(AFTER);
        // RFC 8785 of {"baseline": hA, "candidate": hB}: keys sorted, no whitespace.
        String pair = "{\"baseline\":\"" + before.sha256() + "\",\"candidate\":\"" + after.sha256() + "\"}";
        String expected = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(pair.getBytes(StandardCharsets.UTF_8)));

        Trace combined = Trace.combine(before, after);

        assertThat(combined.sha256()).isEqualTo(expected).isNotEqualTo(before.sha256()).isNotEqualTo(after.sha256());
        assertThat(Trace.combine(after, before).sha256()).isNotEqualTo(expected);
    }

    @Test
    void theCombinationComparesTheTwoFiles() {
        Receipt receipt = Receipt.of(Trace.combine(Traces.read(BEFORE), Traces.read(AFTER)));

        // steady walls: before 2.0 and 4.0, median 3.0; after 1.0 and 3.0, median 2.0; ratio 2.0 / 3.0 = 0.666667 (6 significant digits).
        Comparison steady = receipt.comparison(Phase.STEADY).orElseThrow();
        assertThat(steady.baselineMedianMs()).hasValue(3.0);
        assertThat(steady.candidateMedianMs()).hasValue(2.0);
        assertThat(steady.ratio()).hasValue(0.666667);
        // warmup: 12.0 -> 9.0, ratio 0.75
        assertThat(receipt.comparison(Phase.WARMUP).orElseThrow().ratio()).hasValue(0.75);
        assertThat(receipt.run("candidate").phase(Phase.WARMUP).compileMs()).isEqualTo(8.0);
        assertThat(receipt.failures()).isEmpty();
    }

    @Test
    void aTraceWithTwoRunsIsNotASide() {
        Trace twoRuns = Traces.read(PRINT_BRIDGE);

        assertThatThrownBy(() -> Trace.combine(twoRuns, Traces.read(AFTER)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot combine: the baseline trace " + PRINT_BRIDGE
                        + " must hold exactly one run, it holds 2 [baseline, candidate]; a trace of both runs is read as it is, with @TraceFixture(\"...\") or Traces.read");
    }

    @Test
    void sidesReadUnderDifferentLimitsAreNotCombined() {
        Trace wide = Traces.read(TraceRequest.of(AFTER).withLimits(Limits.DEFAULT.withMaxCalls(128)));

        assertThatThrownBy(() -> Trace.combine(Traces.read(BEFORE), wide))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot combine " + BEFORE + " and " + AFTER + ": they were read under different limits, "
                        + "max_calls 64 and 128");
    }
}
