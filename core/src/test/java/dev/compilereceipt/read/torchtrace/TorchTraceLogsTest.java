package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.ReceiptExport;
import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.TraceRequest;
import dev.compilereceipt.Traces;
import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Trace;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TORCH_TRACE logs without markers (pytorch/tlparse's test inputs), hand-made logs with bad
 * records, TORCH_TRACE folders and the refusals. Expected values are read from the logs by hand;
 * line numbers are those of the envelope lines.
 */
class TorchTraceLogsTest {

    private static final String PREFIX = "V1129 07:59:13.414000 21527 torch/_dynamo/utils.py:1318] ";

    @TempDir
    Path tmp;

    private static CompileLog baselineLog(Trace trace) {
        return trace.run("baseline").orElseThrow().compileLog().orElseThrow();
    }

    @Test
    void aRestartOfTheAnalysisIsNotAGraphBreak() {
        // 2.6, time.time() at scenarios.py:159: compile 0/0 breaks there (its one dynamo_graph_break_reason);
        // the resume frame's compile 1/1 restarts with the bare "<class '...TensorifyScalarRestartAnalysis'>".
        CompileLog log = Traces.read(Fixtures.path("break-kinds/2.6-time-builtin/torch_trace.log")).runs().get(0)
                .compileLog().orElseThrow();
        assertThat(log.compiles()).containsExactly("0/0", "1/0", "1/1", "1/2");
        assertThat(log.breakSites()).extracting(CompileLog.Site::site, CompileLog.Site::compiles)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("scenarios.py:159", 1));
    }

    @Test
    void olderLogFindsBreakSitesThroughResumeFrames() {
        Trace trace = Traces.read(Fixtures.path("tlparse/comp_metrics.log"));
        CompileLog log = baselineLog(trace);
        // compilation_metrics at lines 31 (0/0, attempt 1, co_name fn), 48 (1/0, torch_dynamo_resume_in_fn_at_9551)
        // and 65 (2/0, torch_dynamo_resume_in_fn_at_9553); no has_guarded_code field, fail_type null: all made a variant.
        assertThat(log.compiles()).containsExactly("0/0", "1/0", "2/0");
        assertThat(log.recompiles()).isEmpty();
        assertThat(log.fallbacks()).isEmpty();
        // 0/0 and 1/0 each have one restart reason; the resume frames that follow name the lines 9551 and 9553.
        String file = "/data/users/jjwu/a/pytorch/test/dynamo/test_misc.py";
        String reason = "'skip function graph_break in file /data/users/jjwu/a/pytorch/torch/_dynamo/decorators.py'";
        assertThat(log.breakSites()).containsExactly(
                new CompileLog.Site(file + ":9551", reason, 1), new CompileLog.Site(file + ":9553", reason, 1));
        // 0.012439489364624023 + 0.0071980953216552734 + 0.003393888473510742 s = 23.03147... ms, rounded to 4 decimals.
        assertThat(log.compileMs()).hasValue(23.0315);
        assertThat(trace.badLines()).hasValue(List.of());
        assertThat(trace.run("baseline").orElseThrow().calls()).isEmpty();
        assertThat(trace.notMeasured()).containsExactlyInAnyOrder(Measure.CALLS, Measure.WALL_MS, Measure.REGION_MS,
                Measure.EAGER_ISLAND_MS, Measure.CACHE_HITS, Measure.BREAKS, Measure.SITE_CROSSINGS, Measure.WARM_START,
                Measure.WARM_START_WALL_MS, Measure.FX_GRAPH_CACHE, Measure.AOTAUTOGRAD_CACHE, Measure.OUTPUT_CHECKS,
                Measure.PHASE_STAGES);
        assertThat(trace.bounds()).isEmpty();
    }

    @Test
    void cacheHitsAndMissesAcrossResets() {
        CompileLog log = baselineLog(Traces.read(Fixtures.path("tlparse/cache_hit_miss.log")));
        // Three rounds of 0/0 then 1/0 (metrics at lines 295, 2629, 2946, 4896, 5210, 7508): ids restart after each reset.
        assertThat(log.compiles()).containsExactly("0/0", "1/0", "0/0", "1/0", "0/0", "1/0");
        assertThat(log.graphs()).containsExactly("0/0", "1/0");
        assertThat(log.recompiles()).isEmpty();
        // fx_graph_cache_miss at 2015 and 6894, fx_graph_cache_hit at 4281; aotautograd_cache_bypass at 2373, 4640, 7252.
        assertThat(log.artifactCache()).isEqualTo(new CompileLog.ArtifactCache(
                new CompileLog.CacheCounts(1, 2, 0), new CompileLog.CacheCounts(0, 0, 3)));
        // dynamo_cumulative_compile_time_us (no entire_frame_compile_time_s in this log):
        // 142473 + 4298670 + 88329 + 242984 + 86006 + 3438591 us = 8297.053 ms.
        assertThat(log.compileMs()).hasValue(8297.053);
    }

    @Test
    void backendFailureIsAFallback() {
        CompileLog log = baselineLog(Traces.read(Fixtures.path("tlparse/comp_failure.log")));
        // Line 145: has_guarded_code false, fail_type BackendCompilerFailed, dynamo_cumulative_compile_time_us 157247.
        assertThat(log.compiles()).isEmpty();
        assertThat(log.fallbacks()).containsExactly("0/0");
        assertThat(log.fallbackGraphs()).containsExactly("0/0");
        assertThat(log.compileMs()).hasValue(157.247);
        Receipt receipt = Receipt.of(Traces.read(Fixtures.path("tlparse/comp_failure.log")));
        assertThat(receipt.run("baseline").hasPhases()).isFalse();
        assertThat(receipt.run("baseline").graphs()).containsExactly(new GraphId(0, 0));
        assertThat(ReceiptExport.canonicalJson(receipt)).contains("\"phases\":null");
    }

    @Test
    void recompileStormWithCrlfLineEnds() {
        Trace trace = Traces.read(Fixtures.path("tlparse/recompile_storm_rank_1.log"));
        CompileLog log = baselineLog(trace);
        // The file has CRLF line ends; with the CR dropped every has_payload MD5 matches.
        assertThat(trace.badLines()).hasValue(List.of());
        List<String> ids = java.util.stream.IntStream.range(0, 15).mapToObj(v -> "0/" + v).toList();
        assertThat(log.compiles()).isEqualTo(ids);
        assertThat(log.recompiles()).isEqualTo(ids.subList(1, 15));
        // 0/V lists V guard failures: 1 + 2 + ... + 14 = 105.
        assertThat(log.recompileReasons()).hasSize(105);
        assertThat(log.recompileReasons().get(0)).isEqualTo(
                new CompileLog.RecompileReason("0/1", "0/0: tensor 'x' size mismatch at index 0. expected 2, actual 3"));
        // 0/0 .. 0/9 hit both on-disk caches, 0/10 .. 0/14 missed both.
        assertThat(log.artifactCache()).isEqualTo(new CompileLog.ArtifactCache(
                new CompileLog.CacheCounts(10, 5, 0), new CompileLog.CacheCounts(10, 5, 0)));
        // Sum of the 15 entire_frame_compile_time_s values (1.334062 + 0.016248 + ... + 0.370803 s) = 4573.422 ms.
        assertThat(log.compileMs()).hasValue(4573.422);
    }

    @Test
    void corruptedChromiumEventIsReportedNotFatal() {
        Trace trace = Traces.read(Fixtures.path("tlparse/simple_corrupted_json.log"));
        // Line 13: a chromium_event whose payload lacks the closing brace of "args" (and so its MD5 differs too).
        assertThat(trace.badLines()).hasValue(List.of(13L));
        CompileLog log = baselineLog(trace);
        assertThat(log.compiles()).containsExactly("0/0");
        assertThat(log.compileMs()).hasValue(1659.332);
        assertThat(log.artifactCache().fxGraph()).isEqualTo(new CompileLog.CacheCounts(0, 1, 0));
        assertThat(ReceiptExport.canonicalJson(Receipt.of(trace))).contains("\"bad_lines\":[13]");
    }

    @Test
    void badRecordsAreSkippedAndListed() throws IOException {
        String payload = "{\"key\": \"k\"}";
        String cut = "{\n\"name\": ";
        Path file = write("bad.log",
                PREFIX + "{\"dynamo_start\": {\"stack\": []}, \"frame_id\": 0, \"frame_compile_id\": 0, \"attempt\": 0}",
                PREFIX + "{\"artifact\": {\"name\": \"fx_graph_cache_miss\", \"encoding\": \"json\"}, \"frame_id\": 0,"
                        + " \"frame_compile_id\": 0, \"attempt\": 0, \"has_payload\": \"" + md5("something else") + "\"}",
                "\t" + payload,
                PREFIX + "{\"chromium_event\": {}, \"has_payload\": \"" + md5(cut) + "\"}",
                "\t{",
                "\t\"name\": ",
                PREFIX + "{\"compilation_metrics\": {\"has_guarded_code\": tru",
                "this line is neither a record nor a payload line",
                PREFIX + "{\"artifact\": {\"name\": \"aotautograd_cache_hit\", \"encoding\": \"json\"}, \"frame_id\": 0,"
                        + " \"frame_compile_id\": 0, \"attempt\": 0, \"has_payload\": \"" + md5(payload) + "\"}",
                "\t" + payload,
                PREFIX + "{\"compilation_metrics\": {\"has_guarded_code\": true, \"cache_size\": 0,"
                        + " \"entire_frame_compile_time_s\": 0.5, \"restart_reasons\": []}, \"frame_id\": 0,"
                        + " \"frame_compile_id\": 0, \"attempt\": 0}");
        Trace trace = Traces.read(file);
        // 2: MD5 mismatch; 4: MD5 right but the JSON is cut short; 7: envelope not JSON; 8: no glog prefix.
        assertThat(trace.badLines()).hasValue(List.of(2L, 4L, 7L, 8L));
        CompileLog log = baselineLog(trace);
        assertThat(log.compiles()).containsExactly("0/0");
        assertThat(log.compileMs()).hasValue(500.0);
        // The skipped fx_graph_cache_miss is not counted; the good aotautograd_cache_hit at line 9 is.
        assertThat(log.artifactCache()).isEqualTo(new CompileLog.ArtifactCache(
                CompileLog.CacheCounts.NONE, new CompileLog.CacheCounts(1, 0, 0)));
    }

    @Test
    void aFileThatIsNoLogIsRefused() throws IOException {
        Path file = write("notes.log", "hello world", "V1129 not a log either");
        assertThatThrownBy(() -> Traces.read(file)).isInstanceOf(TraceRefusedException.class).hasMessage(file
                + ": (document) (line 1): neither a compile-trace/1 JSON object (it does not start with '{') nor a TORCH_TRACE"
                + " log (line 1 does not start with a glog prefix and a JSON envelope, like"
                + " V1129 07:59:13.414000 21527 file.py:40] {...})");
    }

    @Test
    void anOverlongLineIsRefused() {
        String log = PREFIX + "{\"str\": [\"a\", 0]}\n" + PREFIX + "{\"str\": [\"" + "x".repeat(2000) + "\", 1]}\n";
        Path file = Path.of("long.log");
        assertThatThrownBy(() -> TorchTraceReader.read(file, new ByteArrayInputStream(log.getBytes(StandardCharsets.UTF_8)),
                Limits.DEFAULT, 1024)).isInstanceOf(Refusal.class).hasMessage("long.log: (document) (line 2):"
                + " line 2 is longer than 1024 bytes, the longest line this reader takes; TORCH_TRACE writes large payloads"
                + " as many tab-indented lines, so a line this long is not a record");
    }

    @Test
    void markedLogsKeepTheCallLimit() {
        Path file = Fixtures.path("print-bridge/torch_trace.log");
        // b14's start marker (line 5714) would be the 15th call of baseline.
        assertThatThrownBy(() -> Traces.read(TraceRequest.of(file).withLimits(Limits.DEFAULT.withMaxCalls(14)))).hasMessage(file
                + ": (document) (line 5714): run baseline has more than 14 calls, over the limit of calls per run"
                + " (raise it with Limits.withMaxCalls, the CLI's --max-calls or @TraceFixture(maxCalls = ...))");
        // b03 (end marker at line 2831) has region 0/0, the break, region 1/0: 3 events.
        assertThatThrownBy(() -> Traces.read(TraceRequest.of(file).withLimits(Limits.DEFAULT.withMaxEventsPerCall(2)))).hasMessage(file
                + ": (document) (line 2831): call b03 has 3 events, over the limit of 2 events per call"
                + " (raise it with Limits.withMaxEventsPerCall, the CLI's --max-events or @TraceFixture(maxEvents = ...))");
    }

    @Test
    void anEndMarkerWithoutItsStartIsRefused() throws IOException {
        String marker = "{\"edge\": \"end\", \"id\": \"b00\", \"phase\": \"eager\", \"run\": \"baseline\", \"wall_ms\": 0.3}";
        Path file = write("marker.log",
                PREFIX + "{\"artifact\": {\"name\": \"compile_receipt_call\", \"encoding\": \"json\"}, \"has_payload\": \""
                        + md5(marker) + "\"}",
                "\t" + marker);
        assertThatThrownBy(() -> Traces.read(file)).hasMessage(file
                + ": (document) (line 1): end marker of call b00 without its start marker");
    }

    @Test
    void aBreakKnownOnlyFromRestartReasonsInAMarkedCallGetsItsSite() throws IOException {
        String start = "{\"edge\": \"start\", \"id\": \"b00\", \"phase\": \"warmup\", \"run\": \"baseline\"}";
        String end = "{\"edge\": \"end\", \"id\": \"b00\", \"phase\": \"warmup\", \"run\": \"baseline\", \"wall_ms\": 3.5}";
        String marker = "{\"artifact\": {\"name\": \"compile_receipt_call\", \"encoding\": \"json\"}, \"has_payload\": \"";
        Path file = write("restart.log",
                PREFIX + marker + md5(start) + "\"}", "\t" + start,
                PREFIX + "{\"compilation_metrics\": {\"co_name\": \"fn\", \"co_filename\": \"/x/m.py\", \"fail_type\": null,"
                        + " \"entire_frame_compile_time_s\": 0.25, \"restart_reasons\": [\"'skip function graph_break'\"]},"
                        + " \"frame_id\": 0, \"frame_compile_id\": 0, \"attempt\": 0}",
                PREFIX + marker + md5(end) + "\"}", "\t" + end);
        // No resume frame follows, so the end marker settles the break at line 0 of the frame's file (it was
        // once turned into an event before that, with a null site: found by fuzzing).
        Call call = Traces.read(file).run("baseline").orElseThrow().calls().get(0);
        assertThat(call.events()).containsExactly(
                new Event.Region(new GraphId(0, 0), Event.Cache.COMPILE, 0, 250.0, List.of()),
                new Event.Break("/x/m.py:0", "'skip function graph_break'", 0));
    }

    @Test
    void aCompileTimeThatIsNoTimeIsABadLine() throws IOException {
        String ids = ", \"frame_id\": 0, \"frame_compile_id\": 0, \"attempt\": 0}";
        Path file = write("times.log",
                PREFIX + "{\"compilation_metrics\": {\"has_guarded_code\": true, \"entire_frame_compile_time_s\": 1e+600}" + ids,
                PREFIX + "{\"compilation_metrics\": {\"has_guarded_code\": true, \"entire_frame_compile_time_s\": 1e+300}" + ids,
                PREFIX + "{\"compilation_metrics\": {\"has_guarded_code\": true, \"dynamo_cumulative_compile_time_us\": -5}" + ids,
                PREFIX + "{\"compilation_metrics\": {\"has_guarded_code\": true, \"dynamo_cumulative_compile_time_us\": 1e100000063501}" + ids,
                PREFIX + "{\"compilation_metrics\": {\"has_guarded_code\": true, \"entire_frame_compile_time_s\": 1e9}" + ids,
                PREFIX + "{\"compilation_metrics\": {\"has_guarded_code\": true, \"entire_frame_compile_time_s\": 0.5}" + ids);
        // 1e600 s is infinite as a double (it crashed the rounding: found by fuzzing), 1e303 ms is over 1e12 ms and
        // would overflow a sum, -5 us is negative, 1e100000063501 has an exponent no BigDecimal holds (it escaped as a
        // NumberFormatException: found by fuzzing); 1e9 s = 1e12 ms is the largest time taken. 1e12 + 500 ms.
        Trace trace = Traces.read(file);
        assertThat(trace.badLines()).hasValue(List.of(1L, 2L, 3L, 4L));
        assertThat(baselineLog(trace).compileMs()).hasValue(1_000_000_000_500.0);
    }

    @Test
    void aJsonPayloadOrEnvelopeThatIsNotUtf8IsABadLine() throws IOException {
        byte[] latin1 = "{\"name\": \"caf\u00e9\"}".getBytes(StandardCharsets.ISO_8859_1);
        byte[] utf8 = "{\"name\": \"caf\u00e9\"}".getBytes(StandardCharsets.UTF_8);
        // Over the 64 KiB block, so checked as it streams past; the byte that is not UTF-8 comes last.
        byte[] longOne = ("[\"" + "x".repeat(70_000) + "\u00ff\"]").getBytes(StandardCharsets.ISO_8859_1);
        Path file = tmp.resolve("latin1.log");
        try (var out = Files.newOutputStream(file)) {
            out.write((PREFIX + "{\"dynamo_start\": {}, \"frame_id\": 0, \"frame_compile_id\": 0, \"attempt\": 0}\n")
                    .getBytes(StandardCharsets.UTF_8));
            out.write((PREFIX + "{\"chromium_event\": {}, \"has_payload\": \"" + md5(latin1) + "\"}\n\t")
                    .getBytes(StandardCharsets.UTF_8));
            out.write(latin1);
            out.write(("\n" + PREFIX + "{\"str\": \"caf\u00e9\"}\n").getBytes(StandardCharsets.ISO_8859_1));
            out.write((PREFIX + "{\"artifact\": {\"name\": \"x\", \"encoding\": \"json\"}, \"has_payload\": \""
                    + md5(longOne) + "\"}\n\t").getBytes(StandardCharsets.UTF_8));
            out.write(longOne);
            out.write(("\n" + PREFIX + "{\"chromium_event\": {}, \"has_payload\": \"" + md5(utf8) + "\"}\n\t")
                    .getBytes(StandardCharsets.UTF_8));
            out.write(utf8);
            out.write(("\n" + PREFIX + "{\"compilation_metrics\": {\"has_guarded_code\": true, \"cache_size\": 0,"
                    + " \"entire_frame_compile_time_s\": 0.5}, \"frame_id\": 0, \"frame_compile_id\": 0, \"attempt\": 0}\n")
                    .getBytes(StandardCharsets.UTF_8));
        }
        Trace trace = Traces.read(file);
        // 2: a chromium_event payload in Latin-1, its MD5 right; 4: an envelope in Latin-1; 5: a JSON artifact whose
        // 70 KB payload ends in a byte that is not UTF-8. Line 7, the payload of line 2 in UTF-8, is read.
        assertThat(trace.badLines()).hasValue(List.of(2L, 4L, 5L));
        assertThat(baselineLog(trace).compiles()).containsExactly("0/0");
        assertThat(baselineLog(trace).compileMs()).hasValue(500.0);
    }

    @Test
    void aRecompileReasonsPayloadThatIsNotJsonIsABadLine() throws IOException {
        // No has_payload to check and "encoding": "string", so only reading the guards finds the list cut short.
        Path file = write("reasons.log",
                PREFIX + "{\"dynamo_start\": {}, \"frame_id\": 0, \"frame_compile_id\": 1, \"attempt\": 0}",
                PREFIX + "{\"artifact\": {\"name\": \"recompile_reasons\", \"encoding\": \"string\"}, \"frame_id\": 0,"
                        + " \"frame_compile_id\": 1, \"attempt\": 0}",
                "\t[\"tensor 'x' size mismatch\",");
        Trace trace = Traces.read(file);
        assertThat(trace.badLines()).hasValue(List.of(2L));
        assertThat(baselineLog(trace).recompileReasons()).isEmpty();
    }

    @Test
    void aLoneSurrogateInAGuardMakesItsRecordABadLineNotAQuestionMark() throws IOException {
        // Java writes \ud800 as "?" in UTF-8: read as text, the two logs below would share one trace_sha256.
        Trace lone = Traces.read(reasons("lone", "[\"L['x'] == \\ud800\"]"));
        Trace question = Traces.read(reasons("question", "[\"L['x'] == ?\"]"));
        assertThat(lone.badLines()).hasValue(List.of(2L));
        assertThat(baselineLog(lone).recompileReasons()).isEmpty();
        assertThat(question.badLines()).hasValue(List.of());
        assertThat(baselineLog(question).recompileReasons()).extracting(CompileLog.RecompileReason::guard)
                .containsExactly("L['x'] == ?");
        assertThat(lone.sha256()).isNotEqualTo(question.sha256());
        // A pair is one character, read as such.
        assertThat(baselineLog(Traces.read(reasons("pair", "[\"L['x'] == \\ud83d\\ude00\"]"))).recompileReasons())
                .extracting(CompileLog.RecompileReason::guard).containsExactly("L['x'] == \ud83d\ude00");
    }

    @Test
    void aBreakReasonThatIsNotUtf8IsABadLineNotAReplacementCharacter() throws IOException {
        // Latin-1 "é" (0xE9) decoded leniently is U+FFFD: the log read as one that holds a literal U+FFFD.
        Trace latin1 = Traces.read(breakLog("latin1", "print(\u00e9)".getBytes(StandardCharsets.ISO_8859_1)));
        Trace replacement = Traces.read(breakLog("replacement", "print(\ufffd)".getBytes(StandardCharsets.UTF_8)));
        assertThat(latin1.badLines()).hasValue(List.of(2L));
        assertThat(baselineLog(latin1).breakSites()).isEmpty();
        assertThat(replacement.badLines()).hasValue(List.of());
        assertThat(baselineLog(replacement).breakSites()).extracting(CompileLog.Site::reason)
                .containsExactly("Unsupported: print(\ufffd)");
        assertThat(latin1.sha256()).isNotEqualTo(replacement.sha256());
    }

    /** A log of one compile that breaks with reason "Unsupported: " and {@code reason}, its MD5 right, in a folder of its own. */
    private Path breakLog(String folder, byte[] reason) throws IOException {
        java.io.ByteArrayOutputStream text = new java.io.ByteArrayOutputStream();
        text.writeBytes("Graph break in user code at /x/m.py:3\nReason: Unsupported: ".getBytes(StandardCharsets.UTF_8));
        text.writeBytes(reason);
        byte[] payload = text.toByteArray();
        java.io.ByteArrayOutputStream log = new java.io.ByteArrayOutputStream();
        log.writeBytes((PREFIX + "{\"dynamo_start\": {}, \"frame_id\": 0, \"frame_compile_id\": 0, \"attempt\": 0}\n"
                + PREFIX + "{\"artifact\": {\"name\": \"dynamo_graph_break_reason\", \"encoding\": \"string\"}, \"frame_id\": 0,"
                + " \"frame_compile_id\": 0, \"attempt\": 0, \"has_payload\": \"" + md5(payload) + "\"}\n\t")
                .getBytes(StandardCharsets.UTF_8));
        for (byte b : payload) {
            log.write(b);
            if (b == '\n') {
                log.write('\t');
            }
        }
        log.writeBytes(("\n" + PREFIX + "{\"compilation_metrics\": {\"has_guarded_code\": true}, \"frame_id\": 0,"
                + " \"frame_compile_id\": 0, \"attempt\": 0}\n").getBytes(StandardCharsets.UTF_8));
        Path dir = Files.createDirectories(tmp.resolve(folder));
        return Files.write(dir.resolve("break.log"), log.toByteArray());
    }

    @Test
    void aLoneSurrogateInAMarkerIsRefusedAsCompileTraceRefusesIt() throws IOException {
        String start = "{\"run\": \"baseline\", \"id\": \"w\\udc80\", \"phase\": \"warmup\", \"edge\": \"start\"}";
        Path file = write("marker.log", PREFIX + "{\"artifact\": {\"name\": \"compile_receipt_call\", \"encoding\": \"json\"},"
                + " \"has_payload\": \"" + md5(start) + "\"}", "\t" + start);
        assertThatThrownBy(() -> Traces.read(file)).isInstanceOf(TraceRefusedException.class).hasMessage(file
                + ": (document) (line 1): a compile_receipt_call marker's id: a string holds a lone surrogate \\udc80:"
                + " not Unicode text, so it has no UTF-8 form and no canonical hash");
    }

    /** A log of one recompile whose recompile_reasons payload is {@code list}, in a folder of its own (the file name is part of the hash). */
    private Path reasons(String folder, String list) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(folder));
        String lines = String.join("\n",
                PREFIX + "{\"dynamo_start\": {}, \"frame_id\": 0, \"frame_compile_id\": 1, \"attempt\": 0}",
                PREFIX + "{\"artifact\": {\"name\": \"recompile_reasons\", \"encoding\": \"json\"}, \"frame_id\": 0,"
                        + " \"frame_compile_id\": 1, \"attempt\": 0, \"has_payload\": \"" + md5(list) + "\"}",
                "\t" + list,
                PREFIX + "{\"compilation_metrics\": {\"has_guarded_code\": true}, \"frame_id\": 0, \"frame_compile_id\": 1,"
                        + " \"attempt\": 0}") + "\n";
        return Files.writeString(dir.resolve("reasons.log"), lines);
    }

    @Test
    void runsOfEmptyLinesCountEveryLine() throws IOException {
        // Runs of empty lines (LF and CRLF) pass as one; the lines after them keep their numbers.
        Path file = Files.writeString(tmp.resolve("blank-runs.log"), PREFIX + "{\"dynamo_start\": {}, \"frame_id\": 0,"
                + " \"frame_compile_id\": 0, \"attempt\": 0}\n\n\r\n\n\r\n\r\n\ngarbage\n\n\n   \n\nmore garbage\n");
        assertThat(Traces.read(file).badLines()).hasValue(List.of(8L, 13L));
    }

    @Test
    void aFolderHoldsOneLogPerRank() throws IOException {
        Path dir = Files.createDirectory(tmp.resolve("trace"));
        Files.copy(Fixtures.path("tlparse/comp_metrics.log"), dir.resolve("dedicated_log_torch_trace_rank_0_ab.log"));
        Files.copy(Fixtures.path("tlparse/comp_failure.log"), dir.resolve("dedicated_log_torch_trace_rank_1_cd.log"));
        Files.writeString(dir.resolve("notes.txt"), "not a log\n");
        assertThat(Traces.ranks(dir)).containsExactly(0, 1);
        assertThatThrownBy(() -> Traces.read(dir)).isInstanceOf(TraceRefusedException.class).hasMessage(dir
                + ": (document): the folder holds logs of ranks [0, 1]; choose one (TraceRequest.of(dir).withRank(N), the CLI's --rank or @TraceFixture(rank = N))");
        // PyTorch's own file names say nothing: the folder names the receipt, and the rank read.
        assertThat(Traces.read(TraceRequest.of(dir).withRank(1)).fixture().name()).isEqualTo("trace rank 1");
        assertThat(baselineLog(Traces.read(TraceRequest.of(dir).withRank(0))).compiles()).containsExactly("0/0", "1/0", "2/0");
        assertThat(baselineLog(Traces.read(TraceRequest.of(dir).withRank(1))).fallbacks()).containsExactly("0/0");
        assertThatThrownBy(() -> Traces.read(TraceRequest.of(dir).withRank(2))).hasMessage(dir
                + ": (document): no log for rank 2; the folder holds ranks [0, 1]");
    }

    @Test
    void aFolderWithOneLogNeedsNoRank() throws IOException {
        Path dir = Files.createDirectory(tmp.resolve("single"));
        Files.copy(Fixtures.path("tlparse/comp_failure.log"), dir.resolve("trace.log"));
        assertThat(Traces.ranks(dir)).containsExactly(0);
        assertThat(baselineLog(Traces.read(dir)).fallbacks()).containsExactly("0/0");
    }

    @Test
    void theTraceHashPinsWhatWasImported() throws IOException {
        Trace once = Traces.read(Fixtures.path("tlparse/comp_metrics.log"));
        Trace again = Traces.read(Fixtures.path("tlparse/comp_metrics.log"));
        assertThat(once.sha256()).isEqualTo(again.sha256()).hasSize(64);
        // The same records under another name and with one more bad line: a different import, a different hash.
        Path copy = tmp.resolve("comp_metrics.log");
        Files.writeString(copy, Files.readString(Fixtures.path("tlparse/comp_metrics.log")) + "garbage\n");
        Trace changed = Traces.read(copy);
        assertThat(changed.badLines()).hasValue(List.of(66L));
        assertThat(changed.sha256()).isNotEqualTo(once.sha256());
    }

    private Path write(String name, String... lines) throws IOException {
        return Files.writeString(tmp.resolve(name), String.join("\n", lines) + "\n");
    }

    private static String md5(String text) {
        return md5(text.getBytes(StandardCharsets.UTF_8));
    }

    private static String md5(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
