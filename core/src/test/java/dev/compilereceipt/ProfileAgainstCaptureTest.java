package dev.compilereceipt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.CallPhases;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.Trace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real captures of both releases (fixtures/profiler/&lt;release&gt;-&lt;scenario&gt;: the helper's
 * {@code --profile-out} of the baseline run as {@code profile.json}, the frozen TORCH_TRACE log of the
 * same process, the helper's {@code trace.json}): the receipt from profile and log is the trace's on
 * calls, their graphs, cache outcomes, breaks and fallbacks, and compiles and cache hits per phase;
 * region and island ms are equal (the same wrapper-call spans, rounded alike); each profile call's wall
 * time holds the helper's timer (docs/sources.md, "Against the capture helper"). capture/check-profile.py
 * checks the same of every fresh capture in CI.
 */
class ProfileAgainstCaptureTest {


    private static Trace helper(String folder) {
        return Traces.read(Fixtures.path("profiler/" + folder + "/trace.json"));
    }

    private static Trace profile(String folder, Trace helper) {
        Path dir = Fixtures.path("profiler/" + folder);
        return Traces.read(TraceRequest.of(dir).withCallSpan("compile_receipt_call").withPhases(phasesOf(helper))
                .withRun("baseline"));
    }

    /** The phases of the helper's baseline calls as ranges: a profile cannot tell them. */
    private static CallPhases phasesOf(Trace helper) {
        List<Call> calls = helper.run("baseline").orElseThrow().calls();
        List<String> ranges = new ArrayList<>();
        int start = 0;
        for (int i = 1; i <= calls.size(); i++) {
            if (i == calls.size() || calls.get(i).phase() != calls.get(start).phase()) {
                ranges.add(calls.get(start).phase().id() + "=" + start + (i - 1 > start ? "-" + (i - 1) : ""));
                start = i;
            }
        }
        return CallPhases.parse(String.join(",", ranges));
    }

    /** What must be equal of a call's events: kinds, graphs, cache outcomes and break sites, in order. */
    private static List<String> shape(Call call) {
        return call.events().stream().map(e -> e instanceof Event.Region r ? r.graph() + " " + r.cache().id()
                : e instanceof Event.Break b ? "break " + b.site() + " " + b.reason()
                // the helper writes a fallback's reason on one line, the log as PyTorch wrote it (fail_type, a newline, fail_reason)
                : "fallback " + ((Event.Fallback) e).graph() + " " + ((Event.Fallback) e).reason().replace('\n', ' ')).toList();
    }

    private static List<Double> ms(Call call) {
        return call.events().stream().map(e -> e instanceof Event.Region r ? r.ms()
                : e instanceof Event.Break b ? b.eagerMs() : 0.0).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"2.6-graph-break", "2.14-graph-break", "2.6-fallback", "2.14-fallback"})
    void theProfileWithItsLogGivesTheHelpersReceiptOfTheSameRun(String folder) {
        Trace helper = helper(folder);
        Trace profile = profile(folder, helper);
        List<Call> theirs = helper.run("baseline").orElseThrow().calls();
        List<Call> mine = profile.run("baseline").orElseThrow().calls();

        assertThat(mine).extracting(Call::phase).containsExactlyElementsOf(theirs.stream().map(Call::phase).toList());
        for (int i = 0; i < theirs.size(); i++) {
            assertThat(shape(mine.get(i))).as("call %d", i).containsExactlyElementsOf(shape(theirs.get(i)));
            assertThat(ms(mine.get(i))).as("call %d ms", i).containsExactlyElementsOf(ms(theirs.get(i)));
            // the call span holds the helper's perf_counter window (and the record_function's own entry and exit)
            assertThat(mine.get(i).wallMs()).as("call %d wall", i).isGreaterThanOrEqualTo(theirs.get(i).wallMs());
        }
        Receipt fromProfile = Receipt.of(profile);
        Receipt fromHelper = Receipt.of(helper);
        for (Phase phase : Phase.values()) {
            PhaseFigures p = fromProfile.run("baseline").phase(phase);
            PhaseFigures t = fromHelper.run("baseline").phase(phase);
            assertThat(p.calls()).as(phase.id()).isEqualTo(t.calls());
            assertThat(p.compiles()).as(phase.id()).isEqualTo(t.compiles());
            assertThat(p.cacheHits()).as(phase.id()).isEqualTo(t.cacheHits());
            assertThat(p.fallbacks()).as(phase.id()).isEqualTo(t.fallbacks());
            assertThat(p.breaks()).as(phase.id()).isEqualTo(t.breaks());
        }
        assertThat(profile.notMeasured()).doesNotContain(Measure.EAGER_ISLAND_MS, Measure.FALLBACKS);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2.6-graph-break", "2.14-graph-break", "2.6-fallback", "2.14-fallback"})
    void theLogsCallMarkersGiveTheProfileItsPhasesWhenNoneAreGiven(String folder) {
        Path dir = Fixtures.path("profiler/" + folder);
        Trace marked = Traces.read(TraceRequest.of(dir.resolve("profile.json")).withLog(dir.resolve("torch_trace.log")).withCallSpan("compile_receipt_call").withRun("baseline"));
        assertThat(marked.run("baseline").orElseThrow().calls())
                .containsExactlyElementsOf(profile(folder, helper(folder)).run("baseline").orElseThrow().calls());
    }
}
