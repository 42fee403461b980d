package dev.compilereceipt.assertj;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.approval.ApprovalMode;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The assertions approve a receipt with no test framework at all: a plain {@code main}, in a JVM
 * whose class path holds neither JUnit nor opentest4j nor the extension, reads and writes the files
 * beside the fixture it names, with the mode of the system property, and reports nothing.
 */
class ApprovalWithoutATestFrameworkTest {

    @TempDir
    Path root;

    @Test
    void aPlainMainApprovesBesideTheFixture() throws IOException, InterruptedException {
        CopiedCapture capture = CopiedCapture.in(root);
        String classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.contains("junit") && !entry.contains("opentest4j") && !entry.contains("extension"))
                .collect(Collectors.joining(File.pathSeparator));
        assertThat(classPath).contains("assertj-core").doesNotContain("junit");
        Path log = Files.createTempFile(root, "jvm", ".log");
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-D" + ApprovalMode.PARAMETER + "=missing", "-cp", classPath, PlainMainApproval.class.getName(),
                capture.fixture().toString()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("forked JVM finished").isTrue();
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as("forked JVM exit, log: %s", output).isZero();

        assertThat(output.lines()).first().isEqualTo("approval contexts: 0");
        assertThat(output).contains("without a fixture: the print-bridge receipt did not come from @TraceFixture (no @TraceFixture"
                + " test is running on this thread), so its fixture is unknown: name the fixture file with matchesApprovedReceipt(Path)");
        assertThat(output.lines().filter(line -> line.startsWith("compile-receipt: "))).singleElement()
                .asString().contains(capture.approved().toString());
        assertThat(output.lines()).last().isEqualTo("approved twice");
        assertThat(capture.approved()).hasContent(capture.canonical().strip());
        assertThat(capture.received()).doesNotExist();
    }
}
