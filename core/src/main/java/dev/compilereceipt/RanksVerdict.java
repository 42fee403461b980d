package dev.compilereceipt;

import dev.compilereceipt.trace.VisibleText;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Whether the ranks of a job compiled alike: the {@link Kind}, the ranks grouped by equal
 * fingerprints (one list of rank numbers per group, the largest first, of equal ones that with the lowest rank), the first
 * point where a group differs from the largest, and the one-line answer.
 *
 * <p>Example: for a job whose rank 1 alone saw a batch of 16, {@code Ranks.read(dir).verdict()} is
 * kind {@code GRAPH}, groups {@code [[0, 2, 3], [1]]}, first divergence
 * {@code rank 1 recompiled 0/1 at call 3 because `x.size()[0]` took 16} and one line
 * {@code 3 of 4 ranks agree; rank 1 recompiled 0/1 at call 3 because `x.size()[0]` took 16}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public record RanksVerdict(Kind kind, List<List<Integer>> groups, String firstDivergence, String oneLine) {

    /** All ranks alike; different graphs (compiles, recompile causes, breaks, fallbacks); the same graphs, other cache outcomes or keys. */
    public enum Kind { ALIKE, GRAPH, CACHE }

    public RanksVerdict {
        Objects.requireNonNull(kind, "kind");
        groups = groups.stream().map(List::copyOf).toList();
        Objects.requireNonNull(firstDivergence, "firstDivergence");
        Objects.requireNonNull(oneLine, "oneLine");
    }

    public boolean alike() {
        return kind == Kind.ALIKE;
    }

    /**
     * The verdict on several lines, as failure messages show it: the one line, each group with every rank of it (runs of
     * three or more consecutive ranks as ranges: {@code ranks 0-511, 513-999}), then the first divergence.
     */
    public String text() {
        StringBuilder out = new StringBuilder(oneLine).append('\n');
        for (List<Integer> group : groups) {
            out.append("  ").append(group.size() == 1 ? "rank " : "ranks ").append(VisibleText.ranges(group)).append('\n');
        }
        if (!alike()) {
            out.append("first divergence (").append(kind == Kind.CACHE ? "cache" : "graph").append("): ")
                    .append(firstDivergence).append('\n');
        }
        return out.toString();
    }
}
