package dev.compilereceipt.compatibility;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.Traces;
import dev.compilereceipt.assertj.CompileAssertions;
import dev.compilereceipt.junit.TraceFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The public API of each published module against its committed baseline, {@code api/<module>.txt}
 * (docs/release.md, "API policy"): a public type or member removed or changed fails unless the
 * baseline shows it deprecated; an addition passes and is reported until the baseline records it.
 * Regenerate the baselines, after review, with
 * {@code mvn -pl assertions -am test -Dtest=ApiCompatibilityTest -Dsurefire.failIfNoSpecifiedTests=false -Dcompilereceipt.api.update=true}.
 */
class ApiCompatibilityTest {

    static final String UPDATE = "compilereceipt.api.update";
    static final String COMMAND = "mvn -q -B -pl assertions -am test -Dtest=ApiCompatibilityTest "
            + "-Dsurefire.failIfNoSpecifiedTests=false -D" + UPDATE + "=true";

    /** A class of each published module with an API; the CLI is all internal. */
    private static final Map<String, Class<?>> MODULES = Map.of("core", Traces.class, "extension", TraceFixture.class,
            "assertions", CompileAssertions.class);

    private static final Path ROOT = Path.of(System.getProperty("compilereceipt.fixtures.dir", "../fixtures"))
            .toAbsolutePath().normalize().getParent();

    static Path baselineOf(String module) {
        return ROOT.resolve("api").resolve(module + ".txt");
    }

    static String header(String module) {
        return "# compile-receipt-" + module + ": its public API, the baseline ApiCompatibilityTest compares the build with.\n"
                + "# One line a type, supertype or member; after \"  // \" its @API status and @Deprecated, not part of the signature.\n"
                + "# Regenerate after review: " + COMMAND + "\n";
    }

    static List<String> read(Path baseline) throws IOException {
        return Files.readAllLines(baseline, StandardCharsets.UTF_8).stream().filter(line -> !line.isBlank() && !line.startsWith("#")).toList();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"core", "extension", "assertions"})
    void nothingPublicIsRemovedOrChangedWithoutADeprecation(String module, TestReporter reporter) throws IOException {
        List<String> current = ApiListing.of(MODULES.get(module));
        Path baseline = baselineOf(module);
        if (Boolean.getBoolean(UPDATE)) {
            Files.createDirectories(baseline.getParent());
            Files.writeString(baseline, header(module) + String.join("\n", current) + "\n", StandardCharsets.UTF_8);
            return;
        }
        assertThat(baseline).as("the API baseline of " + module + "; write it with: " + COMMAND).exists();
        List<String> before = read(baseline);
        List<String> broken = ApiBaseline.broken(before, current);
        assertThat(broken).as(message(module, broken)).isEmpty();
        List<String> added = ApiBaseline.added(before, current);
        if (!added.isEmpty()) {
            reporter.publishEntry("compilereceipt.api", added.size() + " public members of " + module
                    + " are not in " + ROOT.relativize(baseline) + " yet; record them with: " + COMMAND);
        }
    }

    /** Every published top-level type says how far users may rely on it; a nested type goes with its outer one. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"core", "extension", "assertions"})
    void everyPublishedTypeHasAnApiStatus(String module) {
        List<String> unmarked = ApiListing.of(MODULES.get(module)).stream()
                .filter(line -> line.contains(": type ") && !line.contains("@API(") && topLevel(line.substring(0, line.indexOf(": "))))
                .toList();
        assertThat(unmarked).as("public types of " + module + " without @API(status, since)").isEmpty();
    }

    private static boolean topLevel(String type) {
        String[] names = type.split("\\.");
        return names.length < 2 || Character.isLowerCase(names[names.length - 2].charAt(0));
    }

    static String message(String module, List<String> broken) {
        List<String> lines = new ArrayList<>();
        lines.add("compile-receipt-" + module + ": " + broken.size() + " public type or member removed or changed without a deprecation "
                + "(baseline api/" + module + ".txt):");
        broken.forEach(line -> lines.add("  " + line));
        lines.add("Keep it, deprecated (@Deprecated(since, forRemoval = true) and @API(status = DEPRECATED)), forwarding to its "
                + "replacement, for one release, and say so in docs/release.md; only then remove it. A change meant to break "
                + "(a new major version) regenerates the baseline: " + COMMAND);
        return String.join("\n", lines);
    }
}
