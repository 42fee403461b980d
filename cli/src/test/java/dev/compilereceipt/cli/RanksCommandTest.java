package dev.compilereceipt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code receipt ranks} and {@code receipt fingerprint} as a script calls them: whole output and exit codes. */
class RanksCommandTest {

    private static final Path FIXTURES = Path.of(System.getProperty("compilereceipt.fixtures.dir", "../fixtures"));
    private static final Path SCHEDULE = FIXTURES.resolve("ranks/tlparse-schedule");

    private StringWriter out = new StringWriter();
    private StringWriter err = new StringWriter();

    @TempDir
    Path temp;

    private int run(String... args) {
        out = new StringWriter();
        err = new StringWriter();
        return ReceiptCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    }

    /** The 2.6 shape-churn text as four ranks: rank 1 all of it, the others only up to the recompile 0/1. */
    private Path churnText() throws IOException {
        List<String> lines = Files.readAllLines(FIXTURES.resolve("torch-logs/2.6-shape-churn/torch_logs.txt"), StandardCharsets.UTF_8);
        List<String> job = new ArrayList<>();
        for (int rank = 0; rank < 4; rank++) {
            for (String line : lines) {
                if (rank == 1 || !(line.contains("[0/2]") || line.contains("[0/3]"))) {
                    job.add("[rank" + rank + "]:" + line);
                }
            }
        }
        return Files.write(temp.resolve("job.txt"), job, StandardCharsets.UTF_8);
    }

    @Test
    void alikeRanksPrintTheVerdictAndExitZeroEvenWhenStrict() {
        assertThat(run("ranks", SCHEDULE.toString(), "--strict")).isZero();
        assertThat(out.toString()).isEqualTo("all 3 ranks compiled alike\n"
                + "  ranks 0-2: fingerprint a31c90595961\n"
                + "compared: compiles, graphs, collectives, recompile_causes, break_sites, fallbacks, cache_outcomes\n"
                + "not compared: calls, cache_keys (not in the ranks' sources)\n");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void aDivergenceExitsOneOnlyWithStrictAndItsJsonGroupsAreListsOfRanks() throws IOException {
        String job = churnText().toString();
        String text = "3 of 4 ranks agree; rank 1 recompiled 0/2 because `x.size()[0]` took 16\n"
                + "graph divergence: the ranks compiled different graphs\n"
                + "  ranks 0, 2, 3: fingerprint 9b9861c8ce80 (reference)\n"
                + "  rank 1: fingerprint c05c5d4b6ede; rank 1 recompiled 0/2 because `x.size()[0]` took 16\n"
                + "compared: compiles, recompile_causes, fallbacks\n"
                + "not compared: graphs, collectives, calls, break_sites, cache_outcomes, cache_keys (not in the ranks' sources)\n";

        assertThat(run("ranks", job)).isZero();
        assertThat(out.toString()).isEqualTo(text);
        assertThat(run("ranks", job, "--strict")).isEqualTo(1);
        assertThat(out.toString()).isEqualTo(text);

        assertThat(run("ranks", job, "--json", "--strict")).isEqualTo(1);
        assertThat(out.toString()).isEqualTo("{\"alike\":false,\"compared\":[\"compiles\",\"recompile_causes\",\"fallbacks\"],"
                + "\"divergences\":[\"\",\"rank 1 recompiled 0/2 because `x.size()[0]` took 16\"],"
                + "\"fingerprints\":[\"9b9861c8ce8081aac6947eaf6f4c01eb0788118690314b5bac52976d4dee1052\","
                + "\"c05c5d4b6ede00335585595434d0f181defdde6fb3b0a00866d1e09e6465e44e\"],"
                + "\"first_divergence\":\"rank 1 recompiled 0/2 because `x.size()[0]` took 16\",\"groups\":[[0,2,3],[1]],"
                + "\"kind\":\"graph\",\"not_compared\":[\"graphs\",\"collectives\",\"calls\",\"break_sites\",\"cache_outcomes\",\"cache_keys\"],"
                + "\"one_line\":\"3 of 4 ranks agree; rank 1 recompiled 0/2 because `x.size()[0]` took 16\",\"ranks\":4}\n");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void fingerprintsWrittenOneByOneMergeIntoTheSameVerdict() throws IOException {
        Path dir = Files.createDirectory(temp.resolve("fp"));
        String log = SCHEDULE.resolve("dedicated_log_torch_trace_rank_1_n8zycf07.log").toString();
        Path fp = dir.resolve("rank1.json");

        assertThat(run("fingerprint", log, "-o", fp.toString())).isZero();
        assertThat(out.toString()).isEqualTo("wrote the fingerprint of rank 1 to " + fp + "\n");
        assertThat(run("fingerprint", SCHEDULE.resolve("dedicated_log_torch_trace_rank_0_6u3fubwl.log").toString(), "-o",
                dir.resolve("rank0.json").toString())).isZero();
        assertThat(run("ranks", dir.toString(), "--json")).isZero();
        assertThat(out.toString()).contains("\"groups\":[[0,1]]", "\"kind\":\"alike\"");
    }

    @Test
    void badInputIsRefusedWithExitTwoNamingTheFileAndTheRule() throws IOException {
        Path a = SCHEDULE.resolve("dedicated_log_torch_trace_rank_0_6u3fubwl.log");
        Path b = Files.copy(a, temp.resolve("dedicated_log_torch_trace_rank_0_other.log"));

        assertThat(run("ranks", a.toString(), b.toString())).isEqualTo(2);
        assertThat(out.toString()).isEmpty();
        assertThat(err.toString()).isEqualTo("receipt: refused: " + b + ": (document): claims rank 0, which " + a
                + " claims too; one job has one input per rank\n");

        assertThat(run("fingerprint", churnText().toString(), "-o", temp.resolve("fp.json").toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("receipt: refused: " + temp.resolve("job.txt") + ": (document): a fingerprint is one"
                + " rank's; this holds ranks 0, 1, 2, 3\n");
        assertThat(temp.resolve("fp.json")).doesNotExist();
    }

    @Test
    void ranksThatDifferOnlyInTheirKeysAreACacheDivergenceNamingTheComponent() {
        // the real 2.14 job whose rank 1 alone compiled with size_asserts off: every rank missed its fresh cache
        String divergence = "rank 1 missed the FX graph cache in 0/0 at call b01 under another key than ranks 0, 2, 3:"
                + " `inductor_config[size_asserts]` True → False";
        assertThat(run("ranks", FIXTURES.resolve("ranks/2.14-inductor-option").toString(), "--strict")).isEqualTo(1);
        assertThat(out.toString()).isEqualTo("3 of 4 ranks agree; " + divergence + "\n"
                + "cache divergence: the same graphs, other cache outcomes or keys\n"
                + "  ranks 0, 2, 3: fingerprint e83d28741e7e (reference)\n"
                + "  rank 1: fingerprint e546a339186d; " + divergence + "\n"
                + "compared: compiles, graphs, collectives, calls, recompile_causes, break_sites, fallbacks, cache_outcomes, cache_keys\n");
    }
}
