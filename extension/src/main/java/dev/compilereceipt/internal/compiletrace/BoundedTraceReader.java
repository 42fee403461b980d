package dev.compilereceipt.internal.compiletrace;

import org.apiguardian.api.API;

import dev.compilereceipt.Call;
import dev.compilereceipt.Check;
import dev.compilereceipt.Event;
import dev.compilereceipt.Fixture;
import dev.compilereceipt.GraphId;
import dev.compilereceipt.Limits;
import dev.compilereceipt.Phase;
import dev.compilereceipt.Run;
import dev.compilereceipt.Trace;
import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.internal.json.CanonicalJson;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads a {@code compile-trace/1} file and checks every rule of the contract before anything of
 * it is used: a file that breaks one is refused as a whole.
 */
@API(status = API.Status.INTERNAL)
public final class BoundedTraceReader {

    static final String FORMAT = "compile-trace/1";

    private static final Set<String> TOP_KEYS = Set.of("format", "fixture", "runs");
    private static final Set<String> FIXTURE_KEYS =
            Set.of("name", "model", "revision", "device", "dtype", "backend", "mode", "torch", "tolerance");
    private static final Set<String> TOLERANCE_KEYS = Set.of("atol", "rtol");
    private static final Set<String> RUN_KEYS = Set.of("label", "calls");
    private static final Set<String> CALL_KEYS = Set.of("id", "phase", "family", "wall_ms", "check", "events");
    private static final Set<String> CHECK_KEYS = Set.of("max_abs_err", "ok");
    private static final Set<String> REGION_KEYS = Set.of("kind", "graph", "cache", "ms", "compile_ms", "guard_failures");
    private static final Set<String> BREAK_KEYS = Set.of("kind", "site", "reason", "eager_ms");
    private static final Set<String> FALLBACK_KEYS = Set.of("kind", "graph", "reason", "compile_ms", "guard_failures");
    private static final Pattern SITE = Pattern.compile(".+:[0-9]+");

    private final Path file;
    private final Limits limits;
    private final LocatedJson json;

    private BoundedTraceReader(Path file, Limits limits, LocatedJson json) {
        this.file = file;
        this.limits = limits;
        this.json = json;
    }

    public static Trace read(Path file, Limits limits) {
        if (Files.isDirectory(file)) {
            throw new TraceRefusedException(file, "", 0, 0, "is a directory; a compile-trace/1 trace is one JSON file");
        }
        try (InputStream in = Files.newInputStream(file)) {
            return read(file, in, limits);
        } catch (NoSuchFileException e) {
            throw new TraceRefusedException(file, "", 0, 0, "no such file", e);
        } catch (FileSystemException e) {
            // The reason is the operating system's: "Too many levels of symbolic links", "Permission denied", ...
            throw new TraceRefusedException(file, "", 0, 0, "cannot be read: "
                    + (e.getReason() == null ? e.getClass().getSimpleName() : e.getReason()), e);
        } catch (IOException e) {
            throw new TraceRefusedException(file, "", 0, 0, "cannot be read: " + e.getMessage(), e);
        }
    }

    public static Trace read(Path file, InputStream in, Limits limits) {
        LocatedJson json = LocatedJson.parse(file, in, limits);
        return new BoundedTraceReader(file, limits, json).trace();
    }

    private Trace trace() {
        JsonNode root = json.root();
        object(root, "", TOP_KEYS);
        JsonNode format = required(root, "", "format");
        if (!format.isTextual() || !FORMAT.equals(format.textValue())) {
            throw refuse("/format", "format must be exactly \"" + FORMAT + "\", found " + format);
        }
        Fixture fixture = fixture(required(root, "", "fixture"));
        List<Run> runs = runs(required(root, "", "runs"));
        return new Trace(file, fixture, runs, CanonicalJson.sha256(root), limits, Set.of(), Optional.empty());
    }

    private Fixture fixture(JsonNode node) {
        object(node, "/fixture", FIXTURE_KEYS);
        String name = text(required(node, "/fixture", "name"), "/fixture/name");
        if (name.isEmpty()) {
            throw refuse("/fixture/name", "fixture.name must not be empty");
        }
        Map<String, String> fields = new HashMap<>();
        for (String key : FIXTURE_KEYS) {
            if (!key.equals("name") && !key.equals("tolerance") && node.has(key)) {
                fields.put(key, text(node.get(key), "/fixture/" + key));
            }
        }
        Optional<Fixture.Tolerance> tolerance = Optional.empty();
        if (node.has("tolerance")) {
            JsonNode tol = node.get("tolerance");
            object(tol, "/fixture/tolerance", TOLERANCE_KEYS);
            tolerance = Optional.of(new Fixture.Tolerance(
                    optionalNonNegative(tol, "/fixture/tolerance", "atol"), optionalNonNegative(tol, "/fixture/tolerance", "rtol")));
        }
        return new Fixture(name, fields, tolerance);
    }

