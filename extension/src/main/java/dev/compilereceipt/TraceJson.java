package dev.compilereceipt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collection;
import java.util.OptionalDouble;
import java.util.function.Predicate;
import org.apiguardian.api.API;

/**
 * The JSON of the values a trace holds (its fixture, a run's compile log), with the contract's
 * key names. The receipt writes them as they are, and a reader hashes them into
 * {@code trace_sha256}: both take them from here, so neither depends on the other.
 *
 * <p>Example: {@code CanonicalJson.write(TraceJson.fixture(trace.fixture()))} gives
 * <code>{"name":"print-bridge",...}</code>.
 */
@API(status = API.Status.INTERNAL)
public final class TraceJson {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private TraceJson() {
    }

    public static ObjectNode fixture(Fixture fixture) {
        ObjectNode node = NODES.objectNode();
        node.put("name", fixture.name());
        fixture.sortedFields().forEach(node::put);
        fixture.tolerance().ifPresent(tolerance -> {
            ObjectNode tol = node.putObject("tolerance");
            tolerance.atol().ifPresent(v -> tol.put("atol", v));
            tolerance.rtol().ifPresent(v -> tol.put("rtol", v));
        });
        return node;
    }

    /** The trace's decision with the contract's keys, {@code null} when it records none. */
    public static JsonNode decision(java.util.Optional<Decision> decision) {
        if (decision.isEmpty()) {
            return NODES.nullNode();
        }
        Decision d = decision.get();
        ObjectNode node = NODES.objectNode();
        node.put("intervention", d.intervention());
        d.rollbackTrigger().ifPresent(v -> node.put("rollback_trigger", v));
        d.warmupPolicy().ifPresent(v -> node.put("warmup_policy", v));
        d.owner().ifPresent(v -> node.put("owner", v));
        d.workerLifetimeCalls().ifPresent(v -> node.put("worker_lifetime_calls", v));
        return node;
    }

    public static ObjectNode compileLog(CompileLog log) {
        return compileLog(log, measure -> true);
    }

    /**
     * The compile log of a source that did not measure everything: {@code compiles} and
     * {@code graphs} are {@code null} without {@link Measure#COMPILES}, {@code artifact_cache}
     * without {@link Measure#ARTIFACT_CACHE} (a TORCH_LOGS text shows neither).
     */
    public static ObjectNode compileLog(CompileLog log, Predicate<Measure> measured) {
        boolean compiles = measured.test(Measure.COMPILES);
        ObjectNode node = NODES.objectNode();
        node.set("compiles", compiles ? strings(log.compiles()) : NODES.nullNode());
        node.set("recompiles", strings(log.recompiles()));
        node.set("fallbacks", strings(log.fallbacks()));
        node.set("graphs", compiles ? strings(log.graphs()) : NODES.nullNode());
        node.set("fallback_graphs", strings(log.fallbackGraphs()));
        ArrayNode sites = node.putArray("break_sites");
        for (CompileLog.Site site : log.breakSites()) {
            ObjectNode s = sites.addObject();
            s.put("site", site.site());
            s.put("reason", site.reason());
            s.put("compiles", site.compiles());
            site(s, site.reason(), site.detail());
        }
        ArrayNode reasons = node.putArray("recompile_reasons");
        for (CompileLog.RecompileReason reason : log.recompileReasons()) {
            ObjectNode r = reasons.addObject();
            r.put("graph", reason.graph());
            r.put("guard", reason.guard());
        }
        node.set("compile_ms", number(log.compileMs()));
        if (!measured.test(Measure.ARTIFACT_CACHE)) {
            node.putNull("artifact_cache");
            return node;
        }
        ObjectNode cache = node.putObject("artifact_cache");
        cache.set("fx_graph", cacheCounts(log.artifactCache().fxGraph()));
        cache.set("aotautograd", cacheCounts(log.artifactCache().aotAutograd()));
        return node;
    }

    private static ObjectNode cacheCounts(CompileLog.CacheCounts counts) {
        ObjectNode node = NODES.objectNode();
        node.put("hit", counts.hit());
        node.put("miss", counts.miss());
        node.put("bypass", counts.bypass());
        return node;
    }

    /**
     * A break's {@code gb_id}, {@code explanation}, {@code hints} and {@code user_frame}, each only
     * where the source gave it, and {@code skips_frame} only when Dynamo gave up the frame.
     */
    public static void detail(ObjectNode node, BreakDetail detail) {
        detail.gbId().ifPresent(id -> node.put("gb_id", id));
        detail.explanation().ifPresent(text -> node.put("explanation", text));
        if (!detail.hints().isEmpty()) {
            node.set("hints", strings(detail.hints()));
        }
        detail.userFrame().ifPresent(frame -> node.put("user_frame", frame));
        if (detail.skipsFrame()) {
            node.put("skips_frame", true);
        }
    }

    /** A break site's {@code kind}, and for a frame skip its {@code cause_kind}; then its {@link #detail} less {@code skips_frame}, which the kind says. */
    public static void site(ObjectNode node, String reason, BreakDetail detail) {
        node.put("kind", BreakKind.of(reason, detail).label());
        BreakKind.causeOf(reason, detail).ifPresent(cause -> node.put("cause_kind", cause.label()));
        detail(node, detail);
        node.remove("skips_frame");
    }

    public static ArrayNode strings(Collection<?> values) {
        ArrayNode array = NODES.arrayNode();
        values.forEach(value -> array.add(value.toString()));
        return array;
    }

    public static JsonNode number(OptionalDouble value) {
        return value.isPresent() ? NODES.numberNode(value.getAsDouble()) : NODES.nullNode();
    }
}
