package dev.compilereceipt.receipt;

import dev.compilereceipt.trace.CodeFrame;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Phase;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Why a run recompiled, once for all the guard failures of one guard at one source line: the
 * guarded {@code subject}, the {@code guard} with its changing constant abstracted, its
 * {@link RecompileKind}, the user's source line, the constants seen in order, the graph ids whose
 * compile it caused ({@code graphs}: the variants, and a fallback that made none), the phases it
 * fell in (empty where the source has no calls), whether it ended in the recompile limit, the
 * guard failures themselves as evidence, and the frame that recompiled (empty where the source
 * names no frame: compile-trace/1).
 *
 * <p>Example: 2.14 int-spec's baseline has one cause: subject {@code n}, guard {@code n == <int>},
 * kind {@code python-value}, user line {@code /rt/scenarios.py:65}, values {@code 1 … 8}, graphs
 * {@code 0/1 … 0/8}, phases {@code [steady]}, ended in the limit at {@code 0/8}; with the TORCH_TRACE
 * log of the same capture, frame {@code f} in {@code /rt/scenarios.py} from line 64.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record RecompileCause(
        String subject,
        String guard,
        RecompileKind kind,
        Optional<String> userLine,
        List<String> values,
        List<GraphId> graphs,
        Optional<List<Phase>> phases,
        boolean endedInLimit,
        List<GraphId> limitGraphs,
        List<Evidence> evidence,
        Optional<CodeFrame> frame) {

    /** A cause whose source names no frame (compile-trace/1). */
    public RecompileCause(String subject, String guard, RecompileKind kind, Optional<String> userLine, List<String> values,
                          List<GraphId> graphs, Optional<List<Phase>> phases, boolean endedInLimit, List<GraphId> limitGraphs,
                          List<Evidence> evidence) {
        this(subject, guard, kind, userLine, values, graphs, phases, endedInLimit, limitGraphs, evidence, Optional.empty());
    }

    public RecompileCause {
        values = List.copyOf(values);
        graphs = List.copyOf(graphs);
        phases = phases.map(List::copyOf);
        limitGraphs = List.copyOf(limitGraphs);
        evidence = List.copyOf(evidence);
    }

    /** One guard failure of the cause: the call it missed in (empty without calls), the compile it caused, the guard's whole text. */
    public record Evidence(Optional<String> call, GraphId graph, String guard) {
    }

    /**
     * The guard's own line in the user's code, {@code file:line}, where PyTorch records it: 2.14's
     * {@code User stack trace:} or {@code # file:line in f} comment of the guard failure; 2.6 records
     * none, nor does either release for a tensor's shape guards. The receipt writes it as
     * {@code guard_line} (and, as 0.1 did, {@code user_line}).
     */
    public Optional<String> guardLine() {
        return userLine;
    }

    /** The graph ids it caused that made a variant: {@link #graphs()} without those that fell back at the limit. */
    public List<GraphId> variants() {
        return graphs.stream().filter(graph -> !limitGraphs.contains(graph)).toList();
    }

    /** The values after the first: the first is what the oldest variant was specialized to. */
    public List<String> newValues() {
        return values.size() <= 1 ? List.of() : values.subList(1, values.size());
    }

    /**
     * Whether a person's name for a guarded thing is this cause's subject: the subject as PyTorch
     * wrote it ({@code L['n']}) or its plain name ({@code n}, {@code x.size()[0]}), the same on 2.6 and 2.14.
     */
    public boolean isAbout(String name) {
        String given = name.strip();
        return subject.equals(given) || GuardFailure.plainName(subject).equals(GuardFailure.plainName(given));
    }
}
