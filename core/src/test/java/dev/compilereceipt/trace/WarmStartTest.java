package dev.compilereceipt.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.TraceRequest;
import dev.compilereceipt.Traces;
import dev.compilereceipt.testsupport.Fixtures;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.receipt.ColdStart;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.ReceiptJson;
import dev.compilereceipt.receipt.Trade;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The warm start: a run's {@code cold_start} from a compile-trace/1 {@code warm_start} and from a
 * TORCH_TRACE log paired with the warm process's, with the trade's warm figures. The hand-made
 * fixture's figures are worked out in its comments below; the real ones are the captures of
 * {@code fixtures/warm-start/}, whose trace.json and log pair must agree.
 */
class WarmStartTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path HAND = Fixtures.path("warm-start/hand-made/trace.json");

    @TempDir
    Path temp;

    @Test
    void theHandMadeWarmStartGivesEachRunItsColdStart() {
        Receipt receipt = Receipt.of(Traces.read(HAND));
        ColdStart baseline = receipt.run("baseline").coldStart();
        // warmup b01 1000.5 + b02 600.25; warm start w01 120.25 + w02 80.5
        assertThat(baseline.emptyCachesMs()).hasValue(1600.75);
        assertThat(baseline.warmCachesMs()).hasValue(200.75);
        assertThat(baseline.compiles()).hasValue(2);
        // w01's 0/0 hit the FX graph cache and missed AOTAutograd's; w02's 0/1 hit both
        assertThat(baseline.fxGraph()).contains(new CompileLog.CacheCounts(2, 0, 0));
        assertThat(baseline.aotAutograd()).contains(new CompileLog.CacheCounts(1, 1, 0));
        assertThat(baseline.coldCompiles()).extracting(ColdStart.CompileCache::graph).containsExactly("0/0");
        ColdStart candidate = receipt.run("candidate").coldStart();
        // c01 1700.75 + c02 3.25; v01 200.5 + v02 2.5; v01's AOTAutograd lookup bypassed the cache
        assertThat(candidate.emptyCachesMs()).hasValue(1704);
        assertThat(candidate.warmCachesMs()).hasValue(203);
        assertThat(candidate.compiles()).hasValue(1);
        assertThat(candidate.aotAutograd()).contains(new CompileLog.CacheCounts(0, 0, 1));
        // its compiled calls carry no check: output checks not measured (issue #41)
        assertThat(receipt.limits().notMeasured()).containsExactly("graphs_compiled", "artifact_cache", "output_checks");
    }

    @Test
    void theTradeGainsTheWarmCachesFiguresBesideTheColdOnes() {
        Trade trade = Receipt.of(Traces.read(HAND)).trade().orElseThrow();
        // cold: 1704 − 1600.75 = 103.25 more, steady medians 2.0 − 1.5 = 0.5 saved: ⌈206.5⌉ = 207 calls
        assertThat(trade.extraColdMs()).isEqualTo(103.25);
        assertThat(trade.breakEvenCalls()).hasValue(207);
        // warm: 203 − 200.75 = 2.25 more, the same 0.5 saved: ⌈4.5⌉ = 5 calls
        assertThat(trade.warmCaches()).contains(new Trade.WarmCaches(200.75, 203, 2.25, OptionalLong.of(5), Optional.empty()));
        JsonNode comparison = ReceiptJson.tree(Receipt.of(Traces.read(HAND))).get("comparison");
        assertThat(comparison.get("warm_caches").toString())
                .isEqualTo("{\"break_even_calls\":5,\"cold_ms\":{\"baseline\":200.75,\"candidate\":203.0},\"extra_cold_ms\":2.25}");
    }

    @Test
    void theReceiptWritesColdStartWithTheCompilesThatMissed() {
        JsonNode run = ReceiptJson.tree(Receipt.of(Traces.read(HAND))).get("runs").get("baseline");
        assertThat(run.get("cold_start").toString()).isEqualTo("{\"cache\":{\"aotautograd\":{\"hit\":1,\"miss\":1,\"bypass\":0},"
                + "\"fx_graph\":{\"hit\":2,\"miss\":0,\"bypass\":0}},\"cold_compiles\":[{\"graph\":\"0/0\",\"missed_caches\":"
                + "[\"aotautograd\"]}],\"compiles\":2,\"empty_caches_ms\":1600.75,\"key_changes\":null,\"warm_caches_ms\":200.75}");
    }

    @Test
    void theReceiptSaysWhyTheWarmStartMissedComponentByComponent() {
        Path dir = Fixtures.path("cache-keys/2.14-threads");
        Receipt receipt = Receipt.of(Traces.read(TraceRequest.of(dir.resolve("torch_trace.log")).withWarmLog(dir.resolve("warm_torch_trace.log"))));
        // The warm process ran with OMP_NUM_THREADS=2: its fx_graph_cache_miss (L2338) lists cpp_runtime_thread_count 2 where the
        // cold one's (L2338 of torch_trace.log) lists 1; its aotautograd_cache_miss (L201) lists no components.
        assertThat(ReceiptJson.tree(receipt).get("runs").get("baseline").get("cold_start").get("key_changes").toString()).isEqualTo(
                "[{\"cache\":\"aotautograd\",\"components\":null,\"counterpart\":\"found\",\"graph\":\"0/0\",\"outcome\":\"miss\"},"
                + "{\"cache\":\"fx_graph\",\"components\":[{\"cold\":\"1\",\"name\":\"cpp_runtime_thread_count\",\"warm\":\"2\"}],"
                + "\"counterpart\":\"found\",\"graph\":\"0/0\",\"outcome\":\"miss\"}]");
    }

    @Test
    void theSummarySaysWhyUnderTheColdStart() {
        Path dir = Fixtures.path("cache-keys/2.14-threads");
        String summary = dev.compilereceipt.view.text.ReceiptSummary.render(Receipt.of(Traces.read(
                TraceRequest.of(dir.resolve("torch_trace.log")).withWarmLog(dir.resolve("warm_torch_trace.log")))));
        assertThat(summary).contains("\n    why: 0/0 missed the AOTAutograd cache: why is not measured: the keys differ and no component of them could be compared: the log lists none (or none that read), or the run passed what a reader keeps\n"
                + "    why: 0/0 missed the FX graph cache: `cpp_runtime_thread_count` 1 → 2\n");
        Trace pair = Traces.read(TraceRequest.of(dir.resolve("torch_trace.log")).withWarmLog(dir.resolve("warm_torch_trace.log")));
        assertThat(dev.compilereceipt.view.html.ReceiptHtml.render(pair, Receipt.of(pair))).contains(
                "<p class=\"cold-start-why\" data-run=\"baseline\">why, run baseline: 0/0 missed the FX graph cache:"
                + " `cpp_runtime_thread_count` 1 → 2</p>");
        Path none = Fixtures.path("cache-keys/2.14-none");
        assertThat(dev.compilereceipt.view.text.ReceiptSummary.render(Receipt.of(Traces.read(
                TraceRequest.of(none.resolve("torch_trace.log")).withWarmLog(none.resolve("warm_torch_trace.log")))))).doesNotContain("why: ");
    }

    @Test
    void withoutAWarmStartTheWarmFiguresAreNullAndNamed() {
        Receipt receipt = Receipt.of(Traces.read(Fixtures.PRINT_BRIDGE));
        JsonNode cold = ReceiptJson.tree(receipt).get("runs").get("baseline").get("cold_start");
        // print-bridge's warmup is one call, b03, of 2793.634 ms... in its trace.json, the same figure as cold_ms
        assertThat(cold.get("empty_caches_ms").asDouble()).isEqualTo(receipt.trade().orElseThrow().baselineColdMs());
        assertThat(cold.get("warm_caches_ms").isNull()).isTrue();
        assertThat(cold.get("compiles").isNull()).isTrue();
        assertThat(cold.get("cache").isNull()).isTrue();
        assertThat(cold.get("key_changes").isNull()).isTrue();
        assertThat(receipt.limits().notMeasured()).contains("warm_start");
        assertThat(ReceiptJson.tree(receipt).get("comparison").get("warm_caches").isNull()).isTrue();
    }

    @Test
    void aCaptureAndItsTwoLogsGiveTheSameColdStartOnBothReleases() {
        for (String release : List.of("2.6", "2.14")) {
            for (String scenario : List.of("print-bridge", "int-spec")) {
                Path dir = Fixtures.path("warm-start/" + release + "-" + scenario);
                JsonNode fromTrace = ReceiptJson.tree(Receipt.of(Traces.read(dir.resolve("trace.json"))));
                JsonNode fromLogs = ReceiptJson.tree(Receipt.of(Traces.read(TraceRequest.of(dir.resolve("torch_trace.log")).withWarmLog(dir.resolve("warm_torch_trace.log")))));
                for (String run : List.of("baseline", "candidate")) {
                    // The logs list the keys as well: every lookup hit, no key changed; a compile-trace/1 trace lists none.
                    com.fasterxml.jackson.databind.node.ObjectNode logs =
                            ((com.fasterxml.jackson.databind.node.ObjectNode) fromLogs.get("runs").get(run).get("cold_start")).deepCopy();
                    assertThat(logs.remove("key_changes").toString()).isEqualTo("[]");
                    assertThat(fromTrace.get("runs").get(run).get("cold_start").get("key_changes").isNull()).isTrue();
                    logs.putNull("key_changes");
                    assertThat(logs).as(dir + " " + run).isEqualTo(fromTrace.get("runs").get(run).get("cold_start"));
                }
                assertThat(fromLogs.get("comparison").get("warm_caches")).isEqualTo(fromTrace.get("comparison").get("warm_caches"));
            }
        }
    }

    @Test
    void theRealWarmStartsHitTheFxGraphCacheAndCostLessThanTheColdOnes() {
        // print-bridge on 2.6: the warmup compiles 0/0 and its resume 1/0, each an fx_graph_cache_hit in the warm log;
        // 2.6 writes no AOTAutograd outcome with its cache off (the default), so that is null and named, not 0
        Receipt twoSix = Receipt.of(Traces.read(Fixtures.path("warm-start/2.6-print-bridge")));
        ColdStart cold = twoSix.run("baseline").coldStart();
        assertThat(cold.emptyCachesMs()).hasValue(4503.1321);
        assertThat(cold.warmCachesMs()).hasValue(1701.7881);
        assertThat(cold.compileCaches()).extracting(ColdStart.CompileCache::graph).containsExactly("0/0", "1/0");
        assertThat(cold.fxGraph()).contains(new CompileLog.CacheCounts(2, 0, 0));
        assertThat(cold.aotAutograd()).isEmpty();
        assertThat(twoSix.limits().notMeasured()).contains("aotautograd_cache").doesNotContain("warm_start", "fx_graph_cache");
        // 2.14 writes both caches' outcomes: 0/0 and 1/0 hit both in the warm process
        ColdStart twoFourteen = Receipt.of(Traces.read(Fixtures.path("warm-start/2.14-print-bridge"))).run("baseline").coldStart();
        assertThat(twoFourteen.emptyCachesMs()).hasValue(5412.7656);
        assertThat(twoFourteen.warmCachesMs()).hasValue(2175.6354);
        assertThat(twoFourteen.aotAutograd()).contains(new CompileLog.CacheCounts(2, 0, 0));
        assertThat(twoFourteen.coldCompiles()).isEmpty();
    }

    @Test
    void twoSixWithItsAotAutogradCacheOnSaysItsOutcomesInChromiumEventsOnly() {
        // TORCHINDUCTOR_AUTOGRAD_CACHE=1 on 2.6: no aotautograd_cache_* artifact, one autograd_cache_* chromium event a compile
        Path dir = Fixtures.path("warm-start/2.6-aotcache-print-bridge");
        Trace trace = Traces.read(dir);
        assertThat(trace.measured(Measure.AOTAUTOGRAD_CACHE)).isTrue();
        CompileLog coldLog = trace.run("baseline").orElseThrow().compileLog().orElseThrow();
        assertThat(coldLog.artifactCache().aotAutograd()).isEqualTo(new CompileLog.CacheCounts(0, 4, 0));
        assertThat(coldLog.compileTimes()).allSatisfy(time -> assertThat(time.cache().missed()).containsExactly("fx_graph", "aotautograd"));
        ColdStart cold = Receipt.of(trace).run("baseline").coldStart();
        assertThat(cold.aotAutograd()).contains(new CompileLog.CacheCounts(2, 0, 0));
        assertThat(cold.fxGraph()).contains(new CompileLog.CacheCounts(2, 0, 0));
        assertThat(cold.emptyCachesMs()).hasValue(5984.4444);
        assertThat(cold.warmCachesMs()).hasValue(2579.8515);
    }

    @Test
    void eachCompileOfTheLogSaysWhetherItStartedWarm() {
        JsonNode times = ReceiptJson.tree(Receipt.of(Traces.read(Fixtures.path("warm-start/2.14-print-bridge/warm_torch_trace.log"))))
                .get("runs").get("baseline").get("compile_log").get("compile_times");
        assertThat(times.get(0).get("graph").asText()).isEqualTo("0/0");
        assertThat(times.get(0).get("artifact_cache").toString()).isEqualTo("{\"aotautograd\":\"hit\",\"fx_graph\":\"hit\"}");
        assertThat(times.get(0).get("warm").asBoolean()).isTrue();
        JsonNode coldTimes = ReceiptJson.tree(Receipt.of(Traces.read(Fixtures.path("warm-start/2.6-print-bridge/torch_trace.log"))))
                .get("runs").get("baseline").get("compile_log").get("compile_times");
        assertThat(coldTimes.get(0).get("artifact_cache").toString()).isEqualTo("{\"aotautograd\":null,\"fx_graph\":\"miss\"}");
        assertThat(coldTimes.get(0).get("missed_caches").toString()).isEqualTo("[\"fx_graph\"]");
        assertThat(coldTimes.get(0).get("warm").asBoolean()).isFalse();
    }

    @Test
    void aWarmLogWithoutMarkersGivesCompilesAndCachesAndNoWallTime() throws IOException {
        Path bare = temp.resolve("bare_warm.log");
        // the marker records and their payload lines left out
        List<String> lines = new java.util.ArrayList<>();
        boolean marker = false;
        for (String line : Files.readAllLines(Fixtures.path("warm-start/2.14-print-bridge/warm_torch_trace.log"))) {
            marker = line.startsWith("\t") ? marker : line.contains("\"compile_receipt_call\"");
            if (!marker) {
                lines.add(line);
            }
        }
        Files.write(bare, lines);
        Trace trace = Traces.read(TraceRequest.of(Fixtures.path("warm-start/2.14-print-bridge/torch_trace.log")).withWarmLog(bare));
        // a log without markers is one baseline run: the candidate finds no warm start, so warm_start stays named
        assertThat(trace.notMeasured()).contains(Measure.WARM_START_WALL_MS, Measure.WARM_START);
        ColdStart cold = Receipt.of(trace).run("baseline").coldStart();
        // without markers the warm log is one baseline run holding every compile of the warm process, which ran the
        // eager and warmup calls of both runs: the baseline's 0/0 and 1/0, the candidate's 0/0, each an FX graph cache hit
        assertThat(cold.warmCachesMs()).isEmpty();
        assertThat(cold.compiles()).hasValue(3);
        assertThat(cold.fxGraph()).contains(new CompileLog.CacheCounts(3, 0, 0));
        assertThat(Receipt.of(trace).run("candidate").coldStart().hasWarmStart()).isFalse();
    }

    @Test
    void theSummaryGivesTheColdStartOfEachRunAndTheWarmTradeUnderTheTrade() {
        String summary = dev.compilereceipt.view.text.ReceiptSummary.render(Receipt.of(Traces.read(HAND)));
        assertThat(summary).contains("\n  cold start: empty caches 1600.75 ms, warm caches 200.75 ms (2 compiles; fx_graph hit 2,"
                        + " miss 0, bypass 0; aotautograd hit 1, miss 1, bypass 0; cold: 0/0 missed aotautograd)\n")
                .contains("\n  trade: the candidate costs 103.25 ms more cold and saves 0.5 ms per steady call: it pays back after"
                        + " 207 calls\n  warm start: the candidate costs 2.25 ms more to start with warm caches (200.75 → 203 ms):"
                        + " it pays back after 5 calls\n");
        assertThat(dev.compilereceipt.view.text.ReceiptSummary.render(Receipt.of(Traces.read(Fixtures.PRINT_BRIDGE))))
                .contains("\n  cold start: empty caches 2793.634 ms, warm caches n/m (no warm start)\n")
                .contains("\n  warm start: n/m (no warm start of both runs)\n");
    }

    @Test
    void eachCompileIsABarOfItsStagesOnTheReceiptsOneScaleWithItsCacheOutcome() {
        // 2.14's 0/0 (4121.808 ms) is the longest compile: 40 characters. Its stages end at 198.978, 850.95, 931.219 and
        // 4121.808 ms: at 1.93, 8.26, 9.04 and 40 characters, rounded 2, 8, 9, 40: D 2, A 6, I 1, C 31
        String summary = dev.compilereceipt.view.text.ReceiptSummary.render(Receipt.of(Traces.read(Fixtures.path("warm-start/2.14-print-bridge"))));
        assertThat(summary).contains("\n      0/0  DD" + "A".repeat(6) + "I" + "C".repeat(31)
                + "  4121.808 ms  fx_graph miss, aotautograd miss: cold\n");
        Trace pair = Traces.read(Fixtures.path("warm-start/2.14-print-bridge"));
        String html = dev.compilereceipt.view.html.ReceiptHtml.render(pair, Receipt.of(pair));
        assertThat(html).contains("data-field=\"compile_stages\" data-graph=\"0/0\" data-warm=\"false\"")
                .contains("<span class=\"stage-dynamo\" data-stage=\"dynamo\" title=\"dynamo 198.978 ms\" style=\"width: 4.827%\"></span>")
                .contains("<p class=\"cold-start\" data-run=\"baseline\" data-warm-caches-ms=\"2175.6354\">");
    }

    @Test
    void refusesAWarmStartThatBreaksARuleWithItsPointer() throws IOException {
        refused(warm -> ((ObjectNode) calls(warm).get(1)).put("phase", "steady"), "/runs/0/warm_start/calls/1/phase",
                "a warm start holds the fresh process's eager and warmup calls only, found phase steady");
        refused(warm -> ((ObjectNode) warm).put("label", "x"), "/runs/0/warm_start/label",
                "unknown key \"label\" (allowed here: calls); a typo must never silently change a receipt");
        refused(warm -> calls(warm).remove(2).toString().concat(calls(warm).remove(1).toString()), "/runs/0/warm_start/calls", "a warm start needs at least 1 warmup call: its"
                + " warmup wall total is what a worker with warm caches pays to start");
        refused(warm -> cache(warm).put("fx_graph", "warm"), "/runs/0/warm_start/calls/1/events/0/artifact_cache/fx_graph",
                "fx_graph must be \"hit\", \"miss\" or \"bypass\", found \"warm\"");
        refused(warm -> cache(warm).put("triton", "hit"), "/runs/0/warm_start/calls/1/events/0/artifact_cache/triton",
                "unknown key \"triton\" (allowed here: aotautograd, fx_graph); a typo must never silently change a receipt");
        refused(warm -> ((ObjectNode) calls(warm).get(2)).put("wall_ms", -1), "/runs/0/warm_start/calls/2/wall_ms",
                "wall_ms must be ≥ 0, found -1");
    }

    @Test
    void refusesArtifactCacheOnARegionThatReusedAVariant() throws IOException {
        ObjectNode root = (ObjectNode) JSON.readTree(HAND.toFile());
        ObjectNode hit = (ObjectNode) root.at("/runs/0/calls/3/events/0");
        hit.putObject("artifact_cache").put("fx_graph", "hit");
        TraceRefusedException refused = refusal(root);
        assertThat(refused.pointer()).isEqualTo("/runs/0/calls/3/events/0/artifact_cache");
        assertThat(refused.rule()).isEqualTo("artifact_cache is only allowed with cache \"compile\": a region that reused a"
                + " variant looked up no on-disk cache");
    }

    @Test
    void aWarmStartIsBoundByTheCallLimitOfARun() throws IOException {
        ObjectNode root = (ObjectNode) JSON.readTree(HAND.toFile());
        ArrayNode calls = (ArrayNode) root.at("/runs/0/warm_start/calls");
        for (int i = 3; i < 65; i++) {
            calls.add(((ObjectNode) calls.get(2).deepCopy()).put("id", "w" + i));
        }
        TraceRefusedException refused = refusal(root);
        assertThat(refused.pointer()).isEqualTo("/runs/0/warm_start/calls");
        assertThat(refused.rule()).startsWith("the run has 65 calls, over the limit of 64 calls per run");
    }

    private static ArrayNode calls(JsonNode warm) {
        return (ArrayNode) warm.get("calls");
    }

    private static ObjectNode cache(JsonNode warm) {
        return (ObjectNode) warm.at("/calls/1/events/0/artifact_cache");
    }

    private void refused(Consumer<JsonNode> breakIt, String pointer, String rule) throws IOException {
        ObjectNode root = (ObjectNode) JSON.readTree(HAND.toFile());
        breakIt.accept(root.at("/runs/0/warm_start"));
        TraceRefusedException refused = refusal(root);
        assertThat(refused.pointer()).isEqualTo(pointer);
        assertThat(refused.rule()).isEqualTo(rule);
        assertThat(refused.getMessage()).startsWith(temp.resolve("broken.json") + ": " + pointer + " (line ");
    }

    private TraceRefusedException refusal(ObjectNode root) throws IOException {
        Path file = temp.resolve("broken.json");
        Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root));
        TraceRefusedException refused = catchThrowableOfType(TraceRefusedException.class, () -> Traces.read(file));
        assertThat(refused).isNotNull();
        return refused;
    }
}
