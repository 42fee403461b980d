package dev.compilereceipt.read.compiletrace;

import org.apiguardian.api.API;

import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.Check;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Decision;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.Fixture;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.SourceShape;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.trace.WarmStart;
import dev.compilereceipt.json.CanonicalJson;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a {@code compile-trace/1} file and checks every rule of the contract before anything of
 * it is used: a file that breaks one is refused as a whole.
 */
@API(status = API.Status.INTERNAL)
public final class BoundedTraceReader {

    static final String FORMAT = "compile-trace/1";

    private static final Set<String> TOP_KEYS = Set.of("format", "fixture", "runs", "decision");
    private static final Set<String> FIXTURE_KEYS =
            Set.of("name", "model", "revision", "device", "dtype", "backend", "mode", "torch", "tolerance");
    private static final Set<String> TOLERANCE_KEYS = Set.of("atol", "rtol");
    private static final Set<String> RUN_KEYS = Set.of("label", "calls", "warm_start");
    private static final Set<String> WARM_START_KEYS = Set.of("calls");
    private static final Set<String> CALL_KEYS = Set.of("id", "phase", "family", "wall_ms", "check", "events");
    private static final Set<String> CHECK_KEYS = Set.of("max_abs_err", "ok");

    private final Path file;
    private final Limits limits;
    private final LocatedJson json;
    private final TraceFields rules;
    private final EventReader eventReader;
    private boolean side;

    private BoundedTraceReader(Path file, Limits limits, LocatedJson json) {
        this.file = file;
        this.limits = limits;
        this.json = json;
        this.rules = new TraceFields(file, json);
        this.eventReader = new EventReader(rules);
    }

    public static Trace read(Path file, InputStream in, Limits limits) {
        return read(file, in, limits, false);
    }

    /** With {@code side}, a file of one run is read whatever its label: one side of a comparison to combine. */
    public static Trace read(Path file, InputStream in, Limits limits, boolean side) {
        LocatedJson json = LocatedJson.parse(file, in, limits);
        BoundedTraceReader reader = new BoundedTraceReader(file, limits, json);
        reader.side = side;
        return reader.trace();
    }

    private Trace trace() {
        JsonNode root = json.root();
        rules.object(root, "", TOP_KEYS);
        JsonNode format = rules.required(root, "", "format");
        if (!format.isTextual() || !FORMAT.equals(format.textValue())) {
            throw rules.refuse("/format", "format must be exactly \"" + FORMAT + "\", found " + format);
        }
        Fixture fixture = fixture(rules.required(root, "", "fixture"));
        List<Run> runs = runs(rules.required(root, "", "runs"));
        Optional<Decision> decision = root.has("decision")
                ? Optional.of(new DecisionReader(rules).decision(root.get("decision"))) : Optional.empty();
        Set<Measure> notMeasured = SourceShape.COMPILE_TRACE.notMeasured();
        if (carriesStages(runs)) {
            // the optional per-event stages: a capture that wrote them for any compile measured them
            notMeasured.remove(Measure.COMPILE_STAGES);
            notMeasured.remove(Measure.PHASE_STAGES);
        }
        if (runs.stream().allMatch(run -> run.warmStart().isPresent())) {
            notMeasured.remove(Measure.WARM_START);
        }
        // likewise each cache's outcomes, in the runs or their warm starts
        if (lookups(runs).anyMatch(cache -> !cache.fxGraph().isEmpty())) {
            notMeasured.remove(Measure.FX_GRAPH_CACHE);
        }
        if (lookups(runs).anyMatch(cache -> !cache.aotAutograd().isEmpty())) {
            notMeasured.remove(Measure.AOTAUTOGRAD_CACHE);
        }
        return new Trace(file, fixture, runs, CanonicalJson.sha256(root), limits,
                notMeasured, Optional.empty(), decision, SourceShape.COMPILE_TRACE.bounds())
                .withMissingEvidence(OutputChecks.missingEvidence(runs));
    }

