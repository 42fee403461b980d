package dev.compilereceipt.ranks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.compilereceipt.receipt.GuardFailure;
import dev.compilereceipt.trace.CacheKey;
import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.CodeFrame;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.Trace;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * Makes a rank's {@link RankFingerprint} from its trace, and reads one back from its JSON. A
 * TORCH_TRACE log says, compile by compile, what each made, the breaks it reported and its cache
 * lookups; the calls (where the log has call markers) place each compile in its call. A TORCH_LOGS
 * text names its compiles and recompile causes but neither the breaks of each compile nor the cache
 * lookups, and a {@code compile-trace/1} trace has calls but no frames: each fingerprint says what its
 * source let it compare ({@link RankFingerprint#compared()}), and ranks are compared on what all share.
 *
 * <p>Example: {@code Fingerprints.of(1, trace).steps().get(1).cause()} is {@code `x.size()[0]` took 16}
 * for the rank that alone saw a batch of 16.
 */
@API(status = API.Status.INTERNAL, since = "0.3")
public final class Fingerprints {

    /** Device numbers differ from rank to rank for the same work: {@code cuda:3} is {@code cuda:N}. */
    private static final Pattern DEVICE = Pattern.compile("\\b(cuda|xpu|hpu|mps|npu|mtia):[0-9]+");
    private static final Pattern VARIANT_PREFIX = Pattern.compile("^[0-9]+/[0-9]+: ?");
    private static final Pattern COMMENT = Pattern.compile("\\s{2,}#\\s.*$");

    private Fingerprints() {
    }

    /** The fingerprint of {@code trace}, read as {@code rank}, without graphs; {@code source} names its reader ({@code torch_trace}). */
    public static RankFingerprint of(int rank, String source, Trace trace) {
        return of(rank, source, trace, Map.of(), Map.of());
    }

    /**
     * The fingerprint of {@code trace} with its FX graphs' masked hashes and their collectives by compile
     * id (empty where the source gives no graph: then neither is compared).
     */
    public static RankFingerprint of(int rank, String source, Trace trace, Map<String, List<String>> graphs,
                                     Map<String, List<String>> collectives) {
        List<RankFingerprint.Step> steps = new ArrayList<>();
        boolean perCompile = true;
        boolean calls = false;
        boolean runsNamed = trace.runs().size() > 1;
        for (Run run : trace.runs()) {
            String prefix = runsNamed ? run.label() + ":" : "";
            Map<GraphId, String> callOf = callsOf(run);
            calls |= !callOf.isEmpty();
            if (run.compileLog().isPresent() && !run.compileLog().get().compileEvents().isEmpty()) {
                stepsOfLog(run.compileLog().get(), callOf, prefix, steps);
            } else if (run.compileLog().isPresent()) {
                perCompile = false;
                stepsOfNames(run.compileLog().get(), callOf, prefix, steps);
            } else {
                stepsOfCalls(run, prefix, steps);
            }
        }
        if (!graphs.isEmpty()) {
            steps.replaceAll(step -> new RankFingerprint.Step(step.id(), step.frame(), step.made(),
                    graphs.getOrDefault(step.id(), List.of()), collectives.getOrDefault(step.id(), List.of()), step.call(),
                    step.cause(), step.breaks(), step.reason(), step.cache(), step.keys()));
        }
        List<String> compared = new ArrayList<>();
        compared.add(RankFingerprint.COMPILES);
        if (!graphs.isEmpty() && !runsNamed) {
            compared.add(RankFingerprint.GRAPHS);
            compared.add(RankFingerprint.COLLECTIVES);
        }
        if (calls) {
            compared.add(RankFingerprint.CALLS);
        }
        if (trace.measured(Measure.RECOMPILE_CAUSES) || perCompile) {
            compared.add(RankFingerprint.RECOMPILE_CAUSES);
        }
        if (perCompile && trace.measured(Measure.BREAK_SITES)) {
            compared.add(RankFingerprint.BREAK_SITES);
        }
        compared.add(RankFingerprint.FALLBACKS);
        if (perCompile && trace.measured(Measure.ARTIFACT_CACHE)) {
            compared.add(RankFingerprint.CACHE_OUTCOMES);
            // Keys are compared only where the log wrote them: a log frozen before #46 keeps each lookup's outcome, not its key.
            if (trace.runs().stream().anyMatch(run -> run.compileLog().map(log -> !log.cacheKeys().isEmpty()).orElse(false))) {
                compared.add(RankFingerprint.CACHE_KEYS);
            }
        }
        return new RankFingerprint(rank, source, compared, steps).comparedOn(compared);
    }

    /** The call each compile happened in, the first where one compiled twice. */
    private static Map<GraphId, String> callsOf(Run run) {
        Map<GraphId, String> callOf = new HashMap<>();
        for (Call call : run.calls()) {
            for (Event event : call.events()) {
                if (event instanceof Event.Region region && region.isCompile()) {
                    callOf.putIfAbsent(region.graph(), call.id());
                } else if (event instanceof Event.Fallback fallback) {
                    callOf.putIfAbsent(fallback.graph(), call.id());
                }
            }
        }
        return callOf;
    }

    private static void stepsOfLog(CompileLog log, Map<GraphId, String> callOf, String prefix, List<RankFingerprint.Step> steps) {
        Map<String, List<String>> causes = causes(log);
        Map<String, List<CompileLog.CompileTime>> timesOf = new HashMap<>();
        log.compileTimes().forEach(time -> timesOf.computeIfAbsent(time.graph(), graph -> new ArrayList<>()).add(time));
        Map<String, List<CacheKey>> keysOf = new HashMap<>();
        for (CacheKey key : log.cacheKeys()) {
            keysOf.computeIfAbsent(key.compile(), graph -> new ArrayList<>()).add(RankFingerprint.carried(key));
        }
        Map<String, Integer> seen = new HashMap<>();
        for (CompileLog.CompileEvents compile : log.compileEvents()) {
            GraphId graph = compile.graph();
            String id = graph.toString();
            int nth = seen.merge(id, 1, Integer::sum) - 1;
            List<CompileLog.CompileTime> ofId = timesOf.getOrDefault(id, List.of());
            CompileLog.ArtifactCache cache = nth < ofId.size() ? ofId.get(nth).cache() : CompileLog.ArtifactCache.NONE;
            String made;
            Optional<String> reason = Optional.empty();
            if (compile.outcome() instanceof Event.Fallback fallback) {
                made = RankFingerprint.FALLBACK;
                reason = Optional.of(mask(fallback.reason()));
            } else {
                made = log.graphless().contains(id) ? RankFingerprint.GRAPHLESS : RankFingerprint.VARIANT;
            }
            List<String> breaks = compile.breaks().stream().map(b -> site(b.site())).toList();
            // Every lookup of a compile id goes with its first step, so that no lookup is lost or counted twice.
            List<CacheKey> keys = nth == 0 ? keysOf.getOrDefault(id, List.of()) : List.of();
            steps.add(new RankFingerprint.Step(prefix + id, frame(log, graph), made, List.of(), List.of(),
                    Optional.ofNullable(callOf.get(graph)), cause(causes.get(id)), breaks, reason, outcomes(cache), keys));
        }
    }

    private static void stepsOfNames(CompileLog log, Map<GraphId, String> callOf, String prefix, List<RankFingerprint.Step> steps) {
        Map<String, List<String>> causes = causes(log);
        List<GraphId> ids = new ArrayList<>();
        for (String name : log.compiles()) {
            GraphId.parse(name).ifPresent(ids::add);
        }
        for (String name : log.fallbacks()) {
            GraphId.parse(name).filter(id -> !ids.contains(id)).ifPresent(ids::add);
        }
        ids.sort(null);
        for (GraphId graph : ids) {
            String id = graph.toString();
            boolean fallback = log.fallbacks().contains(id) && !log.compiles().contains(id);
            String made = fallback ? RankFingerprint.FALLBACK
                    : log.graphless().contains(id) ? RankFingerprint.GRAPHLESS : RankFingerprint.VARIANT;
            steps.add(new RankFingerprint.Step(prefix + id, frame(log, graph), made, Optional.ofNullable(callOf.get(graph)),
                    cause(causes.get(id)), List.of(), Optional.empty(), Map.of()));
        }
    }

    private static void stepsOfCalls(Run run, String prefix, List<RankFingerprint.Step> steps) {
        for (Call call : run.calls()) {
            for (Event event : call.events()) {
                if (event instanceof Event.Region region && region.isCompile()) {
                    steps.add(new RankFingerprint.Step(prefix + region.graph(), "", RankFingerprint.VARIANT, Optional.of(call.id()),
                            cause(region.guardFailures().isEmpty() ? null : region.guardFailures()), List.of(), Optional.empty(),
                            Map.of()));
                } else if (event instanceof Event.Fallback fallback) {
                    steps.add(new RankFingerprint.Step(prefix + fallback.graph(), "", RankFingerprint.FALLBACK,
                            Optional.of(call.id()), cause(fallback.guardFailures().isEmpty() ? null : fallback.guardFailures()),
                            List.of(), Optional.of(mask(fallback.reason())), Map.of()));
                }
            }
        }
    }

    private static Map<String, List<String>> causes(CompileLog log) {
        Map<String, List<String>> causes = new HashMap<>();
        for (CompileLog.RecompileReason reason : log.recompileReasons()) {
            causes.computeIfAbsent(reason.graph(), graph -> new ArrayList<>()).add(reason.guard());
        }
        return causes;
    }

    private static String frame(CompileLog log, GraphId graph) {
        return log.frameOf(graph).map(CodeFrame::described).orElse("");
    }

    /** A break site as {@code file:line} with the file by its name alone: hosts install the same code in other folders. */
    static String site(String site) {
        int slash = Math.max(site.lastIndexOf('/'), site.lastIndexOf('\\'));
        return slash < 0 ? site : site.substring(slash + 1);
    }

    /**
     * Why a compile recompiled, as a person reads it: the first guard that failed, as
     * {@code `x.size()[0]` took 16} where the log says what the value became, else the guard
     * itself ({@code `n` failed `n == 0`}).
     */
    static Optional<String> cause(List<String> guards) {
        if (guards == null || guards.isEmpty()) {
            return Optional.empty();
        }
        String text = guards.get(0);
        GuardFailure failure = GuardFailure.read(text);
        String subject = GuardFailure.plainName(failure.subject());
        if (failure.values().size() >= 2) {
            return Optional.of(mask("`" + subject + "` took " + failure.values().get(failure.values().size() - 1)));
        }
        String first = text.lines().findFirst().orElse("");
        String expression = COMMENT.matcher(VARIANT_PREFIX.matcher(first).replaceFirst("")).replaceFirst("").strip();
        return Optional.of(mask("`" + subject + "` failed `" + GuardFailure.plainName(expression) + "`"));
    }

    static String mask(String text) {
        return DEVICE.matcher(text).replaceAll("$1:N");
    }

    private static Map<String, String> outcomes(CompileLog.ArtifactCache cache) {
        Map<String, String> outcomes = new LinkedHashMap<>();
        cache.fxGraph().outcome().ifPresent(outcome -> outcomes.put(CompileLog.FX_GRAPH, outcome));
        cache.aotAutograd().outcome().ifPresent(outcome -> outcomes.put(CompileLog.AOTAUTOGRAD, outcome));
        return outcomes;
    }

    /**
     * A fingerprint read back from the JSON {@link RankFingerprint#json()} wrote, or one of format
     * {@value RankFingerprint#FORMAT_1}, which carries no cache keys: {@link RankFingerprint#CACHE_KEYS} is then not
     * among what it compares, so that the ranks' keys are not measured rather than equal.
     * A file of another format, or missing a field, is refused naming the file and the rule.
     */
    public static RankFingerprint read(JsonNode root) {
        String format = root.path("format").asText("");
        if (!RankFingerprint.FORMAT.equals(format) && !RankFingerprint.FORMAT_1.equals(format)) {
            throw new IllegalArgumentException("a fingerprint of format " + RankFingerprint.FORMAT + " or "
                    + RankFingerprint.FORMAT_1 + " is read; this one is " + (format.isEmpty() ? "of no format" : "of format " + format));
        }
        if (!root.path("rank").canConvertToInt() || root.path("rank").asInt() < 0 || !root.path("steps").isArray()
                || !root.path("compared").isArray() || !root.path("source").isTextual()) {
            throw new IllegalArgumentException("a fingerprint holds a rank (a non-negative number), a source, "
                    + "compared and steps");
        }
        List<String> compared = new ArrayList<>();
        root.path("compared").forEach(aspect -> compared.add(aspect.asText()));
        if (RankFingerprint.FORMAT_1.equals(format)) {
            compared.remove(RankFingerprint.CACHE_KEYS);
        }
        List<RankFingerprint.Step> steps = new ArrayList<>();
        Map<String, List<CacheKey.Component>> previous = new HashMap<>();
        Map<List<CacheKey.Component>, List<CacheKey.Component>> lists = new HashMap<>();
        long[] kept = {0};
        for (JsonNode step : root.path("steps")) {
            List<String> breaks = texts(step.path("breaks"));
            Map<String, String> cache = new LinkedHashMap<>();
            step.path("cache").properties().forEach(entry -> cache.put(entry.getKey(), entry.getValue().asText()));
            steps.add(new RankFingerprint.Step(step.path("id").asText(), step.path("frame").asText(), step.path("made").asText(),
                    texts(step.path("graphs")), texts(step.path("collectives")), text(step, "call"), text(step, "cause"), breaks,
                    text(step, "reason"), cache, keys(step.path("keys"), previous, lists, kept)));
        }
        return new RankFingerprint(root.path("rank").asInt(), root.path("source").asText(), compared, steps);
    }

    private static List<CacheKey> keys(JsonNode array, Map<String, List<CacheKey.Component>> previous,
            Map<List<CacheKey.Component>, List<CacheKey.Component>> lists, long[] kept) {
        List<CacheKey> keys = new ArrayList<>();
        for (JsonNode lookup : array) {
            for (String field : List.of("graph", "cache", "outcome", "key")) {
                if (!lookup.path(field).isTextual()) {
                    throw new IllegalArgumentException("a fingerprint's cache lookup holds a graph, a cache, an outcome and a key"
                            + " (texts); one has no " + field);
                }
            }
            String cache = lookup.path("cache").asText();
            Optional<List<CacheKey.Component>> components = Optional.empty();
            if (lookup.has("components")) {
                if (!lookup.path("components").isArray()) {
                    throw new IllegalArgumentException("a fingerprint's cache lookup lists its components as an array of"
                            + " [name, hash, value]; one holds " + lookup.path("components").getNodeType());
                }
                List<CacheKey.Component> listed = new ArrayList<>();
                for (JsonNode triple : lookup.path("components")) {
                    if (!triple.isArray() || triple.size() != 3) {
                        throw new IllegalArgumentException("a fingerprint's key component is [name, hash, value]; one is " + triple);
                    }
                    listed.add(new CacheKey.Component(triple.get(0).asText(), triple.get(1).asText(), triple.get(2).asText()));
                }
                components = Optional.of(listed);
            } else if (lookup.has("changed")) {
                components = Optional.of(changed(lookup, previous.get(cache)));
            }
            if (components.isPresent()) {
                components = Optional.of(shared(components.get(), lists, kept));
                previous.put(cache, components.get());
            }
            keys.add(new CacheKey(lookup.path("graph").asText(), lookup.path("cache").asText(), lookup.path("outcome").asText(),
                    lookup.path("key").asText(), components));
        }
        return keys;
    }

    /**
     * {@code listed}, or the equal list read before: a fingerprint's keys hold at most {@link CacheKey#KEPT_COMPONENTS}
     * components in distinct lists, what a log's reading keeps, so that a file of a few bytes per lookup cannot make
     * its reader rebuild lists of 100,000 components 100,000 times.
     */
    private static List<CacheKey.Component> shared(List<CacheKey.Component> listed,
            Map<List<CacheKey.Component>, List<CacheKey.Component>> lists, long[] kept) {
        List<CacheKey.Component> known = lists.get(listed);
        if (known != null) {
            return known;
        }
        kept[0] += listed.size();
        if (kept[0] > CacheKey.KEPT_COMPONENTS) {
            throw new IllegalArgumentException("a fingerprint's cache keys hold more than " + CacheKey.KEPT_COMPONENTS
                    + " components in distinct lists: more than a log's reading keeps");
        }
        List<CacheKey.Component> copy = List.copyOf(listed);
        lists.put(copy, copy);
        return copy;
    }

    /** A key's components written as the positions where they differ from the last listed ones of its cache. */
    private static List<CacheKey.Component> changed(JsonNode lookup, List<CacheKey.Component> before) {
        if (before == null) {
            throw new IllegalArgumentException("a fingerprint's cache lookup lists what changed from an earlier lookup of its cache,"
                    + " and none lists components before it");
        }
        if (!lookup.path("size").canConvertToInt() || lookup.path("size").asInt() < 0 || !lookup.path("changed").isArray()
                || !lookup.path("removed").isArray()) {
            throw new IllegalArgumentException("a fingerprint's cache lookup that lists what changed holds a size (a non-negative number),"
                    + " removed (indices) and changed ([index, name, hash, value] each)");
        }
        int size = lookup.path("size").asInt();
        java.util.Set<Integer> removed = new java.util.HashSet<>();
        for (JsonNode index : lookup.path("removed")) {
            if (!index.canConvertToInt() || index.asInt() < 0 || index.asInt() >= before.size() || !removed.add(index.asInt())) {
                throw new IllegalArgumentException("a fingerprint's removed key components are distinct indices below the size "
                        + before.size() + " of the lookup before; one is " + index);
            }
        }
        // Checked before anything of that size is made: every position is one kept or one changed.
        if ((long) size != (long) before.size() - removed.size() + lookup.path("changed").size()) {
            throw new IllegalArgumentException("a fingerprint's cache lookup of " + size + " components keeps "
                    + (before.size() - removed.size()) + " of the lookup before it and changes " + lookup.path("changed").size()
                    + ": the size is what it keeps and changes");
        }
        List<CacheKey.Component> kept = new ArrayList<>();
        for (int j = 0; j < before.size(); j++) {
            if (!removed.contains(j)) {
                kept.add(before.get(j));
            }
        }
        CacheKey.Component[] now = new CacheKey.Component[size];
        for (JsonNode entry : lookup.path("changed")) {
            if (!entry.isArray() || entry.size() != 4 || !entry.get(0).canConvertToInt() || entry.get(0).asInt() < 0
                    || entry.get(0).asInt() >= size) {
                throw new IllegalArgumentException("a fingerprint's changed key component is [index, name, hash, value] with an index"
                        + " below the size " + size + "; one is " + entry);
            }
            if (now[entry.get(0).asInt()] != null) {
                throw new IllegalArgumentException("a fingerprint's changed key components name each index once; " + entry.get(0)
                        + " twice");
            }
            now[entry.get(0).asInt()] = new CacheKey.Component(entry.get(1).asText(), entry.get(2).asText(), entry.get(3).asText());
        }
        // The kept components fill the positions no change names, in their order: exactly as many as there are.
        int next = 0;
        for (int i = 0; i < size; i++) {
            if (now[i] == null) {
                if (next >= kept.size()) {
                    throw new IllegalArgumentException("a fingerprint's cache lookup of " + size + " components keeps " + kept.size()
                            + " of the lookup before it and changes " + (size - kept.size() - 1) + ": too few for its size");
                }
                now[i] = kept.get(next++);
            }
        }
        if (next != kept.size()) {
            throw new IllegalArgumentException("a fingerprint's cache lookup of " + size + " components keeps " + kept.size()
                    + " of the lookup before it, more than its size leaves room for (" + next + ")");
        }
        return List.of(now);
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(item -> texts.add(item.asText()));
        return texts;
    }

    private static Optional<String> text(JsonNode node, String field) {
        return node.has(field) ? Optional.of(node.get(field).asText()) : Optional.empty();
    }
}