    private List<Run> runs(JsonNode node) {
        if (!node.isArray()) {
            throw refuse("/runs", "runs must be an array of 1 or 2 runs");
        }
        if (node.isEmpty() || node.size() > 2) {
            throw refuse("/runs", "runs must hold 1 or 2 runs (baseline, and optionally candidate), found " + node.size());
        }
        List<Run> runs = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        for (int i = 0; i < node.size(); i++) {
            String at = "/runs/" + i;
            JsonNode run = node.get(i);
            object(run, at, RUN_KEYS);
            String label = text(required(run, at, "label"), at + "/label");
            if (!label.equals(Run.BASELINE) && !label.equals(Run.CANDIDATE)) {
                throw refuse(at + "/label", "label must be \"baseline\" or \"candidate\", found \"" + label + "\"");
            }
            if (!labels.add(label)) {
                throw refuse(at + "/label", "run \"" + label + "\" appears twice; each label at most once");
            }
            runs.add(new Run(label, calls(required(run, at, "calls"), at + "/calls")));
        }
        if (!labels.contains(Run.BASELINE)) {
            throw refuse("/runs", "a \"baseline\" run is required");
        }
        return runs;
    }

    private List<Call> calls(JsonNode node, String at) {
        if (!node.isArray()) {
            throw refuse(at, "calls must be an array");
        }
        if (node.isEmpty()) {
            throw refuse(at, "a run needs at least 1 call");
        }
        if (node.size() > limits.maxCalls()) {
            throw refuse(at, "the run has " + node.size() + " calls, over the limit of " + limits.maxCalls()
                    + " calls per run (raise it with Limits.withMaxCalls or the CLI's --max-calls)");
        }
        List<Call> calls = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        Set<GraphId> compiled = new HashSet<>();
        for (int i = 0; i < node.size(); i++) {
            Call call = call(node.get(i), at + "/" + i, compiled);
            if (!ids.add(call.id())) {
                throw refuse(at + "/" + i + "/id", "call id \"" + call.id() + "\" is used twice in this run; ids must be unique within a run");
            }
            calls.add(call);
        }
        return calls;
    }

    private Call call(JsonNode node, String at, Set<GraphId> compiled) {
        object(node, at, CALL_KEYS);
        String id = text(required(node, at, "id"), at + "/id");
        if (id.isEmpty()) {
            throw refuse(at + "/id", "a call id must not be empty");
        }
        JsonNode phaseNode = required(node, at, "phase");
        Phase phase = Phase.parse(text(phaseNode, at + "/phase")).orElseThrow(() -> refuse(at + "/phase",
                "phase must be one of eager, warmup, steady, changed, found " + phaseNode));
        String family = node.has("family") ? text(node.get("family"), at + "/family") : Call.DEFAULT_FAMILY;
        double wallMs = time(required(node, at, "wall_ms"), at + "/wall_ms");
        Optional<Check> check = Optional.empty();
        if (node.has("check")) {
            JsonNode checkNode = node.get("check");
            object(checkNode, at + "/check", CHECK_KEYS);
            Optional<Boolean> ok = Optional.empty();
            if (checkNode.has("ok")) {
                if (!checkNode.get("ok").isBoolean()) {
                    throw refuse(at + "/check/ok", "check.ok must be true or false");
                }
                ok = Optional.of(checkNode.get("ok").booleanValue());
            }
            check = Optional.of(new Check(optionalNonNegative(checkNode, at + "/check", "max_abs_err"), ok));
        }
        JsonNode eventsNode = required(node, at, "events");
        if (!eventsNode.isArray()) {
            throw refuse(at + "/events", "events must be an array");
        }
        if (eventsNode.size() > limits.maxEventsPerCall()) {
            throw refuse(at + "/events", "the call has " + eventsNode.size() + " events, over the limit of "
                    + limits.maxEventsPerCall() + " events per call (raise it with Limits.withMaxEventsPerCall or the CLI's --max-events)");
        }
        List<Event> events = new ArrayList<>();
        for (int i = 0; i < eventsNode.size(); i++) {
            String eventAt = at + "/events/" + i;
            Event event = event(eventsNode.get(i), eventAt);
            if (phase == Phase.EAGER && !(event instanceof Event.Break)) {
                throw refuse(eventAt + "/kind", "an eager call runs no compiled code: a \"" + event.kind()
                        + "\" event is not allowed in phase eager");
            }
            if (event instanceof Event.Region region && region.isCompile() && !compiled.add(region.graph())) {
                throw refuse(eventAt + "/graph", "graph " + region.graph()
                        + " is compiled twice in this run; a variant is compiled once, later calls hit it");
            }
            events.add(event);
        }
        return new Call(id, phase, family, wallMs, check, events);
    }

