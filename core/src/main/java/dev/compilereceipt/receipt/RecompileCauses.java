package dev.compilereceipt.receipt;

import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.CodeFrame;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Phase;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * Groups a run's guard failures into {@link RecompileCause}s: one cause per frame that recompiled,
 * guarded subject, guard with its constant abstracted and user source line, in the order their first
 * failure was seen. The frame of a failure is the one the run's compile log names for the compile it
 * caused ({@link CompileLog#frameOf}).
 * A failure's text that does not begin with a variant id ({@code 0/3: }) continues the one before
 * it: a 2.14 capture may keep a single reason's {@code User stack trace:} as lines of their own.
 *
 * <p>Example: int-spec's 36 guard failures {@code 0/k: n == k+1} over graphs {@code 0/1 … 0/8} are
 * one cause with values {@code 1 … 8}.
 */
@API(status = API.Status.INTERNAL)
public final class RecompileCauses {

    /** A guard failure as a source gives it: the call (empty without calls), its phase (likewise), the compile it caused, its text. */
    public record Failure(Optional<String> call, Optional<Phase> phase, GraphId graph, String guard) {
    }

    private RecompileCauses() {
    }

    /**
     * The causes of a run's failures; {@code limitGraphs} are the graph ids that fell back at the
     * recompile limit, {@code withPhases} whether the source attributes failures to phases at all.
     */
    public static List<RecompileCause> of(List<Failure> failures, Set<GraphId> limitGraphs, boolean withPhases) {
        return of(failures, limitGraphs, withPhases, graph -> Optional.empty());
    }

    /** As {@link #of(List, Set, boolean)}, each failure's frame the one {@code frames} gives for the compile it caused. */
    public static List<RecompileCause> of(List<Failure> failures, Set<GraphId> limitGraphs, boolean withPhases,
                                          Function<GraphId, Optional<CodeFrame>> frames) {
        Map<String, Group> groups = new LinkedHashMap<>();
        for (Failure failure : joined(failures)) {
            GuardFailure reading = GuardFailure.read(failure.guard());
            Optional<CodeFrame> frame = frames.apply(failure.graph());
            String key = reading.subject() + '\u0000' + reading.guard() + '\u0000' + reading.userLine().orElse("")
                    + '\u0000' + frame.map(CodeFrame::function).orElse("") + '\u0000' + frame.map(CodeFrame::location).orElse("");
            groups.computeIfAbsent(key, k -> new Group(reading, frame)).add(failure, reading);
        }
        return groups.values().stream().map(group -> group.cause(limitGraphs, withPhases)).toList();
    }

    private static List<Failure> joined(List<Failure> failures) {
        List<Failure> joined = new ArrayList<>();
        for (Failure failure : failures) {
            int last = joined.size() - 1;
            if (last >= 0 && !GuardFailure.beginsFailure(failure.guard()) && joined.get(last).call().equals(failure.call())
                    && joined.get(last).graph().equals(failure.graph())) {
                Failure before = joined.get(last);
                joined.set(last, new Failure(before.call(), before.phase(), before.graph(), before.guard() + "\n" + failure.guard()));
            } else {
                joined.add(failure);
            }
        }
        return joined;
    }

    private static final class Group {
        private final GuardFailure first;
        private final Optional<CodeFrame> frame;
        private final Set<String> values = new LinkedHashSet<>();
        private final Set<GraphId> graphs = new LinkedHashSet<>();
        private final Set<Phase> phases = new TreeSet<>();
        private final List<RecompileCause.Evidence> evidence = new ArrayList<>();

        Group(GuardFailure first, Optional<CodeFrame> frame) {
            this.first = first;
            this.frame = frame;
        }

        void add(Failure failure, GuardFailure reading) {
            values.addAll(reading.values());
            graphs.add(failure.graph());
            failure.phase().ifPresent(phases::add);
            evidence.add(new RecompileCause.Evidence(failure.call(), failure.graph(), failure.guard()));
        }

        RecompileCause cause(Set<GraphId> limitGraphs, boolean withPhases) {
            List<GraphId> atLimit = graphs.stream().filter(limitGraphs::contains).toList();
            return new RecompileCause(first.subject(), first.guard(), first.kind(), first.userLine(), List.copyOf(values),
                    List.copyOf(graphs), withPhases ? Optional.of(List.copyOf(phases)) : Optional.empty(), !atLimit.isEmpty(),
                    atLimit, evidence, frame);
        }
    }

    static Failure failure(Call call, GraphId graph, String guard) {
        return new Failure(Optional.of(call.id()), Optional.of(call.phase()), graph, guard);
    }

    /**
     * The causes a compile log alone gives: its recompile reasons, without calls or phases. A compile
     * that made no variant after guard failures is taken as the recompile limit's fallback: the log
     * does not keep a fallback's reason, and a compile that failed instead has no guard failures.
     */
    static List<RecompileCause> ofLog(Run run) {
        if (run.compileLog().isEmpty()) {
            return List.of();
        }
        CompileLog log = run.compileLog().get();
        List<Failure> failures = new ArrayList<>();
        for (CompileLog.RecompileReason reason : log.recompileReasons()) {
            GraphId.parse(reason.graph()).ifPresent(graph ->
                    failures.add(new Failure(Optional.empty(), Optional.empty(), graph, reason.guard())));
        }
        Set<GraphId> limitGraphs = new TreeSet<>();
        log.fallbackGraphs().stream().map(GraphId::parse).flatMap(Optional::stream).forEach(limitGraphs::add);
        return of(failures, limitGraphs, false, FrameIndex.of(run.compileLog()));
    }

    /** Whether a fallback's reason is the recompile limit: 2.6's cache_size_limit, 2.14's recompile_limit, this reader's words. */
    static boolean isRecompileLimit(String reason) {
        String text = reason == null ? "" : reason.toLowerCase(java.util.Locale.ROOT);
        return text.contains("recompile limit") || text.contains("recompile_limit") || text.contains("cache_size_limit");
    }
}
