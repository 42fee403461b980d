package dev.compilereceipt.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.TraceRequest;
import dev.compilereceipt.Traces;
import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.testsupport.HostileFiles;
import dev.compilereceipt.trace.CallPhases;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Trace;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Round four's hostile input to the readers (issue 42): each case ends in a refusal naming the file,
 * the place and the rule, or reads as it should, under {@code -Xmx64m} (this class runs in the
 * hostile-input execution) and within 30 s. The table is {@code docs/hostile-input.md}, "Round four".
 */
@Tag("hostile")
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class HostileReadersTest {

    private static final String PREFIX = "V1129 07:59:13.414000 21527 torch/_dynamo/utils.py:1318] ";
    private static final Path PROFILE = Fixtures.path("profiler/2.14-plain/profile.json");
    private static final Path PROFILE_LOG = Fixtures.path("profiler/2.14-plain/torch_trace.log");
    private static final CallPhases PHASES = CallPhases.parse("steady=0-3,changed=4,steady=5");

    @TempDir
    Path dir;

    @Test
    void anEndlessLineIsRefusedAtTheLongestLineAText() {
        // What /dev/zero hands the reader: one line that never ends. It read on to the 16 GiB bound, 34 s.
        Path name = Path.of("/dev/zero");
        assertThat(refusal(TraceRequest.ofStream(name, endless((byte) 0)))).isEqualTo("/dev/zero: (document) (line 1): line 1"
                + " is longer than 128 MiB, the longest line this reader reads: endless input without a line end (/dev/zero,"
                + " a binary file)? Give a finished TORCH_LOGS text");
    }

    @Test
    void distinctGuardsOfNinetyNineThousandCompilesAreRefusedAtTheKeptCharacters() throws IOException {
        // Inside every count limit (99,001 compiles and reasons); it ran out of memory in 64 MiB.
        Path file = HostileFiles.write(dir, "guards.log", out -> {
            for (int i = 0; i < 99_001; i++) {
                text(out, start(0, i));
                if (i > 0) {
                    text(out, PREFIX + "{\"artifact\": {\"name\": \"recompile_reasons\", \"encoding\": \"json\"}, \"frame_id\": 0,"
                            + " \"frame_compile_id\": " + i + ", \"attempt\": 0}\n\t[\"0/" + (i - 1) + ": L['x'].size()[0] == " + i
                            + "  # " + "g".repeat(120) + "\"]\n");
                }
                text(out, metrics(0, i, i));
            }
        });
        assertThat(refusal(TraceRequest.of(file))).isEqualTo(file + ": (document) (line 58976): the log keeps more than"
                + " 16777216 characters of text (sites, reasons, guards; a recompile reason counts 512 more and its text 3 times"
                + " more, for the records made of it),"
                + " over the limit of 16777216 (max_kept_chars; raise it with Limits.withMaxKeptChars, the CLI's"
                + " --max-kept-chars or @TraceFixture(maxKeptChars = ...))");
    }

    @Test
    void aNinthFxGraphOutcomeForOneCompileIsABadRecord() throws IOException {
        // 2.14 loads each FX graph an AOTAutograd cache entry holds, one fx_graph_cache_hit per graph and shape guard: two
        // for one compile in a real capture; eight are counted, a ninth and tenth are bad records
        Path file = HostileFiles.write(dir, "hits.log", out -> {
            text(out, start(0, 0));
            for (int i = 0; i < 10; i++) {
                text(out, cacheHit(0));
            }
            text(out, metrics(0, 0, 0));
        });
        Trace trace = Traces.read(file);
        assertThat(trace.badLines()).contains(List.of(10L, 11L));
        assertThat(trace.runs().get(0).compileLog().orElseThrow().artifactCache().fxGraph().hit()).isEqualTo(8);
    }

    @Test
    void twoFxGraphHitsOfOneCompileAreBothCounted() throws IOException {
        Path file = HostileFiles.write(dir, "two.log", out -> {
            text(out, start(0, 0));
            text(out, cacheHit(0));
            text(out, cacheHit(0));
            text(out, metrics(0, 0, 0));
        });
        Trace trace = Traces.read(file);
        assertThat(trace.badLines()).contains(List.of());
        assertThat(trace.runs().get(0).compileLog().orElseThrow().artifactCache().fxGraph().hit()).isEqualTo(2);
    }

    @Test
    void twoHundredThousandCacheHitsForTwoCompilesAreRefusedAsBadRecords() throws IOException {
        // It reported "fx_graph hit 200002" for two compiles.
        Path file = HostileFiles.write(dir, "hits.log", out -> {
            for (int frame = 0; frame < 2; frame++) {
                text(out, start(frame, 0));
                for (int i = 0; i < 100_000; i++) {
                    text(out, cacheHit(frame));
                }
                text(out, metrics(frame, 0, 0));
            }
        });
        assertThat(refusal(TraceRequest.of(file))).isEqualTo(file + ": (document) (line 10010): more than 10000 bad lines"
                + " (the first at line 10): too damaged to import as a TORCH_TRACE log; a real log has a few at most");
    }

    @Test
    void aProfileStepAtTsOneE308IsRefusedNamingTheEvent() throws IOException {
        Path profile = profileWith("huge-ts.json", (event, first) -> {
            if (first) {
                event.put("ts", 1e308);
            }
        });
        assertThat(refusal(TraceRequest.of(profile).withLog(PROFILE_LOG).withPhases(PHASES))).isEqualTo(profile
                + HUGE_TS);
    }

    @Test
    void aProfileShiftedByOneE18MicrosecondsIsRefusedNamingTheEvent() throws IOException {
        // At 1e18 two doubles are 128 µs apart: wall times quantised, islands lost.
        Path profile = profileWith("shifted-ts.json", (event, first) -> {
            if (event.has("ts")) {
                event.put("ts", event.get("ts").asDouble() + 1e18);
            }
        });
        assertThat(refusal(TraceRequest.of(profile).withLog(PROFILE_LOG).withPhases(PHASES))).isEqualTo(profile
                + SHIFTED_TS);
    }

    @Test
    void aProfileWithoutCompileSpansTimesNoEagerIsland() throws IOException {
        // Dynamo's compile spans taken out: a compile in the gap before a resumed region would be counted as eager time.
        Path folder = Fixtures.path("profiler/2.14-graph-break");
        ObjectMapper json = new ObjectMapper();
        JsonNode profile = json.readTree(folder.resolve("profile.json").toFile());
        com.fasterxml.jackson.databind.node.ArrayNode events = (com.fasterxml.jackson.databind.node.ArrayNode) profile.get("traceEvents");
        for (int i = events.size() - 1; i >= 0; i--) {
            if (events.get(i).path("name").asText().equals("_compile.compile_inner (dynamo_timed)")) {
                events.remove(i);
            }
        }
        Path spanless = dir.resolve("profile.json");
        json.writeValue(spanless.toFile(), profile);
        TraceRequest request = TraceRequest.of(spanless).withLog(folder.resolve("torch_trace.log"))
                .withCallSpan("compile_receipt_call").withRun("baseline");
        assertThat(Traces.read(request).notMeasured()).contains(Measure.EAGER_ISLAND_MS);
        assertThat(Traces.read(TraceRequest.of(folder.resolve("profile.json")).withLog(folder.resolve("torch_trace.log"))
                .withCallSpan("compile_receipt_call").withRun("baseline")).notMeasured()).doesNotContain(Measure.EAGER_ISLAND_MS);
    }

    @Test
    void aTorchLogsTextAsAProfilesLogIsRefusedAsWhatItIs() {
        Path text = Fixtures.path("torch-logs/2.14-print-bridge/torch_logs.txt");
        assertThat(refusal(TraceRequest.of(PROFILE).withLog(text).withPhases(PHASES))).isEqualTo(text + ": (document): this is"
                + " a TORCH_LOGS text; withLog(log) wants the TORCH_TRACE log of the profiled process (the files"
                + " TORCH_TRACE=<folder> writes)");
    }

    @Test
    void aCompileTraceAsAProfilesLogIsRefusedAsWhatItIs() {
        assertThat(refusal(TraceRequest.of(PROFILE).withLog(Fixtures.PRINT_BRIDGE).withPhases(PHASES)
                .from(TraceRequest.Caller.CLI))).isEqualTo(Fixtures.PRINT_BRIDGE + ": (document): this is a compile-trace/1"
                + " trace; --log LOG wants the TORCH_TRACE log of the profiled process (the files TORCH_TRACE=<folder> writes)");
    }

    @Test
    void aProfileOnStandardInputWithItsOptionsIsAskedForNothingItWasGiven() throws IOException {
        Path name = Path.of("(standard input)");
        TraceRequest request = TraceRequest.ofStream(name, new ByteArrayInputStream(Files.readAllBytes(PROFILE)))
                .withLog(PROFILE_LOG).withPhases(PHASES).from(TraceRequest.Caller.CLI);
        assertThat(refusal(request)).isEqualTo("(standard input): (document): a torch.profiler trace is read from its file,"
                + " not from standard input: give the profile's path");
    }

    @Test
    void aTenMegabyteRunLabelIsRefusedAtTheStringLimit() throws IOException {
        Path file = label(10_000_000);
        assertThat(refusal(TraceRequest.of(file))).isEqualTo(file + ": (document) (line 1): a compile_receipt_call marker holds a"
                + " string longer than 1048576 characters, over the limit of 1048576 (max_string_length; raise it with"
                + " Limits.withMaxStringLength, the CLI's --max-string-length or @TraceFixture(maxStringLength = ...))");
    }

    @Test
    void aMillionCharacterRunLabelIsQuotedCutWithACount() throws IOException {
        Path file = label(1_000_000);
        assertThat(refusal(TraceRequest.of(file))).isEqualTo(file + ": (document) (line 1): run of a compile_receipt_call marker"
                + " must be \"baseline\" or \"candidate\", found \"" + "r".repeat(2000) + "… (998000 more characters)\"");
    }

    private Path label(int characters) throws IOException {
        return HostileFiles.write(dir, "label.log", out -> {
            text(out, PREFIX + "{\"artifact\": {\"name\": \"compile_receipt_call\", \"encoding\": \"json\"}}\n\t{\"run\": \"");
            HostileFiles.repeat(out, "r", characters);
            text(out, "\", \"id\": \"c0\", \"edge\": \"start\", \"phase\": \"eager\"}\n");
        });
    }

    private static final String HUGE_TS = ": /traceEvents/7 (line 1, column 986): the span \"ProfilerStep#1\" has \"ts\" 1.0E308"
            + " and \"dur\" 509.678, outside what a trace's clock holds: ts and ts + dur are 0 or more and below 2^51"
            + " microseconds, where a microsecond keeps its precision";
    private static final String SHIFTED_TS = ": /traceEvents/7 (line 1, column 1000): the span \"ProfilerStep#1\" has \"ts\""
            + " 1.0000053170386368E18 and \"dur\" 509.678, outside what a trace's clock holds: ts and ts + dur are 0 or more"
            + " and below 2^51 microseconds, where a microsecond keeps its precision";

    /** What a test does to each event of the profile; {@code first} for the first ProfilerStep. */
    private interface EventChange {
        void change(ObjectNode event, boolean first);
    }

    private Path profileWith(String name, EventChange change) throws IOException {
        ObjectMapper json = new ObjectMapper();
        JsonNode profile = json.readTree(PROFILE.toFile());
        boolean first = true;
        for (JsonNode event : profile.get("traceEvents")) {
            boolean step = event.path("name").asText().startsWith("ProfilerStep#");
            change.change((ObjectNode) event, step && first);
            first &= !step;
        }
        Path file = dir.resolve(name);
        json.writeValue(file.toFile(), profile);
        return file;
    }

    private static String start(int frame, int variant) {
        return PREFIX + "{\"dynamo_start\": {}, \"frame_id\": " + frame + ", \"frame_compile_id\": " + variant + ", \"attempt\": 0}\n";
    }

    private static String metrics(int frame, int variant, int cacheSize) {
        return PREFIX + "{\"compilation_metrics\": {\"has_guarded_code\": true, \"cache_size\": " + cacheSize + "}, \"frame_id\": "
                + frame + ", \"frame_compile_id\": " + variant + ", \"attempt\": 0}\n";
    }

    private static String cacheHit(int frame) {
        return PREFIX + "{\"artifact\": {\"name\": \"fx_graph_cache_hit\", \"encoding\": \"json\"}, \"frame_id\": " + frame
                + ", \"frame_compile_id\": 0, \"attempt\": 0}\n";
    }

    private static void text(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
    }

    private static InputStream endless(byte value) {
        return new InputStream() {
            @Override
            public int read() {
                return value;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                java.util.Arrays.fill(b, off, off + len, value);
                return len;
            }
        };
    }

    private static String refusal(TraceRequest request) {
        return catchThrowableOfType(TraceRefusedException.class, () -> Traces.read(request)).getMessage();
    }
}
