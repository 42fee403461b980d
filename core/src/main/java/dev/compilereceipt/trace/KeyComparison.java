package dev.compilereceipt.trace;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Why a warm process missed a cache the cold process filled: each cache lookup of the warm process
 * that missed or bypassed, matched to its counterpart in the cold process (the lookup of the same
 * cache by the same compile id, {@code 0/0} or {@code 0/0_1}, the n-th for the n-th; else one whose
 * graph, the {@code gm} component, hashes the same; else one of the same frame and compile restarted
 * after a graph break, {@code 0/0_1} for {@code 0/0}, not already the counterpart of another),
 * and the components of the two keys whose hashes differ, by name, with both values (each followed by
 * its hash's first 8 characters where the values as kept are alike: code that differs past the cut).
 * A miss under the cold key itself is said as such (the entry was not found: evicted, another cache
 * directory, a remote cache off), as is a bypass whose counterpart bypassed too (neither has a key) and
 * a miss with no counterpart in a cache the cold process used (a compile it never made: a recompile, a
 * graph after a break); a key whose record lists no components (2.14's AOTAutograd records), or whose
 * cache the cold process never looked up, has its reason not measured.
 *
 * <p>Example: after {@code torch.set_num_threads(2)} in the warm process of a 2.14 pair,
 * {@code KeyComparison.between(cold, warm).lines()} is
 * {@code ["every compile missed the FX graph cache: `cpp_runtime_thread_count` 1 → 2", ...]}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public final class KeyComparison {

    /** What a view says of a miss under the cold process's own key. */
    public static final String SAME_KEY = "the key is the cold process's: the entry was not found"
            + " (evicted, another cache directory, or a remote cache off)";
    /** What a view says of a miss whose key's components are not listed. */
    public static final String NOT_MEASURED = "why is not measured: the keys differ and no component of them could be compared: the log lists none (or none that read), or the run passed what a reader keeps";
    /** What a view says of a miss with no counterpart: a compile the other run never made, so there is no key to compare. */
    public static final String NO_COUNTERPART = "no counterpart: the other run made no lookup of this cache for this compile or its graph"
            + " (a compile it never made), so there is no key to compare it with";
    /** What a view says of a miss where the other run made no lookup of that cache at all. */
    public static final String CACHE_UNUSED = "why is not measured: the other run made no lookup of this cache (its cache off, or its"
            + " log lists none), so no key to compare it with";
    /** What a view says of a bypass whose counterpart bypassed too: neither lookup has a key. */
    public static final String BYPASSED_BOTH = "the other run bypassed this cache too: neither lookup has a key, so none changed";
    /** What a comparison of two runs says where neither run's lookups were made under a key that differs. */
    public static final String KEYS_EQUAL = "the cache keys are equal: no lookup of the second run missed under a key that differs";
    /** What a comparison of two runs says where either source lists no cache keys (anything but a TORCH_TRACE log). */
    public static final String NO_KEYS = "which cache key components changed is not measured: the source lists no cache keys"
            + " (only a TORCH_TRACE log does)";
    /** At most this many components are named in one line; the rest are counted. */
    public static final int SHOWN = 5;

    private final List<Change> changes;

    private KeyComparison(List<Change> changes) {
        this.changes = List.copyOf(changes);
    }

    /** Whether the other run made the lookup a change is of. */
    public enum Counterpart {
        /** The same lookup: the same compile id and cache, the n-th for the n-th; else the same graph; else the same frame and compile restarted. */
        FOUND("found"),
        /** The other run looked this cache up, never for this compile or its graph: a compile it never made. */
        NONE("none"),
        /** The other run made no lookup of this cache at all (its cache off, or its log lists none): not measured. */
        CACHE_UNUSED("cache_unused");

        private final String id;

        Counterpart(String id) {
            this.id = id;
        }

        /** The receipt's name: {@code found}, {@code none}, {@code cache_unused}. */
        public String id() {
            return id;
        }
    }

    /**
     * One lookup of the warm process that missed or bypassed (or, between ranks, hit under another key):
     * {@code counterpart} whether and how the cold process made the same lookup; {@code components} the differing ones,
     * in the order the warm key lists them; an empty list when the key is the cold one (or both bypassed, without
     * a key); empty (not measured) when either key lists no components, and always without a counterpart found.
     */
    public record Change(String graph, String cache, String outcome, Counterpart counterpart, Optional<List<ComponentChange>> components) {
        public Change {
            components = components.map(List::copyOf);
            if (counterpart != Counterpart.FOUND && components.isPresent()) {
                throw new IllegalArgumentException("a lookup without a counterpart has no components compared: " + graph + " " + cache);
            }
        }

        /** A lookup with its counterpart found, as 0.3's first builds recorded every one. */
        public Change(String graph, String cache, String outcome, Optional<List<ComponentChange>> components) {
            this(graph, cache, outcome, Counterpart.FOUND, components);
        }

        /**
         * The changed components that are none of {@code allowed} ({@link #named}); empty where the reason is not
         * measured or the key is the cold one.
         */
        public List<ComponentChange> outside(List<String> allowed) {
            return components.orElse(List.of()).stream().filter(component -> !named(component.name(), allowed)).toList();
        }

        /**
         * Whether why this lookup missed is measured: it has no counterpart (a compile the other run never made, in a
         * cache it looked up), its key is the counterpart's, or their components were compared. A check never passes
         * a lookup that is not: its key may differ in anything.
         */
        public boolean measured() {
            return counterpart == Counterpart.NONE || components.isPresent();
        }

        /** What the line of this change says after its compile and cache: the components, or why there are none. */
        public String reason() {
            if (counterpart == Counterpart.NONE) {
                return NO_COUNTERPART;
            }
            if (counterpart == Counterpart.CACHE_UNUSED) {
                return CACHE_UNUSED;
            }
            if (components.isEmpty()) {
                return NOT_MEASURED;
            }
            if (components.get().isEmpty()) {
                return outcome.equals(CompileLog.BYPASS) ? BYPASSED_BOTH : SAME_KEY;
            }
            List<String> named = components.get().stream().limit(SHOWN).map(ComponentChange::text).toList();
            int more = components.get().size() - named.size();
            return String.join(", ", named) + (more > 0 ? " and " + more + " more" : "");
        }
    }

    /** A component whose hash differs: its value in each process ({@value #ABSENT} where a key has no such component). */
    public record ComponentChange(String name, String cold, String warm) {
        public String text() {
            return "`" + name + "` " + shown(cold) + " → " + shown(warm);
        }

        private static String shown(String value) {
            return value.isEmpty() ? "''" : value;
        }
    }

    /** The value of a component one key lacks. */
    public static final String ABSENT = "(absent)";

    /**
     * Whether a component's {@code name} is one of {@code allowed}: a name ({@code cpp_runtime_thread_count}) or,
     * ending in {@code [}, a prefix ({@code inductor_config[}).
     */
    public static boolean named(String name, List<String> allowed) {
        return allowed.stream().anyMatch(one -> one.endsWith("[") ? name.startsWith(one) : name.equals(one));
    }

    /** The misses of {@code warm}, each with the components whose hash differs from its counterpart's in {@code cold}. */
    public static KeyComparison between(CompileLog cold, CompileLog warm) {
        return between(cold.cacheKeys(), warm.cacheKeys());
    }

    /**
     * The misses among the lookups {@code warm}, each with the components whose hash differs from its counterpart's
     * among {@code cold}: two processes' lookups, or two ranks' (a rank's fingerprint carries its keys).
     */
    public static KeyComparison between(List<CacheKey> coldKeys, List<CacheKey> warmKeys) {
        return between(coldKeys, warmKeys, false);
    }

    /**
     * As {@link #between(List, List)}, and with {@code hits} a hit too where its key differs from its counterpart's (or
     * that is not measured): two ranks that each hit their own cache under keys that differ compiled under other
     * settings, which a warm start's hits never say.
     */
    public static KeyComparison between(List<CacheKey> coldKeys, List<CacheKey> warmKeys, boolean hits) {
        List<CacheKey> counterparts = counterparts(coldKeys, warmKeys);
        Set<String> coldCaches = new HashSet<>();
        coldKeys.forEach(key -> coldCaches.add(key.cache()));
        List<Change> changes = new ArrayList<>();
        for (int i = 0; i < warmKeys.size(); i++) {
            CacheKey key = warmKeys.get(i);
            CacheKey other = counterparts.get(i);
            Counterpart found = other != null ? Counterpart.FOUND : coldCaches.contains(key.cache()) ? Counterpart.NONE : Counterpart.CACHE_UNUSED;
            Change change = new Change(key.graph(), key.cache(), key.outcome(), found, other == null ? Optional.empty() : differing(other, key));
            boolean hit = key.outcome().equals(CompileLog.HIT);
            if (!hit || hits && found == Counterpart.FOUND && change.components().map(list -> !list.isEmpty()).orElse(true)) {
                changes.add(change);
            }
        }
        return new KeyComparison(changes);
    }

    /**
     * Each warm lookup's counterpart among {@code coldKeys} (null for none): first the same compile id and cache, the
     * n-th for the n-th; then, for the rest, the first cold lookup of the same cache whose graph (the {@code gm}
     * component) hashes the same; then one of the same frame and compile, restarted after a graph break
     * ({@code 0/0_1} for {@code 0/0}), in order, that is no other's counterpart yet.
     */
    private static List<CacheKey> counterparts(List<CacheKey> coldKeys, List<CacheKey> warmKeys) {
        Map<String, List<Integer>> coldBySlot = new HashMap<>();
        Map<String, Integer> coldByGraph = new HashMap<>();
        Map<String, ArrayDeque<Integer>> coldByCompile = new HashMap<>();
        for (int j = 0; j < coldKeys.size(); j++) {
            CacheKey key = coldKeys.get(j);
            coldBySlot.computeIfAbsent(key.graph() + " " + key.cache(), slot -> new ArrayList<>()).add(j);
            int index = j;
            graphHash(key).ifPresent(hash -> coldByGraph.putIfAbsent(key.cache() + " " + hash, index));
            coldByCompile.computeIfAbsent(key.compile() + " " + key.cache(), slot -> new ArrayDeque<>()).add(j);
        }
        boolean[] used = new boolean[coldKeys.size()];
        List<CacheKey> found = new ArrayList<>(Collections.nCopies(warmKeys.size(), null));
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < warmKeys.size(); i++) {
            String slot = warmKeys.get(i).graph() + " " + warmKeys.get(i).cache();
            int n = seen.merge(slot, 1, Integer::sum) - 1;
            List<Integer> same = coldBySlot.getOrDefault(slot, List.of());
            if (n < same.size()) {
                used[same.get(n)] = true;
                found.set(i, coldKeys.get(same.get(n)));
            }
        }
        for (int i = 0; i < warmKeys.size(); i++) {
            if (found.get(i) != null) {
                continue;
            }
            CacheKey key = warmKeys.get(i);
            // The same graph may be the counterpart of several (its code is what they share); a compile's restart of one.
            int match = graphHash(key).map(hash -> coldByGraph.get(key.cache() + " " + hash)).orElse(-1);
            if (match < 0) {
                match = firstUnused(coldByCompile.get(key.compile() + " " + key.cache()), used);
            }
            if (match >= 0) {
                used[match] = true;
                found.set(i, coldKeys.get(match));
            }
        }
        return found;
    }

    /** The first of {@code indices} not {@code used} (those used are dropped on the way); -1 for none. */
    private static int firstUnused(ArrayDeque<Integer> indices, boolean[] used) {
        while (indices != null && !indices.isEmpty()) {
            if (!used[indices.peekFirst()]) {
                return indices.peekFirst();
            }
            indices.pollFirst();
        }
        return -1;
    }

    /** The graph module's hash as far as a freeze keeps it, so a frozen log's compile finds its counterpart in a log. */
    private static Optional<String> graphHash(CacheKey key) {
        return key.components().flatMap(list -> list.stream().filter(c -> c.name().equals("gm")).findFirst()).map(CacheKey.Component::hash)
                .map(hash -> hash.substring(0, Math.min(FROZEN_HASH_CHARS, hash.length())));
    }

    private static Optional<List<ComponentChange>> differing(CacheKey cold, CacheKey warm) {
        if (!cold.key().isEmpty() && cold.key().equals(warm.key())) {
            return Optional.of(List.of());
        }
        // A bypass has no key (Inductor decides before it makes one): two bypasses changed none.
        if (cold.key().isEmpty() && warm.key().isEmpty() && cold.outcome().equals(CompileLog.BYPASS) && warm.outcome().equals(CompileLog.BYPASS)) {
            return Optional.of(List.of());
        }
        if (cold.components().isEmpty() || warm.components().isEmpty()) {
            return Optional.empty();
        }
        Map<String, CacheKey.Component> before = new LinkedHashMap<>();
        cold.components().get().forEach(c -> before.putIfAbsent(c.name(), c));
        List<ComponentChange> differ = new ArrayList<>();
        for (CacheKey.Component now : warm.components().get()) {
            CacheKey.Component then = before.remove(now.name());
            if (then == null) {
                differ.add(new ComponentChange(now.name(), ABSENT, now.value()));
            } else if (!sameHash(then.hash(), now.hash())) {
                // Values cut alike (two graphs' code differing past the cut) are told apart by their hashes.
                boolean alike = then.value().equals(now.value());
                differ.add(new ComponentChange(now.name(), alike ? hashed(then) : then.value(), alike ? hashed(now) : now.value()));
            }
        }
        before.values().forEach(then -> differ.add(new ComponentChange(then.name(), then.value(), ABSENT)));
        // Two keys that differ with no component told apart (none listed, or hashes alike as far as a freeze kept them):
        // why is not measured, and never "the key is the cold process's".
        return differ.isEmpty() ? Optional.empty() : Optional.of(differ);
    }

    /**
     * Whether two hashes are of one value: equal, or where one was cut by a freeze (to 8 characters at least), equal
     * on the shorter, so a frozen log compares with the log it was frozen from.
     */
    static boolean sameHash(String a, String b) {
        int shorter = Math.min(a.length(), b.length());
        return a.length() == b.length() ? a.equals(b) : shorter >= FROZEN_HASH_CHARS && a.regionMatches(0, b, 0, shorter);
    }

    /** The fewest characters of a hash a freeze keeps. */
    private static final int FROZEN_HASH_CHARS = 8;

    private static String hashed(CacheKey.Component component) {
        return component.value() + " [" + component.hash().substring(0, Math.min(8, component.hash().length())) + "]";
    }

    /**
     * The changes of the compiles whose key differs from their counterpart's, or whose reason is not measured: those of
     * {@link #changes()} but a miss under the first run's own key, which says the keys are equal, and a miss with no
     * counterpart (a compile the first run never made: no key of it changed). This is what
     * {@code receipt diff} shows of two runs.
     */
    public List<Change> keyDifferences() {
        return changes.stream().filter(change -> change.counterpart() != Counterpart.NONE && change.components().map(list -> !list.isEmpty()).orElse(true)).toList();
    }

    /**
     * What {@code receipt diff} says of the cache keys of two runs: {@link #NO_KEYS} where either has no compile log or
     * neither lists a key; else {@link #KEYS_EQUAL} where no key differs (said of the keys compared, with how many lookups
     * had no counterpart, where some had none); else the {@link #lines} of the
     * {@link #keyDifferences()}, grouped as the warm start's are.
     *
     * <p>Example: the cold and the warm log of {@code fixtures/cache-keys/2.14-threads} give
     * {@code ["0/0 missed the AOTAutograd cache: why is not measured: ...", "0/0 missed the FX graph cache:
     * `cpp_runtime_thread_count` 1 → 2"]}.
     */
    public static List<String> diffLines(Optional<CompileLog> before, Optional<CompileLog> after) {
        Optional<KeyComparison> keys = ofRuns(before, after);
        if (keys.isEmpty()) {
            return List.of(NO_KEYS);
        }
        List<Change> differ = keys.get().keyDifferences();
        if (!differ.isEmpty()) {
            return lines(differ);
        }
        long unmatched = keys.get().changes().stream().filter(change -> change.counterpart() == Counterpart.NONE).count();
        return List.of(unmatched == 0 ? KEYS_EQUAL : keysComparedEqual(unmatched));
    }

    /** {@link #KEYS_EQUAL} said of the keys that could be compared, where some lookups that missed or bypassed had no counterpart. */
    private static String keysComparedEqual(long unmatched) {
        return "the cache keys compared are equal: of the second run's lookups with a counterpart in the first, none missed under a"
                + " key that differs; " + unmatched + (unmatched == 1 ? " lookup of the second run has no counterpart (a compile"
                + " the first never made), so there is no key to compare it with" : " lookups of the second run have no counterpart"
                + " (compiles the first never made), so there is no key to compare them with");
    }

    /** The comparison of two runs' compile logs; empty (not measured) where either has none or neither lists a key. */
    public static Optional<KeyComparison> ofRuns(Optional<CompileLog> before, Optional<CompileLog> after) {
        if (before.isEmpty() || after.isEmpty() || before.get().cacheKeys().isEmpty() && after.get().cacheKeys().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(between(before.get(), after.get()));
    }

    /** Every missed lookup of the warm process, in log order. */
    public List<Change> changes() {
        return changes;
    }

    /** Whether every lookup of the warm process hit (or it looked nothing up). */
    public boolean isEmpty() {
        return changes.isEmpty();
    }

    /**
     * The changes as lines, one per distinct reason and cache, with the compiles that share it:
     * {@code 0/0 missed the FX graph cache: `cpp_runtime_thread_count` 1 → 2}, or {@code every compile missed ...}
     * when every missed lookup of that cache shares the reason and there are several.
     */
    public List<String> lines() {
        return lines(changes);
    }

    /** The lines of {@code changes} (of a receipt), as {@link #lines()} says. */
    public static List<String> lines(List<Change> changes) {
        Map<String, List<String>> byReason = new LinkedHashMap<>();
        Map<String, Integer> perCache = new HashMap<>();
        for (Change change : changes) {
            String verb = switch (change.outcome()) {
                case CompileLog.BYPASS -> "bypassed";
                case CompileLog.HIT -> "hit";
                default -> "missed";
            };
            byReason.computeIfAbsent(verb + " " + cacheName(change.cache()) + ": " + change.reason() + "\u0000" + change.cache(),
                    reason -> new ArrayList<>()).add(change.graph());
            perCache.merge(change.cache(), 1, Integer::sum);
        }
        List<String> lines = new ArrayList<>();
        byReason.forEach((reason, graphs) -> {
            int cut = reason.indexOf('\u0000');
            String cache = reason.substring(cut + 1);
            List<String> distinct = graphs.stream().distinct().toList();
            String who = graphs.size() > 1 && graphs.size() == perCache.get(cache) ? "every compile" : VisibleText.joined(distinct);
            lines.add(who + " " + reason.substring(0, cut));
        });
        return List.copyOf(lines);
    }

    /** {@code the FX graph cache} or {@code the AOTAutograd cache}. */
    public static String cacheName(String cache) {
        return switch (cache) {
            case CompileLog.FX_GRAPH -> "the FX graph cache";
            case CompileLog.AOTAUTOGRAD -> "the AOTAutograd cache";
            default -> "the " + cache + " cache";
        };
    }
}
