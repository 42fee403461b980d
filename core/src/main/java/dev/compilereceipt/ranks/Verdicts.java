package dev.compilereceipt.ranks;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.trace.VisibleText;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One verdict on the ranks of a job: ranks grouped by equal fingerprints (the largest group first,
 * of equal ones that with the lowest rank), whether they compiled alike, differ in their graphs or only in their cache outcomes,
 * and the first point where a group differs from the first, the reference. Merging is linear in the fingerprints'
 * size: each is hashed once, and each group's representative is walked once against the reference.
 * Where the ranks were read from sources that measure different things, they are compared on what
 * all measured, and the verdict says what was not compared ({@code notCompared}; {@code dropped} are
 * those some rank's source measured).
 *
 * <p>Example: for four ranks whose rank 1 alone recompiled, {@code Verdicts.of(fingerprints).oneLine()} is
 * {@code 3 of 4 ranks agree; rank 1 recompiled 0/1 at call 3 because `x.size()[0]` took 16}.
 */
@API(status = API.Status.INTERNAL, since = "0.3")
public record Verdicts(Kind kind, List<List<Integer>> groups, List<String> hashes, String firstDivergence,
                       List<String> compared, List<String> notCompared, List<String> dropped, List<String> divergences) {

    /** Alike; different graphs (compiles, causes, breaks, fallbacks, calls); the same graphs but other cache outcomes or keys. */
    public enum Kind { ALIKE, GRAPH, CACHE }

    public Verdicts {
        groups = groups.stream().map(List::copyOf).toList();
        hashes = List.copyOf(hashes);
        compared = List.copyOf(compared);
        notCompared = List.copyOf(notCompared);
        dropped = List.copyOf(dropped);
        divergences = List.copyOf(divergences);
    }

    /** The verdict on {@code fingerprints}, one per rank, in any order; at least one. */
    public static Verdicts of(List<RankFingerprint> fingerprints) {
        if (fingerprints.isEmpty()) {
            throw new IllegalArgumentException("a verdict needs at least one rank");
        }
        List<RankFingerprint> sorted = new ArrayList<>(fingerprints);
        sorted.sort(Comparator.comparingInt(RankFingerprint::rank));
        List<String> shared = new ArrayList<>(RankFingerprint.ASPECTS);
        sorted.forEach(fingerprint -> shared.retainAll(fingerprint.compared()));
        List<String> notCompared = RankFingerprint.ASPECTS.stream().filter(aspect -> !shared.contains(aspect)).toList();
        List<String> dropped = RankFingerprint.ASPECTS.stream().filter(aspect -> !shared.contains(aspect)
                && sorted.stream().anyMatch(fingerprint -> fingerprint.compared().contains(aspect))).toList();
        Map<String, List<Integer>> byHash = new LinkedHashMap<>();
        Map<String, RankFingerprint> representative = new LinkedHashMap<>();
        for (RankFingerprint fingerprint : sorted) {
            RankFingerprint less = fingerprint.comparedOn(shared);
            String hash = less.sha256();
            byHash.computeIfAbsent(hash, h -> new ArrayList<>()).add(fingerprint.rank());
            representative.putIfAbsent(hash, less);
        }
        // The largest group first, the reference; of equal ones, the one with the lowest rank.
        List<String> hashes = new ArrayList<>(byHash.keySet());
        hashes.sort(Comparator.comparingInt((String hash) -> -byHash.get(hash).size()).thenComparingInt(hash -> byHash.get(hash).get(0)));
        List<List<Integer>> groups = hashes.stream().map(byHash::get).toList();
        if (groups.size() == 1) {
            return new Verdicts(Kind.ALIKE, groups, hashes, "", shared, notCompared, dropped, List.of());
        }
        int reference = 0;
        RankFingerprint ours = representative.get(hashes.get(reference));
        String graph = ours.graphSha256();
        boolean cacheOnly = true;
        Optional<FirstDivergence> first = Optional.empty();
        List<String> divergences = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            if (g == reference) {
                divergences.add("");
                continue;
            }
            RankFingerprint theirs = representative.get(hashes.get(g));
            cacheOnly &= theirs.graphSha256().equals(graph);
            Optional<FirstDivergence> divergence = FirstDivergence.between(ours, groups.get(reference), theirs, groups.get(g));
            divergences.add(divergence.map(FirstDivergence::what).orElse(""));
            if (divergence.isPresent() && (first.isEmpty() || divergence.get().step() < first.get().step())) {
                first = divergence;
            }
        }
        return new Verdicts(cacheOnly ? Kind.CACHE : Kind.GRAPH, groups, hashes, first.map(FirstDivergence::what).orElse(""),
                shared, notCompared, dropped, divergences);
    }

    public boolean alike() {
        return kind == Kind.ALIKE;
    }

    /** How many ranks in all. */
    public int ranks() {
        return groups.stream().mapToInt(List::size).sum();
    }

    /** {@code 3 of 4 ranks agree; rank 1 recompiled ...}, or {@code all 4 ranks compiled alike}. */
    public String oneLine() {
        String compared = dropped.isEmpty() ? "" : " (" + String.join(", ", dropped) + " not compared: not in every rank's source)";
        if (alike()) {
            return (ranks() == 1 ? "the 1 rank compiled alike with itself" : "all " + ranks() + " ranks compiled alike") + compared;
        }
        int largest = groups.stream().mapToInt(List::size).max().orElse(0);
        String agree = largest == 1 ? "no two of the " + ranks() + " ranks agree" : largest + " of " + ranks() + " ranks agree";
        return agree + "; " + firstDivergence + compared;
    }

    /** The verdict for a person, on several lines: the one-line answer, each group with its fingerprint, what each differs in. */
    public String text() {
        StringBuilder out = new StringBuilder(oneLine()).append('\n');
        if (!alike()) {
            out.append(kind == Kind.CACHE ? "cache divergence: the same graphs, other cache outcomes or keys\n"
                    : "graph divergence: the ranks compiled different graphs\n");
        }
        for (int g = 0; g < groups.size(); g++) {
            List<Integer> group = groups.get(g);
            out.append("  ").append(group.size() == 1 ? "rank " : "ranks ").append(VisibleText.ranges(group)).append(": fingerprint ")
                    .append(hashes.get(g), 0, 12);
            String what = divergences.isEmpty() ? "" : divergences.get(g);
            out.append(what.isEmpty() ? (alike() ? "" : " (reference)") : "; " + what).append('\n');
        }
        out.append("compared: ").append(String.join(", ", compared)).append('\n');
        if (!notCompared.isEmpty()) {
            out.append("not compared: ").append(String.join(", ", notCompared)).append(" (not in ")
                    .append(dropped.isEmpty() ? "the ranks' sources" : "every rank's source").append(")\n");
        }
        return out.toString();
    }

    /** The verdict as JSON: {@code alike}, {@code kind}, {@code ranks}, {@code groups}, {@code first_divergence}, and more. */
    public ObjectNode json() {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("alike", alike());
        root.put("kind", kind.name().toLowerCase(java.util.Locale.ROOT));
        root.put("ranks", ranks());
        ArrayNode groupArray = root.putArray("groups");
        for (List<Integer> group : groups) {
            ArrayNode ranks = groupArray.addArray();
            group.forEach(ranks::add);
        }
        ArrayNode fingerprints = root.putArray("fingerprints");
        hashes.forEach(fingerprints::add);
        if (!alike()) {
            root.put("first_divergence", firstDivergence);
            ArrayNode each = root.putArray("divergences");
            divergences.forEach(each::add);
        }
        root.put("one_line", oneLine());
        ArrayNode comparedArray = root.putArray("compared");
        compared.forEach(comparedArray::add);
        ArrayNode notArray = root.putArray("not_compared");
        notCompared.forEach(notArray::add);
        return root;
    }
}
