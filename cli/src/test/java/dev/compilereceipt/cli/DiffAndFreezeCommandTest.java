package dev.compilereceipt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.compilereceipt.trace.KeyComparison;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code receipt diff} and {@code receipt freeze} as a script calls them: output and exit codes. */
class DiffAndFreezeCommandTest {

    private static final Path FIXTURES = Path.of(System.getProperty("compilereceipt.fixtures.dir", "../fixtures"));
    private static final String LOG_26 = FIXTURES.resolve("print-bridge/torch_trace.log").toString();
    private static final String LOG_214 = FIXTURES.resolve("torch-2.14/print-bridge/torch_trace.log").toString();

    private StringWriter out = new StringWriter();
    private StringWriter err = new StringWriter();

    @TempDir
    Path temp;

    private int run(String... args) {
        out = new StringWriter();
        err = new StringWriter();
        return ReceiptCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    }

    @Test
    void theSameScenarioOn26And214DiffersAndExitsOne() throws Exception {
        assertThat(run("diff", LOG_26, LOG_214, "--compile-side")).isEqualTo(1);
        // 2.14 drops L['...'] from guard names (and so from the 3 recompile causes' guards and subjects: 6 figures),
        // structures the break message, and writes AOTAutograd cache misses (13 figures since the per-compile outcomes:
        // each of the 6 compiles' artifact_cache.aotautograd and missed_caches, and the run's, null on 2.6): no variant more or less, so nothing is
        // filed under variants (#35, friction 7)
        assertThat(out.toString()).startsWith("before: " + LOG_26 + "\nafter:  " + LOG_214 + "\n37 figures differ (before → after):\n  breaks\n")
                .doesNotContain("  variants\n")
                .contains("  guard texts\n    runs.baseline.compile_log.recompile_reasons[0/1].guard: \"0/0: tensor 'L['x']' size mismatch"
                        + " at index 0. expected 8, actual 16\" → \"0/0: tensor 'x' size mismatch at index 0. expected 8, actual 16\"\n")
                .contains("    runs.baseline.guard_misses[0/1].guard: \"0/0: tensor 'L['x']' size mismatch at index 0. expected 8, actual 16\""
                        + " → \"0/0: tensor 'x' size mismatch at index 0. expected 8, actual 16\"\n")
                .contains("    runs.baseline.recompile_causes[0].subject: \"L['x'].size()[0]\" → \"x.size()[0]\"\n")
                // 2.6 writes no AOTAutograd outcome (its cache is off): null there, not 0
                .contains("  artifact caches\n    runs.baseline.compile_log.artifact_cache.aotautograd: null → {\"bypass\":0,\"hit\":0,\"miss\":4}\n"
                        + "    runs.baseline.compile_log.compile_times[0/0].artifact_cache.aotautograd: null → \"miss\"\n")
                .contains("    runs.baseline.break_sites[/rt/scenarios.py:31].gb_id: (absent) → \"GB0059\"\n")
                // 2.6 made no AOTAutograd lookup (its cache is off): nothing to compare 2.14's keys with
                .contains("(ignoring **.*_ms, **.stages, **.ratio)\ncache keys (before → after):\n"
                        + "  run baseline: every compile missed the AOTAutograd cache: " + KeyComparison.CACHE_UNUSED + "\n"
                        + "  run baseline: 0/0_1 missed the FX graph cache: `gm` <lambda>() def forward(");
        assertThat(out.toString().indexOf("  breaks")).isLessThan(out.toString().indexOf("  guard texts"));
        assertThat(out.toString().indexOf("  guard texts")).isLessThan(out.toString().indexOf("  artifact caches"));
        assertThat(err.toString()).isEmpty();

        assertThat(run("diff", LOG_26, LOG_214, "--json")).isEqualTo(1);
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("equal").asBoolean()).isFalse();
        assertThat(json.at("/differences/0/group").asText()).isEqualTo("breaks");  // no variant changed: the break message did, first
        assertThat(json.get("differences").findValuesAsText("path")).contains("runs.baseline.compile_log.compile_ms",
                "runs.baseline.break_sites[/rt/scenarios.py:31].reason");
    }

    @Test
    void aReceiptEqualsItselfWhetherGivenAsATraceOrAsReceiptJson() throws Exception {
        assertThat(run("diff", LOG_214, LOG_214)).isZero();
        assertThat(out.toString()).endsWith("no figure differs\ncache keys (before → after):\n"
                + "  run baseline: the cache keys are equal: no lookup of the second run missed under a key that differs\n"
                + "  run candidate: the cache keys are equal: no lookup of the second run missed under a key that differs\n");
        assertThat(run("audit", "--json", LOG_214)).isZero();
        Path receipt = Files.writeString(temp.resolve("receipt.json"), out.toString(), StandardCharsets.UTF_8);
        assertThat(run("diff", receipt.toString(), LOG_214)).isZero();
        assertThat(run("diff", receipt.toString(), LOG_26, "--ignoring", "runs", "--ignoring", "trace_sha256", "--ignoring", "ledger",
                "--compile-side")).isEqualTo(1);
        // the same scenario on another release: what is left without the runs, the ledger and the times is the release
        // and that 2.6 names the AOTAutograd cache not measured (off by default in 2.6)
        assertThat(out.toString()).endsWith("2 figures differ (before → after):\n  the inputs\n"
                + "    fixture.torch: \"2.14.1+debian\" → (absent)\n"
                + "    limits.not_measured: [\"region_ms\",\"eager_island_ms\",\"cache_hits\",\"breaks\",\"warm_start\",\"output_checks\"] →"
                + " [\"region_ms\",\"eager_island_ms\",\"cache_hits\",\"breaks\",\"warm_start\",\"aotautograd_cache\",\"output_checks\"]\n"
                + "(ignoring runs, trace_sha256, ledger, **.*_ms, **.stages, **.ratio)\ncache keys (before → after):"
                + " which cache key components changed is not measured: the source lists no cache keys (only a"
                + " TORCH_TRACE log does)\n");
        assertThat(run("diff", temp.resolve("absent.json").toString(), LOG_214)).isEqualTo(2);
        assertThat(err.toString()).startsWith("receipt: refused: ").contains("absent.json", "no such file");
    }

    @Test
    void freezeWritesASmallLogWithTheSameReceiptAndSaysWhatItDropped() throws Exception {
        Path frozen = temp.resolve("pb.log");
        assertThat(run("freeze", LOG_214, "-o", frozen.toString(), "--relative-to", "/rt")).isZero();
        assertThat(out.toString()).startsWith("froze " + LOG_214 + " into " + frozen + ": kept 102 of 904 records, dropped 802 (chromium_event 677, ")
                .endsWith("every receipt figure is equal (only trace_sha256, receipt_sha256, fixture and bad_lines may differ);"
                        + " paths are relative to /rt\n");
        assertThat(Files.size(frozen)).isLessThanOrEqualTo(Files.size(Path.of(LOG_214)) / 10);
        assertThat(run("audit", frozen.toString())).isZero();
        assertThat(out.toString()).contains("scenarios.py:31").doesNotContain("/rt/");
    }

    @Test
    void freezeKeepsTheCacheKeysSaysWhatItDroppedAndTwoFrozenLogsSayWhyTheWarmStartMissed() throws Exception {
        String cold = FIXTURES.resolve("cache-keys/2.14-threads/torch_trace.log").toString();
        String warm = FIXTURES.resolve("cache-keys/2.14-threads/warm_torch_trace.log").toString();
        Path frozenCold = temp.resolve("cold.log");
        Path frozenWarm = temp.resolve("warm.log");
        assertThat(run("freeze", cold, "-o", frozenCold.toString())).isZero();
        // The FX graph key's 658 components (4 values over 200 characters: the code, the input and two others) and
        // the AOTAutograd key, which 2.14 writes with none.
        assertThat(out.toString().lines().toList()).hasSize(3).element(1).isEqualTo("cache keys: kept 2 keys with 658 components"
                + " (name, value as read: one line of at most 200 characters, addresses masked; hash cut to 8 characters);"
                + " dropped each hash past 8 characters and the text of 4 values past 200 characters");
        assertThat(run("freeze", warm, "-o", frozenWarm.toString())).isZero();
        assertThat(Files.size(frozenCold) * 10).isLessThanOrEqualTo(Files.size(Path.of(cold)));
        assertThat(Files.size(frozenWarm) * 10).isLessThanOrEqualTo(Files.size(Path.of(warm)));
        assertThat(run("audit", frozenCold.toString(), "--warm", frozenWarm.toString())).isZero();
        assertThat(out.toString()).contains("\n    why: 0/0 missed the AOTAutograd cache: " + KeyComparison.NOT_MEASURED + "\n    why: 0/0 missed the FX graph cache: `cpp_runtime_thread_count` 1 → 2\n");
        // A log without cache records (tlparse's) says nothing of keys.
        assertThat(run("freeze", FIXTURES.resolve("tlparse/comp_metrics.log").toString(), "-o", temp.resolve("cm.log").toString())).isZero();
        assertThat(out.toString().lines().toList()).hasSize(2).noneMatch(line -> line.contains("cache keys"));
    }

    @Test
    void freezeRefusesStandardInputItsOwnInputAndAReceipt() throws Exception {
        assertThat(run("freeze", "-", "-o", temp.resolve("a.log").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("freeze reads one log file twice");
        assertThat(run("freeze", "/dev/null", "-o", temp.resolve("a.log").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("/dev/null", "freeze reads a regular file; this is a pipe, a FIFO or a device");
        Path copy = Files.copy(Path.of(LOG_26), temp.resolve("copy.log"));
        assertThat(run("freeze", copy.toString(), "-o", copy.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("it is the log being frozen; name another file with -o");
        assertThat(Files.size(copy)).isEqualTo(Files.size(Path.of(LOG_26)));
        assertThat(run("freeze", FIXTURES.resolve("print-bridge/trace.json").toString(), "-o", temp.resolve("b.log").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("freeze takes a TORCH_TRACE log; this is a compile trace file, which is small already");
        err.getBuffer().setLength(0);
        String warm = FIXTURES.resolve("warm-start/2.14-print-bridge/warm_torch_trace.log").toString();
        assertThat(run("freeze", LOG_26, "--warm", warm, "-o", temp.resolve("c.log").toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("receipt: refused: " + warm + ": (document): freeze freezes one log; freeze the"
                + " warm process's log on its own (receipt freeze WARMLOG -o ...) and pair the two frozen logs with audit --warm\n");
        assertThat(temp.resolve("c.log")).doesNotExist();
    }
}
