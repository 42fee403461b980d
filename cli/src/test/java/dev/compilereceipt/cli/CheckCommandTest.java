package dev.compilereceipt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.ReceiptExport;
import dev.compilereceipt.Traces;
import dev.compilereceipt.receipt.Receipt;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code receipt check} and {@code receipt bands} (docs/cli.md, docs/approvals.md "The gate in CI"):
 * exit 0 within, 1 with the grouped difference, 2 on bad input; {@code --update}; {@code --json};
 * per release; bands. The receipts are print-bridge's, with values set by hand: a compile time of
 * 2000 ms has the band 2000 ± (500 + 50) = 1450..2550.
 */
class CheckCommandTest {

    private static final Path FIXTURES = Path.of("../fixtures");
    private static final Path PRINT_BRIDGE = FIXTURES.resolve("print-bridge/trace.json");
    private static final String RULES = "counts exact, times within 25%+50 ms (ratios 25%+0.1)";

    @TempDir
    Path dir;

    private StringWriter out = new StringWriter();
    private StringWriter err = new StringWriter();

    private int run(String... args) {
        out = new StringWriter();
        err = new StringWriter();
        return ReceiptCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    }

    /** print-bridge's receipt with its warm-up compile time and steady breaks set. */
    private Path receipt(String name, double compileMs, int steadyBreaks) throws IOException {
        ObjectNode tree = (ObjectNode) new ObjectMapper().readTree(ReceiptExport.canonicalJson(Receipt.of(Traces.read(PRINT_BRIDGE))));
        ObjectNode baseline = (ObjectNode) tree.path("runs").path("baseline").path("phases");
        ((ObjectNode) baseline.path("warmup")).put("compile_ms", compileMs);
        ((ObjectNode) baseline.path("steady")).put("breaks", steadyBreaks);
        return Files.writeString(dir.resolve(name), tree.toString());
    }

    @Test
    void updateApprovesAndTheSameTraceThenPasses() {
        Path approved = dir.resolve("trace.json.approved.json");
        assertThat(run("check", PRINT_BRIDGE.toString(), "--approved", approved.toString())).isEqualTo(1);
        assertThat(out.toString()).isEqualTo("received: " + PRINT_BRIDGE + "\napproved: " + approved + "\nno approved receipt at "
                + approved + "; approve this one with --update\n");
        assertThat(run("check", PRINT_BRIDGE.toString(), "--approved", approved.toString(), "--update")).isEqualTo(0);
        assertThat(out.toString()).endsWith("approved " + approved + " (review the difference above before you commit it)\n");
        assertThat(run("check", PRINT_BRIDGE.toString(), "--approved", approved.toString())).isEqualTo(0);
        assertThat(out.toString()).isEqualTo("received: " + PRINT_BRIDGE + "\napproved: " + approved
                + "\nno figure moved beyond the rules (" + RULES + ")\n");
    }

    @Test
    void aTimeBeyondItsBandFailsWithTheBandAndTheValueToApproveAndWithinItPasses() throws IOException {
        Path approved = receipt("approved.json", 2000, 8);
        Path slower = receipt("slower.json", 6000, 8);
        assertThat(run("check", slower.toString(), "--approved", approved.toString())).isEqualTo(1);
        assertThat(out.toString()).isEqualTo("received: " + slower + "\napproved: " + approved + "\n"
                + "1 figure moved beyond the rules (approved → received; " + RULES + "):\n"
                + "  times\n"
                + "    runs.baseline.phases.warmup.compile_ms: 2000 → 6000 is ×3.00, above the band 1450..2550 (2000 ± 25%+50); approve 6000\n");
        Path faster = receipt("faster.json", 400, 8);
        assertThat(run("check", faster.toString(), "--approved", approved.toString())).isEqualTo(1);
        assertThat(out.toString()).contains("runs.baseline.phases.warmup.compile_ms: 2000 → 400 is ×0.20, below the band 1450..2550"
                + " (2000 ± 25%+50); approve 400\n");
        assertThat(run("check", receipt("within.json", 2550, 8).toString(), "--approved", approved.toString())).isEqualTo(0);
        assertThat(run("check", receipt("within.json", 2550, 8).toString(), "--approved", approved.toString(), "--exact")).isEqualTo(1);
        assertThat(run("check", slower.toString(), "--approved", approved.toString(), "--margin", "compile=200%+0")).isEqualTo(0);
    }

    @Test
    void anImprovedCountPassesAndIsSaidButFailsUnderTheRatchet() throws IOException {
        Path approved = receipt("approved.json", 2000, 8);
        Path fewer = receipt("fewer.json", 2000, 7);
        assertThat(run("check", fewer.toString(), "--approved", approved.toString())).isEqualTo(0);
        assertThat(out.toString()).endsWith("no figure moved beyond the rules (" + RULES + ")\n"
                + "  passed, improved: runs.baseline.phases.steady.breaks: 8 → 7 improved\n");
        assertThat(run("check", fewer.toString(), "--approved", approved.toString(), "--ratchet")).isEqualTo(1);
        assertThat(out.toString()).endsWith("1 figure moved beyond the rules (approved → received; " + RULES + ", ratchet):\n"
                + "  breaks\n"
                + "    runs.baseline.phases.steady.breaks: 8 → 7 improved: approve it so it stays improved\n");
        assertThat(run("check", receipt("more.json", 2000, 9).toString(), "--approved", approved.toString())).isEqualTo(1);
    }

