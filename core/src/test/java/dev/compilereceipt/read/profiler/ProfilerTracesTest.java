package dev.compilereceipt.read.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.compilereceipt.ReceiptExport;
import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.TraceRequest;
import dev.compilereceipt.Traces;
import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.receipt.GuardCheckTime;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.CallPhases;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.SourceShape;
import dev.compilereceipt.trace.Trace;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real torch.profiler traces of fixtures/profiler (a plain user script: a print breaks the
 * frame into 0/0 and its resume 1/0; the schedule skips step 0, the call that compiled them; step 5
 * is a new shape, which compiles 0/1 and 1/1; step 6 is the first shape again, which 0/1, dynamic
 * now, serves) read with their TORCH_TRACE logs. Every figure below is worked out from the spans
 * of the JSON, in microseconds, as the comments show.
 */
class ProfilerTracesTest {

    private static final CallPhases PHASES = CallPhases.parse("steady=0-3,changed=4,steady=5");

    private static Trace read(String release) {
        Path dir = Fixtures.path("profiler/" + release + "-plain");
        return Traces.read(TraceRequest.of(dir.resolve("profile.json")).withLog(dir.resolve("torch_trace.log")).withPhases(PHASES));
    }

    /** A call's events as text: {@code 0/0 hit 0.0166}, {@code break plain.py:16 0.017}, {@code fallback 0/0 ...}. */
    private static List<String> regions(Call call) {
        return call.events().stream().map(e -> e instanceof Event.Region r
                ? r.graph() + " " + r.cache().id() + " " + r.ms() + (r.isCompile() ? " compile " + r.compileMs() : "")
                : e instanceof Event.Break b ? "break " + b.site() + " " + b.eagerMs()
                : "fallback " + ((Event.Fallback) e).graph() + " " + ((Event.Fallback) e).compileMs()).toList();
    }

    @Test
    void aPyTorch214ProfileGivesOneCallPerProfilerStepWithItsRegionsFromTheGraphsOwnSpans() {
        Trace trace = read("2.14");
        List<Call> calls = trace.run("baseline").orElseThrow().calls();

        assertThat(calls).extracting(Call::id).containsExactly("ProfilerStep#1", "ProfilerStep#2", "ProfilerStep#3",
                "ProfilerStep#4", "ProfilerStep#5", "ProfilerStep#6");
        assertThat(calls).extracting(Call::phase).containsExactly(Phase.STEADY, Phase.STEADY, Phase.STEADY, Phase.STEADY,
                Phase.CHANGED, Phase.STEADY);
        Call third = calls.get(2);
        // ProfilerStep#3: dur 156.940; ## Call CompiledFxGraph 16.617 in 0/0 and 14.430 in 1/0; lookups 7.554 + 5.611.
        // 1/0 runs inside 0/0 (the resume of the print's break, plain.py:16 by the log's break of 0/0): its island
        // is from the end of 0/0's graph (…612.676) to the start of 1/0 (…629.669), 16.993
        assertThat(third.wallMs()).isEqualTo(0.1569);
        assertThat(regions(third)).containsExactly("0/0 hit 0.0166", "break plain.py:16 0.017", "1/0 hit 0.0144");
        assertThat(third.guardCheckMs()).isEqualTo(OptionalDouble.of(0.0132));
        // ProfilerStep#5: _compile.compile_inner 167289.536 before 0/1 (graph 279.239), 89120.556 inside it before 1/1 (295.315);
        // the island from 0/1's graph end (…808931.463) to 1/1 (…901213.630) is 92282.167 less that compile: 3161.611
        assertThat(regions(calls.get(4))).containsExactly("0/1 compile 0.2792 compile 167.2895", "break plain.py:16 3.1616",
                "1/1 compile 0.2953 compile 89.1206");
        assertThat(((Event.Region) calls.get(4).events().get(0)).guardFailures())
                .containsExactly("0/0: tensor 'x' size mismatch at index 0. expected 8, actual 5");
        // ProfilerStep#6: 0/1's graph ends at …902051.767, 1/1 begins at …902100.376
        assertThat(regions(calls.get(5))).containsExactly("0/1 hit 0.0369", "break plain.py:16 0.0486", "1/1 hit 0.0207");
        // steps 1, 2 and 4: islands 48.434, 20.795, 19.768
        assertThat(calls).extracting(call -> ((Event.Break) call.events().get(1)).eagerMs())
                .containsExactly(0.0484, 0.0208, 0.017, 0.0198, 3.1616, 0.0486);
        assertThat(trace.fixture().torch()).contains("2.14.1+debian");
        assertThat(trace.fixture().name()).isEqualTo("profile");
    }

