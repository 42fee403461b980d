package dev.compilereceipt.read.profiler;

import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.CallPhases;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Millis;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/**
 * Turns the kept spans into calls by their nesting on one thread: a call is a call span; inside
 * it, each {@code Torch-Compiled Region} is a region event in the order it began (a region nests in
 * the one whose frame broke, as the resume function runs inside it), its ms the compiled graph's own
 * spans directly inside it or, where the release writes none (2.6 under {@code no_grad}), the
 * region's time less the regions, guard checks and compiles nested in it; a region compiled in this
 * call when a Dynamo compile ended before it began (the latest not yet given to a region), its
 * compile ms that compile's. The guard-check ms of a call is the time of its outermost
 * {@code TorchDynamo Cache Lookup} spans outside any compile (a compile looks up the frames it traces).
 */
final class ProfileCalls {

    private final Path file;
    private final List<ProfileSpan> spans;
    private final Limits limits;
    private final Optional<CompileLog> compileLog;

    private ProfileCalls(Path file, List<ProfileSpan> spans, Limits limits, Optional<CompileLog> compileLog) {
        this.file = file;
        this.spans = spans.stream().sorted(Comparator.comparingDouble(ProfileSpan::start)
                .thenComparing(Comparator.comparingDouble(ProfileSpan::end).reversed())).toList();
        this.limits = limits;
        this.compileLog = compileLog;
    }

    static List<Call> of(Path file, List<ProfileSpan> spans, CallPhases phases, Limits limits, Optional<CompileLog> compileLog) {
        return new ProfileCalls(file, spans, limits, compileLog).calls(phases);
    }

    private List<Call> calls(CallPhases phases) {
        List<String> fallbacks = compileLog.map(CompileLog::fallbacks).orElse(List.of());
        if (!fallbacks.isEmpty()) {
            // A frame that gave up runs no region: its compile span is all a profile shows of it, and which
            // compile span is which fallback is not yet read. A phase's fallbacks would read 0, so no receipt.
            throw new Refusal(file, "/" + ProfileEvents.EVENTS, 0, 0, "its TORCH_TRACE log holds fallbacks " + fallbacks
                    + ", and a profile does not yet say in which call a frame fell back; read the log alone for its compile side");
        }
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
        List<Call> calls = new ArrayList<>();
        for (int i = 0; i < callSpans.size(); i++) {
            calls.add(call(i, callSpans.get(i), phases));
        }
        return calls;
    }

    private Call call(int index, ProfileSpan call, CallPhases phases) {
        List<ProfileSpan> inside = spans.stream().filter(call::holds).toList();
        List<ProfileSpan> compiles = outermost(inside, ProfileSpan.Kind.COMPILE);
        List<ProfileSpan> regions = inside.stream().filter(s -> s.kind() == ProfileSpan.Kind.REGION).toList();
        if (regions.size() > limits.maxEventsPerCall()) {
            throw new Refusal(file, "/" + ProfileEvents.EVENTS, 0, 0, "call " + index + " (" + call.name() + ") runs "
                    + regions.size() + " compiled regions, over the limit of " + limits.maxEventsPerCall() + " events a call"
                    + " (max_events_per_call; raise it with Limits.withMaxEventsPerCall, the CLI's --max-events or"
                    + " @TraceFixture(maxEventsPerCall = ...))");
        }
        List<ProfileSpan> unclaimed = new ArrayList<>(compiles);
        List<Event> events = new ArrayList<>();
        for (ProfileSpan region : regions) {
            Optional<ProfileSpan> compile = unclaimed.stream().filter(c -> c.end() <= region.start())
                    .max(Comparator.comparingDouble(ProfileSpan::end));
            compile.ifPresent(unclaimed::remove);
            GraphId graph = region.graph().orElseThrow();
            if (compile.isPresent() && compileLog.isPresent() && !compileLog.get().compiles().contains(graph.toString())) {
                throw new Refusal(file, "/" + ProfileEvents.EVENTS, 0, 0, "call " + index + " (" + call.name() + ") compiles "
                        + graph + ", which its TORCH_TRACE log does not hold (its compiles: " + compileLog.get().compiles()
                        + "): are the two of the same process?");
            }
            events.add(new Event.Region(graph, compile.isPresent() ? Event.Cache.COMPILE : Event.Cache.HIT,
                    Millis.round(regionMs(region, inside)), compile.map(c -> Millis.round(c.ms())).orElse(0.0),
                    compile.isPresent() ? guardFailures(graph) : List.of()));
        }
        List<ProfileSpan> checks = outermost(inside, ProfileSpan.Kind.GUARD_CHECK).stream()
                .filter(check -> compiles.stream().noneMatch(c -> c.holds(check))).toList();
        double guardMs = checks.stream().mapToDouble(ProfileSpan::ms).sum();
        String id = call.name().startsWith(ProfileSpan.STEP_PREFIX) ? call.name() : call.name() + "#" + index;
        return new Call(id, phases.phaseOf(index).orElseThrow(), Call.DEFAULT_FAMILY, Millis.round(call.ms()), Optional.empty(),
                events, OptionalDouble.of(Millis.round(guardMs)));
    }

    /** The compiled graph's own spans directly in {@code region}, else its time less what nests in it. */
    private static double regionMs(ProfileSpan region, List<ProfileSpan> inside) {
        List<ProfileSpan> nestedRegions = inside.stream().filter(s -> s.kind() == ProfileSpan.Kind.REGION && region.holds(s)).toList();
        List<ProfileSpan> own = inside.stream().filter(s -> s.kind() == ProfileSpan.Kind.GRAPH_CALL && region.holds(s)
                && nestedRegions.stream().noneMatch(n -> n.holds(s))).toList();
        if (!own.isEmpty()) {
            return outermostOf(own).stream().mapToDouble(ProfileSpan::ms).sum();
        }
        List<ProfileSpan> nested = outermostOf(inside.stream().filter(s -> region.holds(s) && (s.kind() == ProfileSpan.Kind.REGION
                || s.kind() == ProfileSpan.Kind.GUARD_CHECK || s.kind() == ProfileSpan.Kind.COMPILE)).toList());
        return region.ms() - nested.stream().mapToDouble(ProfileSpan::ms).sum();
    }

    private static List<ProfileSpan> outermost(List<ProfileSpan> inside, ProfileSpan.Kind kind) {
        return outermostOf(inside.stream().filter(s -> s.kind() == kind).toList());
    }

    /**
     * The spans of {@code some} (of one thread, in the order of {@link #spans}: by start, the longer
     * first) that no earlier one holds; of two equal spans, the first.
     */
    private static List<ProfileSpan> outermostOf(List<ProfileSpan> some) {
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

    private List<String> guardFailures(GraphId graph) {
        return compileLog.map(log -> log.recompileReasons().stream().filter(r -> r.graph().equals(graph.toString()))
                .map(CompileLog.RecompileReason::guard).collect(Collectors.toList())).orElse(List.of());
    }

}
