package dev.compilereceipt.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.compilereceipt.receipt.GuardCheckTime;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.Trace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.Events;

/**
 * A torch.profiler trace through {@code @TraceFixture}: the shipped profiles of fixtures/profiler, with
 * their phases and call span as attributes, and the refusal of a profile given without phases.
 */
class TraceFixtureProfileTest {

    private static final String CASES = "TraceFixtureProfileTest.";

    static class ProfileCases {
        @Test
        void steps(@TraceFixture(value = "profiler/2.14-plain/profile.json", log = "profiler/2.14-plain/torch_trace.log",
                phases = {"steady=0-3", "changed=4", "steady=5"}) Receipt receipt) {
            // the guard checks of steps 1-4 and 6 (0.0747, 0.0176, 0.0132, 0.0149, 0.0726): total 0.193, median 0.0176
            assertThat(receipt.run("baseline").phase(Phase.STEADY).guardCheckMs()).contains(new GuardCheckTime(0.193, 0.0176));
            assertThat(receipt.run("baseline").phase(Phase.CHANGED).compiles()).isEqualTo(2);
        }

        @Test
        void requestSpans(@TraceFixture(value = "profiler/2.14-plain/profile.json", log = "profiler/2.14-plain/torch_trace.log",
                callSpan = "request", phases = "steady=0-3,changed=4,steady=5") Trace trace) {
            assertThat(trace.run("baseline").orElseThrow().calls()).extracting(Call::id)
                    .containsExactly("request#0", "request#1", "request#2", "request#3", "request#4", "request#5");
            assertThat(trace.run("baseline").orElseThrow().calls().get(2).wallMs()).isEqualTo(0.1397);
        }

        @Test
        void helpersProfile(@TraceFixture(value = "profiler/2.14-graph-break/profile.json",
                log = "profiler/2.14-graph-break/torch_trace.log", callSpan = "compile_receipt_call", run = "baseline") Receipt receipt) {
            // no phases: the log's compile_receipt_call markers give the helper's b00-b01 eager, b02 warmup, b03-b05
            // steady, b06-b08 changed
            assertThat(receipt.run("baseline").phase(Phase.EAGER).calls()).isEqualTo(2);
            assertThat(receipt.run("baseline").phase(Phase.WARMUP).calls()).isEqualTo(1);
            assertThat(receipt.run("baseline").phase(Phase.STEADY).calls()).isEqualTo(3);
            assertThat(receipt.run("baseline").phase(Phase.CHANGED).calls()).isEqualTo(3);
        }
    }

    @Test
    void theShippedProfilesReadWithTheirPhasesAndCallSpanAsAttributes() {
        Events events = EngineRun.withFixturesRoot().execute(ProfileCases.class).testEvents();

        assertThat(events.failed().stream().map(e -> e.getTestDescriptor().getDisplayName() + ": "
                + e.getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable).map(Throwable::getMessage)
                .orElse(""))).isEmpty();
        events.assertStatistics(stats -> stats.started(3).succeeded(3));
    }

    static class NoPhasesCases {
        @Test
        void profile(@TraceFixture("profiler/2.14-plain/profile.json") Receipt receipt) {
        }

        @Test
        void badPhases(@TraceFixture(value = "profiler/2.14-plain/profile.json", phases = {"steady=0-3", "soon=4"}) Receipt receipt) {
        }

        @Test
        void spanWithoutPhases(@TraceFixture(value = "profiler/2.14-plain/profile.json", callSpan = "request") Receipt receipt) {
        }

        @Test
        void twoSides(@TraceFixture(baseline = "profiler/2.6-plain/profile.json", candidate = "profiler/2.14-plain/profile.json",
                phases = "steady=0-5") Receipt receipt) {
        }
    }

    @Test
    void aProfileWithoutPhasesIsRefusedNamingTheAnnotation() {
        Events events = EngineRun.withFixturesRoot().execute(NoPhasesCases.class).testEvents();

        events.assertStatistics(stats -> stats.started(4).failed(4));
        String profile = EngineRun.FIXTURES + "/profiler/2.14-plain/profile.json";
        events.assertThatEvents().haveExactly(1, event(test("profile"), finishedWithFailure(
                instanceOf(ParameterResolutionException.class),
                message("@TraceFixture(\"profiler/2.14-plain/profile.json\") on parameter [Receipt arg0] of method " + CASES
                        + "NoPhasesCases.profile(Receipt): trace refused: " + profile + ": (document): a torch.profiler trace is"
                        + " read with the phases of its calls, as no phase is guessed: add phases = \"steady=0-9\" (by call index"
                        + " from 0) to the @TraceFixture, with log = \"...\" unless a folder holds the profile and its TORCH_TRACE"
                        + " log, and callSpan = \"request\" where a call is not a ProfilerStep#N"))));
        events.assertThatEvents().haveExactly(1, event(test("badPhases"), finishedWithFailure(
                instanceOf(ParameterResolutionException.class),
                message("@TraceFixture(value = \"profiler/2.14-plain/profile.json\", phases = \"steady=0-3,soon=4\") on parameter [Receipt"
                        + " arg0] of method " + CASES + "NoPhasesCases.badPhases(Receipt): phases: phases \"soon=4\" names no"
                        + " phase (eager, warmup, steady, changed); write them like eager=0-2,warmup=3,steady=4-83,changed=84-89"))));
        events.assertThatEvents().haveExactly(1, event(test("spanWithoutPhases"), finishedWithFailure(
                instanceOf(ParameterResolutionException.class),
                message("@TraceFixture(value = \"profiler/2.14-plain/profile.json\", callSpan = \"request\") on parameter [Receipt arg0] of"
                        + " method " + CASES + "NoPhasesCases.spanWithoutPhases(Receipt): callSpan, log and run read a"
                        + " torch.profiler trace, which needs the phases of its calls: phases = \"steady=0-9\" (by call index"
                        + " from 0)"))));
        events.assertThatEvents().haveExactly(1, event(test("twoSides"), finishedWithFailure(
                instanceOf(ParameterResolutionException.class),
                message("@TraceFixture(baseline = \"profiler/2.6-plain/profile.json\", candidate = \"profiler/2.14-plain/profile.json\")"
                        + " on parameter [Receipt arg0] of method " + CASES + "NoPhasesCases.twoSides(Receipt): phases, callSpan,"
                        + " log and run read one torch.profiler trace, named by value; two profiles make a comparison with"
                        + " Trace.combine(Traces.read(TraceRequest.of(before).withLog(...)...), Traces.read(...))"))));
    }
}
