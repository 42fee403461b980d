package dev.compilereceipt.junit;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Finds a fixture path: an absolute path as it is; otherwise a classpath resource first, then a
 * file under the configured fixtures root or, without one, under {@code src/test/resources} and
 * then the working directory (the module directory under Maven and Gradle).
 */
final class FixtureLocator {

    static final String DEFAULT_RESOURCES = "src/test/resources";

    private final Optional<String> configuredRoot;
    private final Path workingDirectory;
    private final ClassLoader loader;

    FixtureLocator(Optional<String> configuredRoot, Path workingDirectory, ClassLoader loader) {
        this.configuredRoot = configuredRoot.map(String::strip).filter(root -> !root.isEmpty());
        this.workingDirectory = workingDirectory.toAbsolutePath().normalize();
        this.loader = loader;
    }

    static FixtureLocator of(ExtensionContext context) {
        return new FixtureLocator(context.getConfigurationParameter(TraceFixture.FIXTURES_ROOT), Path.of(""), loader(context));
    }

    /** The class loader whose resources a context's fixtures are looked up in: its test class's. */
    static ClassLoader loader(ExtensionContext context) {
        return context.getTestClass().map(Class::getClassLoader).orElseGet(() -> Thread.currentThread().getContextClassLoader());
    }

    /** The fixture at {@code path}; a {@link FixtureMissingException} listing every place searched. */
    FixtureLocation locate(String path) {
        List<String> searched = new ArrayList<>();
        Path asPath;
        try {
            asPath = Path.of(path);
        } catch (InvalidPathException e) {
            asPath = null;
        }
        if (asPath != null && asPath.isAbsolute()) {
            searched.add(asPath.normalize().toString());
            if (Files.isRegularFile(asPath) || Files.isDirectory(asPath)) {
                return FixtureLocation.file(asPath);
            }
            throw new FixtureMissingException(path, searched);
        }
        String resourceName = path.replace('\\', '/');
        searched.add("classpath resource " + resourceName);
        URL url = loader == null ? null : loader.getResource(resourceName);
        if (url != null) {
            return fromResource(url, resourceName).withSource(sourceOf(resourceName));
        }
        if (asPath != null) {
            for (Path root : roots()) {
                Path candidate = root.resolve(asPath).normalize();
                searched.add(candidate + configuredRoot.map(r -> " (" + TraceFixture.FIXTURES_ROOT + " = " + r + ")").orElse(""));
                // A folder is a TORCH_TRACE folder: one log per rank, or a log and its warm start (warm_...).
                if (Files.isRegularFile(candidate) || Files.isDirectory(candidate)) {
                    return FixtureLocation.file(candidate);
                }
            }
        }
        throw new FixtureMissingException(path, searched);
    }

    /** The resource's file in the source tree: under the fixtures root, else src/test/resources. */
    private Optional<Path> sourceOf(String resourceName) {
        try {
            Path root = workingDirectory.resolve(configuredRoot.orElse(DEFAULT_RESOURCES));
            Path candidate = root.resolve(resourceName).normalize();
            return Files.isRegularFile(candidate) ? Optional.of(candidate) : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    private List<Path> roots() {
        if (configuredRoot.isPresent()) {
            return List.of(workingDirectory.resolve(configuredRoot.get()));
        }
        return List.of(workingDirectory.resolve(DEFAULT_RESOURCES), workingDirectory);
    }

    private static FixtureLocation fromResource(URL url, String resourceName) {
        if ("file".equals(url.getProtocol())) {
            try {
                return FixtureLocation.file(Path.of(url.toURI()));
            } catch (URISyntaxException | IllegalArgumentException e) {
                // not a usable file URL: read it as a stream like a resource inside a jar
            }
        }
        return FixtureLocation.resource(url, resourceName);
    }
}
