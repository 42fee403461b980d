package dev.compilereceipt.junit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.reporting.OutputDirectoryProvider;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * Runs fixture test classes on the Jupiter engine the way a build would, with the configuration
 * passed explicitly (the test kit reads neither {@code junit-platform.properties} nor system
 * properties) and file output going to a directory of the test's choosing.
 */
final class EngineRun {

    static final Path FIXTURES = Path.of(System.getProperty("compilereceipt.fixtures.dir", "../fixtures")).toAbsolutePath().normalize();

    private final Map<String, String> parameters = new LinkedHashMap<>();
    private Path outputRoot;

    private EngineRun() {
    }

    /** A run with the fixtures root set to the repository's {@code fixtures/}. */
    static EngineRun withFixturesRoot() {
        return new EngineRun().parameter(TraceFixture.FIXTURES_ROOT, FIXTURES.toString());
    }

    /** A run with no configuration at all: the default places are searched. */
    static EngineRun bare() {
        return new EngineRun();
    }

    EngineRun parameter(String key, String value) {
        parameters.put(key, value);
        return this;
    }

    EngineRun output(Path root) {
        this.outputRoot = root;
        return this;
    }

    EngineExecutionResults execute(Class<?>... testClasses) {
        EngineTestKit.Builder kit = EngineTestKit.engine("junit-jupiter")
                .selectors(Arrays.stream(testClasses).map(c -> selectClass(c)).toArray(org.junit.platform.engine.DiscoverySelector[]::new))
                .configurationParameters(parameters);
        if (outputRoot != null) {
            kit.outputDirectoryProvider(new Output(outputRoot));
        }
        return kit.execute();
    }

    /** One directory per test, named after its unique id. */
    private static final class Output implements OutputDirectoryProvider {
        private final Path root;

        Output(Path root) {
            this.root = root;
        }

        @Override
        public Path getRootDirectory() {
            return root;
        }

        @Override
        public Path createOutputDirectory(TestDescriptor descriptor) throws IOException {
            return Files.createDirectories(root.resolve(descriptor.getUniqueId().toString().replaceAll("[^A-Za-z0-9._-]", "_")));
        }
    }
}
