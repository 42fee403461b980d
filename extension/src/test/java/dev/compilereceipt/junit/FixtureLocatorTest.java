package dev.compilereceipt.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Trace;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FixtureLocatorTest {

    private static final Path BEFORE = Path.of("src/test/resources/traces/before.json").toAbsolutePath();

    @TempDir
    Path temp;

    @Test
    void anAbsolutePathIsUsedAsItIs() {
        FixtureLocator locator = new FixtureLocator(Optional.of(temp.toString()), temp, null);

        FixtureLocation location = locator.locate(BEFORE.toString());

        assertThat(location.file()).contains(BEFORE);
        assertThat(location.read(Limits.DEFAULT, OptionalInt.empty()).fixture().name()).isEqualTo("tiny");
    }

    @Test
    void aMissingAbsolutePathNamesOnlyItself() {
        FixtureLocator locator = new FixtureLocator(Optional.empty(), temp, null);
        Path missing = temp.resolve("missing.json");

        assertThatThrownBy(() -> locator.locate(missing.toString()))
                .isInstanceOf(FixtureMissingException.class)
                .hasMessage("no fixture \"" + missing + "\"; searched:\n  " + missing);
    }

    @Test
    void aRelativeRootIsTakenFromTheWorkingDirectory() throws Exception {
        Files.createDirectories(temp.resolve("traces/deep"));
        Files.copy(BEFORE, temp.resolve("traces/deep/t.json"));
        FixtureLocator locator = new FixtureLocator(Optional.of("traces"), temp, null);

        assertThat(locator.locate("deep/t.json").file()).contains(temp.resolve("traces/deep/t.json"));
    }

    @Test
    void theClasspathComesBeforeTheRoot() throws Exception {
        Files.createDirectories(temp.resolve("root/traces"));
        Files.writeString(temp.resolve("root/traces/before.json"), "not even JSON");
        FixtureLocator locator = new FixtureLocator(Optional.of(temp.resolve("root").toString()), temp, getClass().getClassLoader());

        Trace trace = locator.locate("traces/before.json").read(Limits.DEFAULT, OptionalInt.empty());

        assertThat(trace.fixture().name()).isEqualTo("tiny");
    }

    @Test
    void aResourceInsideAJarIsReadFromItsStreamAndNamedByItsResourceName() throws Exception {
        Path jar = temp.resolve("fixtures.jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream entries = new JarOutputStream(out)) {
            entries.putNextEntry(new JarEntry("shared/tiny.json"));
            entries.write(Files.readAllBytes(BEFORE));
            entries.closeEntry();
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
            FixtureLocation location = new FixtureLocator(Optional.empty(), temp, loader).locate("shared/tiny.json");

            assertThat(location.file()).isEmpty();
            assertThat(location.key()).isEqualTo("jar:" + jar.toUri().toURL() + "!/shared/tiny.json");
            Trace trace = location.read(Limits.DEFAULT, OptionalInt.empty());
            assertThat(trace.source()).isEqualTo(Path.of("shared/tiny.json"));
            assertThat(trace.runs().get(0).calls()).hasSize(4);
        }
    }
}