    private static boolean carriesStages(List<Run> runs) {
        return runs.stream().flatMap(run -> run.calls().stream()).flatMap(call -> call.events().stream())
                .anyMatch(event -> event instanceof Event.Region region && !region.stages().isEmpty()
                        || event instanceof Event.Fallback fallback && !fallback.stages().isEmpty());
    }

    private static java.util.stream.Stream<CompileLog.ArtifactCache> lookups(List<Run> runs) {
        return runs.stream().flatMap(run -> java.util.stream.Stream.concat(run.calls().stream(),
                        run.warmStart().stream().flatMap(warm -> warm.calls().stream())))
                .flatMap(call -> call.events().stream())
                .map(event -> event instanceof Event.Region region ? region.artifactCache()
                        : event instanceof Event.Fallback fallback ? fallback.artifactCache() : CompileLog.ArtifactCache.NONE);
    }

    private Fixture fixture(JsonNode node) {
        rules.object(node, "/fixture", FIXTURE_KEYS);
        String name = rules.text(rules.required(node, "/fixture", "name"), "/fixture/name");
        if (name.isEmpty()) {
            throw rules.refuse("/fixture/name", "fixture.name must not be empty");
        }
        Map<String, String> fields = new HashMap<>();
        for (String key : FIXTURE_KEYS) {
            if (!key.equals("name") && !key.equals("tolerance") && node.has(key)) {
                fields.put(key, rules.text(node.get(key), "/fixture/" + key));
            }
        }
        Optional<Fixture.Tolerance> tolerance = Optional.empty();
        if (node.has("tolerance")) {
            JsonNode tol = node.get("tolerance");
            rules.object(tol, "/fixture/tolerance", TOLERANCE_KEYS);
            tolerance = Optional.of(new Fixture.Tolerance(
                    rules.optionalNonNegative(tol, "/fixture/tolerance", "atol"), rules.optionalNonNegative(tol, "/fixture/tolerance", "rtol")));
        }
        return new Fixture(name, fields, tolerance);
    }

    private List<Run> runs(JsonNode node) {
        if (!node.isArray()) {
            throw rules.refuse("/runs", "runs must be an array of 1 or 2 runs");
        }
        if (node.isEmpty() || node.size() > 2) {
            throw rules.refuse("/runs", "runs must hold 1 or 2 runs (baseline, and optionally candidate), found " + node.size());
        }
        List<Run> runs = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        for (int i = 0; i < node.size(); i++) {
            String at = "/runs/" + i;
            JsonNode run = node.get(i);
            rules.object(run, at, RUN_KEYS);
            String label = rules.text(rules.required(run, at, "label"), at + "/label");
            if (!label.equals(Run.BASELINE) && !label.equals(Run.CANDIDATE)) {
                throw rules.refuse(at + "/label", "label must be \"baseline\" or \"candidate\", found \"" + label + "\"");
            }
            if (!labels.add(label)) {
                throw rules.refuse(at + "/label", "run \"" + label + "\" appears twice; each label at most once");
            }
            Run read = new Run(label, calls(rules.required(run, at, "calls"), at + "/calls", false));
            if (run.has("warm_start")) {
                JsonNode warm = run.get("warm_start");
                rules.object(warm, at + "/warm_start", WARM_START_KEYS);
                List<Call> warmCalls = calls(rules.required(warm, at + "/warm_start", "calls"), at + "/warm_start/calls", true);
                if (warmCalls.stream().noneMatch(call -> call.phase() == Phase.WARMUP)) {
                    throw rules.refuse(at + "/warm_start/calls", "a warm start needs at least 1 warmup call: its warmup"
                            + " wall total is what a worker with warm caches pays to start");
                }
                read = read.withWarmStart(new WarmStart(warmCalls, Optional.empty()));
            }
            runs.add(read);
        }
        if (!labels.contains(Run.BASELINE) && !(side && runs.size() == 1)) {
            throw rules.refuse("/runs", "a \"baseline\" run is required");
        }
        return runs;
    }

