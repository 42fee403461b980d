package dev.compilereceipt.read.profiler;

import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Millis;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The events of one call, in the order they happened. Each {@code Torch-Compiled Region} is a region
 * event at its start; its ms the compiled graph's own spans directly inside it (Inductor's wrapper
 * call where written, else the graph call) or, where the release writes none (2.6 under
 * {@code no_grad}), the region's time less the regions, guard checks and compiles nested in it; a
 * compile where it is the first run of the variant a matched compile span made, its compile ms that
 * span's. A region nested in another is the resume frame of the other's graph break (the resume
 * function runs inside it): where the log holds a break of the other's compile, a break event comes
 * before the region, its eager island the time from the end of the previous region's graph spans to
 * the region, less the compiles in between; unknown where that region has no graph span, or where the profile
 * holds no compile span while its log compiles (a compile in the gap is not eager time). A fallback,
 * or a variant that made no graph (no region runs it), is an event where its compile span ends.
 */
final class CallEvents {

    private record Timed(double at, int order, Event event) {
    }

    private final Path file;
    private final String call;
    private final List<ProfileSpan> inside;
    private final CompileMatch match;
    private final CompileLog log;
    private final List<Timed> timeline = new ArrayList<>();
    private boolean islandUnknown;

    private CallEvents(Path file, String call, List<ProfileSpan> inside, CompileMatch match, CompileLog log) {
        this.file = file;
        this.call = call;
        this.inside = inside;
        this.match = match;
        this.log = log;
    }

    /** The events of {@code call}, whose spans are {@code inside} (by start, the longer first) and outermost compiles {@code compiles}. */
    static CallEvents of(Path file, String call, List<ProfileSpan> inside, List<ProfileSpan> compiles, CompileMatch match,
                         CompileLog log) {
        CallEvents events = new CallEvents(file, call, inside, match, log);
        events.regions(compiles);
        events.compilesWithoutRegion(compiles);
        events.timeline.sort(Comparator.comparingDouble(Timed::at).thenComparingInt(Timed::order));
        return events;
    }

    List<Event> events() {
        return timeline.stream().map(Timed::event).toList();
    }

    /** Whether a break of this call has an eager island the profile does not time. */
    boolean islandUnknown() {
        return islandUnknown;
    }

    private void regions(List<ProfileSpan> compiles) {
        List<ProfileSpan> regions = inside.stream().filter(s -> s.kind() == ProfileSpan.Kind.REGION).toList();
        for (int n = 0; n < regions.size(); n++) {
            ProfileSpan region = regions.get(n);
            GraphId graph = region.graph().orElseThrow();
            Optional<ProfileSpan> parent = innermostHolder(region, regions);
            if (parent.isPresent()) {
                Optional<Event.Break> known = breakOf(parent.get().graph().orElseThrow());
                if (known.isPresent()) {
                    Event.Break brk = known.get();
                    timeline.add(new Timed(region.start(), 2 * n, brk.withEagerMs(island(regions.get(n - 1), region, compiles))));
                }
            }
            double ms = Millis.round(regionMs(region));
            Optional<ProfileSpan> compile = match.compileSpanOf(region);
            Event event = compile.map(c -> (Event) new Event.Region(graph, Event.Cache.COMPILE, ms, Millis.round(c.ms()),
                    match.compileOf(c).map(this::guardFailures).orElse(List.of())))
                    .orElseGet(() -> new Event.Region(graph, Event.Cache.HIT, ms, 0, List.of()));
            timeline.add(new Timed(region.start(), 2 * n + 1, event));
        }
    }

