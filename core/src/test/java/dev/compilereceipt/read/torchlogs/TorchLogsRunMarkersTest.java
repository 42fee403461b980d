package dev.compilereceipt.read.torchlogs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.TraceRequest;
import dev.compilereceipt.Traces;
import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.ReceiptLimits;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.view.text.ReceiptSummary;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code compile_receipt_run} lines the capture helper logs through PyTorch's logging as each
 * run starts split one process's TORCH_LOGS text into its runs; a text without them is one
 * baseline run that says its runs are merged. The recompile messages are real lines of
 * {@code fixtures/torch-logs/2.14-print-bridge/torch_logs.txt}; the markers are the helper's
 * ({@code capture/src/compile_receipt_capture/structured_log.py}).
 */
class TorchLogsRunMarkersTest {

    private static final String GUARDS = "V1201 06:17:32.130000 13949 torch/_dynamo/guards.py:5619]";
    private static final String MARKER = "I1202 04:01:02.345000 13949 compile_receipt_capture/structured_log.py:107]";
    private static final String SIZE_X = "0/0: tensor 'x' size mismatch at index 0. expected 8, actual 16";
    private static final String SIZE_Y = "1/0: tensor 'y' size mismatch at index 0. expected 8, actual 16";

    @TempDir
    Path dir;

    private Path write(List<String> lines) throws IOException {
        Path file = dir.resolve("ci.log");
        Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        return file;
    }

    private static List<String> recompile(String id, String function, String guard) {
        String prefix = GUARDS + " [" + id + "] [__recompiles_verbose] ";
        return List.of(prefix + "Recompiling function " + function + " in /rtl/scenarios.py:28",
                prefix + "    triggered by the following guard failure(s):", prefix + "    guard 0 failures:", prefix + "    - " + guard);
    }

    /** A capture's text: the baseline recompiles 0/1 and 1/1, the candidate (ids again from 0/0 after the reset) 0/1. */
    private static List<String> capture(String baselineMarker, String candidateMarker) {
        List<String> lines = new ArrayList<>();
        lines.add("USDT:2026-12-01 06:17:28 13949:13949 SyncActivityProfilerHandler.cpp:39] profiler_start");
        if (baselineMarker != null) {
            lines.add(baselineMarker);
        }
        lines.addAll(recompile("0/1", "f", SIZE_X));
        lines.addAll(recompile("1/1", "torch_dynamo_resume_in_f_at_31", SIZE_Y));
        if (candidateMarker != null) {
            lines.add(candidateMarker);
        }
        lines.addAll(recompile("0/1", "f", SIZE_X));
        return lines;
    }

    private static List<String> recompiles(Trace trace, String label) {
        return trace.run(label).orElseThrow().compileLog().map(CompileLog::recompiles).orElseThrow();
    }

    @Test
    void theMarkersSplitTheTextIntoTheCapturesRuns() throws IOException {
        Trace trace = Traces.read(write(capture(MARKER + " compile_receipt_run baseline", MARKER + " compile_receipt_run candidate")));
        assertThat(trace.runs()).extracting(Run::label).containsExactly("baseline", "candidate");
        assertThat(recompiles(trace, "baseline")).containsExactly("0/1", "1/1");
        assertThat(recompiles(trace, "candidate")).containsExactly("0/1");
        assertThat(trace.runsMerged()).isFalse();
        Receipt receipt = Receipt.of(trace);
        assertThat(receipt.limits().notEstablished()).containsExactly("universal speedup", "unseen input stability",
                "backend portability", "production capacity", ReceiptLimits.SILENT_FRAME_SKIPS);
        assertThat(ReceiptSummary.render(receipt)).doesNotContain("runs merged");
    }

