package dev.compilereceipt.read.compiletrace;

import com.fasterxml.jackson.databind.JsonNode;
import dev.compilereceipt.trace.BreakDetail;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.CompileStages;
import dev.compilereceipt.trace.Millis;
import dev.compilereceipt.trace.VisibleText;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.GraphId;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads one event of a call ({@code region}, {@code break}, {@code fallback}) under the
 * contract's rules for its kind.
 */
final class EventReader {

    private static final Set<String> REGION_KEYS = Set.of("kind", "graph", "cache", "ms", "compile_ms", "guard_failures",
            "stages", "artifact_cache");
    private static final Set<String> CACHE_KEYS = Set.of(CompileLog.FX_GRAPH, CompileLog.AOTAUTOGRAD);
    private static final Set<String> BREAK_KEYS = Set.of("kind", "site", "reason", "eager_ms", "gb_id", "explanation", "hints", "user_frame");
    private static final Set<String> FALLBACK_KEYS = Set.of("kind", "graph", "reason", "compile_ms", "guard_failures", "stages",
            "artifact_cache");
    /** A stage is named as PyTorch names its timers: lower case, digits and underscores. */
    private static final Pattern STAGE = Pattern.compile("[a-z][a-z0-9_]{0,63}");
    private static final int MAX_STAGES = 32;
    private static final Pattern SITE = Pattern.compile(".+:[0-9]+");
    /** PyTorch's registry names graph-break types GB0000 to GB9999 (2.14 has 561 of them). */
    private static final Pattern GB_ID = Pattern.compile("GB[0-9]{4}");

    private final TraceFields fields;

    EventReader(TraceFields fields) {
        this.fields = fields;
    }

    Event event(JsonNode node, String at) {
        if (!node.isObject()) {
            throw fields.refuse(at, "an event must be a JSON object");
        }
        String kind = fields.text(fields.required(node, at, "kind"), at + "/kind");
        switch (kind) {
            case "region" -> {
                fields.object(node, at, REGION_KEYS);
                GraphId graph = fields.graph(fields.required(node, at, "graph"), at + "/graph");
                String cache = fields.text(fields.required(node, at, "cache"), at + "/cache");
                double ms = fields.time(fields.required(node, at, "ms"), at + "/ms");
                if (cache.equals("hit")) {
                    if (node.has("compile_ms")) {
                        throw fields.refuse(at + "/compile_ms", "compile_ms must be absent with cache \"hit\": nothing was compiled");
                    }
                    if (node.has("guard_failures")) {
                        throw fields.refuse(at + "/guard_failures", "guard_failures are only allowed with cache \"compile\"");
                    }
                    if (node.has("stages")) {
                        throw fields.refuse(at + "/stages", "stages are only allowed with cache \"compile\": nothing was compiled");
                    }
                    if (node.has("artifact_cache")) {
                        throw fields.refuse(at + "/artifact_cache", "artifact_cache is only allowed with cache \"compile\":"
                                + " a region that reused a variant looked up no on-disk cache");
                    }
                    return new Event.Region(graph, Event.Cache.HIT, ms, 0, List.of());
                }
                if (!cache.equals("compile")) {
                    throw fields.refuse(at + "/cache", "cache must be \"hit\" or \"compile\", found \"" + cache + "\"");
                }
                if (!node.has("compile_ms")) {
                    throw fields.refuse(at, "compile_ms is required with cache \"compile\"");
                }
                double compileMs = fields.time(node.get("compile_ms"), at + "/compile_ms");
                return new Event.Region(graph, Event.Cache.COMPILE, ms, compileMs, fields.guards(node, at),
                        stages(node, at, compileMs), artifactCache(node, at));
            }
            case "break" -> {
                fields.object(node, at, BREAK_KEYS);
                String site = fields.text(fields.required(node, at, "site"), at + "/site");
                if (!SITE.matcher(site).matches()) {
                    throw fields.refuse(at + "/site", "site must be file:line, found \"" + site + "\"");
                }
                String reason = fields.text(fields.required(node, at, "reason"), at + "/reason");
                double eagerMs = fields.time(fields.required(node, at, "eager_ms"), at + "/eager_ms");
                return new Event.Break(site, reason, eagerMs, detail(node, at));
            }
            case "fallback" -> {
                fields.object(node, at, FALLBACK_KEYS);
                GraphId graph = fields.graph(fields.required(node, at, "graph"), at + "/graph");
                String reason = fields.text(fields.required(node, at, "reason"), at + "/reason");
                double compileMs = fields.time(fields.required(node, at, "compile_ms"), at + "/compile_ms");
                return new Event.Fallback(graph, reason, compileMs, fields.guards(node, at), stages(node, at, compileMs),
                        artifactCache(node, at));
            }
            default -> throw fields.refuse(at + "/kind", "kind must be region, break or fallback, found \"" + kind + "\"");
        }
    }