    @Test
    void aPyTorch26ProfileWithoutTheGraphsOwnSpanTakesTheRegionLessWhatNestsInIt() {
        List<Call> calls = read("2.6").run("baseline").orElseThrow().calls();

        Call third = calls.get(2);
        // 0/0: 48.902 less the lookup 2.421 and the region 1/0 (19.476) nested in it, as the resume runs inside it;
        // the break before 1/0 is the log's of 0/0, its island not timed: 0/0 has no graph span where the print begins
        assertThat(regions(third)).containsExactly("0/0 hit 0.027", "break plain.py:16 0.0", "1/0 hit 0.0195");
        assertThat(third.guardCheckMs()).isEqualTo(OptionalDouble.of(0.0058)); // 3.402 + 2.421
        Call changed = calls.get(4);
        // 0/1: 92969.567 less the compile of 1/1 (84585.953), 1/1 (211.084) and 11 lookups (14.300) = 8158.230
        assertThat(regions(changed)).containsExactly("0/1 compile 8.1582 compile 173.1322", "break plain.py:16 0.0",
                "1/1 compile 0.2111 compile 84.586");
        // 12 lookups outside the compiles: 1.158 + 0.677 + 0.150 + 0.095 + 0.261 + 0.389 + 0.194 + 0.183 + 0.074 + 0.118 + 0.195 + 11.964
        assertThat(changed.guardCheckMs()).isEqualTo(OptionalDouble.of(0.0155));
        assertThat(changed.wallMs()).isEqualTo(273.2405);
    }

    @Test
    void theReceiptGivesEachPhaseItsGuardCheckTotalAndMedian() {
        Receipt receipt = Receipt.of(read("2.14"));

        PhaseFigures steady = receipt.run("baseline").phase(Phase.STEADY);
        // per call 0.0747, 0.0176, 0.0132, 0.0149 and 0.0726 (step 6)
        assertThat(steady.guardCheckMs()).contains(new GuardCheckTime(0.193, 0.0176));
        assertThat(steady.cacheHits()).hasValue(10);
        assertThat(steady.compiles()).isZero();
        PhaseFigures changed = receipt.run("baseline").phase(Phase.CHANGED);
        assertThat(changed.guardCheckMs()).contains(new GuardCheckTime(0.0303, 0.0303));
        assertThat(changed.newGraphVariants()).extracting(GraphId::toString).containsExactly("0/1", "1/1");
        assertThat(changed.compileMs()).isEqualTo(256.4101); // 167.2895 + 89.1206
        assertThat(receipt.run("baseline").phase(Phase.WARMUP).guardCheckMs()).isEmpty();
        // the 2.14-plain log has no stage timers at all: neither its compiles nor the phases are split by stage
        assertThat(receipt.limits().notMeasured()).containsExactly("compile_stages", "warm_start", "output_checks", "phase_stages");
        assertThat(receipt.limits().missingEvidence(Measure.PHASE_STAGES)).hasValue("no compile of the profile's calls"
                + " carries stage timers: a compile here is timed by its span in the profile, which the log's timers do not split");
        assertThat(steady.breaks()).hasValue(5);
        assertThat(steady.eagerIslandMs()).hasValue(0.1546); // 48.434 + 20.795 + 16.993 + 19.768 + 48.609 us
        assertThat(ReceiptExport.json(receipt).toString()).contains("\"guard_check_ms\":{\"median\":0.0176,\"total\":0.193}");
        assertThat(receipt.ledger().rows("baseline")).extracting(row -> row.guardCheckMs().getAsDouble())
                .containsExactly(0.0747, 0.0176, 0.0132, 0.0149, 0.0303, 0.0726);
        assertThat(ReceiptExport.json(receipt).toString()).contains("\"graphs\":[\"0/0\",\"1/0\"],\"guard_check_ms\":0.0132,"
                + "\"phase\":\"steady\"");
    }

