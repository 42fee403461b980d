package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.read.LogFixtureName;
import dev.compilereceipt.read.BreakMessage;
import dev.compilereceipt.read.PassedLimit;
import dev.compilereceipt.read.InputFile;
import dev.compilereceipt.read.Refusal;
import org.apiguardian.api.API;

import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.Fixture;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.SourceShape;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.read.StringPool;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a TORCH_TRACE structured log (what {@code TORCH_TRACE=/dir python ...} writes) into a
 * {@link Trace}, one record at a time: the glog prefix is checked byte by byte, the envelope is
 * read with Jackson's streaming parser, and payload lines stream through {@link LogPayload}
 * without being kept unless a reader needs them ({@code compile_receipt_call},
 * {@code recompile_reasons}, {@code dynamo_graph_break_reason}).
 *
 * <p>Bad records are skipped and their envelope line numbers listed in {@link Trace#badLines()}:
 * a line that is neither a record nor a payload line, an envelope that is not one JSON object, a
 * payload whose MD5 differs from {@code has_payload} (checked for every payload, read or not), and
 * a payload that must be JSON (a {@code chromium_event}, an artifact with
 * {@code "encoding": "json"}) and is not, {@code compilation_metrics} whose compile time is
 * negative or over 1e12 ms, and payload lines with no record before them (after a
 * blank line; the first of such a block is listed). A file whose first line is not a record is
 * refused, and so is one with more than {@value #MAX_BAD_LINES} bad lines.
 *
 * <p>With {@code compile_receipt_call} markers the log gives runs of calls, each compile attributed
 * to the call it happened in (see {@link CompileTracker}); without them one {@code baseline} run
 * with no calls. Either way each run carries its {@link dev.compilereceipt.trace.CompileLog}.
 */
@API(status = API.Status.INTERNAL)
public final class TorchTraceReader {

    /** Bad lines are listed in the receipt, so their number is bounded: a file of garbage after one record is no log. */
    static final int MAX_BAD_LINES = LogRecords.MAX_BAD_LINES;

    private final Path file;
    private final Limits limits;
    /** The release the log's torch_version artifact names (2.14); 2.6 writes none. */
    private Optional<String> release = Optional.empty();
    private boolean sawOutputGraph;
    private final StringPool pool;
    private final LogRecords records;
    private final LogPayload payload;
    private final CompileTracker tracker;
    private final Map<String, LogRun> runs = new LinkedHashMap<>();
    private final Set<String> finishedRuns = new HashSet<>();
    private LogRun run;
    private CallInProgress call;
    private boolean sawMarker;
    private boolean wallMeasured = true;
    private boolean side;

    private TorchTraceReader(Path file, Limits limits) {
        this.file = file;
        this.limits = limits;
        this.pool = new StringPool(limits.maxStringLength(), limits.maxKeptChars());
        this.payload = new LogPayload(limits.maxDepth());
        this.records = new LogRecords(file, limits, pool, payload);
        this.tracker = new CompileTracker(pool);
        this.run = new LogRun(null, limits);
        tracker.target(run.log(), compile -> { });
    }

    public static Trace read(Path file, Limits limits) {
        return read(file, limits, false);
    }

    /**
     * Reads a log file; a large one in parts on two threads ({@link LogParts}), or line by line
     * when it cannot be split. Either way the trace, or the refusal, is the one a reading line by
     * line gives.
     */
    public static Trace read(Path file, Limits limits, boolean side) {
        try {
            InputFile.refuseLarger(file, Files.size(file));
            if (readsInParts(file)) {
                try {
                    return readInParts(file, limits, side, LogParts.PART);
                } catch (LogParts.Unsplittable unsplittable) {
                    // Read below, line by line: its answer is the one given.
                }
            }
            try (InputStream in = Files.newInputStream(file)) {
                return read(file, InputFile.bounded(file, in, InputFile.MAX_BYTES), limits, LogLines.MAX_LINE, side);
            }
        } catch (IOException e) {
            throw new Refusal(file, "", 0, 0, "cannot be read: " + e, e);
        }
    }

    /** Whether a file is large enough to be read in parts, on a machine with the cores for it. */
    public static boolean readsInParts(Path file) {
        try {
            return Files.isRegularFile(file) && LogParts.worthIt(Files.size(file));
        } catch (IOException e) {
            return false;
        }
    }

    /** Reads a log in parts of {@code partSize} bytes; an {@link LogParts.Unsplittable} when it cannot be split. */
    static Trace readInParts(Path file, Limits limits, boolean side, int partSize) throws IOException {
        TorchTraceReader reader = new TorchTraceReader(file, limits);
        reader.side = side;
        try {
            LogParts.readAll(file, limits, partSize, reader.records, reader::handle);
            return reader.trace();
        } catch (PassedLimit over) {
            throw new Refusal(file, "", reader.records.at(), 0, over.getMessage());
        } catch (StringPool.OverLimit over) {
            throw new Refusal(file, "", reader.records.at(), 0, PassedLimit.of(over, "the log").getMessage());
        }
    }

    public static Trace read(Path file, InputStream in, Limits limits, int maxLine) throws IOException {
        return read(file, in, limits, maxLine, false);
    }

    /** With {@code side}, a log whose markers name one run is read whatever its label: one side of a comparison. */
    public static Trace read(Path file, InputStream in, Limits limits, int maxLine, boolean side) throws IOException {
        TorchTraceReader reader = new TorchTraceReader(file, limits);
        reader.side = side;
        return reader.readAll(new LogLines(file, in, maxLine));
    }

    private Trace readAll(LogLines lines) throws IOException {
        try {
            records.readAll(lines, this::handle);
            return trace();
        } catch (PassedLimit over) {
            throw new Refusal(file, "", records.at(), 0, over.getMessage());
        } catch (StringPool.OverLimit over) {
            throw new Refusal(file, "", records.at(), 0, PassedLimit.of(over, "the log").getMessage());
        }
    }

    private void handle(LogEnvelope envelope, KeptPayload kept) throws IOException {
        String kind = envelope.kind();
        if (kind.equals(LogEnvelope.ARTIFACT)) {
            String name = envelope.artifactName();
            if (name.equals(CallMarker.ARTIFACT)) {
                if (kept.overflowed()) {
                    throw refuse("a compile_receipt_call payload is longer than " + (LogLines.MAX_LINE >> 20) + " MiB");
                }
                marker(CallMarker.parse(kept.kept(), this::refuse));
            } else if (CompileLogBuilder.isCacheArtifact(name)) {
                if (envelope.hasCompileId()) {
                    tracker.cacheArtifact(graph(envelope), name);
                } else {
                    run.log().countCacheArtifact(name);
                }
            } else if (envelope.hasCompileId() && name.equals(LogRecords.RECOMPILE_REASONS)) {
                if (kept.overflowed()) {
                    throw PassedLimit.over("a recompile_reasons payload longer than " + LogRecords.REASONS_PER_PAYLOAD
                            + " reasons of max_string_length", records.reasonsKept(), "max_string_length", "withMaxStringLength");
                }
                Optional<List<String>> guards = RecompileReasons.parse(kept.kept(), pool, limits.maxRecompileReasons());
                if (guards.isEmpty()) {
                    records.bad(records.line());
                    return;
                }
                tracker.recompileReasons(graph(envelope), guards.get());
            } else if (envelope.hasCompileId() && name.equals(LogRecords.GRAPH_BREAK)) {
                tracker.graphBreak(graph(envelope), BreakMessage.ofArtifact(new String(kept.kept(), StandardCharsets.UTF_8), pool));
            } else if (name.equals(LogRecords.TORCH_VERSION) && release.isEmpty()) {
                release = TorchVersion.of(kept.kept()).map(pool::intern);
            }
        } else if (kind.equals(LogEnvelope.CHROMIUM_EVENT) && envelope.hasCompileId()) {
            ChromiumCacheEvent.outcome(kept.kept()).ifPresent(outcome -> tracker.chromiumAutogradLookup(graph(envelope), outcome));
        } else if (kind.equals(LogEnvelope.DYNAMO_OUTPUT_GRAPH) && envelope.hasCompileId()) {
            sawOutputGraph = true;
            run.log().outputGraph(graph(envelope).toString());
        } else if (kind.equals(LogEnvelope.DYNAMO_START) && envelope.hasCompileId()) {
            tracker.started(graph(envelope), envelope.attempt());
        } else if (kind.equals(LogEnvelope.COMPILATION_METRICS) && envelope.hasCompileId() && envelope.metrics().isPresent()) {
            tracker.metrics(graph(envelope), envelope.metrics().get());
        }
    }

    private GraphId graph(LogEnvelope envelope) {
        return new GraphId(envelope.frameId(), envelope.frameCompileId());
    }

    private void marker(CallMarker marker) {
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

    private Trace trace() {
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
        Fixture fixture = new Fixture(LogFixtureName.of(file, java.util.OptionalInt.empty()),
                release.map(version -> Map.of(Fixture.TORCH, version)).orElse(Map.of()), Optional.empty());
        return TorchTraceCanonicalForm.trace(file, fixture, traceRuns, limits, notMeasured, records.badLines())
                .withBounds(shape.bounds());
    }

    private Refusal refuse(String rule) {
        return new Refusal(file, "", records.line(), 0, rule);
    }
}