    /**
     * The optional {@code stages} of a compile: stage name → ms, as the capture helper reads them from
     * the compile's {@code compilation_metrics}; together at most {@code compile_ms} (compared in the
     * 4-decimal values the receipt writes), since what no stage claims is {@code compile_ms} less their sum.
     */
    private CompileStages stages(JsonNode node, String at, double compileMs) {
        if (!node.has("stages")) {
            return CompileStages.NONE;
        }
        JsonNode stages = node.get("stages");
        String where = at + "/stages";
        if (!stages.isObject()) {
            throw fields.refuse(where, "stages must be an object of stage name to milliseconds");
        }
        if (stages.size() > MAX_STAGES) {
            throw fields.refuse(where, "stages name at most " + MAX_STAGES + " stages, found " + stages.size());
        }
        Map<String, Double> ms = new TreeMap<>();
        BigDecimal sum = BigDecimal.ZERO;
        for (Iterator<String> names = stages.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!STAGE.matcher(name).matches()) {
                throw fields.refuse(where, "a stage name must be lower case letters, digits and underscores"
                        + " (as aot_autograd), at most 64 long, found \"" + VisibleText.of(name) + "\"");
            }
            double value = fields.time(stages.get(name), where + "/" + name);
            ms.put(name, value);
            sum = sum.add(Millis.exact(value));
        }
        if (sum.compareTo(Millis.exact(compileMs)) > 0) {
            throw fields.refuse(where, "the stages add up to " + sum.stripTrailingZeros().toPlainString()
                    + " ms, more than compile_ms " + Millis.text(compileMs) + ": a stage cannot claim time the compile did not take");
        }
        return new CompileStages(ms);
    }

    /**
     * The optional {@code artifact_cache} of a compile: the outcome of its lookup in each on-disk
     * cache it looked up, {@code fx_graph} and {@code aotautograd}, each {@code hit}, {@code miss} or
     * {@code bypass}, as the capture helper reads them from the compile's cache artifacts.
     */
    private CompileLog.ArtifactCache artifactCache(JsonNode node, String at) {
        if (!node.has("artifact_cache")) {
            return CompileLog.ArtifactCache.NONE;
        }
        String where = at + "/artifact_cache";
        JsonNode caches = node.get("artifact_cache");
        if (!caches.isObject()) {
            throw fields.refuse(where, "artifact_cache must be an object of fx_graph and aotautograd outcomes");
        }
        fields.object(caches, where, CACHE_KEYS);
        return new CompileLog.ArtifactCache(outcome(caches, where, CompileLog.FX_GRAPH), outcome(caches, where, CompileLog.AOTAUTOGRAD));
    }

    private CompileLog.CacheCounts outcome(JsonNode caches, String where, String cache) {
        if (!caches.has(cache)) {
            return CompileLog.CacheCounts.NONE;
        }
        String outcome = fields.text(caches.get(cache), where + "/" + cache);
        if (!outcome.equals(CompileLog.HIT) && !outcome.equals(CompileLog.MISS) && !outcome.equals(CompileLog.BYPASS)) {
            throw fields.refuse(where + "/" + cache, cache + " must be \"hit\", \"miss\" or \"bypass\", found \""
                    + VisibleText.of(outcome) + "\"");
        }
        return CompileLog.CacheCounts.of(outcome);
    }

    private BreakDetail detail(JsonNode node, String at) {
        Optional<String> gbId = Optional.empty();
        if (node.has("gb_id")) {
            String id = fields.text(node.get("gb_id"), at + "/gb_id");
            if (!GB_ID.matcher(id).matches()) {
                throw fields.refuse(at + "/gb_id", "gb_id must be a graph-break type id GBnnnn (as GB0059), found \"" + id + "\"");
            }
            gbId = Optional.of(id);
        }
        Optional<String> explanation = node.has("explanation")
                ? Optional.of(fields.text(node.get("explanation"), at + "/explanation")) : Optional.empty();
        List<String> hints = new ArrayList<>();
        if (node.has("hints")) {
            JsonNode list = node.get("hints");
            if (!list.isArray()) {
                throw fields.refuse(at + "/hints", "hints must be an array of strings");
            }
            for (int i = 0; i < list.size(); i++) {
                hints.add(fields.text(list.get(i), at + "/hints/" + i));
            }
        }
        Optional<String> userFrame = Optional.empty();
        if (node.has("user_frame")) {
            String frame = fields.text(node.get("user_frame"), at + "/user_frame");
            if (!SITE.matcher(frame).matches()) {
                throw fields.refuse(at + "/user_frame", "user_frame must be file:line, found \"" + frame + "\"");
            }
            userFrame = Optional.of(frame);
        }
        return new BreakDetail(gbId, explanation, hints, userFrame, false);
    }
}
