package dev.compilereceipt.testsupport;

import dev.compilereceipt.Traces;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.Run;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Valid {@code compile-trace/1} documents for property tests: one or two runs of 1..10 calls in any
 * phase, each with 0..5 events of every kind, built so that every rule of the contract holds (an
 * eager call has only breaks, a variant is compiled once per run, hits and fallbacks name any
 * graph, {@code compile_ms} only with {@code cache: compile}). Generated as small specs, which
 * jqwik can shrink, then rendered as a JSON tree in the contract's key order.
 */
public final class ValidTraces {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    public enum Kind { HIT, COMPILE, BREAK, FALLBACK }

    public record EventSpec(Kind kind, int frame, int variant, double ms, double otherMs, List<String> guards, String text) {
    }

    public record CallSpec(Phase phase, Optional<String> family, double wallMs, Optional<Boolean> ok, List<EventSpec> events) {
    }

    public record TraceSpec(String name, Optional<String> device, Optional<Double> atol, List<CallSpec> baseline,
                     Optional<List<CallSpec>> candidate) {

        /** The document, runs in file order baseline then candidate. */
        public ObjectNode tree() {
            ObjectNode root = NODES.objectNode();
            root.put("format", "compile-trace/1");
            ObjectNode fixture = root.putObject("fixture");
            fixture.put("name", name);
            device.ifPresent(d -> fixture.put("device", d));
            atol.ifPresent(a -> fixture.putObject("tolerance").put("atol", a));
            ArrayNode runs = root.putArray("runs");
            runs.add(run(Run.BASELINE, baseline));
            candidate.ifPresent(calls -> runs.add(run(Run.CANDIDATE, calls)));
            return root;
        }
    }

    private ValidTraces() {
    }

    public static Arbitrary<TraceSpec> traces() {
        return Combinators.combine(text(), text().optional(), millis().optional(), calls(), calls().optional())
                .as(TraceSpec::new);
    }

    /** Traces with both runs, for properties about comparing them. */
    public static Arbitrary<TraceSpec> twoRunTraces() {
        return Combinators.combine(text(), text().optional(), millis().optional(), calls(), calls())
                .as((name, device, atol, baseline, candidate) -> new TraceSpec(name, device, atol, baseline, Optional.of(candidate)));
    }

    private static Arbitrary<List<CallSpec>> calls() {
        return call().list().ofMinSize(1).ofMaxSize(10);
    }

    private static Arbitrary<CallSpec> call() {
        return Combinators.combine(Arbitraries.of(Phase.class), text().optional(), millis(),
                Arbitraries.of(true, false).optional(0.3), event().list().ofMaxSize(5)).as(CallSpec::new);
    }

    private static Arbitrary<EventSpec> event() {
        return Combinators.combine(Arbitraries.of(Kind.class), Arbitraries.integers().between(0, 3),
                Arbitraries.integers().between(0, 3), millis(), millis(), text().list().ofMaxSize(3), text())
                .as(EventSpec::new);
    }

    /** Milliseconds as captures write them (4 decimals), zeros, and full-precision doubles. */
    private static Arbitrary<Double> millis() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(1, Arbitraries.just(0.0)),
                net.jqwik.api.Tuple.of(6, Arbitraries.doubles().between(0, 500).ofScale(4)),
                net.jqwik.api.Tuple.of(2, Arbitraries.doubles().between(0, 2).ofScale(15)));
    }

    /** Short strings with the characters JSON must escape and some beyond ASCII. */
    private static Arbitrary<String> text() {
        return Arbitraries.strings().withCharRange(' ', '~').withChars("\"\\\n\t\u0001éü→\u2028")
                .ofMinLength(1).ofMaxLength(8);
    }

    private static ObjectNode run(String label, List<CallSpec> calls) {
        ObjectNode run = NODES.objectNode();
        run.put("label", label);
        ArrayNode array = run.putArray("calls");
        Map<Integer, Integer> nextVariant = new HashMap<>();
        for (int i = 0; i < calls.size(); i++) {
            array.add(call("call-" + i, calls.get(i), nextVariant));
        }
        return run;
    }

    private static ObjectNode call(String id, CallSpec spec, Map<Integer, Integer> nextVariant) {
        ObjectNode call = NODES.objectNode();
        call.put("id", id);
        call.put("phase", spec.phase().id());
        spec.family().ifPresent(f -> call.put("family", f));
        call.put("wall_ms", spec.wallMs());
        spec.ok().ifPresent(ok -> call.putObject("check").put("ok", ok));
        ArrayNode events = call.putArray("events");
        for (EventSpec event : spec.events()) {
            Kind kind = spec.phase() == Phase.EAGER ? Kind.BREAK : event.kind();
            events.add(event(kind, event, nextVariant));
        }
        return call;
    }

    private static JsonNode event(Kind kind, EventSpec spec, Map<Integer, Integer> nextVariant) {
        ObjectNode event = NODES.objectNode();
        switch (kind) {
            case HIT -> {
                event.put("kind", "region");
                event.put("graph", spec.frame() + "/" + spec.variant());
                event.put("cache", "hit");
                event.put("ms", spec.ms());
            }
            case COMPILE -> {
                // A variant is compiled once per run: each compile of a frame takes its next variant.
                int variant = nextVariant.merge(spec.frame(), 1, Integer::sum) - 1;
                event.put("kind", "region");
                event.put("graph", spec.frame() + "/" + variant);
                event.put("cache", "compile");
                event.put("ms", spec.ms());
                event.put("compile_ms", spec.otherMs());
                guards(event, spec.guards());
            }
            case BREAK -> {
                event.put("kind", "break");
                event.put("site", "model" + spec.frame() + ".py:" + (10 + spec.variant()));
                event.put("reason", spec.text());
                event.put("eager_ms", spec.otherMs());
            }
            case FALLBACK -> {
                event.put("kind", "fallback");
                event.put("graph", spec.frame() + "/" + spec.variant());
                event.put("reason", spec.text());
                event.put("compile_ms", spec.otherMs());
                guards(event, spec.guards());
            }
        }
        return event;
    }

    private static void guards(ObjectNode event, List<String> guards) {
        if (!guards.isEmpty()) {
            ArrayNode array = event.putArray("guard_failures");
            guards.forEach(array::add);
        }
    }
}