    /** The calls of a run, or with {@code warm} of its warm start: a fresh process, so its ids and compiles are its own. */
    private List<Call> calls(JsonNode node, String at, boolean warm) {
        if (!node.isArray()) {
            throw rules.refuse(at, "calls must be an array");
        }
        if (node.isEmpty()) {
            throw rules.refuse(at, "a run needs at least 1 call");
        }
        if (node.size() > limits.maxCalls()) {
            throw rules.refuse(at, "the run has " + node.size() + " calls, over the limit of " + limits.maxCalls()
                    + " calls per run (raise it with Limits.withMaxCalls, the CLI's --max-calls or @TraceFixture(maxCalls = ...))");
        }
        List<Call> calls = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        Set<GraphId> compiled = new HashSet<>();
        for (int i = 0; i < node.size(); i++) {
            Call call = call(node.get(i), at + "/" + i, compiled, warm);
            if (!ids.add(call.id())) {
                throw rules.refuse(at + "/" + i + "/id", "call id \"" + call.id() + "\" is used twice in this run; ids must be unique within a run");
            }
            calls.add(call);
        }
        return calls;
    }

    private Call call(JsonNode node, String at, Set<GraphId> compiled, boolean warm) {
        rules.object(node, at, CALL_KEYS);
        String id = rules.text(rules.required(node, at, "id"), at + "/id");
        if (id.isEmpty()) {
            throw rules.refuse(at + "/id", "a call id must not be empty");
        }
        JsonNode phaseNode = rules.required(node, at, "phase");
        Phase phase = Phase.parse(rules.text(phaseNode, at + "/phase")).orElseThrow(() -> rules.refuse(at + "/phase",
                "phase must be one of eager, warmup, steady, changed, found " + phaseNode));
        if (warm && phase != Phase.EAGER && phase != Phase.WARMUP) {
            throw rules.refuse(at + "/phase", "a warm start holds the fresh process's eager and warmup calls only, found phase "
                    + phase.id());
        }
        String family = node.has("family") ? rules.text(node.get("family"), at + "/family") : Call.DEFAULT_FAMILY;
        double wallMs = rules.time(rules.required(node, at, "wall_ms"), at + "/wall_ms");
        Optional<Check> check = Optional.empty();
        if (node.has("check")) {
            JsonNode checkNode = node.get("check");
            rules.object(checkNode, at + "/check", CHECK_KEYS);
            Optional<Boolean> ok = Optional.empty();
            if (checkNode.has("ok")) {
                if (!checkNode.get("ok").isBoolean()) {
                    throw rules.refuse(at + "/check/ok", "check.ok must be true or false");
                }
                ok = Optional.of(checkNode.get("ok").booleanValue());
            }
            check = Optional.of(new Check(rules.optionalNonNegative(checkNode, at + "/check", "max_abs_err"), ok));
        }
        JsonNode eventsNode = rules.required(node, at, "events");
        if (!eventsNode.isArray()) {
            throw rules.refuse(at + "/events", "events must be an array");
        }
        if (eventsNode.size() > limits.maxEventsPerCall()) {
            throw rules.refuse(at + "/events", "the call has " + eventsNode.size() + " events, over the limit of "
                    + limits.maxEventsPerCall() + " events per call (raise it with Limits.withMaxEventsPerCall, the CLI's --max-events or @TraceFixture(maxEvents = ...))");
        }
        List<Event> events = new ArrayList<>();
        for (int i = 0; i < eventsNode.size(); i++) {
            String eventAt = at + "/events/" + i;
            Event event = eventReader.event(eventsNode.get(i), eventAt);
            if (phase == Phase.EAGER && !(event instanceof Event.Break)) {
                throw rules.refuse(eventAt + "/kind", "an eager call runs no compiled code: a \"" + event.kind()
                        + "\" event is not allowed in phase eager");
            }
            if (event instanceof Event.Region region && region.isCompile() && !compiled.add(region.graph())) {
                throw rules.refuse(eventAt + "/graph", "graph " + region.graph()
                        + " is compiled twice in this run; a variant is compiled once, later calls hit it");
            }
            events.add(event);
        }
        return new Call(id, phase, family, wallMs, check, events);
    }











}
