package dev.compilereceipt.ranks;

import dev.compilereceipt.trace.CacheKey;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.KeyComparison;
import dev.compilereceipt.trace.VisibleText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * Where one group of ranks first compiled otherwise than the reference group: the index of the
 * first step that differs and what differs, said for a person: an extra recompile with its cause
 * ({@code rank 1 recompiled 0/2 at call b03 because `x.size()[0]` took 16}), a compile missing, a
 * break on some ranks, a fallback, other collectives, another graph under the same compile id, a cache outcome ({@code rank 1 hit the fx_graph cache in 0/0
 * where ranks 0, 2, 3 missed, under the same key}), another cache key with the components that differ, as
 * {@link KeyComparison} compares and words them ({@code rank 1 missed the FX graph cache in 0/0 under another key than
 * ranks 0, 2, 3: `inductor_config[size_asserts]` True → False}).
 *
 * <p>Example: {@code FirstDivergence.between(reference, List.of(0, 2, 3), other, List.of(1))}.
 */
@API(status = API.Status.INTERNAL, since = "0.3")
public record FirstDivergence(int step, boolean cacheOnly, String what) {

    /** The first difference of {@code other} (compiled by {@code otherRanks}) from {@code reference}; empty where none. */
    public static Optional<FirstDivergence> between(RankFingerprint reference, List<Integer> referenceRanks,
                                                    RankFingerprint other, List<Integer> otherRanks) {
        List<RankFingerprint.Step> ours = reference.steps();
        List<RankFingerprint.Step> theirs = other.steps();
        String they = ranks(otherRanks);
        String we = ranks(referenceRanks);
        int n = Math.min(ours.size(), theirs.size());
        for (int i = 0; i < n; i++) {
            RankFingerprint.Step a = ours.get(i);
            RankFingerprint.Step b = theirs.get(i);
            if (a.equals(b)) {
                continue;
            }
            if (!a.id().equals(b.id())) {
                Set<String> ourIds = ours.stream().map(RankFingerprint.Step::id).collect(Collectors.toSet());
                Set<String> theirIds = theirs.stream().map(RankFingerprint.Step::id).collect(Collectors.toSet());
                if (!ourIds.contains(b.id())) {
                    return Optional.of(new FirstDivergence(i, false, they + " " + extra(b) + otherwise(we, a)));
                }
                if (!theirIds.contains(a.id())) {
                    return Optional.of(new FirstDivergence(i, false, they + " did not " + verb(a) + " " + a.id()
                            + ", which " + we + " " + pastOf(a) + at(a) + because(a)));
                }
                return Optional.of(new FirstDivergence(i, false, they + " compiled " + b.id() + " where " + we + " compiled "
                        + a.id() + " (the compiles in another order)"));
            }
            return Optional.of(sameId(i, a, b, we, they));
        }
        if (theirs.size() > n) {
            RankFingerprint.Step b = theirs.get(n);
            return Optional.of(new FirstDivergence(n, false, they + " " + extra(b)));
        }
        if (ours.size() > n) {
            RankFingerprint.Step a = ours.get(n);
            return Optional.of(new FirstDivergence(n, false, they + " did not " + verb(a) + " " + a.id() + ", which " + we
                    + " " + pastOf(a) + at(a) + because(a)));
        }
        return Optional.empty();
    }