    private void compilesWithoutRegion(List<ProfileSpan> compiles) {
        int order = Integer.MAX_VALUE / 2;
        for (ProfileSpan span : compiles) {
            CompileLog.CompileEvents compile = match.compileOf(span).orElseThrow();
            double compileMs = Millis.round(span.ms());
            if (compile.outcome() instanceof Event.Fallback fallback) {
                timeline.add(new Timed(span.end(), order++, new Event.Fallback(fallback.graph(), fallback.reason(), compileMs,
                        fallback.guardFailures())));
            } else if (inside.stream().noneMatch(r -> r.kind() == ProfileSpan.Kind.REGION
                    && match.compileSpanOf(r).filter(c -> c == span).isPresent())) {
                if (!log.graphless().contains(compile.graph().toString())) {
                    throw new Refusal(file, "/" + ProfileEvents.EVENTS, 0, 0, call + " compiles " + compile.graph() + ", which"
                            + " made a graph by its TORCH_TRACE log, and no region of it runs after its compile in this call");
                }
                timeline.add(new Timed(span.end(), order++, new Event.Region(compile.graph(), Event.Cache.COMPILE, 0, compileMs,
                        guardFailures(compile))));
            }
            for (CompileLog.CompileEvents spanless : match.spanlessAfter(span)) {
                Event.Fallback fallback = (Event.Fallback) spanless.outcome();
                timeline.add(new Timed(span.end(), order++, fallback));
            }
        }
    }

    private List<String> guardFailures(CompileLog.CompileEvents compile) {
        return compile.outcome() instanceof Event.Region region ? region.guardFailures()
                : ((Event.Fallback) compile.outcome()).guardFailures();
    }

    /** The first break the compile of {@code graph} reported; empty where it reported none (or the log does not hold it). */
    private Optional<Event.Break> breakOf(GraphId graph) {
        return log.compileEvents().stream().filter(c -> c.graph().equals(graph) && !c.breaks().isEmpty())
                .map(c -> c.breaks().get(0)).findFirst();
    }

    private double island(ProfileSpan previous, ProfileSpan region, List<ProfileSpan> compiles) {
        OptionalDouble graphEnd = ownGraphSpans(previous).stream().mapToDouble(ProfileSpan::end).max();
        if (graphEnd.isEmpty() || match.compileSpansMissing()) {
            // Without compile spans a compile in the gap would be counted as eager time: not measured instead.
            islandUnknown = true;
            return 0;
        }
        double from = graphEnd.getAsDouble();
        double compiling = compiles.stream().filter(c -> from <= c.start() && c.end() <= region.start())
                .mapToDouble(ProfileSpan::ms).sum();
        return Millis.round(Math.max(0, (region.start() - from) / 1000 - compiling));
    }

    private static Optional<ProfileSpan> innermostHolder(ProfileSpan region, List<ProfileSpan> regions) {
        ProfileSpan best = null;
        for (ProfileSpan other : regions) {
            if (other.holds(region) && (best == null || best.holds(other))) {
                best = other;
            }
        }
        return Optional.ofNullable(best);
    }

    /** The outermost wrapper calls directly in {@code region} (in no region nested in it), else its outermost graph calls. */
    private List<ProfileSpan> ownGraphSpans(ProfileSpan region) {
        List<ProfileSpan> nested = inside.stream().filter(s -> s.kind() == ProfileSpan.Kind.REGION && region.holds(s)).toList();
        for (ProfileSpan.Kind kind : List.of(ProfileSpan.Kind.WRAPPER_CALL, ProfileSpan.Kind.GRAPH_CALL)) {
            List<ProfileSpan> own = inside.stream().filter(s -> s.kind() == kind && region.holds(s)
                    && nested.stream().noneMatch(n -> n.holds(s))).toList();
            if (!own.isEmpty()) {
                return ProfileCalls.outermostOf(own);
            }
        }
        return List.of();
    }

    /** The compiled graph's own spans directly in {@code region}, else its time less what nests in it. */
    private double regionMs(ProfileSpan region) {
        List<ProfileSpan> own = ownGraphSpans(region);
        if (!own.isEmpty()) {
            return own.stream().mapToDouble(ProfileSpan::ms).sum();
        }
        List<ProfileSpan> nested = ProfileCalls.outermostOf(inside.stream().filter(s -> region.holds(s)
                && (s.kind() == ProfileSpan.Kind.REGION || s.kind() == ProfileSpan.Kind.GUARD_CHECK
                || s.kind() == ProfileSpan.Kind.COMPILE)).toList());
        return region.ms() - nested.stream().mapToDouble(ProfileSpan::ms).sum();
    }
}
