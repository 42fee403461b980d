package dev.compilereceipt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** All ranks of a job through the façade: how rank files are told apart, the verdict, a rank's receipt, fingerprints and refusals. */
class RanksTest {

    private static final Path FIXTURES = Path.of(System.getProperty("compilereceipt.fixtures.dir", "../fixtures"));
    private static final Path SCHEDULE = FIXTURES.resolve("ranks/tlparse-schedule");
    private static final Path MESSY = FIXTURES.resolve("ranks/tlparse-messy-input");
    private static final Path PRINT_BRIDGE = FIXTURES.resolve("print-bridge/torch_trace.log");

    @TempDir
    Path temp;

    @Test
    void tlparsesThreeRanksNamedWithAndWithoutASuffixCompiledAlike() throws IOException {
        Ranks ranks = Ranks.read(SCHEDULE);

        assertThat(ranks.list()).containsExactly(0, 1, 2);
        assertThat(ranks.size()).isEqualTo(3);
        RanksVerdict verdict = ranks.verdict();
        assertThat(verdict.kind()).isEqualTo(RanksVerdict.Kind.ALIKE);
        assertThat(verdict.alike()).isTrue();
        assertThat(verdict.groups()).containsExactly(List.of(0, 1, 2));
        assertThat(verdict.oneLine()).isEqualTo("all 3 ranks compiled alike");
        assertThat(verdict.text()).isEqualTo("all 3 ranks compiled alike\n  ranks 0-2\n");
        // graph_one and graph_two, one compile each, their graphs calling all_reduce, all_gather_into_tensor,
        // reduce_scatter_tensor, then all_reduce (each followed by a wait_tensor, left out); no call markers, so no calls;
        // cache outcomes but no cache keys: tlparse's logs write no key components
        assertThat(ranks.fingerprint(2)).isEqualTo("{\"compared\":[\"compiles\",\"graphs\",\"collectives\",\"recompile_causes\","
                + "\"break_sites\",\"fallbacks\",\"cache_outcomes\"],\"format\":\"compile-receipt-fingerprint/2\",\"rank\":2,"
                + "\"source\":\"torch_trace\",\"steps\":["
                + "{\"collectives\":[\"all_reduce\",\"all_gather_into_tensor\",\"reduce_scatter_tensor\"],"
                + "\"frame\":\"`graph_one` (test2.py:28)\",\"graphs\":[\"" + graphHash(ranks, 2, 0) + "\"],\"id\":\"0/0\",\"made\":\"variant\"},"
                + "{\"collectives\":[\"all_reduce\"],"
                + "\"frame\":\"`graph_two` (test2.py:52)\",\"graphs\":[\"" + graphHash(ranks, 2, 1) + "\"],\"id\":\"1/0\",\"made\":\"variant\"}]}");
        assertThat(graphHash(ranks, 0, 0)).isEqualTo(graphHash(ranks, 2, 0)).isNotEqualTo(graphHash(ranks, 2, 1));
    }

    /** The 16 hex digits of the graph hash of step {@code step} in rank {@code rank}'s fingerprint. */
    private static String graphHash(Ranks ranks, int rank, int step) {
        java.util.regex.Matcher graphs = java.util.regex.Pattern.compile("\"graphs\":\\[\"([0-9a-f]{16})\"\\]").matcher(ranks.fingerprint(rank));
        for (int i = 0; i <= step; i++) {
            assertThat(graphs.find()).isTrue();
        }
        return graphs.group(1);
    }

    @Test
    void filesOfAFolderThatAreNoRanksInputArePassedOver() throws IOException {
        Ranks ranks = Ranks.read(MESSY);

        assertThat(ranks.list()).containsExactly(0, 1);
        assertThat(ranks.verdict().oneLine()).isEqualTo("all 2 ranks compiled alike");
    }