    @Test
    void jsonSaysEachFindingForAnnotations() throws IOException {
        Path approved = receipt("approved.json", 2000, 8);
        assertThat(run("check", receipt("slower.json", 6000, 9).toString(), "--approved", approved.toString(), "--json")).isEqualTo(1);
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.path("passed").asBoolean()).isFalse();
        assertThat(json.path("updated").asBoolean()).isFalse();
        assertThat(json.path("compared").asText()).isEqualTo(approved.toString());
        assertThat(json.path("findings")).hasSize(2);
        JsonNode breaks = json.path("findings").get(0);
        assertThat(breaks.path("group").asText()).isEqualTo("breaks");
        assertThat(breaks.path("direction").asText()).isEqualTo("regression");
        JsonNode time = json.path("findings").get(1);
        assertThat(time.path("figure").asText()).isEqualTo("runs.baseline.phases.warmup.compile_ms");
        assertThat(time.path("band").path("low").asDouble()).isEqualTo(1450.0);
        assertThat(time.path("band").path("high").asDouble()).isEqualTo(2550.0);
        assertThat(time.path("factor").asDouble()).isEqualTo(3.0);
        assertThat(time.path("approve").asText()).isEqualTo("6000");
    }

    @Test
    void perReleaseComparesANewReleaseWithTheOlderOneAndUpdateKeepsIt() throws IOException {
        Path plain = dir.resolve("trace.json.approved.json");
        assertThat(run("check", PRINT_BRIDGE.toString(), "--approved", plain.toString(), "--per-release", "--update")).isEqualTo(0);
        Path approved26 = dir.resolve("trace.json.torch-2.6.approved.json");
        assertThat(approved26).exists();
        Path trace214 = FIXTURES.resolve("torch-2.14/print-bridge/trace.json");
        assertThat(run("check", trace214.toString(), "--approved", plain.toString(), "--per-release")).isEqualTo(1);
        assertThat(out.toString()).startsWith("received: " + trace214 + "\napproved: " + approved26
                + "\nno approved receipt for torch 2.14 yet; compared with 2.6's\n");
        // What moved between the releases, grouped: a break's kind and reason, the guards' words, the times, the release.
        String moved = out.toString();
        assertThat(moved).contains("\n24 figures moved beyond the rules (approved → received; " + RULES + ", per release):\n  breaks\n"
                + "    runs.baseline.break_sites[scenarios.py:31].kind: \"python-side-effect\" → \"unknown\"\n");
        assertThat(moved.indexOf("\n  breaks\n")).isLessThan(moved.indexOf("\n  guard texts\n"));
        assertThat(moved.indexOf("\n  guard texts\n")).isLessThan(moved.indexOf("\n  times\n"));
        assertThat(moved.indexOf("\n  times\n")).isLessThan(moved.indexOf("\n  the inputs\n    fixture.torch: \"2.6.0+debian\" → \"2.14.1+debian\"\n"));
        assertThat(moved).contains("    runs.baseline.phases.warmup.compile_ms: 2781.771 → 6658.097 is ×2.39, above the band");
        assertThat(run("check", trace214.toString(), "--approved", plain.toString(), "--per-release", "--update")).isEqualTo(0);
        assertThat(dir.resolve("trace.json.torch-2.14.approved.json")).exists();
        assertThat(approved26).exists();
        assertThat(run("check", trace214.toString(), "--approved", plain.toString(), "--per-release")).isEqualTo(0);
        assertThat(run("check", PRINT_BRIDGE.toString(), "--approved", plain.toString(), "--per-release")).isEqualTo(0);
    }

    @Test
    void badInputExitsTwoNamingWhatIsWrong() throws IOException {
        Path approved = receipt("approved.json", 2000, 8);
        assertThat(run("check", dir.resolve("missing.json").toString(), "--approved", approved.toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("receipt: refused: " + dir.resolve("missing.json") + ": (document): no such file\n");
        assertThat(run("check", PRINT_BRIDGE.toString(), "--approved", approved.toString(), "--margin", "gpu=10%")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("receipt: no time family \"gpu\": the families are compile, start, wall, eager and ratio\n");
        assertThat(run("check", PRINT_BRIDGE.toString(), "--approved", approved.toString(), "--margin", "compile")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("receipt: --margin takes FAMILY=MARGIN, such as compile=10%+100; found \"compile\"\n");
        Path notBands = Files.writeString(dir.resolve("bands.json"), "{\"format\": \"other\"}");
        assertThat(run("check", PRINT_BRIDGE.toString(), "--approved", approved.toString(), "--bands", notBands.toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("receipt: " + notBands + ": not a bands file: \"format\" must be \"compile-receipt-bands/1\""
                + " (write one with receipt bands TRACE... -o FILE)\n");
        Path cut = Files.writeString(dir.resolve("cut.approved.json"), "{\"format\": \"compile-receipt/2\", \"runs\": ");
        assertThat(run("check", PRINT_BRIDGE.toString(), "--approved", cut.toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("receipt: refused: " + cut + ": /runs (line 1, column 41): not valid JSON:"
                + " Unexpected end-of-input within/between Object entries\n");
    }

    @Test
    void bandsOfRepeatedRunsHoldATimeWithinTheirSpreadWidenedByTheMargin() throws IOException {
        List<String> runs = List.of(receipt("1.json", 2000, 8).toString(), receipt("2.json", 2300, 8).toString(),
                receipt("3.json", 2100, 8).toString());
        Path bands = dir.resolve("bands.json");
        assertThat(run("bands", runs.get(0), runs.get(1), runs.get(2), "-o", bands.toString())).as(() -> err.toString()).isEqualTo(0);
        assertThat(out.toString()).startsWith("wrote " + bands + ": ");
        JsonNode written = new ObjectMapper().readTree(bands.toFile());
        assertThat(written.path("format").asText()).isEqualTo("compile-receipt-bands/1");
        assertThat(written.path("figures").path("runs.baseline.phases.warmup.compile_ms").toString())
                .isEqualTo("{\"max\":2300,\"median\":2100,\"min\":2000}");
        // 2000 - 550 .. 2300 + 625
        assertThat(run("check", receipt("in.json", 2925, 8).toString(), "--approved", runs.get(0), "--bands", bands.toString())).isEqualTo(0);
        assertThat(run("check", receipt("out.json", 2926, 8).toString(), "--approved", runs.get(0), "--bands", bands.toString())).isEqualTo(1);
        assertThat(out.toString()).contains("2000 → 2926 is ×1.46, above the band 1450..2925 (measured 2000..2300 over 3 runs, ± 25%+50); approve 2926");
        assertThat(run("check", receipt("count.json", 2000, 9).toString(), "--approved", runs.get(0), "--bands", bands.toString())).isEqualTo(1);
        assertThat(run("bands", runs.get(0), "-o", bands.toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("receipt: bands are measured over two runs or more; found 1\n");
    }

    /**
     * Real repeated captures (fixtures/repeat/sid: torch 2.14.1, five cold processes, the counts equal, the times
     * wide on a loaded machine): runs 1-4 measure print-bridge's cold start at 7514.5088..10529.6385 ms, so its band
     * is 7514.5088 - (1878.6272 + 50) .. 10529.6385 + (2632.4096 + 50) = 5585.8816..13212.0481; run 1 approved 9354.1511.
     */
    @Test
    void bandsOfRealRepeatedCapturesHoldTheFifthRunAndFailATimeMovedEitherWay() throws IOException {
        Path folder = FIXTURES.resolve("repeat/sid/repeat-print-bridge");
        List<String> runs = java.util.stream.IntStream.rangeClosed(1, 5).mapToObj(i -> folder.resolve("print-bridge." + i + ".json").toString())
                .toList();
        Path bands = dir.resolve("bands.json");
        assertThat(run("bands", runs.get(0), runs.get(1), runs.get(2), runs.get(3), "-o", bands.toString())).isEqualTo(0);
        assertThat(err.toString()).as("the counts of the four runs agree").isEmpty();
        Path approved = dir.resolve("approved.json");
        assertThat(run("check", runs.get(0), "--approved", approved.toString(), "--update")).isEqualTo(0);
        assertThat(run("check", runs.get(4), "--approved", approved.toString(), "--bands", bands.toString())).isEqualTo(0);
        assertThat(run("check", runs.get(4), "--approved", approved.toString(), "--exact")).isEqualTo(1);
        Path fifth = dir.resolve("fifth.json");
        assertThat(run("check", runs.get(4), "--approved", fifth.toString(), "--update")).isEqualTo(0);
        for (double moved : new double[] {30000, 1000}) {
            ObjectNode tree = (ObjectNode) new ObjectMapper().readTree(fifth.toFile());
            ((ObjectNode) tree.path("runs").path("baseline").path("cold_start")).put("empty_caches_ms", moved);
            Path changed = Files.writeString(dir.resolve("moved.json"), tree.toString());
            assertThat(run("check", changed.toString(), "--approved", approved.toString(), "--bands", bands.toString())).isEqualTo(1);
            assertThat(out.toString()).contains(moved == 30000
                    ? "  times\n    runs.baseline.cold_start.empty_caches_ms: 9354.1511 → 30000 is ×3.21, above the band 5585.8816..13212.0481"
                            + " (measured 7514.5088..10529.6385 over 4 runs, ± 25%+50); approve 30000\n"
                    : "  times\n    runs.baseline.cold_start.empty_caches_ms: 9354.1511 → 1000 is ×0.11, below the band 5585.8816..13212.0481"
                            + " (measured 7514.5088..10529.6385 over 4 runs, ± 25%+50); approve 1000\n");
        }
    }
}
