package dev.compilereceipt;

import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Decision;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Trace;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The optional top-level {@code decision}: read from fixtures/rules/decision-*.json (valid.json
 * with a decision after the fixture, lines 7..), refused like every other field with the file, the
 * pointer, line, column and rule; carried into the receipt; and, for two sides, taken from the one
 * that records it.
 */
class DecisionRulesTest {

    private static final Path BEFORE = Path.of("src/test/resources/traces/before.json");
    private static final Path AFTER = Path.of("src/test/resources/traces/after.json");

    @Test
    void readsEveryField() {
        Trace trace = Fixtures.trace("rules/decision-valid.json");

        assertThat(trace.decision()).contains(new Decision("compile with mode=max-autotune",
                Optional.of("steady p90 above 1 ms"), Optional.of("one warmup call per worker"), Optional.of("decoder team"),
                OptionalLong.of(50_000)));
        assertThat(Receipt.of(trace).decision()).isEqualTo(trace.decision());
    }

    @Test
    void aDecisionChangesTheTraceHash() {
        assertThat(Fixtures.trace("rules/decision-valid.json").sha256()).isNotEqualTo(Fixtures.trace("rules/valid.json").sha256());
    }

    @Test
    void sourcesWithoutADecisionHaveNone() {
        assertThat(Fixtures.trace("rules/valid.json").decision()).isEmpty();
        assertThat(Fixtures.trace("print-bridge/torch_trace.log").decision()).isEmpty();
        assertThat(Fixtures.trace("torch-logs/2.6-print-bridge/torch_logs.txt").decision()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
        decision-unknown-key          | /decision/lifetime_calls        | 9  | 23 | unknown key "lifetime_calls" (allowed here: intervention, owner, rollback_trigger, warmup_policy, worker_lifetime_calls); a typo must never silently change a receipt
        decision-intervention-missing | /decision                       | 7  | 15 | "intervention" is required
        decision-intervention-empty   | /decision/intervention          | 8  | 21 | decision.intervention must not be empty or blank
        decision-rollback-trigger-unicode-blank | /decision/rollback_trigger | 9 | 25 | decision.rollback_trigger must not be empty or blank
        decision-owner-not-string     | /decision/owner                 | 9  | 14 | owner must be a string, found array
        decision-lifetime-zero        | /decision/worker_lifetime_calls | 9  | 30 | worker_lifetime_calls must be at least 1 and at most 1000000000000000 (10^15, the largest count a JSON number holds exactly here), found 0
        decision-lifetime-not-integer | /decision/worker_lifetime_calls | 9  | 30 | worker_lifetime_calls must be an integer from 1 to 10^15 written without a fraction or an exponent (a count of calls, such as 50000), found a number read as 50000
        decision-lifetime-too-large   | /decision/worker_lifetime_calls | 9  | 30 | worker_lifetime_calls must be an integer from 1 to 10^15 written without a fraction or an exponent (a count of calls, such as 50000), found a number read as 100000000000000000000
        decision-lifetime-over-limit  | /decision/worker_lifetime_calls | 9  | 30 | worker_lifetime_calls must be at least 1 and at most 1000000000000000 (10^15, the largest count a JSON number holds exactly here), found 1000000000000001
        decision-not-an-object        | /decision                       | 7  | 15 | decision must be a JSON object, found string
        """)
    void refusesABrokenDecisionWithItsPlace(String name, String pointer, long line, long column, String rule) {
        Path file = Fixtures.path("rules/" + name + ".json");
        TraceRefusedException refused = catchThrowableOfType(TraceRefusedException.class, () -> Traces.read(file));

        assertThat(refused).as("%s must be refused", name).isNotNull();
        assertThat(refused).hasMessage("%s: %s (line %d, column %d): %s", file, pointer, line, column, rule);
    }

    @Test
    void aDecisionLongerThanTheStringLimitIsRefused() {
        Path file = Fixtures.path("rules/decision-valid.json");
        // "steady p90 above 1 ms" is 21 characters, the longest string of the file.
        assertThat(Traces.read(TraceRequest.of(file).withLimits(Limits.DEFAULT.withMaxStringLength(31))).decision()).isPresent();
        assertThatThrownBy(() -> Traces.read(TraceRequest.of(file).withLimits(Limits.DEFAULT.withMaxStringLength(20))))
                .isInstanceOf(TraceRefusedException.class)
                .hasMessageContaining("a string longer than the limit of 20 characters (raise it with Limits.withMaxStringLength)");
    }

    @Test
    void twoSidesTakeTheDecisionTheyRecord() {
        Trace before = Traces.read(BEFORE);
        Trace after = Traces.read(AFTER);
        Decision decision = new Decision("fix", Optional.empty(), Optional.empty(), Optional.empty(), OptionalLong.of(10));
        Decision other = new Decision("another fix", Optional.empty(), Optional.empty(), Optional.empty(), OptionalLong.empty());

        assertThat(Trace.combine(before, after).decision()).isEmpty();
        assertThat(Trace.combine(withDecision(before, decision), after).decision()).contains(decision);
        assertThat(Trace.combine(before, withDecision(after, decision)).decision()).contains(decision);
        assertThat(Trace.combine(withDecision(before, decision), withDecision(after, decision)).decision()).contains(decision);
        assertThatThrownBy(() -> Trace.combine(withDecision(before, other), withDecision(after, decision)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot combine " + BEFORE + " and " + AFTER + ": both record a decision and they differ ("
                        + other + " and " + decision + "); record it in one of them, or the same in both");
    }

    @Test
    void aDecisionNamesItsInterventionAndALifetimeOfAtLeastOneCall() {
        assertThatThrownBy(() -> new Decision("", Optional.empty(), Optional.empty(), Optional.empty(), OptionalLong.empty()))
                .hasMessage("a decision names its intervention");
        assertThatThrownBy(() -> new Decision("x", Optional.empty(), Optional.empty(), Optional.empty(), OptionalLong.of(0)))
                .hasMessage("worker_lifetime_calls must be 1..1000000000000000, found 0");
    }

    private static Trace withDecision(Trace trace, Decision decision) {
        return new Trace(trace.source(), trace.fixture(), trace.runs(), trace.sha256(), trace.limits(), trace.notMeasured(),
                trace.badLines(), Optional.of(decision));
    }
}
