package dev.compilereceipt.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher's training run runs every command on the fixtures, and says so only when each ran as it runs. */
class StartupTrainingTest {

    private static final Path FIXTURES = Path.of(System.getProperty("compilereceipt.fixtures.dir", "../fixtures"));

    @TempDir
    Path temp;

    @Test
    void everyTrainingCommandRunsOnTheFixtures() throws IOException {
        assertThat(StartupTraining.train(FIXTURES, temp)).isTrue();
        // The large text is written in the folder given and deleted after; no folder to write it in is no training.
        try (var left = Files.list(temp)) {
            assertThat(left).isEmpty();
        }
        assertThat(StartupTraining.train(FIXTURES, temp.resolve("no such folder"))).isFalse();
    }

    @Test
    void aMissingFixtureOrACommandThatFailsIsNoTraining() throws IOException {
        assertThat(StartupTraining.train(temp.resolve("none"), temp)).isFalse();
        // Every file there, but the TORCH_TRACE log is not one: its audit is refused (2), not 0.
        Path copy = temp.resolve("fixtures");
        Files.createDirectories(copy.resolve("print-bridge"));
        Files.copy(FIXTURES.resolve("print-bridge/trace.json"), copy.resolve("print-bridge/trace.json"));
        for (String capture : List.of("2.14-print-bridge", "2.6-fallback", "2.6-int-spec")) {
            Files.createDirectories(copy.resolve("torch-logs/" + capture));
            Files.copy(FIXTURES.resolve("torch-logs/" + capture + "/torch_logs.txt"), copy.resolve("torch-logs/" + capture + "/torch_logs.txt"));
        }
        Files.writeString(copy.resolve("print-bridge/torch_trace.log"), "not a log\n");
        assertThat(StartupTraining.train(copy, temp)).isFalse();
        Files.copy(FIXTURES.resolve("print-bridge/torch_trace.log"), copy.resolve("print-bridge/torch_trace.log"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertThat(StartupTraining.train(copy, temp)).isTrue();
    }

    @Test
    void withoutTheTwoSixCapturesOfTheLargeTextThereIsNoTraining() throws IOException {
        Path copy = temp.resolve("fixtures");
        for (String file : List.of("print-bridge/trace.json", "print-bridge/torch_trace.log", "torch-logs/2.14-print-bridge/torch_logs.txt",
                "torch-logs/2.6-fallback/torch_logs.txt")) {
            Files.createDirectories(copy.resolve(file).getParent());
            Files.copy(FIXTURES.resolve(file), copy.resolve(file));
        }
        assertThat(StartupTraining.train(copy, temp)).isFalse();
        Files.createDirectories(copy.resolve("torch-logs/2.6-int-spec"));
        Files.copy(FIXTURES.resolve("torch-logs/2.6-int-spec/torch_logs.txt"), copy.resolve("torch-logs/2.6-int-spec/torch_logs.txt"));
        assertThat(StartupTraining.train(copy, temp)).isTrue();
    }

    @Test
    void theLargeTextIsTheCapturesOnceThenTheRepeatedOneUntilSixteenMebibytesAreWritten() throws IOException {
        // 16 MiB is the size a text is read in parts from (TextParts.MIN_SIZE): the training must reach it.
        assertThat(StartupTraining.BIG_TEXT).isEqualTo(16_777_216L);
        Path a = Files.writeString(temp.resolve("a.txt"), "first\n");
        Path b = Files.writeString(temp.resolve("b.txt"), "second line\n");
        Path again = Files.write(temp.resolve("again.txt"), new byte[1_000_000]);
        Path big = temp.resolve("big.txt");
        StartupTraining.writeBigText(big, List.of(a, b), again);
        // 6 + 12 bytes, then 17 copies of a million: 16,000,018 is short of 16,777,216, 17,000,018 is not.
        assertThat(Files.size(big)).isEqualTo(17_000_018L);
        assertThat(new String(Files.readAllBytes(big), 0, 18, java.nio.charset.StandardCharsets.UTF_8)).isEqualTo("first\nsecond line\n");
        Path empty = Files.write(temp.resolve("empty.txt"), new byte[0]);
        assertThatThrownBy(() -> StartupTraining.writeBigText(big, List.of(a), empty))
                .isInstanceOf(IOException.class).hasMessage(empty + " is empty: no text to repeat");
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