    @Test
    void theTraceDeclaresWhatTheProfilerShapeDoesNotMeasure() {
        Trace trace = read("2.6");

        // 2.6 under no_grad writes no graph span, so the islands of its breaks are not timed; its log does not record
        // the AOTAutograd cache, off by default in 2.6; a profile and its log are one process: no warm start; the
        // profile times each compile by its span, which no stage timer splits, and neither log has stage timers; neither
        // file compares an output with eager's
        assertThat(SourceShape.PROFILER_WITH_LOG.notMeasured()).containsExactly(Measure.WARM_START, Measure.OUTPUT_CHECKS);
        assertThat(trace.notMeasured()).containsExactlyInAnyOrder(Measure.EAGER_ISLAND_MS, Measure.WARM_START,
                Measure.AOTAUTOGRAD_CACHE, Measure.COMPILE_STAGES, Measure.OUTPUT_CHECKS, Measure.PHASE_STAGES);
        assertThat(read("2.14").notMeasured()).containsExactlyInAnyOrder(Measure.WARM_START, Measure.COMPILE_STAGES,
                Measure.OUTPUT_CHECKS, Measure.PHASE_STAGES);
        assertThat(trace.bounds()).isEmpty();
        assertThat(trace.run("baseline").orElseThrow().compileLog().orElseThrow().compiles())
                .containsExactly("0/0", "1/0", "0/1", "1/1");
    }

    /**
     * Issue #41: the profile times each compile by its span, and no stage timer of the log splits that span, so the
     * stages were not read for any compile of the calls: {@code phase_stages} is not measured, where it was
     * {@code stages: {}} with the whole compile unattributed (a share check of 0 % passed). The log's own compiles
     * still carry their stages ({@code compile_stages} measured): 0/0 compiled in 3388.922 ms, 3190.061 of them in
     * AOTAutograd, as the log read alone says.
     */
    @Test
    void aProfileWhoseCompilesCarryNoStageTimersDoesNotMeasureCompileStages() {
        Path dir = Fixtures.path("profiler/2.14-graph-break");
        Trace trace = Traces.read(TraceRequest.of(dir.resolve("profile.json")).withLog(dir.resolve("torch_trace.log"))
                .withCallSpan("compile_receipt_call").withRun("baseline"));
        Receipt receipt = Receipt.of(trace);

        assertThat(receipt.limits().notMeasured()).containsExactly("warm_start", "output_checks", "phase_stages");
        assertThat(receipt.limits().missingEvidence(Measure.PHASE_STAGES)).hasValue("no compile of the profile's calls"
                + " carries stage timers: a compile here is timed by its span in the profile, which the log's timers do not split");
        assertThat(receipt.run("baseline").phase(Phase.WARMUP).compileMs()).isPositive();
        assertThat(receipt.run("baseline").phase(Phase.WARMUP).compileStages()).isEmpty();
        assertThat(receipt.run("baseline").phase(Phase.WARMUP).unattributedMs()).isEmpty();
        assertThat(ReceiptExport.json(receipt).at("/runs/baseline/phases/warmup/stages").isNull()).isTrue();
        assertThat(ReceiptExport.json(receipt).at("/runs/baseline/compile_log/compile_times/0").toString())
                .startsWith("{\"graph\":\"0/0\",\"compile_ms\":3388.922,\"stages\":{\"aot_autograd\":3190.061,\"codegen\":0.0,"
                        + "\"dynamo\":198.861,\"inductor\":0.0},\"unattributed_ms\":0.0,");
        assertThat(Traces.read(dir.resolve("torch_trace.log")).measured(Measure.COMPILE_STAGES)).isTrue();
        assertThat(read("2.14").measured(Measure.COMPILE_STAGES)).isFalse();
        assertThat(read("2.14").measured(Measure.PHASE_STAGES)).isFalse();
    }

