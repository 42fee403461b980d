package dev.compilereceipt.trace.json;

import dev.compilereceipt.trace.BreakDetail;
import dev.compilereceipt.trace.BreakKind;
import dev.compilereceipt.trace.Decision;
import dev.compilereceipt.trace.Fixture;
import dev.compilereceipt.trace.Coverage;
import dev.compilereceipt.trace.Measure;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.json.JsonOutput;
import dev.compilereceipt.json.JsonTree;
import java.util.Collection;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The JSON of the values a trace holds (its fixture, a run's compile log), with the contract's
 * key names. The receipt writes them as they are, and a reader hashes them into
 * {@code trace_sha256}: both take them from here, so neither depends on the other. Each is written
 * once, to a {@link JsonOutput}; the methods that return a node build a tree of it.
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
        JsonTree tree = new JsonTree();
        fixture(tree, fixture);
        return (ObjectNode) tree.root();
    }

    /**
     * The fixture's {@code name}, its fields in key order and its {@code tolerance}. A field named
     * {@code name} or {@code tolerance} takes that key's place, as a tree's {@code put} replaces.
     */
    public static void fixture(JsonOutput out, Fixture fixture) {
        Map<String, String> fields = fixture.sortedFields();
        out.startObject();
        out.key("name").value(fields.getOrDefault("name", fixture.name()));
        fields.forEach((key, value) -> {
            if (!key.equals("name") && !(key.equals("tolerance") && fixture.tolerance().isPresent())
                    && !(key.equals("sources") && !fixture.sources().isEmpty())) {
                out.key(key).value(value);
            }
        });
        if (!fixture.sources().isEmpty()) {
            out.key("sources").startArray();
            for (Fixture.Source source : fixture.sources()) {
                out.startObject();
                out.key("path").value(source.path());
                out.key("role").value(source.role());
                out.endObject();
            }
            out.endArray();
        }
        fixture.tolerance().ifPresent(tolerance -> {
            out.key("tolerance").startObject();
            tolerance.atol().ifPresent(v -> out.key("atol").value(v));
            tolerance.rtol().ifPresent(v -> out.key("rtol").value(v));
            out.endObject();
        });
        out.endObject();
    }

    /** The trace's decision with the contract's keys, {@code null} when it records none. */
    public static void decision(JsonOutput out, java.util.Optional<Decision> decision) {
        if (decision.isEmpty()) {
            out.nullValue();
            return;
        }
        Decision d = decision.get();
        out.startObject();
        out.key("intervention").value(d.intervention());
        d.rollbackTrigger().ifPresent(v -> out.key("rollback_trigger").value(v));
        d.warmupPolicy().ifPresent(v -> out.key("warmup_policy").value(v));
        d.owner().ifPresent(v -> out.key("owner").value(v));
        d.workerLifetimeCalls().ifPresent(v -> out.key("worker_lifetime_calls").value(v));
        out.endObject();
    }

    /**
     * A count as its source saw it: the number where measured, {@code {"at_least": n}} or
     * {@code {"at_most": n}} where it is a bound, {@code null} where it was not measured.
     */
    public static void count(JsonOutput out, int n, Coverage coverage) {
        switch (coverage) {
            case MEASURED -> out.value(n);
            case NOT_MEASURED -> out.nullValue();
            default -> {
                out.startObject();
                bound(out, n, coverage);
                out.endObject();
            }
        }
    }

    /**
     * A list as its source saw it: the list where measured, {@code {"at_least": n, "known": [...]}}
     * where it holds only what the source saw of a larger truth.
     */
    public static void seen(JsonOutput out, Collection<?> values, Coverage coverage) {
        if (coverage == Coverage.MEASURED) {
            strings(out, values);
            return;
        }
        out.startObject();
        bound(out, values.size(), coverage);
        strings(out.key("known"), values);
        out.endObject();
    }

    private static void bound(JsonOutput out, int n, Coverage coverage) {
        if (coverage == Coverage.LOWER_BOUND || coverage == Coverage.UPPER_BOUND) {
            out.key(coverage.id()).value(n);
        }
    }

    /**
     * What a log's trace hash names as not measured: only the measures of the first contract. A
     * measure added since (fallbacks, site crossings) is another reading of the same bytes, so it
     * leaves the hash of the same log as it was.
     */
    public static ArrayNode hashedNotMeasured(Set<Measure> notMeasured) {
        return strings(EnumSet.range(Measure.CALLS, Measure.ARTIFACT_CACHE).stream().filter(notMeasured::contains)
                .map(Measure::id).toList());
    }

    /**
     * A break's {@code gb_id}, {@code explanation}, {@code hints} and {@code user_frame}, each only
     * where the source gave it, and {@code skips_frame} only when Dynamo gave up the frame.
     */
    public static void detail(ObjectNode node, BreakDetail detail) {
        JsonTree tree = JsonTree.into(node);
        detail(tree, detail, true);
        tree.root();
    }

    private static void detail(JsonOutput out, BreakDetail detail, boolean skipsFrame) {
        detail.gbId().ifPresent(id -> out.key("gb_id").value(id));
        detail.explanation().ifPresent(text -> out.key("explanation").value(text));
        if (!detail.hints().isEmpty()) {
            strings(out.key("hints"), detail.hints());
        }
        detail.userFrame().ifPresent(frame -> out.key("user_frame").value(frame));
        if (skipsFrame && detail.skipsFrame()) {
            out.key("skips_frame").value(true);
        }
    }

    /** A break site's {@code kind}, and for a frame skip its {@code cause_kind}; then its {@link #detail} less {@code skips_frame}, which the kind says. */
    public static void site(JsonOutput out, BreakKind kind, Optional<BreakKind> causeKind, BreakDetail detail) {
        out.key("kind").value(kind.label());
        causeKind.ifPresent(cause -> out.key("cause_kind").value(cause.label()));
        detail(out, detail, false);
    }

    public static ArrayNode strings(Collection<?> values) {
        ArrayNode array = NODES.arrayNode();
        values.forEach(value -> array.add(value.toString()));
        return array;
    }

    public static void strings(JsonOutput out, Collection<?> values) {
        out.startArray();
        values.forEach(value -> out.value(value.toString()));
        out.endArray();
    }

    public static void number(JsonOutput out, OptionalDouble value) {
        if (value.isPresent()) {
            out.value(value.getAsDouble());
        } else {
            out.nullValue();
        }
    }
}
