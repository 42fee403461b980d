package dev.compilereceipt.ranks;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.json.CanonicalJson;
import dev.compilereceipt.trace.CacheKey;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * What one rank compiled, in the order it compiled it, small enough to hold for a thousand ranks:
 * one {@link Step} per compile id (its frame, what it made, the hashes of its FX graphs and the
 * collectives they call, the call it happened in, the recompile cause, the breaks it reported, its
 * cache outcomes and keys), the {@code source} it was read from and the
 * aspects that source lets it compare ({@code compared}). Two ranks compiled alike when their
 * {@link #sha256()}s are equal: the hash is of the canonical JSON of {@code compared} and
 * {@code steps}, never of the rank number, so equal work on different ranks hashes alike.
 *
 * <p>Example: rank 1 of a job whose rank 1 alone recompiled on a batch of 16 has steps
 * {@code [0/0 variant, 0/1 variant because `x.size()[0]` took 16]}; its {@link #json()} is
 * {@code {"compared":[...],"format":"compile-receipt-fingerprint/2","rank":1,"source":"torch_trace","steps":[...]}}.
 */
@API(status = API.Status.INTERNAL, since = "0.3")
public record RankFingerprint(int rank, String source, List<String> compared, List<Step> steps) {

    /** The format a fingerprint file is written in: /2 carries each compile's cache keys ({@link #CACHE_KEYS}). */
    public static final String FORMAT = "compile-receipt-fingerprint/2";
    /** The format before cache keys, still read: its ranks' keys are not measured ({@link #CACHE_KEYS} not compared). */
    public static final String FORMAT_1 = "compile-receipt-fingerprint/1";
    /**
     * A key component's value longer than this is not carried (written {@value #VALUE_CUT}): its hash says whether
     * two differ, and a thousand ranks' fingerprints stay small. The graph's code ({@code gm}) is one such value.
     */
    public static final int VALUE_CHARS = 64;
    /** What a fingerprint carries for a component's value longer than {@value #VALUE_CHARS} characters. */
    public static final String VALUE_CUT = "\u2026";

    /** What a step's compile made. */
    public static final String VARIANT = "variant";
    public static final String FALLBACK = "fallback";
    public static final String GRAPHLESS = "graphless";

    /** The aspects a fingerprint may compare, in this order. */
    public static final String COMPILES = "compiles";
    public static final String GRAPHS = "graphs";
    public static final String COLLECTIVES = "collectives";
    public static final String CALLS = "calls";
    public static final String RECOMPILE_CAUSES = "recompile_causes";
    public static final String BREAK_SITES = "break_sites";
    public static final String FALLBACKS = "fallbacks";
    public static final String CACHE_OUTCOMES = "cache_outcomes";
    /** Each cache lookup's key and its components' names and hashes (format /2): what a rank's cache misses are compared by. */
    public static final String CACHE_KEYS = "cache_keys";
    public static final List<String> ASPECTS = List.of(COMPILES, GRAPHS, COLLECTIVES, CALLS, RECOMPILE_CAUSES, BREAK_SITES, FALLBACKS,
            CACHE_OUTCOMES, CACHE_KEYS);

    public RankFingerprint {
        if (rank < 0) {
            throw new IllegalArgumentException("a rank is a non-negative number: " + rank);
        }
        compared = List.copyOf(compared);
        steps = List.copyOf(steps);
    }

    /**
     * One compile id of a rank: {@code id} ({@code F/V}), the frame as a person reads it, what it made
     * ({@link #VARIANT}, {@link #FALLBACK}, {@link #GRAPHLESS}), its FX graphs' masked hashes and their
     * collectives ({@code all_reduce}), the call it happened in where the
     * source has calls, its recompile cause ({@code `x.size()[0]` took 16}), the break sites it
     * reported, a fallback's reason, its cache outcomes by cache ({@code fx_graph} → {@code hit}), and its cache
     * lookups' keys in log order ({@code keys}: each with its components' names, hashes and values up to
     * {@value #VALUE_CHARS} characters, as the reader masked them).
     * Device numbers in texts are masked ({@code cuda:N}) so equal work on different GPUs compares equal.
     */
    public record Step(String id, String frame, String made, List<String> graphs, List<String> collectives, Optional<String> call,
                       Optional<String> cause, List<String> breaks, Optional<String> reason, Map<String, String> cache,
                       List<CacheKey> keys) {
        public Step {
            graphs = List.copyOf(graphs);
            collectives = List.copyOf(collectives);
            breaks = List.copyOf(breaks);
            cache = java.util.Collections.unmodifiableMap(new TreeMap<>(cache));
            keys = List.copyOf(keys);
        }

        /** A step whose cache keys are not carried. */
        public Step(String id, String frame, String made, List<String> graphs, List<String> collectives, Optional<String> call,
                    Optional<String> cause, List<String> breaks, Optional<String> reason, Map<String, String> cache) {
            this(id, frame, made, graphs, collectives, call, cause, breaks, reason, cache, List.of());
        }

        /** A step of a source that gives no graph of its own. */
        public Step(String id, String frame, String made, Optional<String> call, Optional<String> cause, List<String> breaks,
                    Optional<String> reason, Map<String, String> cache) {
            this(id, frame, made, List.of(), List.of(), call, cause, breaks, reason, cache);
        }

        /** The same step without its cache outcomes and keys: what a graph divergence compares. */
        public Step withoutCache() {
            return new Step(id, frame, made, graphs, collectives, call, cause, breaks, reason, Map.of(), List.of());
        }

        /** The same step carrying {@code keys}. */
        public Step withKeys(List<CacheKey> keys) {
            return new Step(id, frame, made, graphs, collectives, call, cause, breaks, reason, cache, keys);
        }

        ObjectNode json() {
            return json(new java.util.HashMap<>());
        }

        /** The step as JSON, each key's components written against {@code previous} (the last listed ones by cache), which it updates. */
        ObjectNode json(Map<String, List<CacheKey.Component>> previous) {
            ObjectNode step = JsonNodeFactory.instance.objectNode();
            step.put("id", id);
            step.put("frame", frame);
            step.put("made", made);
            if (!graphs.isEmpty()) {
                ArrayNode hashes = step.putArray("graphs");
                graphs.forEach(hashes::add);
            }
            if (!collectives.isEmpty()) {
                ArrayNode calls = step.putArray("collectives");
                collectives.forEach(calls::add);
            }
            call.ifPresent(value -> step.put("call", value));
            cause.ifPresent(value -> step.put("cause", value));
            if (!breaks.isEmpty()) {
                ArrayNode sites = step.putArray("breaks");
                breaks.forEach(sites::add);
            }
            reason.ifPresent(value -> step.put("reason", value));
            if (!cache.isEmpty()) {
                ObjectNode caches = step.putObject("cache");
                cache.forEach(caches::put);
            }
            if (!keys.isEmpty()) {
                ArrayNode lookups = step.putArray("keys");
                keys.forEach(key -> lookups.add(keyJson(key, previous)));
            }
            return step;
        }
    }

    /**
     * A lookup as a fingerprint writes it: {@code {"cache":"fx_graph","components":[[name, hash, value], ...],
     * "graph":"0/0","key":"fcoad…","outcome":"miss"}}, {@code components} absent where the record lists none. Where an
     * earlier lookup of the same cache in this fingerprint listed components, only how this one's differ from those is
     * written: {@code "size"}, the number of components, {@code "removed"}, the indices of the earlier components not
     * kept as they were, and {@code "changed"}, {@code [index, name, hash, value]} for each component that is not an
     * earlier one kept (the kept ones fill the other positions in their order): the hundreds of Inductor options a key
     * lists are the same from compile to compile, and a fingerprint stays small.
     */
    private static ObjectNode keyJson(CacheKey key, Map<String, List<CacheKey.Component>> previous) {
        ObjectNode lookup = JsonNodeFactory.instance.objectNode();
        lookup.put("graph", key.graph());
        lookup.put("cache", key.cache());
        lookup.put("outcome", key.outcome());
        lookup.put("key", key.key());
        key.components().ifPresent(components -> {
            List<CacheKey.Component> before = previous.get(key.cache());
            if (before == null) {
                ArrayNode array = lookup.putArray("components");
                components.forEach(component -> add(array.addArray(), component));
            } else {
                lookup.put("size", components.size());
                // The positions of each earlier component, ascending, and how far each list has been passed: the first
                // equal one after the last kept, found in time linear in both keys however many share a name.
                Map<CacheKey.Component, List<Integer>> at = new java.util.HashMap<>();
                for (int j = 0; j < before.size(); j++) {
                    at.computeIfAbsent(before.get(j), same -> new java.util.ArrayList<>()).add(j);
                }
                Map<CacheKey.Component, Integer> passed = new java.util.HashMap<>();
                boolean[] kept = new boolean[before.size()];
                int last = -1;
                ArrayNode changed = lookup.putArray("changed");
                for (int i = 0; i < components.size(); i++) {
                    CacheKey.Component component = components.get(i);
                    List<Integer> positions = at.getOrDefault(component, List.of());
                    int next = passed.getOrDefault(component, 0);
                    while (next < positions.size() && positions.get(next) <= last) {
                        next++;
                    }
                    passed.put(component, next);
                    int found = next < positions.size() ? positions.get(next) : -1;
                    if (found >= 0) {
                        kept[found] = true;
                        last = found;
                    } else {
                        ArrayNode entry = changed.addArray();
                        entry.add(i);
                        add(entry, component);
                    }
                }
                ArrayNode removed = lookup.putArray("removed");
                for (int j = 0; j < before.size(); j++) {
                    if (!kept[j]) {
                        removed.add(j);
                    }
                }
            }
            previous.put(key.cache(), components);
        });
        return lookup;
    }

    private static void add(ArrayNode array, CacheKey.Component component) {
        array.add(component.name());
        array.add(component.hash());
        array.add(component.value());
    }

    /** {@code key} as a fingerprint carries it: each value longer than {@value #VALUE_CHARS} characters written {@value #VALUE_CUT}. */
    public static CacheKey carried(CacheKey key) {
        return new CacheKey(key.graph(), key.cache(), key.outcome(), key.key(), key.components().map(components -> components.stream()
                .map(c -> c.value().length() > VALUE_CHARS ? new CacheKey.Component(c.name(), c.hash(), VALUE_CUT) : c).toList()));
    }

    /** The whole fingerprint as written to a file: format, rank, source, compared, steps. */
    public ObjectNode json() {
        ObjectNode root = body(steps);
        root.put("format", FORMAT);
        root.put("rank", rank);
        root.put("source", source);
        return root;
    }

    /** The canonical compact JSON of {@link #json()} (RFC 8785): what {@code receipt fingerprint} writes. */
    public String canonical() {
        return CanonicalJson.write(json());
    }

    /** The SHA-256 of what this rank compiled: {@code compared} and {@code steps}, not the rank nor the source. */
    public String sha256() {
        return CanonicalJson.sha256(body(steps));
    }

    /** The SHA-256 of what it compiled without the cache outcomes and keys: equal where ranks differ only in their caches. */
    public String graphSha256() {
        List<String> graphAspects = compared.stream().filter(aspect -> !aspect.equals(CACHE_OUTCOMES) && !aspect.equals(CACHE_KEYS)).toList();
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        ArrayNode aspects = root.putArray("compared");
        graphAspects.forEach(aspects::add);
        ArrayNode array = root.putArray("steps");
        steps.forEach(step -> array.add(step.withoutCache().json()));
        return CanonicalJson.sha256(root);
    }

    private ObjectNode body(List<Step> of) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        ArrayNode aspects = root.putArray("compared");
        compared.forEach(aspects::add);
        ArrayNode array = root.putArray("steps");
        Map<String, List<CacheKey.Component>> previous = new java.util.HashMap<>();
        of.forEach(step -> array.add(step.json(previous)));
        return root;
    }

    /** The same fingerprint compared on {@code aspects} alone: what two sources that measure differently share. */
    public RankFingerprint comparedOn(List<String> aspects) {
        if (aspects.equals(compared)) {
            return this;
        }
        List<Step> less = steps.stream().map(step -> new Step(step.id(),
                step.frame(), step.made(),
                aspects.contains(GRAPHS) ? step.graphs() : List.of(),
                aspects.contains(COLLECTIVES) ? step.collectives() : List.of(),
                aspects.contains(CALLS) ? step.call() : Optional.empty(),
                aspects.contains(RECOMPILE_CAUSES) ? step.cause() : Optional.empty(),
                aspects.contains(BREAK_SITES) ? step.breaks() : List.of(),
                aspects.contains(FALLBACKS) ? step.reason() : Optional.empty(),
                aspects.contains(CACHE_OUTCOMES) ? step.cache() : Map.of(),
                aspects.contains(CACHE_KEYS) ? step.keys() : List.of())).toList();
        return new RankFingerprint(rank, source, aspects, less);
    }
}