    @Test
    void aTextWithoutMarkersIsOneBaselineRunThatSaysItsRunsAreMerged() throws IOException {
        Trace trace = Traces.read(write(capture(null, null)));
        assertThat(trace.runs()).extracting(Run::label).containsExactly("baseline");
        assertThat(recompiles(trace, "baseline")).containsExactly("0/1", "1/1", "0/1");
        assertThat(trace.runsMerged()).isTrue();
        Receipt receipt = Receipt.of(trace);
        assertThat(receipt.limits().notEstablished()).containsExactly("universal speedup", "unseen input stability",
                "backend portability", "production capacity", ReceiptLimits.SILENT_FRAME_SKIPS,
                "runs told apart (the TORCH_LOGS text has no compile_receipt_run markers: run baseline holds every run of its"
                        + " process, a capture's baseline and candidate added up)");
        assertThat(ReceiptSummary.render(receipt)).contains("\nrun baseline\n"
                + "  runs merged: the text has no compile_receipt_run markers, so this run holds every run of its process"
                + " (a capture's baseline and candidate add up)\n"
                + "  phases: none (the source has no per-call markers)\n");
    }

    @Test
    void aMarkedTextAndAnUnmarkedOneOfTheSameMessagesHaveDifferentHashes() throws IOException {
        List<String> lines = capture(null, null);
        Trace unmarked = Traces.read(write(lines));
        lines.add(1, MARKER + " compile_receipt_run baseline");
        Trace marked = Traces.read(write(lines));
        assertThat(recompiles(marked, "baseline")).isEqualTo(recompiles(unmarked, "baseline"));
        assertThat(marked.sha256()).isNotEqualTo(unmarked.sha256());
        assertThat(Receipt.of(marked).receiptSha256()).isNotEqualTo(Receipt.of(unmarked).receiptSha256());
    }

    @Test
    void twoUnmarkedTextsCombinedAreTwoRunsToldApart() throws IOException {
        Path before = write(capture(null, null));
        Path after = Files.move(before, dir.resolve("after.log"));
        Files.writeString(dir.resolve("before.log"), String.join("\n", recompile("0/1", "f", SIZE_X)) + "\n", StandardCharsets.UTF_8);
        Trace combined = Trace.combine(Traces.read(dir.resolve("before.log")), Traces.read(after));
        assertThat(Traces.read(after).runsMerged()).isTrue();
        assertThat(combined.runsMerged()).as("each text is the run it was given as").isFalse();
        assertThat(Receipt.of(combined).limits().notEstablished()).doesNotContain(ReceiptLimits.RUNS_MERGED);
        assertThat(recompiles(combined, "candidate")).containsExactly("0/1", "1/1", "0/1");
    }

    @Test
    void bareMarkersSplitABareText() throws IOException {
        // TORCH_LOGS_FORMAT="": no prefix on any line, the marker's included.
        List<String> lines = new ArrayList<>(List.of("compile_receipt_run baseline"));
        lines.addAll(bare(recompile("0/1", "f", SIZE_X)));
        lines.add("compile_receipt_run candidate");
        lines.addAll(bare(recompile("0/1", "f", SIZE_X)));
        Trace trace = Traces.read(write(lines));
        assertThat(recompiles(trace, "baseline")).containsExactly("0/1");
        assertThat(recompiles(trace, "candidate")).containsExactly("0/1");
    }

    private static List<String> bare(List<String> prefixed) {
        return prefixed.stream().map(line -> line.substring(line.indexOf("[__recompiles_verbose] ") + "[__recompiles_verbose] ".length()))
                .toList();
    }

    @Test
    void aMarkerLineWithACompileIdOrAnArtifactTagIsOtherOutput() throws IOException {
        // Only the helper's line, outside any compile and on no artifact, is a marker; these are messages' text.
        Trace trace = Traces.read(write(capture(MARKER + " [0/0] compile_receipt_run baseline",
                MARKER + " [__graph_breaks] compile_receipt_run candidate")));
        assertThat(trace.runs()).extracting(Run::label).containsExactly("baseline");
        assertThat(recompiles(trace, "baseline")).containsExactly("0/1", "1/1", "0/1");
        assertThat(trace.runsMerged()).isTrue();
    }

