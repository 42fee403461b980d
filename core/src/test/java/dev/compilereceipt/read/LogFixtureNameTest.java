package dev.compilereceipt.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Issue #35, friction 5: a log with PyTorch's default name is named by its folder, and by the rank it was read at. */
class LogFixtureNameTest {

    @Test
    void pytorchsDefaultStemsGiveWayToTheFolder() {
        assertThat(LogFixtureName.of(Path.of("fixtures/print-bridge/torch_trace.log"), OptionalInt.empty())).isEqualTo("print-bridge");
        assertThat(LogFixtureName.of(Path.of("fixtures/break-kinds/2.6-break-in-loop/torch_logs.txt"), OptionalInt.empty()))
                .isEqualTo("2.6-break-in-loop");
        assertThat(LogFixtureName.of(Path.of("/tmp/run/dedicated_log_torch_trace_a1b2c3.log"), OptionalInt.empty())).isEqualTo("run");
    }

    @Test
    void aRanksLogOrARankReadSaysWhichRank() {
        assertThat(LogFixtureName.of(Path.of("traces/ddp/dedicated_log_torch_trace_rank_1_cd.log"), OptionalInt.empty()))
                .isEqualTo("ddp rank 1");
        assertThat(LogFixtureName.of(Path.of("traces/ddp/torch_logs.txt"), OptionalInt.of(3))).isEqualTo("ddp rank 3");
        assertThat(LogFixtureName.of(Path.of("ci.log"), OptionalInt.of(0))).isEqualTo("ci rank 0");
    }

    @Test
    void anyOtherStemNamesItselfAndALoneDefaultKeepsItsStem() {
        assertThat(LogFixtureName.of(Path.of("traces/print-bridge/torch-2.6.log"), OptionalInt.empty())).isEqualTo("torch-2.6");
        assertThat(LogFixtureName.of(Path.of("torch_trace.log"), OptionalInt.empty())).isEqualTo("torch_trace");
        assertThat(LogFixtureName.of(Path.of("notes.txt.log"), OptionalInt.empty())).isEqualTo("notes.txt");
    }
}
