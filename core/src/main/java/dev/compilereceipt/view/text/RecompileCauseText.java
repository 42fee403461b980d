package dev.compilereceipt.view.text;

import dev.compilereceipt.receipt.RecompileCause;
import dev.compilereceipt.receipt.RecompileKind;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.VisibleText;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * A recompile cause as a person reads it: one line that says how many recompiles, of which frame
 * (where the source names it), in which phases, what changed and whether the frame ended at the
 * recompile limit; then, indented, at most
 * {@value #EVIDENCE} guard failures as evidence (the first of each new variant, its first line only:
 * 2.14's {@code User stack trace:} stays in the JSON) and the hint of its kind.
 *
 * <p>Example: {@code RecompileCauseText.line(receipt.run("baseline").recompileCauses().get(0))}.
 *
 * <p>For 2.14's int-spec that line is {@code 7 recompiles in steady because `n` (a Python int,
 * scenarios.py:65) took 7 new values (2…8); at 0/8 the recompile limit was hit and the frame fell back to eager};
 * read from its TORCH_TRACE log, which names the frame, {@code 8 recompiles in `f` (scenarios.py:64) because `n` …}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class RecompileCauseText {

    /** Guard failures shown under a cause; the rest are in the receipt's JSON. */
    public static final int EVIDENCE = 3;

    private RecompileCauseText() {
    }

    /** The cause in one line, without a line break. */
    public static String line(RecompileCause cause) {
        int recompiles = cause.variants().size();
        StringBuilder out = new StringBuilder();
        out.append(recompiles).append(recompiles == 1 ? " recompile" : " recompiles");
        cause.frame().ifPresent(frame -> out.append(" in ").append(VisibleText.of(frame.described())));
        cause.phases().filter(phases -> !phases.isEmpty()).ifPresent(phases -> out.append(" in ")
                .append(phases.stream().map(Phase::id).collect(Collectors.joining(" and "))));
        out.append(" because `").append(VisibleText.cut(cause.subject())).append("` (").append(what(cause));
        cause.userLine().ifPresent(line -> out.append(", ").append(VisibleText.cut(fileName(line))));
        out.append(')');
        List<String> newValues = cause.newValues();
        if (newValues.isEmpty()) {
            out.append(" changed");
        } else {
            out.append(" took ").append(newValues.size() == 1 ? "a new value" : newValues.size() + " new values")
                    .append(" (").append(VisibleText.cut(values(newValues))).append(')');
        }
        if (cause.endedInLimit()) {
            out.append("; at ").append(cause.limitGraphs().stream().map(GraphId::toString).collect(Collectors.joining(", ")))
                    .append(" the recompile limit was hit and the frame fell back to eager");
        }
        return out.toString();
    }

    /**
     * The cause's line, then its evidence and (where {@code withHint}) its kind's hint, each line
     * starting with {@code indent} (the evidence and hint two spaces deeper) and ending in a line break.
     */
    public static String block(RecompileCause cause, String indent, boolean withHint) {
        StringBuilder out = new StringBuilder(indent).append(line(cause)).append('\n');
        List<RecompileCause.Evidence> shown = evidence(cause);
        for (RecompileCause.Evidence failure : shown) {
            out.append(indent).append("  ").append(failure.call().map(call -> VisibleText.cut(call) + " -> ").orElse(""))
                    .append(failure.graph()).append("  ").append(VisibleText.cut(firstLine(failure.guard()))).append('\n');
        }
        int more = cause.evidence().size() - shown.size();
        if (more > 0) {
            out.append(indent).append("  … ").append(more).append(more == 1 ? " more guard failure" : " more guard failures")
                    .append(" in the receipt JSON\n");
        }
        if (withHint && !cause.kind().hint().isEmpty()) {
            out.append(indent).append("  hint: ").append(cause.kind().hint()).append('\n');
        }
        return out.toString();
    }

    /** The failures shown: the first of each graph the cause made, up to {@value #EVIDENCE}. */
    static List<RecompileCause.Evidence> evidence(RecompileCause cause) {
        List<RecompileCause.Evidence> shown = new ArrayList<>();
        Set<GraphId> graphs = new LinkedHashSet<>();
        for (RecompileCause.Evidence failure : cause.evidence()) {
            if (shown.size() < EVIDENCE && graphs.add(failure.graph())) {
                shown.add(failure);
            }
        }
        return shown;
    }

    /** What was guarded, in words: {@code a Python int}, {@code a tensor size}, {@code grad mode or other global state}. */
    static String what(RecompileCause cause) {
        RecompileKind kind = cause.kind();
        return switch (kind) {
            case PYTHON_VALUE -> cause.guard().contains("<int>") ? "a Python int"
                    : cause.guard().contains("<float>") ? "a Python float"
                    : cause.guard().contains("<bool>") ? "a Python bool"
                    : cause.guard().contains("<str>") ? "a Python str" : "a Python value";
            case SHAPE -> cause.subject().contains(".stride()") ? "a tensor stride"
                    : cause.subject().endsWith(".dim()") ? "a tensor's rank" : "a tensor size";
            case DTYPE_DEVICE -> "a tensor's dtype, device or requires_grad";
            case GLOBAL_STATE -> "global state";
            case OBJECT -> "an object's identity or attribute";
            case TYPE_LENGTH -> "a type or length";
            case ALIASING -> "whether tensor arguments share one tensor";
            case UNKNOWN -> "a guard";
        };
    }

    /** A few values in full, more as first…last. */
    private static String values(List<String> values) {
        return values.size() <= 3 ? String.join(", ", values) : values.get(0) + "…" + values.get(values.size() - 1);
    }

    /** The file's name and line of a {@code path:line}: {@code /rt/scenarios.py:65} is {@code scenarios.py:65}. */
    private static String fileName(String userLine) {
        String path = userLine.replace('\\', '/');
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** A guard failure's first line without 2.14's source comment: {@code 0/0: n == 1}. */
    private static String firstLine(String guard) {
        String first = guard.lines().findFirst().orElse("");
        int comment = first.indexOf("  #");
        return (comment >= 0 ? first.substring(0, comment) : first).strip();
    }
}