    @Test
    void twoProfilesCombineIntoAComparisonAsTwoSingleRunTracesDo() {
        Trace combined = Trace.combine(read("2.6"), read("2.14"));

        Receipt receipt = Receipt.of(combined);
        // steady wall medians: 2.6 0.1094 (ProfilerStep#2), 2.14 0.2136 (ProfilerStep#2)
        assertThat(receipt.comparison(Phase.STEADY).orElseThrow().baselineMedianMs()).hasValue(0.1094);
        assertThat(receipt.comparison(Phase.STEADY).orElseThrow().candidateMedianMs()).hasValue(0.2136);
        assertThat(receipt.run("candidate").phase(Phase.STEADY).guardCheckMs()).contains(new GuardCheckTime(0.193, 0.0176));
        assertThat(receipt.run("baseline").phase(Phase.STEADY).guardCheckMs()).contains(new GuardCheckTime(0.0918, 0.008));
    }

    @Test
    void callsAreTheSpansOfTheNameGiven() {
        Path dir = Fixtures.path("profiler/2.14-plain");
        Trace trace = Traces.read(TraceRequest.of(dir.resolve("profile.json")).withLog(dir.resolve("torch_trace.log")).withCallSpan("request").withPhases(PHASES));

        List<Call> calls = trace.run("baseline").orElseThrow().calls();
        assertThat(calls).extracting(Call::id).containsExactly("request#0", "request#1", "request#2", "request#3",
                "request#4", "request#5");
        assertThat(calls.get(2).wallMs()).isEqualTo(0.1397); // request 139.720 inside ProfilerStep#3
        assertThat(regions(calls.get(2))).containsExactly("0/0 hit 0.0166", "break plain.py:16 0.017", "1/0 hit 0.0144");
        // one request per step, each holding all its step's regions, compiles and lookups: the same events, the
        // wall of the request alone (466.798, 194.191, 139.720, 167.010, 263865.178, 317.141 us)
        List<Call> steps = read("2.14").run("baseline").orElseThrow().calls();
        for (int i = 0; i < calls.size(); i++) {
            assertThat(regions(calls.get(i))).as("request#%d", i).isEqualTo(regions(steps.get(i)));
            assertThat(calls.get(i).guardCheckMs()).as("request#%d", i).isEqualTo(steps.get(i).guardCheckMs());
            assertThat(calls.get(i).phase()).isEqualTo(steps.get(i).phase());
        }
        assertThat(calls).extracting(Call::wallMs).containsExactly(0.4668, 0.1942, 0.1397, 0.167, 263.8652, 0.3171);
    }

    @Test
    void aGzippedProfileReadsAsThePlainOne(@TempDir Path tmp) throws IOException {
        Path dir = Fixtures.path("profiler/2.6-plain");
        Path gz = tmp.resolve("profile.json.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(dir.resolve("profile.json"), out);
        }

        Trace zipped = Traces.read(TraceRequest.of(gz).withLog(dir.resolve("torch_trace.log")).withPhases(PHASES));

        assertThat(zipped.runs()).isEqualTo(read("2.6").runs());
        assertThat(zipped.sha256()).isEqualTo(read("2.6").sha256());
        assertThat(zipped.fixture().name()).isEqualTo("profile");
    }

    @Test
    void aProfileAloneIsRefusedWithWhatItNeeds() {
        Path profile = Fixtures.path("profiler/2.14-plain/profile.json");

        assertThatThrownBy(() -> Traces.read(profile)).isInstanceOf(TraceRefusedException.class)
                .hasMessage(profile + ": (document): a torch.profiler trace is read with the TORCH_TRACE log of the same"
                        + " process and the phases of its calls: receipt audit PROFILE --log LOG --phases steady=0-9,"
                        + " or Traces.readProfile");
    }