    private Event event(JsonNode node, String at) {
        if (!node.isObject()) {
            throw refuse(at, "an event must be a JSON object");
        }
        String kind = text(required(node, at, "kind"), at + "/kind");
        switch (kind) {
            case "region" -> {
                object(node, at, REGION_KEYS);
                GraphId graph = graph(required(node, at, "graph"), at + "/graph");
                String cache = text(required(node, at, "cache"), at + "/cache");
                double ms = time(required(node, at, "ms"), at + "/ms");
                if (cache.equals("hit")) {
                    if (node.has("compile_ms")) {
                        throw refuse(at + "/compile_ms", "compile_ms must be absent with cache \"hit\": nothing was compiled");
                    }
                    if (node.has("guard_failures")) {
                        throw refuse(at + "/guard_failures", "guard_failures are only allowed with cache \"compile\"");
                    }
                    return new Event.Region(graph, Event.Cache.HIT, ms, 0, List.of());
                }
                if (!cache.equals("compile")) {
                    throw refuse(at + "/cache", "cache must be \"hit\" or \"compile\", found \"" + cache + "\"");
                }
                if (!node.has("compile_ms")) {
                    throw refuse(at, "compile_ms is required with cache \"compile\"");
                }
                double compileMs = time(node.get("compile_ms"), at + "/compile_ms");
                return new Event.Region(graph, Event.Cache.COMPILE, ms, compileMs, guards(node, at));
            }
            case "break" -> {
                object(node, at, BREAK_KEYS);
                String site = text(required(node, at, "site"), at + "/site");
                if (!SITE.matcher(site).matches()) {
                    throw refuse(at + "/site", "site must be file:line, found \"" + site + "\"");
                }
                String reason = text(required(node, at, "reason"), at + "/reason");
                return new Event.Break(site, reason, time(required(node, at, "eager_ms"), at + "/eager_ms"));
            }
            case "fallback" -> {
                object(node, at, FALLBACK_KEYS);
                GraphId graph = graph(required(node, at, "graph"), at + "/graph");
                String reason = text(required(node, at, "reason"), at + "/reason");
                double compileMs = time(required(node, at, "compile_ms"), at + "/compile_ms");
                return new Event.Fallback(graph, reason, compileMs, guards(node, at));
            }
            default -> throw refuse(at + "/kind", "kind must be region, break or fallback, found \"" + kind + "\"");
        }
    }

    private List<String> guards(JsonNode node, String at) {
        if (!node.has("guard_failures")) {
            return List.of();
        }
        JsonNode list = node.get("guard_failures");
        if (!list.isArray()) {
            throw refuse(at + "/guard_failures", "guard_failures must be an array of strings");
        }
        List<String> guards = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            guards.add(text(list.get(i), at + "/guard_failures/" + i));
        }
        return guards;
    }

    private GraphId graph(JsonNode node, String at) {
        String text = text(node, at);
        return GraphId.parse(text).orElseThrow(() -> refuse(at,
                "a graph id is F/V with non-negative integers (frame/variant), found \"" + text + "\""));
    }

    private void object(JsonNode node, String at, Set<String> allowed) {
        if (!node.isObject()) {
            throw refuse(at, (at.isEmpty() ? "a trace" : field(at)) + " must be a JSON object, found " + node.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
        }
        for (Iterator<String> keys = node.fieldNames(); keys.hasNext(); ) {
            String key = keys.next();
            if (!allowed.contains(key)) {
                throw refuse(at + "/" + LocatedJson.escape(key), "unknown key \"" + key + "\" (allowed here: "
                        + String.join(", ", allowed.stream().sorted().toList()) + "); a typo must never silently change a receipt");
            }
        }
    }

    private JsonNode required(JsonNode node, String at, String key) {
        JsonNode value = node.get(key);
        if (value == null) {
            throw refuse(at, "\"" + key + "\" is required");
        }
        return value;
    }

    private String text(JsonNode node, String at) {
        if (!node.isTextual()) {
            throw refuse(at, field(at) + " must be a string, found " + node.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
        }
        return node.textValue();
    }

    private double nonNegative(JsonNode node, String at) {
        if (!node.isNumber()) {
            throw refuse(at, field(at) + " must be a number, found " + node.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
        }
        double value = node.doubleValue();
        if (!Double.isFinite(value)) {
            throw refuse(at, "NaN or infinite numbers are not allowed (" + field(at) + ")");
        }
        if (value < 0) {
            throw refuse(at, field(at) + " must be ≥ 0, found " + CanonicalJson.number(value));
        }
        return value;
    }

    /**
     * A time in milliseconds. Bounded so that no sum over a run can overflow to infinity, which has
     * no JSON form and no rounding: 1e12 ms is about 31 years.
     */
    private double time(JsonNode node, String at) {
        double value = nonNegative(node, at);
        if (value > Limits.MAX_MS) {
            throw refuse(at, "a time must be at most " + CanonicalJson.number(Limits.MAX_MS) + " ms (about 31 years), found "
                    + CanonicalJson.number(value));
        }
        return value;
    }

    private OptionalDouble optionalNonNegative(JsonNode node, String at, String key) {
        return node.has(key) ? OptionalDouble.of(nonNegative(node.get(key), at + "/" + key)) : OptionalDouble.empty();
    }

    /** The key or index a pointer ends in, to name the field in a rule. */
    private static String field(String pointer) {
        return pointer.substring(pointer.lastIndexOf('/') + 1);
    }

    private TraceRefusedException refuse(String pointer, String rule) {
        long[] place = json.place(pointer);
        return new TraceRefusedException(file, pointer, place[0], place[1], rule);
    }
}
