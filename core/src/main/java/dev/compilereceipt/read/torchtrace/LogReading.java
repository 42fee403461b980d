package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.read.LogFixtureName;
import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.read.StringPool;
import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.Fixture;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.SourceShape;
import dev.compilereceipt.trace.Trace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * What the records of one TORCH_TRACE log add up to as {@link TorchTraceReader} hands them on: each
 * record is read by its {@link RecordKind} into the compiles being followed ({@link CompileTracker}),
 * the runs and calls its markers draw, and the release; at the end, the {@link Trace}.
 *
 * <p>With {@code compile_receipt_call} markers the log gives runs of calls, each compile attributed
 * to the call it happened in; without them one {@code baseline} run with no calls. Either way each
 * run carries its {@link dev.compilereceipt.trace.CompileLog}.
 */
final class LogReading implements RecordTarget {

    private final Path file;
    private final Limits limits;
    private final StringPool pool;
    private final LogRecords records;
    private final CompileTracker tracker;
    /** With it, a log whose markers name one run is read whatever its label: one side of a comparison. */
    private final boolean side;
    /** The release the log's torch_version artifact names (2.14); 2.6 writes none. */
    private Optional<String> release = Optional.empty();
    private boolean sawOutputGraph;
    private final Map<String, LogRun> runs = new LinkedHashMap<>();
    private final Set<String> finishedRuns = new HashSet<>();
    private LogRun run;
    private CallInProgress call;
    private boolean sawMarker;
    private boolean wallMeasured = true;

    LogReading(Path file, Limits limits, StringPool pool, LogRecords records, boolean side) {
        this.file = file;
        this.limits = limits;
        this.pool = pool;
        this.records = records;
        this.side = side;
        this.tracker = new CompileTracker(pool);
        this.run = new LogRun(null, limits);
        tracker.target(run.log(), compile -> { });
    }

    /** A well-formed record: read by its kind, when it is one the reader acts on. */
    void handle(LogEnvelope envelope, KeptPayload kept) throws IOException {
        RecordKind kind = RecordKinds.of(envelope);
        if (kind.acts(envelope)) {
            kind.read(envelope, kept, this);
        }
    }

    @Override
    public CompileTracker compiles() {
        return tracker;
    }

    @Override
    public CompileLogBuilder runLog() {
        return run.log();
    }

    @Override
    public StringPool pool() {
        return pool;
    }

    @Override
    public Limits limits() {
        return limits;
    }

    @Override
    public void bad() {
        records.bad(records.line());
    }

    @Override
    public void outputGraph(GraphId graph) {
        sawOutputGraph = true;
        run.log().outputGraph(graph.toString());
    }

    @Override
    public Optional<String> release() {
        return release;
    }

    @Override
    public void release(Optional<String> named) {
        release = named;
    }

    @Override
    public void marker(CallMarker marker) {
        if (!sawMarker) {
            sawMarker = true;
            run.label(marker.run());
            runs.put(marker.run(), run);
        } else if (!marker.run().equals(run.label())) {
            tracker.flush();
            if (call != null) {
                throw refuse("call " + call.id + " (started at line " + call.line + ") has no end marker before run "
                        + marker.run() + " begins");
            }
            finishedRuns.add(run.label());
            if (finishedRuns.contains(marker.run())) {
                throw refuse("the markers of run " + marker.run() + " start again after run " + run.label()
                        + "; the calls of a run must be contiguous in the log");
            }
            run = new LogRun(marker.run(), limits);
            runs.put(marker.run(), run);
        }
        tracker.flush();
        if (marker.isStart()) {
            if (call != null) {
                throw refuse("call " + marker.id() + " starts before call " + call.id + " (started at line " + call.line
                        + ") has ended");
            }
            if (!run.ids.add(marker.id())) {
                throw refuse("call id \"" + marker.id() + "\" is used twice in run " + run.label() + "; ids must be unique within a run");
            }
            if (run.calls.size() >= limits.maxCalls()) {
                throw refuse("run " + run.label() + " has more than " + limits.maxCalls()
                        + " calls, over the limit of calls per run (raise it with Limits.withMaxCalls, the CLI's --max-calls or @TraceFixture(maxCalls = ...))");
            }
            call = new CallInProgress(marker, records.line());
            tracker.target(run.log(), call.compiles::add);
        } else {
            if (call == null || !call.id.equals(marker.id())) {
                throw refuse("end marker of call " + marker.id() + " without its start marker"
                        + (call == null ? "" : " (call " + call.id + " is open since line " + call.line + ")"));
            }
            // Only now, after the flush above, has every break of the call's compiles its site.
            List<Event> events = new ArrayList<>();
            call.compiles.forEach(compile -> compile.addEventsTo(events));
            if (events.size() > limits.maxEventsPerCall()) {
                throw refuse("call " + call.id + " has " + events.size() + " events, over the limit of "
                        + limits.maxEventsPerCall() + " events per call (raise it with Limits.withMaxEventsPerCall, the CLI's --max-events or @TraceFixture(maxEvents = ...))");
            }
            wallMeasured &= marker.wallMs().isPresent();
            run.calls.add(new Call(call.id, call.phase, call.family, marker.wallMs().orElse(0), Optional.empty(), events));
            call = null;
            tracker.target(run.log(), compile -> { });
        }
    }

    Trace trace() {
        tracker.flush();
        if (call != null) {
            throw new Refusal(file, "", call.line, 0, "call " + call.id + " has a start marker at line "
                    + call.line + " and no end marker: the log ends inside the call");
        }
        SourceShape shape = sawMarker ? SourceShape.TORCH_TRACE_MARKED : SourceShape.TORCH_TRACE_UNMARKED;
        Set<Measure> notMeasured = shape.notMeasured();
        if (!sawMarker) {
            run.label(Run.BASELINE);
            runs.put(Run.BASELINE, run);
        } else {
            if (!runs.containsKey(Run.BASELINE) && !(side && runs.size() == 1)) {
                throw new Refusal(file, "", 0, 0, "the compile_receipt_call markers name no \"baseline\" run; a baseline run is required");
            }
            if (!wallMeasured) {
                notMeasured.add(Measure.WALL_MS);
            }
        }
        List<Run> traceRuns = new ArrayList<>();
        for (String label : List.of(Run.BASELINE, Run.CANDIDATE)) {
            LogRun logRun = runs.get(label);
            if (logRun != null) {
                traceRuns.add(new Run(label, logRun.calls, Optional.of(logRun.log().build(sawOutputGraph))));
            }
        }
        notMeasured.addAll(LogCoverage.notMeasured(traceRuns, sawOutputGraph));
        Fixture fixture = new Fixture(LogFixtureName.of(file, OptionalInt.empty()),
                release.map(version -> Map.of(Fixture.TORCH, version)).orElse(Map.of()), Optional.empty());
        return TorchTraceCanonicalForm.trace(file, fixture, traceRuns, limits, notMeasured, records.badLines())
                .withBounds(shape.bounds());
    }

    @Override
    public Refusal refuse(String rule) {
        return new Refusal(file, "", records.line(), 0, rule);
    }
}