    @Test
    void phasesThatDoNotFitTheCallsAreRefusedNeverGuessed() {
        Path dir = Fixtures.path("profiler/2.14-plain");
        Path profile = dir.resolve("profile.json");
        Path log = dir.resolve("torch_trace.log");

        assertThatThrownBy(() -> Traces.read(TraceRequest.of(profile).withLog(log).withPhases(CallPhases.parse("warmup=0,steady=1-4")))).hasMessage(profile + ": /traceEvents: call 5 of 6 is in no phase of \"warmup=0,steady=1-4\"");
        assertThatThrownBy(() -> Traces.read(TraceRequest.of(profile).withLog(log).withPhases(CallPhases.parse("steady=0-89")))).hasMessage(profile + ": /traceEvents: the phases \"steady=0-89\" name call 89, but there are"
                        + " 6 calls (0 to 5)");
        assertThatThrownBy(() -> Traces.read(TraceRequest.of(profile).withLog(log).withCallSpan("no-such-span").withPhases(PHASES)))
                .hasMessage(profile + ": /traceEvents: the trace holds no call span (no ProfilerStep#N; name the span of one"
                        + " call with --call-span or @TraceFixture(callSpan = ...))");
    }

    @Test
    void aProfileOfAnotherProcessThanItsLogIsRefused(@TempDir Path tmp) throws IOException {
        Path profile = Fixtures.path("profiler/2.14-plain/profile.json");
        Path otherLog = Fixtures.path("tlparse/comp_metrics.log"); // compiles 0/0, 1/0, 2/0

        // this log's glog prefix carries a thread id (139877824898048), no pid: its compiles decide, and do not fit
        assertThatThrownBy(() -> Traces.read(TraceRequest.of(profile).withLog(otherLog).withPhases(PHASES)))
                .isInstanceOf(TraceRefusedException.class)
                .hasMessage(profile + ": /traceEvents: the 2 compile spans of the profile (the first before region 0/1) fit no"
                        + " run of consecutive compiles of its TORCH_TRACE log ([0/0, 1/0, 2/0]): are the two of the same"
                        + " process?");
        // the same log with a pid of another process: refused by it, before the two are joined
        Path otherProcess = write(tmp, "comp_metrics.log", Files.readString(otherLog).replace(" 139877824898048 ", " 5345 "));
        assertThatThrownBy(() -> Traces.read(TraceRequest.of(profile).withLog(otherProcess).withPhases(PHASES)))
                .isInstanceOf(TraceRefusedException.class)
                .hasMessage(profile + ": (document): " + profile + " was recorded by process 17119 and " + otherProcess
                        + " by process 5345: a profile is read with the TORCH_TRACE log of its own process");
    }

    @Test
    void limitsBoundTheCallsAndTheRegionsOfACall() {
        Path dir = Fixtures.path("profiler/2.6-plain");
        Path profile = dir.resolve("profile.json");
        Path log = dir.resolve("torch_trace.log");

        assertThatThrownBy(() -> Traces.read(TraceRequest.of(profile).withLog(log).withPhases(PHASES).withLimits(Limits.DEFAULT.withMaxCalls(5))))
                .hasMessage(profile + ": /traceEvents: the trace holds 6 calls, over the limit of 5 (max_calls; raise it with"
                        + " Limits.withMaxCalls, the CLI's --max-calls or @TraceFixture(maxCalls = ...))");
        assertThatThrownBy(() -> Traces.read(TraceRequest.of(profile).withLog(log).withPhases(PHASES).withLimits(Limits.DEFAULT.withMaxEventsPerCall(2)))).hasMessage(profile + ": /traceEvents: call 0 (ProfilerStep#1) has 3"
                        + " events (compiled regions, breaks, fallbacks), over the limit of 2 events a call (max_events_per_call;"
                        + " raise it with Limits.withMaxEventsPerCall, the CLI's --max-events or @TraceFixture(maxEventsPerCall"
                        + " = ...))");
    }

