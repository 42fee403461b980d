package dev.compilereceipt.read.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The graphs of a rank's log, masked so that the same work on another device or host hashes alike; rank names. */
class GraphScanTest {

    @TempDir
    Path temp;

    private static String log(String device, String folder, int constant) {
        return "V0728 16:17:28.174000 60448 torch/_dynamo/output_graph.py:1685] {\"dynamo_output_graph\": {\"sizes\": {}},"
                + " \"rank\": 1, \"frame_id\": 0, \"frame_compile_id\": 2, \"attempt\": 0, \"has_payload\": \"00\"}\n"
                + "\tclass GraphModule(torch.nn.Module):\n"
                + "\t    def forward(self, L_x_: \"f32[4, 4][4, 1]" + device + "\"):\n"
                + "\t         # File: " + folder + "test2.py:33 in f, code: ar = torch.ops._c10d_functional.all_reduce.default(x, \"sum\", \"0\")\n"
                + "\t        ar = torch.ops._c10d_functional.all_reduce.default(L_x_, 'sum', '0')\n"
                + "\t        w = torch.ops._c10d_functional.wait_tensor.default(ar)\n"
                + "\t        return (w * " + constant + ",)\n"
                + "V0728 16:17:28.175000 60448 torch/_dynamo/guards.py:1] {\"dynamo_guards\": {}, \"frame_id\": 0, \"frame_compile_id\": 2}\n";
    }

    private Map<String, List<GraphScan.Graph>> scan(String name, String text) throws IOException {
        return GraphScan.of(Files.writeString(temp.resolve(name), text));
    }

    @Test
    void theSameGraphOnAnotherDeviceAndInAnotherFolderHashesAlikeAndItsCollectivesAreItsOwnLines() throws IOException {
        Map<String, List<GraphScan.Graph>> a = scan("a.log", log("cuda:0", "/home/a/src/", 2));
        Map<String, List<GraphScan.Graph>> b = scan("b.log", log("cuda:1", "/Users/b/", 2));
        Map<String, List<GraphScan.Graph>> c = scan("c.log", log("cuda:1", "/Users/b/", 3));

        assertThat(a.keySet()).containsExactly("0/2");
        assertThat(a.get("0/2")).hasSize(1);
        assertThat(a.get("0/2").get(0).collectives()).containsExactly("all_reduce");
        assertThat(a).isEqualTo(b);
        assertThat(c.get("0/2").get(0).hash()).hasSize(16).isNotEqualTo(a.get("0/2").get(0).hash());
        assertThat(scan("d.log", "no graph here\n")).isEmpty();
    }

    @Test
    void aRankIsReadFromPyTorchsNameWhateverItsSuffixElseFromRankUnderscoreN() {
        assertThat(RankFiles.nameRank("dedicated_log_torch_trace_rank_12_ab_c_d.log")).isEqualTo(OptionalInt.of(12));
        assertThat(RankFiles.nameRank("dedicated_log_torch_trace_rank_3_x.log")).isEqualTo(OptionalInt.of(3));
        assertThat(RankFiles.nameRank("dedicated_log_torch_trace_rank_0.log")).isEqualTo(OptionalInt.of(0));
        assertThat(RankFiles.nameRank("job_rank_7.log")).isEqualTo(OptionalInt.of(7));
        assertThat(RankFiles.nameRank("torch_trace.log")).isEmpty();
        assertThat(RankFiles.nameRank("frank_7.log")).isEmpty();
        assertThat(RankFiles.nameRank("rank_7x.log")).isEqualTo(OptionalInt.of(7));
    }

    @Test
    void aLogWithoutRankInItsNameHasTheRankOfItsFirstRecordThatSaysOne() throws IOException {
        Path log = Files.writeString(temp.resolve("x.log"), "V0728 16:17:28.174000 1 a.py:1] {\"dynamo_start\": {}, \"frame_id\": 0}\n"
                + "\t{\"rank\": 9}\n"
                + "V0728 16:17:28.174000 1 a.py:1] {\"chromium_event\": {}, \"rank\": 5, \"frame_id\": 0}\n");

        assertThat(RankFiles.recordRank(log)).isEqualTo(OptionalInt.of(5));
    }
}