    private static FirstDivergence sameId(int i, RankFingerprint.Step a, RankFingerprint.Step b, String we, String they) {
        String id = a.id();
        if (!a.made().equals(b.made())) {
            return new FirstDivergence(i, false, they + " " + made(b) + " in " + id + " where " + we + " " + made(a));
        }
        if (!a.frame().equals(b.frame())) {
            return new FirstDivergence(i, false, they + " compiled " + id + " in " + b.frame() + " where " + we + " compiled it in "
                    + a.frame());
        }
        if (!a.cause().equals(b.cause())) {
            return new FirstDivergence(i, false, they + " recompiled " + id + because(b) + " where " + we + " recompiled it"
                    + because(a));
        }
        if (!a.breaks().equals(b.breaks())) {
            List<String> more = new ArrayList<>(b.breaks());
            a.breaks().forEach(more::remove);
            List<String> fewer = new ArrayList<>(a.breaks());
            b.breaks().forEach(fewer::remove);
            if (!more.isEmpty()) {
                return new FirstDivergence(i, false, they + " broke at " + String.join(", ", more) + " in " + id + at(b)
                        + " where " + we + (a.breaks().isEmpty() ? " did not break" : " broke at " + String.join(", ", a.breaks())));
            }
            if (!fewer.isEmpty()) {
                return new FirstDivergence(i, false, they + " did not break at " + String.join(", ", fewer) + " in " + id
                        + " where " + we + " did");
            }
            return new FirstDivergence(i, false, they + " broke at " + String.join(", ", b.breaks()) + " in " + id + " where "
                    + we + " broke at " + String.join(", ", a.breaks()) + " (another order)");
        }
        if (!a.reason().equals(b.reason())) {
            return new FirstDivergence(i, false, they + " fell back in " + id + " because " + b.reason().orElse("of nothing said")
                    + " where " + we + " fell back because " + a.reason().orElse("of nothing said"));
        }
        if (!a.collectives().equals(b.collectives())) {
            return new FirstDivergence(i, false, they + " called collectives " + collectives(b) + " in " + id + " where " + we
                    + " called " + collectives(a));
        }
        if (!a.graphs().equals(b.graphs())) {
            return new FirstDivergence(i, false, they + " compiled another graph in " + id + at(b) + " (graph "
                    + String.join(", ", b.graphs()) + " where " + we + " compiled " + String.join(", ", a.graphs()) + ")");
        }
        if (!a.call().equals(b.call())) {
            return new FirstDivergence(i, false, they + " compiled " + id + at(b) + " where " + we + " compiled it" + at(a));
        }
        if (!a.cache().equals(b.cache())) {
            Set<String> caches = new TreeSet<>(a.cache().keySet());
            caches.addAll(b.cache().keySet());
            List<String> differ = caches.stream().filter(cache -> !Objects.equals(a.cache().get(cache), b.cache().get(cache))).toList();
            String theirs = b.cache().get(differ.get(0));
            String ours = a.cache().get(differ.get(0));
            // Caches that differ alike are said at once: "hit the aotautograd and fx_graph caches".
            List<String> alike = differ.stream().filter(cache -> Objects.equals(b.cache().get(cache), theirs)
                    && Objects.equals(a.cache().get(cache), ours)).toList();
            String named = String.join(" and ", alike) + (alike.size() == 1 ? " cache" : " caches");
            String what = theirs == null ? "did not look up the " + named : verbOf(theirs) + " the " + named;
            return new FirstDivergence(i, true, they + " " + what + " in " + id + at(b) + " where " + we + " "
                    + (ours == null ? "did not look " + (alike.size() == 1 ? "it" : "them") + " up" : verbOf(ours))
                    + keysOf(alike, a, b));
        }
        if (!a.keys().equals(b.keys())) {
            return new FirstDivergence(i, true, otherKeys(a, b, we, they));
        }
        return new FirstDivergence(i, false, they + " compiled " + id + " otherwise than " + we);
    }

    /**
     * What the keys say of caches whose outcomes differ: {@code , under the same key} where both groups looked them
     * up under equal keys (an entry one rank had and another had not: a warm cache folder), the components that
     * differ where the other group missed under another key, else nothing (keys not carried, or not comparable).
     */
    private static String keysOf(List<String> caches, RankFingerprint.Step a, RankFingerprint.Step b) {
        Map<String, List<String>> ours = keyStrings(a, caches);
        Map<String, List<String>> theirs = keyStrings(b, caches);
        if (ours.size() == caches.size() && ours.equals(theirs)) {
            return caches.size() == 1 ? ", under the same key" : ", under the same keys";
        }
        List<KeyComparison.Change> changed = measuredChanges(a, b).stream().filter(change -> caches.contains(change.cache())).toList();
        return changed.isEmpty() ? "" : ", under another key: " + changed.get(0).reason();
    }

    private static Map<String, List<String>> keyStrings(RankFingerprint.Step step, List<String> caches) {
        Map<String, List<String>> keys = new TreeMap<>();
        for (CacheKey key : step.keys()) {
            if (caches.contains(key.cache())) {
                keys.computeIfAbsent(key.cache(), cache -> new ArrayList<>()).add(key.key());
            }
        }
        return keys;
    }

