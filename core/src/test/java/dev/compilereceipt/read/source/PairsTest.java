package dev.compilereceipt.read.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.TraceRequest;
import dev.compilereceipt.Traces;
import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.trace.CallPhases;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two files make one receipt only when what both record agrees: a profile and its log, a warm log and its cold one. */
class PairsTest {

    private static final CallPhases PHASES = CallPhases.parse("steady=0-3,changed=4,steady=5");

    /** The process of each shipped profiler fixture: its profile's events and its log's glog prefix both say it. */
    private static final Map<String, Long> PROFILER_PIDS = Map.of("2.6-plain", 16993L, "2.6-graph-break", 10665L,
            "2.6-fallback", 10803L, "2.14-plain", 17119L, "2.14-graph-break", 5345L, "2.14-fallback", 5674L);

    @Test
    void eachShippedProfileAndItsLogRecordOneProcess() throws IOException {
        for (Map.Entry<String, Long> fixture : PROFILER_PIDS.entrySet()) {
            Path dir = Fixtures.path("profiler/" + fixture.getKey());
            assertThat(PairIdentity.profilePid(dir.resolve("profile.json"))).as(fixture.getKey()).hasValue(fixture.getValue());
            assertThat(PairIdentity.logPid(dir.resolve("torch_trace.log"))).as(fixture.getKey()).hasValue(fixture.getValue());
            PairAgreement.profileAndLog(dir.resolve("profile.json"), dir.resolve("torch_trace.log"));
        }
    }

    @Test
    void aProfileWithTheLogOfAnotherProcessIsRefusedNamingBoth() {
        Path profile = Fixtures.path("profiler/2.14-plain/profile.json");
        Path log = Fixtures.path("profiler/2.14-graph-break/torch_trace.log");

        assertThatThrownBy(() -> Traces.read(TraceRequest.of(profile).withLog(log).withPhases(PHASES)))
                .isInstanceOf(TraceRefusedException.class)
                .hasMessage(profile + ": (document): " + profile + " was recorded by process 17119 and " + log
                        + " by process 5345: a profile is read with the TORCH_TRACE log of its own process");
    }

    @Test
    void aProfileFolderWithTheLogOfAnotherProcessIsRefused(@TempDir Path tmp) throws IOException {
        Files.copy(Fixtures.path("profiler/2.6-plain/profile.json"), tmp.resolve("profile.json"));
        Files.copy(Fixtures.path("profiler/2.6-graph-break/torch_trace.log"), tmp.resolve("torch_trace.log"));

        assertThatThrownBy(() -> Traces.read(TraceRequest.of(tmp).withPhases(PHASES)))
                .hasMessage(tmp.resolve("profile.json") + ": (document): " + tmp.resolve("profile.json")
                        + " was recorded by process 16993 and " + tmp.resolve("torch_trace.log")
                        + " by process 10665: a profile is read with the TORCH_TRACE log of its own process");
    }

    @Test
    void everyShippedWarmPairIsOfTwoProcessesOfOneReleaseCompilingTheSameFrames() {
        for (String pair : List.of("2.6-int-spec", "2.6-print-bridge", "2.6-print-bridge-aotautograd-cache",
                "2.6-aotcache-print-bridge", "2.14-int-spec", "2.14-print-bridge")) {
            Path dir = Fixtures.path("warm-start/" + pair);
            assertThat(Traces.read(dir).sha256()).as(pair).isEqualTo(Traces.read(TraceRequest.of(dir.resolve("torch_trace.log"))
                    .withWarmLog(dir.resolve("warm_torch_trace.log"))).sha256());
        }
    }

    @Test
    void theColdLogGivenAsItsOwnWarmLogIsRefused() {
        Path cold = Fixtures.path("warm-start/2.14-print-bridge/torch_trace.log");

        assertThatThrownBy(() -> Traces.read(TraceRequest.of(cold).withWarmLog(cold)))
                .hasMessage(cold + ": (document): " + cold + " is the cold log " + cold + " itself: a warm start is the log"
                        + " of a second process that reused the first one's caches");
    }

    @Test
    void aWarmLogOfTheColdProcessIsRefused(@TempDir Path tmp) throws IOException {
        Path cold = Fixtures.path("warm-start/2.14-int-spec/torch_trace.log");
        Path copy = Files.copy(cold, tmp.resolve("warm_torch_trace.log"));

        assertThatThrownBy(() -> Traces.read(TraceRequest.of(cold).withWarmLog(copy)))
                .hasMessage(copy + ": (document): " + cold + " and " + copy + " were both recorded by process 18009: a warm"
                        + " start is the log of a second process that reused the first one's caches");
    }

