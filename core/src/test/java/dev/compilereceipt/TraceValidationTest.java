package dev.compilereceipt;

import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Trace;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One refusal per rule of the contract, over the hand-made traces in fixtures/rules: each names
 * the file, the JSON pointer, the line and column (read off the file) and the rule.
 */
class TraceValidationTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
        format-wrong                | /format                                 | 2  | 13 | format must be exactly "compile-trace/1", found "compile-trace/2"
        fixture-name-missing        | /fixture                                | 3  | 14 | "name" is required
        fixture-name-empty          | /fixture/name                           | 4  | 13 | fixture.name must not be empty
        tolerance-negative          | /fixture/tolerance/atol                 | 7  | 15 | atol must be ≥ 0, found -0.001
        runs-empty                  | /runs                                   | 7  | 11 | runs must hold 1 or 2 runs (baseline, and optionally candidate), found 0
        runs-three                  | /runs                                   | 7  | 11 | runs must hold 1 or 2 runs (baseline, and optionally candidate), found 3
        label-unknown               | /runs/0/label                           | 9  | 16 | label must be "baseline" or "candidate", found "after"
        label-twice                 | /runs/1/label                           | 77 | 16 | run "baseline" appears twice; each label at most once
        baseline-missing            | /runs                                   | 7  | 11 | a "baseline" run is required
        calls-empty                 | /runs/0/calls                           | 10 | 16 | a run needs at least 1 call
        calls-over-limit            | /runs/0/calls                           | 10 | 16 | the run has 65 calls, over the limit of 64 calls per run (raise it with Limits.withMaxCalls, the CLI's --max-calls or @TraceFixture(maxCalls = ...))
        id-duplicate                | /runs/0/calls/1/id                      | 19 | 17 | call id "e0" is used twice in this run; ids must be unique within a run
        phase-unknown               | /runs/0/calls/0/phase                   | 13 | 20 | phase must be one of eager, warmup, steady, changed, found "hot"
        wall-missing                | /runs/0/calls/0                         | 11 | 9  | "wall_ms" is required
        wall-negative               | /runs/0/calls/0/wall_ms                 | 15 | 22 | wall_ms must be ≥ 0, found -1
        check-ok-not-boolean        | /runs/0/calls/2/check/ok                | 51 | 19 | check.ok must be true or false
        events-over-limit           | /runs/0/calls/2/events                  | 53 | 21 | the call has 17 events, over the limit of 16 events per call (raise it with Limits.withMaxEventsPerCall, the CLI's --max-events or @TraceFixture(maxEvents = ...))
        compile-without-compile-ms  | /runs/0/calls/1/events/0                | 23 | 13 | compile_ms is required with cache "compile"
        hit-with-compile-ms         | /runs/0/calls/2/events/0/compile_ms     | 59 | 29 | compile_ms must be absent with cache "hit": nothing was compiled
        hit-with-guard-failures     | /runs/0/calls/2/events/0/guard_failures | 59 | 33 | guard_failures are only allowed with cache "compile"
        cache-unknown               | /runs/0/calls/2/events/0/cache          | 57 | 24 | cache must be "hit" or "compile", found "miss"
        graph-id-negative           | /runs/0/calls/1/events/0/graph          | 25 | 24 | a graph id is F/V with non-negative integers (frame/variant), found "0/-1"
        graph-id-not-f-v            | /runs/0/calls/1/events/0/graph          | 25 | 24 | a graph id is F/V with non-negative integers (frame/variant), found "frame0"
        break-site-not-file-line    | /runs/0/calls/1/events/1/site           | 32 | 23 | site must be file:line, found "model.py"
        break-user-frame-not-file-line | /runs/0/calls/1/events/1/user_frame | 35 | 29 | user_frame must be file:line, found "model.py"
        kind-unknown                | /runs/0/calls/1/events/1/kind           | 31 | 23 | kind must be region, break or fallback, found "island"
        fallback-without-compile-ms | /runs/0/calls/2/events/3                | 72 | 13 | "compile_ms" is required
        unknown-key                 | /runs/0/calls/0/wal_ms                  | 16 | 21 | unknown key "wal_ms" (allowed here: check, events, family, id, phase, wall_ms); a typo must never silently change a receipt
        duplicate-key               | /runs/0/calls/0/wall_ms                 | 16 | 20 | duplicate key: "wall_ms"
        nan                         | /runs/0/calls/0/wall_ms                 | 15 | 25 | NaN or infinite numbers are not allowed, found NaN
        number-out-of-range         | /runs/0/calls/0/wall_ms                 | 15 | 22 | NaN or infinite numbers are not allowed: 1e999 is out of the range of a double
        eager-call-with-region      | /runs/0/calls/0/events/0/kind           | 18 | 23 | an eager call runs no compiled code: a "region" event is not allowed in phase eager
        compiled-twice              | /runs/0/calls/2/events/0/graph          | 56 | 24 | graph 0/0 is compiled twice in this run; a variant is compiled once, later calls hit it
        not-an-object               | ``                                      | 1  | 1  | a trace must be a JSON object, found array
        trailing-content            | ``                                      | 78 | 1  | content after the end of the JSON document
        """)
    void refusesABrokenRuleWithItsPlace(String name, String pointer, long line, long column, String rule) {
        Path file = Fixtures.path("rules/" + name + ".json");
        TraceRefusedException refused = catchThrowableOfType(TraceRefusedException.class, () -> Traces.read(file));
        assertThat(refused).as("%s must be refused", name).isNotNull();
        assertThat(refused.pointer()).isEqualTo(pointer);
        assertThat(refused.line()).contains(line);
        assertThat(refused.column()).contains(column);
        assertThat(refused.rule()).isEqualTo(rule);
        String where = pointer.isEmpty() ? "(document)" : pointer;
        assertThat(refused).hasMessage("%s: %s (line %d, column %d): %s", file, where, line, column, rule);
    }

    @Test
    void readsTheValidTraceTheRulesAreMadeFrom() {
        Trace trace = Fixtures.trace("rules/valid.json");
        assertThat(trace.runs()).singleElement().satisfies(run -> assertThat(run.calls()).hasSize(3));
        // family defaults to "default" where the call leaves it out (w0, s0)
        assertThat(trace.runs().get(0).calls()).extracting(Call::family).containsExactly("base", "default", "default");
    }

    @Test
    void anEmptyFileHasNoPlace() {
        Path file = Fixtures.path("rules/empty.json");
        assertThatThrownBy(() -> Traces.read(file)).isInstanceOf(TraceRefusedException.class)
                .hasMessage(file + ": (document): the file is empty: a trace is one JSON object");
    }

    @Test
    void raisedLimitsAdmitTheOverLimitTraces() {
        Trace calls = Traces.read(TraceRequest.of(Fixtures.path("rules/calls-over-limit.json")).withLimits(Limits.DEFAULT.withMaxCalls(65)));
        assertThat(calls.runs().get(0).calls()).hasSize(65);
        Trace events = Traces.read(TraceRequest.of(Fixtures.path("rules/events-over-limit.json")).withLimits(Limits.DEFAULT.withMaxEventsPerCall(17)));
        assertThat(Receipt.of(events).limits().maxEventsPerCall()).isEqualTo(17);
    }

    @Test
    void aMissingFileIsRefusedByName() {
        Path file = Fixtures.path("rules/no-such-trace.json");
        assertThatThrownBy(() -> Traces.read(file)).isInstanceOf(TraceRefusedException.class)
                .hasMessage(file + ": (document): no such file");
    }
}
