package dev.compilereceipt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher's training run runs every command on the fixtures, and says so only when each ran as it runs. */
class StartupTrainingTest {

    private static final Path FIXTURES = Path.of(System.getProperty("compilereceipt.fixtures.dir", "../fixtures"));

    @TempDir
    Path temp;

    @Test
    void everyTrainingCommandRunsOnTheFixtures() {
        assertThat(StartupTraining.train(FIXTURES)).isTrue();
    }

    @Test
    void aMissingFixtureOrACommandThatFailsIsNoTraining() throws IOException {
        assertThat(StartupTraining.train(temp.resolve("none"))).isFalse();
        // Every file there, but the TORCH_TRACE log is not one: its audit is refused (2), not 0.
        Path copy = temp.resolve("fixtures");
        Files.createDirectories(copy.resolve("print-bridge"));
        Files.createDirectories(copy.resolve("torch-logs/2.14-print-bridge"));
        Files.copy(FIXTURES.resolve("print-bridge/trace.json"), copy.resolve("print-bridge/trace.json"));
        Files.copy(FIXTURES.resolve("torch-logs/2.14-print-bridge/torch_logs.txt"),
                copy.resolve("torch-logs/2.14-print-bridge/torch_logs.txt"));
        Files.writeString(copy.resolve("print-bridge/torch_trace.log"), "not a log\n");
        assertThat(StartupTraining.train(copy)).isFalse();
        Files.copy(FIXTURES.resolve("print-bridge/torch_trace.log"), copy.resolve("print-bridge/torch_trace.log"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertThat(StartupTraining.train(copy)).isTrue();
    }
}
