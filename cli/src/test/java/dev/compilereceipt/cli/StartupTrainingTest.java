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

    @Test
    void picocliIsTheCliBuildsOwnAtClassVersion61WhichTheCachesTake() throws IOException {
        // CDS and the AOT cache refuse class files older than Java 6 (picocli's jar: version 49), so cli/pom.xml
        // compiles picocli's sources at release 17 into the CLI's own classes: major version 61, same code source.
        byte[] header;
        try (java.io.InputStream in = picocli.CommandLine.class.getResourceAsStream("CommandLine.class")) {
            assertThat(in).isNotNull();
            header = in.readNBytes(8);
        }
        assertThat(header[0] & 0xff).isEqualTo(0xCA);
        assertThat(((header[6] & 0xff) << 8) | (header[7] & 0xff)).isEqualTo(61);
        assertThat(picocli.CommandLine.class.getProtectionDomain().getCodeSource().getLocation())
                .isEqualTo(ReceiptCommand.class.getProtectionDomain().getCodeSource().getLocation());
    }
}