    @Test
    void hostileJsonIsRefusedAtTheEventWithTheLimitNamed(@TempDir Path tmp) throws IOException {
        Path log = Fixtures.path("profiler/2.6-plain/torch_trace.log");
        Path deep = write(tmp, "deep.json", "{\"traceEvents\": [{\"ph\": \"X\", \"args\": " + "[".repeat(50) + "]".repeat(50) + "}]}");
        Path longName = write(tmp, "long.json", "{\"traceEvents\": [{}, {\"name\": \"" + "x".repeat(200) + "\"}]}");
        Path noDur = write(tmp, "nodur.json", "{\"traceEvents\": [\n{\"ph\": \"X\", \"name\": \"ProfilerStep#1\", \"ts\": 5}]}");
        Path notEvents = write(tmp, "array.json", "{\"traceEvents\": {}}");
        Path badRegion = write(tmp, "region.json", "{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"Torch-Compiled Region: 0\","
                + " \"ts\": 1, \"dur\": 2}]}");

        assertThatThrownBy(() -> Traces.read(TraceRequest.of(deep).withLog(log).withPhases(PHASES).withLimits(Limits.DEFAULT.withMaxDepth(20))))
                .hasMessageStartingWith(deep + ": /traceEvents/0 (line 1, column 55)")
                .hasMessageEndingWith("the JSON nests deeper than 20 levels, over the limit (max_depth; raise it with"
                        + " Limits.withMaxDepth, the CLI's --max-depth or @TraceFixture(maxDepth = ...))");
        assertThatThrownBy(() -> Traces.read(TraceRequest.of(longName).withLog(log).withPhases(PHASES).withLimits(Limits.DEFAULT.withMaxStringLength(100)))).hasMessageStartingWith(longName + ": /traceEvents/1 (line 1, column 31)")
                .hasMessageEndingWith("a string longer than 100 characters, over the limit (max_string_length; raise it with"
                        + " Limits.withMaxStringLength, the CLI's --max-string-length or @TraceFixture(maxStringLength = ...))");
        assertThatThrownBy(() -> Traces.read(TraceRequest.of(noDur).withLog(log).withPhases(PHASES)))
                .hasMessage(noDur + ": /traceEvents/0 (line 2, column 1): the span \"ProfilerStep#1\" has no finite \"ts\" and"
                        + " non-negative \"dur\" (microseconds)");
        assertThatThrownBy(() -> Traces.read(TraceRequest.of(notEvents).withLog(log).withPhases(PHASES)))
                .hasMessage(notEvents + ": /traceEvents (line 1, column 17): \"traceEvents\" is an array of events");
        assertThatThrownBy(() -> Traces.read(TraceRequest.of(badRegion).withLog(log).withPhases(PHASES)))
                .hasMessageEndingWith(": the compiled region \"Torch-Compiled Region: 0\" names no graph id F/V");
    }

    @Test
    void aFolderHoldingBothReadsAsTheTwoFilesGiven(@TempDir Path tmp) throws IOException {
        Path dir = Fixtures.path("profiler/2.14-plain");

        Trace fromFolder = Traces.read(TraceRequest.of(dir).withPhases(PHASES));

        assertThat(fromFolder.runs()).isEqualTo(read("2.14").runs());
        assertThat(fromFolder.sha256()).isEqualTo(read("2.14").sha256());
        Files.copy(dir.resolve("profile.json"), tmp.resolve("a.json"));
        Files.copy(dir.resolve("profile.json"), tmp.resolve("b.json"));
        assertThatThrownBy(() -> Traces.read(TraceRequest.of(tmp).withPhases(PHASES)))
                .hasMessage(tmp + ": (document): a folder read as a profile holds one torch.profiler trace and one TORCH_TRACE"
                        + " log; this one holds 2 [a.json, b.json] and 0 []; its inputs are [a.json, b.json]: read one by its"
                        + " file (TraceRequest.of(file), the CLI's file argument)");
    }

    private static Path write(Path dir, String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }
}