    @Test
    void aMarkerOfAnotherRankStartsNoRunOfThisOne() throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("[rank0]:" + MARKER + " compile_receipt_run baseline");
        lines.add("[rank1]:" + MARKER + " compile_receipt_run baseline");
        recompile("0/1", "f", SIZE_X).forEach(line -> lines.add("[rank0]:" + line));
        lines.add("[rank1]:" + MARKER + " compile_receipt_run candidate");
        recompile("1/1", "g", SIZE_Y).forEach(line -> lines.add("[rank0]:" + line));
        Trace rank0 = Traces.read(TraceRequest.of(write(lines)).withRank(0));
        assertThat(rank0.runs()).extracting(Run::label).containsExactly("baseline");
        assertThat(recompiles(rank0, "baseline")).containsExactly("0/1", "1/1");
        assertThat(rank0.runsMerged()).isFalse();
        Trace rank1 = Traces.read(TraceRequest.of(write(lines)).withRank(1));
        assertThat(rank1.runs()).extracting(Run::label).containsExactly("baseline", "candidate");
        assertThat(recompiles(rank1, "candidate")).isEmpty();
    }

    @Test
    void aMarkerNamingNoRunOfTheContractIsRefused() throws IOException {
        Path file = write(capture(MARKER + " compile_receipt_run warmup", null));
        assertThatThrownBy(() -> Traces.read(file)).isInstanceOf(TraceRefusedException.class)
                .hasMessage(file + ": (document) (line 2): compile_receipt_run names run 'warmup': a run is baseline or candidate");
    }

    @Test
    void aRunThatStartsTwiceIsRefused() throws IOException {
        Path file = write(capture(MARKER + " compile_receipt_run baseline", MARKER + " compile_receipt_run baseline"));
        assertThatThrownBy(() -> Traces.read(file)).isInstanceOf(TraceRefusedException.class)
                .hasMessage(file + ": (document) (line 11): run baseline starts again (its compile_receipt_run line is line 2):"
                        + " a text holds each run of one capture once");
    }

    @Test
    void aCandidateBeforeItsBaselineIsRefused() throws IOException {
        Path file = write(capture(MARKER + " compile_receipt_run candidate", null));
        assertThatThrownBy(() -> Traces.read(file)).isInstanceOf(TraceRefusedException.class)
                .hasMessage(file + ": (document) (line 2): the first compile_receipt_run line names candidate:"
                        + " a capture's runs start with its baseline");
    }

    @Test
    void aMarkedTextWithoutAMessageIsACaptureThatSawNothing() throws IOException {
        // A capture whose runs neither broke nor recompiled: its text is the markers and other output.
        Trace trace = Traces.read(write(List.of("USDT:2026-12-01 06:17:28 13949:13949 SyncActivityProfilerHandler.cpp:39] profiler_start",
                MARKER + " compile_receipt_run baseline", MARKER + " compile_receipt_run candidate")));
        assertThat(trace.runs()).extracting(Run::label).containsExactly("baseline", "candidate");
        assertThat(recompiles(trace, "baseline")).isEmpty();
        assertThat(recompiles(trace, "candidate")).isEmpty();
    }

    private static Trace fixture(String folder) {
        return Fixtures.trace("torch-logs/" + folder + "/torch_logs.txt");
    }

    /**
     * The print-bridge capture made again with the markers (capture/tests/scenarios.py's print-bridge):
     * 2.6's text, L1 marks the baseline; L2 [0/0] the print break at scenarios.py:232; L8 Recompiling bridged
     * [0/1] on x's size (guard L11); L12 [0/1] the break again, details suppressed; L14 [1/1] the resume frame on
     * y's size (guard L17); L18 marks the candidate; L19 [0/1] Recompiling sin_cos on x's size (guard L22). 2.14's
     * text has the same messages in its own words: marks at L1 and L77, recompiles at L52 and L68, then L103.
     */
    @ParameterizedTest
    @ValueSource(strings = {"2.6-print-bridge-marked", "2.14-print-bridge-marked"})
    void theMarkedPrintBridgeTextGivesTheBaselineTwoRecompilesAndTheCandidateOne(String folder) {
        Trace trace = fixture(folder);
        assertThat(trace.runs()).extracting(Run::label).containsExactly("baseline", "candidate");
        assertThat(trace.runsMerged()).isFalse();
        assertThat(trace.badLines()).contains(List.of());
        String x = folder.startsWith("2.6") ? "L['x']" : "x";
        String y = folder.startsWith("2.6") ? "L['y']" : "y";
        CompileLog baseline = trace.run("baseline").orElseThrow().compileLog().orElseThrow();
        CompileLog candidate = trace.run("candidate").orElseThrow().compileLog().orElseThrow();
        assertThat(baseline.recompileReasons()).containsExactly(
                new CompileLog.RecompileReason("0/1", "0/0: tensor '" + x + "' size mismatch at index 0. expected 8, actual 16"),
                new CompileLog.RecompileReason("1/1", "1/0: tensor '" + y + "' size mismatch at index 0. expected 8, actual 16"));
        assertThat(baseline.breakSites()).extracting(CompileLog.Site::site, CompileLog.Site::compiles)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("/capture/tests/scenarios.py:232", 2));
        assertThat(candidate.recompileReasons()).containsExactly(
                new CompileLog.RecompileReason("0/1", "0/0: tensor '" + x + "' size mismatch at index 0. expected 8, actual 16"));
        assertThat(candidate.breakSites()).isEmpty();
        assertThat(Receipt.of(trace).limits().notEstablished()).doesNotContain(ReceiptLimits.RUNS_MERGED);
    }

    /** Run by run, the marked text says what the TORCH_TRACE log of the same process says (its call markers split it). */
    @ParameterizedTest
    @ValueSource(strings = {"2.6-print-bridge-marked", "2.14-print-bridge-marked"})
    void eachRunOfTheMarkedTextAgreesWithThatRunOfTheTorchTraceLog(String folder) {
        Trace text = fixture(folder);
        Trace log = Fixtures.trace("torch-logs/" + folder + "/torch_trace.log");
        assertThat(log.runs()).extracting(Run::label).containsExactly("baseline", "candidate");
        for (Run run : log.runs()) {
            CompileLog logged = run.compileLog().orElseThrow();
            CompileLog read = text.run(run.label()).orElseThrow().compileLog().orElseThrow();
            assertThat(read.recompiles()).as(run.label()).isEqualTo(logged.recompiles());
            assertThat(read.recompileReasons()).as(run.label()).isEqualTo(logged.recompileReasons());
            assertThat(read.breakSites()).extracting(CompileLog.Site::site).as(run.label())
                    .isEqualTo(logged.breakSites().stream().map(CompileLog.Site::site).toList());
        }
    }

    /** The same capture's text of 2.6 as the summary shows it: each run with its own recompiles, no merged notice. */
    @Test
    void theSummaryOfTheMarkedTextShowsEachRun() {
        assertThat(ReceiptSummary.render(Receipt.of(fixture("2.6-print-bridge-marked")))).isEqualTo("""
                receipt of 2.6-print-bridge-marked
                read from      trace torch_logs.txt
                trace_sha256   90c4f8fd22f63276bf121014630db01d3b13cccc345bb918866a399b949e927a
                receipt_sha256 8678992801fc29bed4baf8556c2c4da8fce1ac16931846fe4b8df30e4a7b4ba6

                run baseline
                  phases: none (the source has no per-call markers)
                  graphs: 0/0 0/1 1/0 1/1
                  break sites: none
                  cold start: empty caches n/m, warm caches n/m (no warm start)
                  recompile causes (2 guard failures):
                    1 recompile in `bridged` (scenarios.py:230) because `L['x'].size()[0]` (a tensor size) took a new value (16)
                      0/1  0/0: tensor 'L['x']' size mismatch at index 0. expected 8, actual 16
                      hint: torch._dynamo.mark_dynamic(x, dim) or torch.compile(dynamic=True) compiles one graph for many sizes
                    1 recompile in `torch_dynamo_resume_in_bridged_at_232` (scenarios.py:232) because `L['y'].size()[0]` (a tensor size) took a new value (16)
                      1/1  1/0: tensor 'L['y']' size mismatch at index 0. expected 8, actual 16
                  compile log:
                    compiles n/m (recompiles 2), fallbacks ≥ 0, compile ms n/m
                    compile stages: n/m
                    variants made: n/m
                    FX graphs compiled: n/m
                    breaks python-side-effect  1 site, reported by 2 compiles
                      /capture/tests/scenarios.py:232  reported by 2 compiles: Unsupported: builtin: print [<class 'torch._dynamo.variables.constant.ConstantVariable'>] True
                    recompile reasons: 2
                    on-disk caches: n/m

                run candidate
                  phases: none (the source has no per-call markers)
                  graphs: 0/0 0/1
                  break sites: none
                  cold start: empty caches n/m, warm caches n/m (no warm start)
                  recompile causes (1 guard failure):
                    1 recompile in `sin_cos` (scenarios.py:18) because `L['x'].size()[0]` (a tensor size) took a new value (16)
                      0/1  0/0: tensor 'L['x']' size mismatch at index 0. expected 8, actual 16
                      hint: torch._dynamo.mark_dynamic(x, dim) or torch.compile(dynamic=True) compiles one graph for many sizes
                  compile log:
                    compiles n/m (recompiles 1), fallbacks ≥ 0, compile ms n/m
                    compile stages: n/m
                    variants made: n/m
                    FX graphs compiled: n/m
                    recompile reasons: 1
                    on-disk caches: n/m

                bad lines skipped: none

                not measured by this trace: calls, wall_ms, region_ms, eager_island_ms, cache_hits, breaks, compiles, graphs_compiled, compile_ms, compile_stages, artifact_cache, site_crossings, warm_start, warm_start_wall_ms, fx_graph_cache, aotautograd_cache, output_checks, phase_stages

                failures: none found; output checks n/m
                """);
    }

    /** The first print-bridge text, captured before the markers: its one run adds the candidate's recompile to the baseline's two, and says so. */
    @Test
    void theSummaryOfTheUnmarkedTextSaysItsRunsAreMerged() {
        Trace trace = fixture("2.6-print-bridge");
        assertThat(trace.runs().get(0).compileLog().orElseThrow().recompiles()).containsExactly("0/1", "1/1", "0/1");
        assertThat(ReceiptSummary.render(Receipt.of(trace))).isEqualTo("""
                receipt of 2.6-print-bridge
                read from      trace torch_logs.txt
                trace_sha256   34e2902210d2638fed1bf6d75756be59f40a2fa4b7bd5f6f8e9c4ae4f5c9aecc
                receipt_sha256 885ad8b9d8726cca5a660a7adf782c3b3a74094f680d8a6ad2596cf20479bb62

                run baseline
                  runs merged: the text has no compile_receipt_run markers, so this run holds every run of its process (a capture's baseline and candidate add up)
                  phases: none (the source has no per-call markers)
                  graphs: 0/0 0/1 1/0 1/1
                  break sites: none
                  cold start: empty caches n/m, warm caches n/m (no warm start)
                  recompile causes (3 guard failures):
                    1 recompile in `f` (scenarios.py:28) because `L['x'].size()[0]` (a tensor size) took a new value (16)
                      0/1  0/0: tensor 'L['x']' size mismatch at index 0. expected 8, actual 16
                      … 1 more guard failure in the receipt JSON
                      hint: torch._dynamo.mark_dynamic(x, dim) or torch.compile(dynamic=True) compiles one graph for many sizes
                    1 recompile in `torch_dynamo_resume_in_f_at_31` (scenarios.py:31) because `L['y'].size()[0]` (a tensor size) took a new value (16)
                      1/1  1/0: tensor 'L['y']' size mismatch at index 0. expected 8, actual 16
                  compile log:
                    compiles n/m (recompiles 3, as 2 variants in the causes: 0/1 twice, as the runs of the process share compile ids after torch._dynamo.reset()), fallbacks ≥ 0, compile ms n/m
                    compile stages: n/m
                    variants made: n/m
                    FX graphs compiled: n/m
                    breaks python-side-effect  1 site, reported by 2 compiles
                      /rtl/scenarios.py:31  reported by 2 compiles: Unsupported: builtin: print [<class 'torch._dynamo.variables.constant.ConstantVariable'>] True
                    recompile reasons: 3
                    on-disk caches: n/m

                bad lines skipped: none

                not measured by this trace: calls, wall_ms, region_ms, eager_island_ms, cache_hits, breaks, compiles, graphs_compiled, compile_ms, compile_stages, artifact_cache, site_crossings, warm_start, warm_start_wall_ms, fx_graph_cache, aotautograd_cache, output_checks, phase_stages

                failures: none found; output checks n/m
                """);
    }
}