    /** The other group's misses under keys whose components differ from ours, as {@link KeyComparison} finds them. */
    private static List<KeyComparison.Change> measuredChanges(RankFingerprint.Step a, RankFingerprint.Step b) {
        return KeyComparison.between(a.keys(), b.keys()).changes().stream()
                .filter(change -> change.components().map(list -> !list.isEmpty()).orElse(false)).toList();
    }

    /**
     * The same outcomes under other keys: {@code rank 1 missed the FX graph cache in 0/0 at call b01 under another key
     * than ranks 0, 2, 3: `inductor_config[size_asserts]` True → False}, caches that differ alike said at once, others
     * after a semicolon; where no missed lookup's components tell why, that it is not measured.
     */
    private static String otherKeys(RankFingerprint.Step a, RankFingerprint.Step b, String we, String they) {
        List<KeyComparison.Change> changed = measuredChanges(a, b);
        if (changed.isEmpty()) {
            return they + " looked the caches up in " + a.id() + at(b) + " under other keys than " + we
                    + " (which components differ is not measured: a hit, or a key that lists no components)";
        }
        Map<String, List<KeyComparison.Change>> byReason = new LinkedHashMap<>();
        changed.forEach(change -> byReason.computeIfAbsent(change.reason(), reason -> new ArrayList<>()).add(change));
        List<String> parts = new ArrayList<>();
        byReason.forEach((reason, changes) -> {
            List<String> names = changes.stream().map(change -> KeyComparison.cacheName(change.cache()).substring("the ".length())
                    .replace(" cache", "")).distinct().toList();
            String caches = "the " + String.join(" and ", names) + (names.size() == 1 ? " cache" : " caches");
            parts.add(parts.isEmpty() ? verbOf(changes.get(0).outcome()) + " " + caches + " in " + a.id() + at(b)
                    + (names.size() == 1 ? " under another key than " : " under other keys than ") + we + ": " + reason
                    : "and " + caches + ": " + reason);
        });
        return they + " " + String.join("; ", parts);
    }

    private static String collectives(RankFingerprint.Step step) {
        return step.collectives().isEmpty() ? "none" : "[" + String.join(", ", step.collectives()) + "]";
    }

    private static String verbOf(String outcome) {
        return switch (outcome) {
            case "hit" -> "hit";
            case "miss" -> "missed";
            case "bypass" -> "bypassed";
            default -> outcome;
        };
    }

    private static String extra(RankFingerprint.Step step) {
        return verbPast(step) + " " + step.id() + at(step) + because(step) + frameNote(step);
    }

    private static String frameNote(RankFingerprint.Step step) {
        return step.made().equals(RankFingerprint.FALLBACK) || GraphId.parse(step.id()).map(GraphId::isRecompile).orElse(false)
                || step.frame().isEmpty() ? "" : " (" + step.frame() + ")";
    }

    private static String otherwise(String we, RankFingerprint.Step ours) {
        return ", where " + we + " " + pastOf(ours) + " " + ours.id();
    }

    private static String verbPast(RankFingerprint.Step step) {
        if (step.made().equals(RankFingerprint.FALLBACK)) {
            return "fell back in";
        }
        return GraphId.parse(step.id().substring(step.id().indexOf(':') + 1)).map(GraphId::isRecompile).orElse(false)
                ? "recompiled" : "compiled";
    }

    private static String pastOf(RankFingerprint.Step step) {
        return verbPast(step);
    }

    private static String verb(RankFingerprint.Step step) {
        String past = verbPast(step);
        return switch (past) {
            case "recompiled" -> "recompile";
            case "fell back in" -> "fall back in";
            default -> "compile";
        };
    }

    private static String made(RankFingerprint.Step step) {
        return switch (step.made()) {
            case RankFingerprint.FALLBACK -> "fell back" + step.reason().map(reason -> " (" + reason + ")").orElse("");
            case RankFingerprint.GRAPHLESS -> "made no graph";
            default -> "made a graph";
        };
    }

    private static String at(RankFingerprint.Step step) {
        return step.call().map(call -> " at call " + call).orElse("");
    }

    private static String because(RankFingerprint.Step step) {
        return step.cause().map(cause -> " because " + cause).orElse("");
    }

    /** {@code rank 1} or {@code ranks 0, 2, 3}; past eight, the first eight and how many more. */
    static String ranks(List<Integer> ranks) {
        if (ranks.size() == 1) {
            return "rank " + ranks.get(0);
        }
        return "ranks " + VisibleText.joined(ranks);
    }
}