    @Test
    void aRanksReceiptIsReadAgainAndAnAbsentRankIsNamedWithThoseThere() throws IOException {
        Ranks ranks = Ranks.read(SCHEDULE);

        assertThat(ranks.rank(1).format()).isEqualTo("compile-receipt/2");
        assertThatThrownBy(() -> ranks.rank(5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no rank 5; the job holds ranks 0, 1, 2");
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
    void aTorchLogsTextWithRankTagsIsOneInputPerRankAndComparesLessSayingSo() throws IOException {
        Ranks ranks = Ranks.read(churnText());

        assertThat(ranks.list()).containsExactly(0, 1, 2, 3);
        RanksVerdict verdict = ranks.verdict();
        assertThat(verdict.kind()).isEqualTo(RanksVerdict.Kind.GRAPH);
        assertThat(verdict.groups()).containsExactly(List.of(0, 2, 3), List.of(1));
        assertThat(verdict.firstDivergence()).isEqualTo("rank 1 recompiled 0/2 because `x.size()[0]` took 16");
        assertThat(verdict.oneLine()).isEqualTo("3 of 4 ranks agree; rank 1 recompiled 0/2 because `x.size()[0]` took 16");
        assertThat(verdict.text()).isEqualTo("3 of 4 ranks agree; rank 1 recompiled 0/2 because `x.size()[0]` took 16\n"
                + "  ranks 0, 2, 3\n  rank 1\nfirst divergence (graph): rank 1 recompiled 0/2 because `x.size()[0]` took 16\n");
        assertThat(ranks.verdictText()).endsWith("compared: compiles, recompile_causes, fallbacks\n"
                + "not compared: graphs, collectives, calls, break_sites, cache_outcomes, cache_keys (not in the ranks' sources)\n");
    }

    @Test
    void fingerprintsWrittenPerRankMergeToTheSameVerdictAsTheLogs() throws IOException {
        Path out = Files.createDirectory(temp.resolve("fingerprints"));
        List<Path> logs;
        try (var files = Files.list(SCHEDULE)) {
            logs = files.sorted().toList();
        }
        for (int i = 0; i < logs.size(); i++) {
            Ranks.writeFingerprint(logs.get(i), out.resolve("rank" + i + ".fp.json"));
        }
        Ranks merged = Ranks.read(out);

        assertThat(merged.list()).containsExactly(0, 1, 2);
        assertThat(merged.verdict()).isEqualTo(Ranks.read(SCHEDULE).verdict());
        assertThat(Files.readString(out.resolve("rank2.fp.json"))).isEqualTo(Ranks.read(SCHEDULE).fingerprint(2) + "\n");
        Path rank0 = out.resolve("rank0.fp.json");
        assertThatThrownBy(() -> merged.rank(0)).isInstanceOf(TraceRefusedException.class)
                .hasMessage(rank0 + ": (document): rank 0 was read from its fingerprint, which holds no receipt; read its log for that");
    }

    @Test
    void ourOwnRankFoldersAndALogWithTheRankOnlyInItsRecordsAreRead() throws IOException {
        Files.createDirectories(temp.resolve("rank_3"));
        Files.copy(PRINT_BRIDGE, temp.resolve("rank_3/torch_trace.log"));
        // tlparse's rank-1 log says "rank": 0 in every record; named plainly, that is its rank
        Files.copy(SCHEDULE.resolve("dedicated_log_torch_trace_rank_1_n8zycf07.log"), temp.resolve("first.log"));
        Files.writeString(temp.resolve("notes.txt"), "not a log\n");

        Ranks ranks = Ranks.read(temp);

        assertThat(ranks.list()).containsExactly(0, 3);
        assertThat(ranks.verdict().kind()).isEqualTo(RanksVerdict.Kind.GRAPH);
        assertThat(ranks.verdict().groups()).containsExactly(List.of(0), List.of(3));
    }

    @Test
    void twoFilesClaimingOneRankAreRefusedNamingBoth() throws IOException {
        Path a = SCHEDULE.resolve("dedicated_log_torch_trace_rank_0_6u3fubwl.log");
        Path b = MESSY.resolve("dedicated_log_torch_trace_rank_0.log");

        assertThatThrownBy(() -> Ranks.read(List.of(a, b))).isInstanceOf(TraceRefusedException.class)
                .hasMessage(b + ": (document): claims rank 0, which " + a + " claims too; one job has one input per rank");
    }

    @Test
    void aLogWithNoRankBesideOthersIsRefused() throws IOException {
        Files.copy(PRINT_BRIDGE, temp.resolve("torch_trace.log"));
        Files.copy(SCHEDULE.resolve("dedicated_log_torch_trace_rank_2.log"), temp.resolve("dedicated_log_torch_trace_rank_2.log"));
        Path unnamed = temp.resolve("torch_trace.log");

        assertThatThrownBy(() -> Ranks.read(temp)).isInstanceOf(TraceRefusedException.class)
                .hasMessage(unnamed + ": (document): names no rank (dedicated_log_torch_trace_rank_<N>_<suffix>.log) and its first"
                        + " records carry no \"rank\" field; with other ranks beside it, its rank cannot be told");
        assertThat(Ranks.read(PRINT_BRIDGE).list()).containsExactly(0);
    }

    @Test
    void aFingerprintOfAnotherFormatVersionIsRefusedNamingTheFile() throws IOException {
        Path fp = temp.resolve("rank0.fp.json");
        Ranks.writeFingerprint(PRINT_BRIDGE, fp);
        Files.writeString(fp, Files.readString(fp).replace("compile-receipt-fingerprint/2", "compile-receipt-fingerprint/9"));

        assertThatThrownBy(() -> Ranks.read(fp)).isInstanceOf(TraceRefusedException.class)
                .hasMessage(fp + ": (document): a fingerprint of format compile-receipt-fingerprint/2 or compile-receipt-fingerprint/1 is read;"
                        + " this one is of format"
                        + " compile-receipt-fingerprint/9");
    }

    @Test
    void aFileThatHoldsNoRanksInputIsRefused() throws IOException {
        Path json = Files.writeString(temp.resolve("x.json"), "{\"format\": \"something\"}");

        assertThatThrownBy(() -> Ranks.read(json)).isInstanceOf(TraceRefusedException.class)
                .hasMessage(json + ": (document): a rank's input is a TORCH_TRACE log, a TORCH_LOGS text or a fingerprint file"
                        + " (compile-receipt-fingerprint/2); this is none of them");
        assertThatThrownBy(() -> Ranks.read(temp.resolve("absent"))).isInstanceOf(TraceRefusedException.class)
                .hasMessage(temp.resolve("absent") + ": (document): no such file or folder");
    }
}
