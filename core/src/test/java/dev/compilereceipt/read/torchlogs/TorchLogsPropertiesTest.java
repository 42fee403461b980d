package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Trace;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/**
 * Properties of the TORCH_LOGS reader over the real texts of {@code fixtures/torch-logs/}: other
 * output put anywhere between their lines (the profiler's, warnings, the program's prints, other
 * loggers' glog lines, blank lines, progress bars) changes nothing of what they import to; nor do
 * CRLF line ends; and the two ranks of a text made of two real texts, one tagged {@code [rank0]:}
 * and one {@code [rank1]:}, interleaved line by line, read as each text alone.
 */
class TorchLogsPropertiesTest {

    private static final List<String> FOLDERS = List.of("2.6-print-bridge", "2.14-print-bridge", "2.6-int-spec", "2.14-int-spec",
            "2.6-fallback", "2.14-fallback");
    private static final List<String> OTHER_OUTPUT = List.of(
            "USDT:2026-12-01 06:17:32 13949:13949 SyncActivityProfilerHandler.cpp:39] profiler_start",
            "/usr/lib/python3/dist-packages/torch/utils/_config_module.py:342: UserWarning: Skipping serialization",
            "  warnings.warn(",
            "step 12 loss 0.2513",
            "I1201 06:17:33.000000 13949 torch/_inductor/codecache.py:1200] [0/1] compiled the graph",
            "W1201 06:17:33.000000 13949 torch/_dynamo/variables/builtin.py:900] some other warning",
            "",
            " 40%|####      | 4/10 [00:01<00:02]");

    private static final Path NAME = Path.of("torch_logs.txt");

    @Provide
    Arbitrary<String> folders() {
        return Arbitraries.of(FOLDERS);
    }

    @Provide
    Arbitrary<List<Integer>> insertions() {
        return Arbitraries.integers().between(0, Integer.MAX_VALUE).list().ofMaxSize(40);
    }

    private static List<String> lines(String folder) {
        try {
            return Files.readAllLines(Fixtures.path("torch-logs/" + folder + "/torch_logs.txt"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Trace read(List<String> lines, String end, OptionalInt rank) {
        byte[] bytes = (String.join(end, lines) + end).getBytes(StandardCharsets.UTF_8);
        try {
            return TorchLogsReader.read(NAME, new ByteArrayInputStream(bytes), Limits.DEFAULT, rank, TorchLogsReader.MAX_LINE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Property(tries = 200)
    void otherOutputAnywhereChangesNothing(@ForAll("folders") String folder, @ForAll("insertions") List<Integer> at) {
        List<String> lines = lines(folder);
        Trace alone = read(lines, "\n", OptionalInt.empty());
        List<String> mixed = new ArrayList<>(lines);
        for (int i = 0; i < at.size(); i++) {
            mixed.add(at.get(i) % (mixed.size() + 1), OTHER_OUTPUT.get(i % OTHER_OUTPUT.size()));
        }
        Trace trace = read(mixed, "\n", OptionalInt.empty());
        assertThat(trace.sha256()).isEqualTo(alone.sha256());
        assertThat(trace.runs()).isEqualTo(alone.runs());
        assertThat(read(mixed, "\r\n", OptionalInt.empty()).sha256()).isEqualTo(alone.sha256());
    }

    @Property(tries = 50)
    void twoRanksInterleavedReadAsEachAlone(@ForAll("folders") String first, @ForAll("folders") String second,
                                            @ForAll @Size(max = 400) List<Boolean> order) {
        List<String> a = lines(first);
        List<String> b = lines(second);
        List<String> mixed = new ArrayList<>();
        int i = 0;
        int j = 0;
        for (int k = 0; i < a.size() || j < b.size(); k++) {
            boolean fromA = j == b.size() || i < a.size() && (k >= order.size() || order.get(k));
            mixed.add(fromA ? "[rank0]:" + a.get(i++) : "[rank1]:" + b.get(j++));
        }
        assertThat(read(mixed, "\n", OptionalInt.of(0)).runs()).isEqualTo(read(a, "\n", OptionalInt.empty()).runs());
        assertThat(read(mixed, "\n", OptionalInt.of(1)).runs()).isEqualTo(read(b, "\n", OptionalInt.empty()).runs());
    }
}
