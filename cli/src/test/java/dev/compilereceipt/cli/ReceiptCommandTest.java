package dev.compilereceipt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The receipt command as a script calls it: output, files and exit codes. */
class ReceiptCommandTest {

    private static final Path FIXTURES = Path.of(System.getProperty("compilereceipt.fixtures.dir", "../fixtures"));

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return ReceiptCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    }

    /** The command names a usage lists, in its order: the lines of its "Commands:" block that start a command. */
    private static java.util.List<String> listedCommands(String usage) {
        String commands = usage.substring(usage.indexOf("Commands:\n") + "Commands:\n".length());
        return commands.lines().filter(line -> line.startsWith("  ") && !line.startsWith("   "))
                .map(line -> line.strip().split(" ")[0]).toList();
    }

    @Test
    void everyRunThatNamesNoSubcommandFirstListsAllTen() {
        // the subcommands are added lazily (one when args[0] names it): the usage must still list all ten, in order
        java.util.List<String> all = java.util.List.of("approve", "audit", "bands", "check", "diff", "fingerprint", "freeze",
                "mutants", "ranks", "report");
        assertThat(run()).isEqualTo(1);
        assertThat(out.toString()).startsWith("Usage: receipt [-hV] [COMMAND]\n");
        assertThat(listedCommands(out.toString())).isEqualTo(all);
        out.getBuffer().setLength(0);
        assertThat(run("--help")).isZero();
        assertThat(listedCommands(out.toString())).isEqualTo(all);
        assertThat(run("audi", "x")).isEqualTo(1);
        assertThat(err.toString()).startsWith("receipt: Unmatched arguments from index 0: 'audi', 'x'\n"
                + "Usage: receipt [-hV] [COMMAND]\n");
        assertThat(listedCommands(err.toString())).isEqualTo(all);
        out.getBuffer().setLength(0);
        assertThat(run("report", "--help")).isZero();
        assertThat(out.toString()).startsWith("Usage: receipt report [-hV]");
    }

    @Test
    void auditPrintsAReadableSummary() {
        assertThat(run("audit", FIXTURES.resolve("print-bridge/trace.json").toString())).isZero();
        assertThat(out.toString())
                .contains("receipt of print-bridge")
                // baseline steady: 8 calls, median 0.091, p90 0.3708, 0 compiles, 16 hits, 8 breaks, 0.1953 ms eager
                .contains("  steady      8     0.091    0.3708        0   16         0      8   0.1953          0 -")
                // 12 break events in 12 baseline calls, eager_ms summing to 8.4208; "builtin: print" is a side effect
                .contains("    python-side-effect  1 site, 12 calls, 1 crossing per call, eager 8.4208 ms\n"
                        + "      scenarios.py:31  12 calls, at most 1 per call, eager 8.4208 ms: Unsupported: builtin: print")
                .contains("failures: none");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void auditWithTheWarmLogGivesEachRunItsColdStart() {
        // the capture helper's print-bridge on 2.14, its two processes' logs: the warm one's warmup hit both caches
        Path dir = FIXTURES.resolve("warm-start/2.14-print-bridge");
        assertThat(run("audit", dir.resolve("torch_trace.log").toString(), "--warm", dir.resolve("warm_torch_trace.log").toString()))
                .isZero();
        assertThat(out.toString()).contains("\n  cold start: empty caches 5412.7656 ms, warm caches 2175.6354 ms (2 compiles;"
                        + " fx_graph hit 2, miss 0, bypass 0; aotautograd hit 2, miss 0, bypass 0)\n")
                .contains("\n  warm start: the candidate costs 2095.7366 ms less to start with warm caches (2175.6354 → 79.8988 ms):"
                        + " it pays back at once (0 calls)\n");
        out.getBuffer().setLength(0);
        String capture = FIXTURES.resolve("print-bridge/trace.json").toString();
        assertThat(run("audit", dir.resolve("torch_trace.log").toString(), "--warm", capture)).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("receipt: refused: " + capture + ": (document): cannot pair "
                + dir.resolve("torch_trace.log") + " with " + capture + ": the warm start is read from the TORCH_TRACE log of"
                + " the warm process; this is not one\n");
    }

    @Test
    void auditKindsListsOnlyTheBreakSitesByKind() {
        // 2.14's break-in-loop log: 0/0's break at layers.py:32 says "Skipping the function" (GB0124 first, the cause).
        assertThat(run("audit", "--kinds", FIXTURES.resolve("break-kinds/2.14-break-in-loop/torch_trace.log").toString())).isZero();
        assertThat(out.toString()).isEqualTo("""
                run baseline
                  break sites by kind (crossings not measured: this source logs a break only in the call that compiles it):
                    frame-skip  1 site, ≥ 1 call, crossings n/m, eager n/m ms
                      /capture/tests/mymodel/layers.py:32  ≥ 1 call, ≥ 1 per call, eager n/m ms: \
                Unsupported Tensor.item() call with capture_scalar_outputs=False (cause device-sync)
                  compile log:
                    breaks frame-skip  1 site, reported by 1 compile
                      /capture/tests/mymodel/layers.py:32  reported by 1 compile: \
                Unsupported Tensor.item() call with capture_scalar_outputs=False (cause device-sync)

                run candidate
                  break sites: none
                  compile log:
                    breaks: none
                """);
    }

    @Test
    void auditCausesListsOnlyTheRecompileCausesOfEachRun() {
        // 2.14 shape-churn, dynamic=False: sizes 4, 8, 16 in steady, 32 in changed; 1 + 2 + 3 guard failures; the candidate is dynamic
        assertThat(run("audit", "--causes", FIXTURES.resolve("torch-logs/2.14-shape-churn/trace.json").toString())).isZero();
        assertThat(out.toString()).isEqualTo("""
                run baseline
                  recompile causes (6 guard failures):
                    3 recompiles in steady and changed because `x.size()[0]` (a tensor size) took 3 new values (8, 16, 32)
                      b03 -> 0/1  0/0: tensor 'x' size mismatch at index 0. expected 4, actual 8
                      b04 -> 0/2  0/1: tensor 'x' size mismatch at index 0. expected 8, actual 16
                      b05 -> 0/3  0/2: tensor 'x' size mismatch at index 0. expected 16, actual 32
                      … 3 more guard failures in the receipt JSON
                      hint: torch._dynamo.mark_dynamic(x, dim) or torch.compile(dynamic=True) compiles one graph for many sizes

                run candidate
                  recompile causes: none
                """);
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void auditCausesPrintsAMultiLineReasonAsItsFirstLineWithoutEscapes() {
        // 2.14's TORCH_LOGS text of bool-arg: the reason is four lines (the guard, "User stack trace:", a frame, its source);
        // the frame that recompiled is its "Recompiling function flagged in /capture/tests/scenarios.py:245"
        assertThat(run("audit", "--causes", FIXTURES.resolve("torch-logs/2.14-bool-arg/torch_logs.txt").toString())).isZero();
        assertThat(out.toString()).isEqualTo("""
                run baseline
                  recompile causes (1 guard failure):
                    1 recompile in `flagged` (scenarios.py:245) because `flag` (a Python bool, scenarios.py:246) changed
                      0/1  0/0: flag == True
                      hint: each value of a Python number is a constant of its own graph: pass it as a tensor to compile one graph for all
                """);
    }

    @Test
    void auditCausesIsOneViewAndRefusesAnother() {
        assertThat(run("audit", "--causes", "--kinds", FIXTURES.resolve("torch-logs/2.6-bool-arg/trace.json").toString())).isEqualTo(1);
        assertThat(out.toString()).isEmpty();
        assertThat(err.toString()).startsWith("receipt: --causes prints only the recompile causes: it cannot be combined with --kinds"
                + System.lineSeparator() + "Usage: receipt audit");
    }

    @Test
    void auditReadsATorchProfilerTraceWithItsLogAndThePhasesGiven() {
        String dir = FIXTURES.resolve("profiler/2.14-plain").toString();
        assertThat(run("audit", "--json", dir + "/profile.json", "--log", dir + "/torch_trace.log",
                "--phases", "steady=0-3,changed=4,steady=5")).isZero();
        // steady: ProfilerSteps 1-4 and 6, whose lookups take 0.0747, 0.0176, 0.0132, 0.0149 and 0.0726 ms; the profile
        // times each compile by its span, which no stage timer splits, and its log has no stage timers; neither file
        // compares an output with eager's (issue #41)
        assertThat(out.toString()).contains("\"guard_check_ms\":{\"median\":0.0176,\"total\":0.193}")
                .contains("\"not_measured\":[\"compile_stages\",\"warm_start\",\"output_checks\",\"phase_stages\"]");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void theSummaryOfAProfileGivesEachPhasesGuardCheckTime() {
        String dir = FIXTURES.resolve("profiler/2.6-plain").toString();
        assertThat(run("audit", dir, "--phases", "steady=0-3,changed=4,steady=5")).isZero();
        // 2.6 steady calls: lookups of 0.0368, 0.008, 0.0058, 0.0053 and 0.0359 ms (sum 0.0918, median 0.008); the recompiling call's 12 take 0.0155
        // each steady call crosses the print's break once (5); its island is not timed, as 2.6 writes no graph span here
        assertThat(out.toString()).contains("  steady      5    0.1094   0.3248        0   10         0      5      n/m          0 -\n")
                .contains("  guard checks: steady 0.0918 ms (median 0.008 a call), changed 0.0155 ms (median 0.0155 a call)\n");
    }

    @Test
    void aFolderHoldingAProfileAndItsLogReadsWithTheSpanOfACallGiven() {
        assertThat(run("audit", "--json", "--call-span", "request", "--phases", "steady=0-3,changed=4,steady=5",
                FIXTURES.resolve("profiler/2.6-plain").toString())).isZero();
        assertThat(out.toString()).contains("\"request#4\"");
    }

    @Test
    void theRunOfALogTheHelpersMarkersSplitIsNamedWithRun() {
        String dir = FIXTURES.resolve("profiler/2.14-graph-break").toString();
        String log = dir + "/torch_trace.log";
        String[] profile = {"audit", "--json", dir + "/profile.json", "--log", log, "--call-span", "compile_receipt_call",
                "--phases", "eager=0-1,warmup=2,steady=3-5,changed=6-8"};
        assertThat(run(profile)).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("receipt: refused: " + log + ": (document): the log holds the runs [baseline,"
                + " candidate] (its compile_receipt_call markers): name the one the torch.profiler trace is of with --run\n");
        err.getBuffer().setLength(0);
        assertThat(run(java.util.stream.Stream.concat(java.util.Arrays.stream(profile), java.util.stream.Stream.of("--run",
                "nightly")).toArray(String[]::new))).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("receipt: refused: " + log + ": (document): the log holds no run \"nightly\" (its"
                + " runs: [baseline, candidate])\n");
        err.getBuffer().setLength(0);
        assertThat(run(java.util.stream.Stream.concat(java.util.Arrays.stream(profile), java.util.stream.Stream.of("--run",
                "baseline")).toArray(String[]::new))).isZero();
        // the warmup call compiles 0/0 and 1/0 with the print's break between them, as the helper's trace b02 does
        assertThat(out.toString()).contains("\"break_sites\":[\"/capture/tests/scenarios.py:14\"],\"cache\":\"compile\","
                + "\"call\":\"compile_receipt_call#2\"");
    }

    @Test
    void theCaptureHelpersProfileTakesItsPhasesFromItsLogsCallMarkers() {
        String dir = FIXTURES.resolve("profiler/2.14-graph-break").toString();
        // the helper's trace.json: b00-b01 eager, b02 warmup, b03-b05 steady, b06-b08 changed
        assertThat(run("audit", dir + "/profile.json", "--log", dir + "/torch_trace.log", "--call-span", "compile_receipt_call",
                "--run", "baseline", "--json")).isEqualTo(0);
        String marked = out.toString();
        out.getBuffer().setLength(0);
        assertThat(run("audit", dir + "/profile.json", "--log", dir + "/torch_trace.log", "--call-span", "compile_receipt_call",
                "--run", "baseline", "--phases", "eager=0-1,warmup=2,steady=3-5,changed=6-8", "--json")).isEqualTo(0);
        assertThat(marked).isEqualTo(out.toString()).contains("\"call\":\"compile_receipt_call#1\",\"compile_ms\":0,"
                + "\"eager_island_ms\":0,\"family\":\"default\",\"graphs\":[],\"guard_check_ms\":0,\"phase\":\"eager\"");
    }

    @Test
    void aProfileWithTheLogOfAnotherProcessIsRefusedNamingBoth() {
        // the plain scenario's profile was recorded by process 17119, the graph-break scenario's log by 5345
        String profile = FIXTURES.resolve("profiler/2.14-plain/profile.json").toString();
        String log = FIXTURES.resolve("profiler/2.14-graph-break/torch_trace.log").toString();
        assertThat(run("audit", profile, "--log", log, "--phases", "steady=0-5")).isEqualTo(2);
        assertThat(out.toString()).isEmpty();
        assertThat(err.toString()).isEqualTo("receipt: refused: " + profile + ": (document): " + profile + " was recorded by"
                + " process 17119 and " + log + " by process 5345: a profile is read with the TORCH_TRACE log of its own process\n");
    }

    @Test
    void aProfileWithoutPhasesOrLogIsRefusedSayingWhatItNeeds() {
        String profile = FIXTURES.resolve("profiler/2.14-plain/profile.json").toString();
        assertThat(run("audit", profile, "--phases", "steady=0-5")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("receipt: refused: " + profile + ": (document): a torch.profiler trace is read with"
                + " the TORCH_TRACE log of the same process: --log LOG, or a folder holding both\n");
        err.getBuffer().setLength(0);
        String log = FIXTURES.resolve("profiler/2.14-plain/torch_trace.log").toString();
        assertThat(run("audit", profile, "--log", log)).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("receipt: refused: " + log + ": (document): the log has no compile_receipt_call"
                + " markers to take the phases of the profile's calls from: give them (--phases eager=0-2,warmup=3,steady=4-9,"
                + " by call index from 0; @TraceFixture(phases = ...))\n");
        err.getBuffer().setLength(0);
        assertThat(run("audit", profile, "--phases", "steady=0-3,steady=3")).isEqualTo(1);
        assertThat(err.toString()).startsWith("receipt: Invalid value for option '--phases': phases \"steady=3\" overlaps"
                + " steady=0-3; write them like eager=0-2,warmup=3,steady=4-83,changed=84-89\nUsage: receipt audit");
    }

    @Test
    void auditPrintsTheTradeUnderTheComparison() throws Exception {
        assertThat(run("audit", FIXTURES.resolve("decision/trace.json").toString())).isZero();
        // warmup 545 -> 1057 ms, steady medians 0.3708 -> 0.3438 ms: ⌈512 / 0.027⌉ = 18963 calls;
        // a worker of 50,000 calls: 545 + 50000 × 0.3708 = 19085 ms, 1057 + 50000 × 0.3438 = 18247 ms
        assertThat(out.toString()).contains("""
                  steady  0.3708 -> 0.3438  ratio 0.927184
                  changed 410.2 -> 760.5  ratio 1.85397
                  trade: the candidate costs 512 ms more cold and saves 0.027 ms per steady call: it pays back after 18,963 \
                calls; a worker lives 50,000 calls: 19085 ms on the baseline, 18247 ms on the candidate, the candidate is cheaper
                  warm start: n/m (no warm start of both runs)

                not measured by this trace: graphs_compiled, compile_stages, artifact_cache, warm_start, fx_graph_cache, aotautograd_cache, phase_stages

                failures: none
                """);
        out.getBuffer().setLength(0);
        assertThat(run("audit", "--json", FIXTURES.resolve("decision/trace.json").toString())).isZero();
        JsonNode receipt = new ObjectMapper().readTree(out.toString());
        assertThat(receipt.at("/comparison/break_even_calls").asLong()).isEqualTo(18963);
        assertThat(receipt.at("/decision/worker_lifetime_calls").asLong()).isEqualTo(50000);
        // the 2.6 fallback capture: 1157.3186 ms more cold and 0.1599 - 0.2092 = -0.0493 ms slower steady
        out.getBuffer().setLength(0);
        assertThat(run("audit", FIXTURES.resolve("torch-logs/2.6-fallback/torch_trace.log").toString())).isZero();
        assertThat(out.toString()).contains("  trade: the candidate costs 1157.3186 ms more cold and is 0.0493 ms slower per"
                + " steady call: it never pays back (worse steady: the candidate's steady median is higher)\n");
    }

    @Test
    void auditJsonIsTheCanonicalReceipt() throws Exception {
        assertThat(run("audit", "--json", FIXTURES.resolve("int-spec/trace.json").toString())).isZero();
        String json = out.toString().strip();
        JsonNode receipt = new ObjectMapper().readTree(json);
        assertThat(receipt.get("format").asText()).isEqualTo("compile-receipt/2");
        assertThat(receipt.at("/runs/baseline/phases/steady/compiles").asInt()).isEqualTo(7);
        assertThat(receipt.at("/runs/baseline/phases/steady/fallbacks").asInt()).isEqualTo(1);
        assertThat(json).doesNotContain("\n", "\": ", ", \"").startsWith("{\"comparison\":{");
    }

    @Test
    void auditWritesLedgerAndReceiptCsv(@TempDir Path dir) throws Exception {
        assertThat(run("audit", "--csv", dir.toString(), FIXTURES.resolve("print-bridge/trace.json").toString())).isZero();
        String ledger = Files.readString(dir.resolve("ledger.csv"));
        assertThat(ledger).startsWith("run,call,phase,family,graphs,break_sites,cache,wall_ms,compile_ms,eager_island_ms\r\n")
                .contains("baseline,b03,warmup,base,0/0;1/0,scenarios.py:31,compile,2793.634,2781.771,3.9755\r\n")
                .contains("candidate,c04,steady,base,0/0,,hit,0.2035,0,0\r\n");
        assertThat(ledger.split("\r\n")).hasSize(31);
        assertThat(Files.readString(dir.resolve("receipt.csv")))
                .contains("baseline,steady,8,1.1178,0.1397,0.091,0.3708,0,16,0,8,0.1953,0,\r\n")
                .contains("baseline,changed,3,2165.4551,721.8184,0.4973,2164.7221,2,4,0,3,4.25,2155.343,0/1;1/1\r\n");
    }

    @Test
    void refusedInputExitsTwoWithTheContractMessage() {
        Path bad = FIXTURES.resolve("rules/unknown-key.json");
        assertThat(run("audit", bad.toString())).isEqualTo(2);
        assertThat(err.toString().strip()).isEqualTo("receipt: refused: " + bad + ": /runs/0/calls/0/wal_ms (line 16, column 21): "
                + "unknown key \"wal_ms\" (allowed here: check, events, family, id, phase, wall_ms); a typo must never silently change a receipt");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void raisedLimitsComeFromTheCommandLine() {
        String trace = FIXTURES.resolve("rules/calls-over-limit.json").toString();
        assertThat(run("audit", trace)).isEqualTo(2);
        assertThat(run("audit", "--max-calls", "65", trace)).isZero();
    }

    @Test
    void aWrongOptionExitsOne() {
        assertThat(run("audit", "--no-such-option", "x.json")).isEqualTo(1);
        assertThat(err.toString()).contains("Unknown option: '--no-such-option'");
    }

    @Test
    void mutantsJsonHasOneObjectPerMutant() throws Exception {
        assertThat(run("mutants", "--json", FIXTURES.resolve("int-spec/trace.json").toString())).isZero();
        JsonNode verdicts = new ObjectMapper().readTree(out.toString());
        assertThat(verdicts).hasSize(5);
        assertThat(verdicts.get(0).get("mutant").asText()).isEqualTo("conflate-breaks-and-recompiles");
        assertThat(verdicts.get(0).get("verdict").asText()).isEqualTo("not-distinguishable");
        assertThat(verdicts.get(0).get("code").isNull()).isTrue();
        assertThat(verdicts.get(1).get("verdict").asText()).isEqualTo("killed");
        assertThat(verdicts.get(1).get("code").asText()).isEqualTo("WARMUP_DROPPED");
        assertThat(verdicts.get(1).get("receipt_sha256").asText()).matches("[0-9a-f]{64}");
        assertThat(verdicts.get(1).get("reason").asText()).isEqualTo("killed: baseline warmup: the receipt counts 0 calls, the trace has 1");
    }

    @Test
    void mutantsTableEndsWithTheTally() {
        assertThat(run("mutants", FIXTURES.resolve("print-bridge/trace.json").toString())).isZero();
        assertThat(out.toString()).startsWith("mutant                          hash changed oracle code                     verdict")
                .endsWith("5 killed, 0 survived, 0 not distinguishable\n");
    }
}
