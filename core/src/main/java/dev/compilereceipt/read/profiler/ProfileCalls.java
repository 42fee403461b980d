package dev.compilereceipt.read.profiler;

import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.CallPhases;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Millis;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Turns the kept spans into calls by their nesting on one thread: a call is a call span, its events
 * those of {@link CallEvents}, the compiles matched to the log's by {@link CompileMatch}. The
 * guard-check ms of a call is the time of its outermost {@code TorchDynamo Cache Lookup} spans
 * outside any compile (a compile looks up the frames it traces).
 */
final class ProfileCalls {

    /** What the calls of a profile leave unknown: each makes a figure of the trace not measured. */
    record Unknown(boolean islands, boolean fallbacks) {
    }

    /** The calls and what they leave unknown. */
    record Calls(List<Call> calls, Unknown unknown) {
    }

    private final Path file;
    private final List<ProfileSpan> spans;
    private final Limits limits;
    private final CompileLog compileLog;
    private boolean islandsUnknown;

    private ProfileCalls(Path file, List<ProfileSpan> spans, Limits limits, CompileLog compileLog) {
        this.file = file;
        this.spans = spans.stream().sorted(Comparator.comparingDouble(ProfileSpan::start)
                .thenComparing(Comparator.comparingDouble(ProfileSpan::end).reversed())).toList();
        this.limits = limits;
        this.compileLog = compileLog;
    }

    static Calls of(Path file, List<ProfileSpan> spans, CallPhases phases, Limits limits, CompileLog compileLog) {
        return new ProfileCalls(file, spans, limits, compileLog).calls(phases);
    }

    private Calls calls(CallPhases phases) {
        List<ProfileSpan> callSpans = spans.stream().filter(s -> s.kind() == ProfileSpan.Kind.CALL).toList();
        if (callSpans.isEmpty()) {
            throw new Refusal(file, "/" + ProfileEvents.EVENTS, 0, 0, "the trace holds no call span (no ProfilerStep#N;"
                    + " name the span of one call with --call-span or @TraceFixture(callSpan = ...))");
        }
        if (callSpans.size() > limits.maxCalls()) {
            throw new Refusal(file, "/" + ProfileEvents.EVENTS, 0, 0, "the trace holds " + callSpans.size() + " calls, over the"
                    + " limit of " + limits.maxCalls() + " (max_calls; raise it with Limits.withMaxCalls, the CLI's --max-calls"
                    + " or @TraceFixture(maxCalls = ...))");
        }
        for (int i = 1; i < callSpans.size(); i++) {
            ProfileSpan before = callSpans.get(i - 1);
            ProfileSpan call = callSpans.get(i);
            if (call.thread().equals(before.thread()) && call.start() < before.end()) {
                throw new Refusal(file, "/" + ProfileEvents.EVENTS, 0, 0, "call " + i + " (" + call.name() + ") begins inside"
                        + " call " + (i - 1) + " (" + before.name() + "): the spans of calls do not nest");
            }
        }
        Optional<String> misfit = phases.misfit(callSpans.size());
        if (misfit.isPresent()) {
            throw new Refusal(file, "/" + ProfileEvents.EVENTS, 0, 0, misfit.get());
        }
        CompileMatch match = CompileMatch.of(file, spans, callSpans, compileLog);
        List<Call> calls = new ArrayList<>();
        for (int i = 0; i < callSpans.size(); i++) {
            calls.add(call(i, callSpans.get(i), phases, match));
        }
        return new Calls(calls, new Unknown(islandsUnknown, match.unplaced()));
    }

    private Call call(int index, ProfileSpan call, CallPhases phases, CompileMatch match) {
        List<ProfileSpan> inside = spans.stream().filter(call::holds).toList();
        List<ProfileSpan> compiles = outermost(inside, ProfileSpan.Kind.COMPILE);
        String name = "call " + index + " (" + call.name() + ")";
        CallEvents events = CallEvents.of(file, name, inside, compiles, match, compileLog);
        islandsUnknown |= events.islandUnknown();
        List<Event> made = events.events();
        if (made.size() > limits.maxEventsPerCall()) {
            throw new Refusal(file, "/" + ProfileEvents.EVENTS, 0, 0, name + " has " + made.size() + " events"
                    + " (compiled regions, breaks, fallbacks), over the limit of " + limits.maxEventsPerCall() + " events a call"
                    + " (max_events_per_call; raise it with Limits.withMaxEventsPerCall, the CLI's --max-events or"
                    + " @TraceFixture(maxEventsPerCall = ...))");
        }
        List<ProfileSpan> checks = outermost(inside, ProfileSpan.Kind.GUARD_CHECK).stream()
                .filter(check -> compiles.stream().noneMatch(c -> c.holds(check))).toList();
        double guardMs = checks.stream().mapToDouble(ProfileSpan::ms).sum();
        String id = call.name().startsWith(ProfileSpan.STEP_PREFIX) ? call.name() : call.name() + "#" + index;
        return new Call(id, phases.phaseOf(index).orElseThrow(), Call.DEFAULT_FAMILY, Millis.round(call.ms()), Optional.empty(),
                made, OptionalDouble.of(Millis.round(guardMs)));
    }

    static List<ProfileSpan> outermost(List<ProfileSpan> inside, ProfileSpan.Kind kind) {
        return outermostOf(inside.stream().filter(s -> s.kind() == kind).toList());
    }

    /**
     * The spans of {@code some} (of one thread, in the order of {@link #spans}: by start, the longer
     * first) that no earlier one holds; of two equal spans, the first.
     */
    static List<ProfileSpan> outermostOf(List<ProfileSpan> some) {
        List<ProfileSpan> out = new ArrayList<>();
        double reach = Double.NEGATIVE_INFINITY;
        for (ProfileSpan span : some) {
            if (span.end() > reach) {
                out.add(span);
                reach = span.end();
            }
        }
        return out;
    }
}