    @Test
    void aWarmLogOfAnotherReleaseIsRefused(@TempDir Path tmp) throws Exception {
        // 2.6 writes no torch_version artifact, so a release is told apart only between two logs that both name one:
        // the warm log of 2.14-int-spec, its artifact saying 2.14.0 (and its payload's md5 to match)
        Path cold = Fixtures.path("warm-start/2.14-int-spec/torch_trace.log");
        String payload = "{\n\"pytorch_version\": \"2.14.0+debian\",\n\"commit\": \"Unknown\",\n\"oss\": true\n}";
        String md5 = HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(payload.getBytes(StandardCharsets.UTF_8)));
        Path warm = Files.writeString(tmp.resolve("warm_torch_trace.log"), Files.readString(
                Fixtures.path("warm-start/2.14-int-spec/warm_torch_trace.log")).replace("ac7a783d021323f84429af9ef11dc286", md5)
                .replace("\"pytorch_version\": \"2.14.1+debian\"", "\"pytorch_version\": \"2.14.0+debian\""));

        assertThatThrownBy(() -> Traces.read(TraceRequest.of(cold).withWarmLog(warm)))
                .hasMessage(warm + ": (document): " + cold + " was recorded by PyTorch 2.14.1+debian and " + warm
                        + " by PyTorch 2.14.0+debian: a warm start reuses the caches of the same release");
    }

    @Test
    void aWarmLogOfOtherFramesIsRefused() {
        Path cold = Fixtures.path("warm-start/2.14-print-bridge/torch_trace.log");
        Path warm = Fixtures.path("warm-start/2.14-int-spec/warm_torch_trace.log");

        assertThatThrownBy(() -> Traces.read(TraceRequest.of(cold).withWarmLog(warm)))
                .hasMessage(warm + ": (document): " + cold + " compiled the frames [sin_cos (/capture/tests/scenarios.py),"
                        + " sin_print_cos (/capture/tests/scenarios.py), torch_dynamo_resume_in_sin_print_cos_at_14"
                        + " (/capture/tests/scenarios.py)] and " + warm + " the frames [scale_by_int (/capture/tests/scenarios.py)]:"
                        + " a warm start compiles the same frames as its cold start");
    }

    @Test
    void aFolderHoldingMoreInputsThanItReadsIsRefusedNamingThem(@TempDir Path tmp) throws IOException {
        Files.copy(Fixtures.path("print-bridge/trace.json"), tmp.resolve("trace.json"));
        Files.copy(Fixtures.path("print-bridge/torch_trace.log"), tmp.resolve("a.log"));
        Files.copy(Fixtures.path("int-spec/torch_trace.log"), tmp.resolve("b.log"));
        Files.writeString(tmp.resolve("notes.txt"), "captured on the CI runner\n");

        assertThatThrownBy(() -> Traces.read(tmp))
                .hasMessage(tmp + ": (document): the folder holds 2 TORCH_TRACE logs and a.log names no rank; each log of a"
                        + " multi-rank folder needs rank_<N> in its name; its inputs are [a.log, b.log, trace.json]: read one by"
                        + " its file (TraceRequest.of(file), the CLI's file argument)");
    }

    @Test
    void aFolderWithTwoWarmLogsIsRefusedNamingItsInputs(@TempDir Path tmp) throws IOException {
        Path dir = Fixtures.path("warm-start/2.6-int-spec");
        Files.copy(dir.resolve("torch_trace.log"), tmp.resolve("torch_trace.log"));
        Files.copy(dir.resolve("warm_torch_trace.log"), tmp.resolve("warm_a.log"));
        Files.copy(dir.resolve("warm_torch_trace.log"), tmp.resolve("warm_b.log"));

        assertThatThrownBy(() -> Traces.read(tmp))
                .hasMessage(tmp + ": (document): a folder with a warm-start log (warm_...) holds it and one other TORCH_TRACE"
                        + " log, the first process's; it holds 1 and 2 warm; its inputs are [torch_trace.log, warm_a.log,"
                        + " warm_b.log]: read one by its file (TraceRequest.of(file), the CLI's file argument)");
    }

    @Test
    void aThreadIdInTheGlogPrefixNamesNoProcess() throws IOException {
        // a 2024 log from tlparse's tests: the number after the time is a thread id, far above any pid_max
        assertThat(PairIdentity.logPid(Fixtures.path("tlparse/comp_metrics.log"))).isEmpty();
        assertThat(PairIdentity.logPid(Fixtures.path("warm-start/2.6-print-bridge/warm_torch_trace.log"))).hasValue(17409);
    }

    @Test
    void aFolderOfOneLogAndFilesBesideItReadsItsLog() {
        // trace.json and truth.json beside the log, as shipped: the folder reads its one log, as before
        assertThat(Traces.read(Fixtures.path("print-bridge")).sha256())
                .isEqualTo(Traces.read(Fixtures.path("print-bridge/torch_trace.log")).sha256());
    }
}
