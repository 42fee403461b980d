package dev.compilereceipt.compatibility;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compatibility check fails once, on a scratch class compiled twice: the second copy removes a
 * public method and changes another, which fails, and removes a deprecated one and adds one, which
 * pass. A check that matched nothing would pass on any API.
 */
class ApiCompatibilityFailsTest {

    private static final String RELEASED = """
            package scratch;

            @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.STABLE, since = "0.1")
            public class Window {
                public int width() { return 1; }
                public int height() { return 1; }
                @Deprecated(since = "0.1", forRemoval = true)
                public int area() { return 1; }
                protected void resize(int width) { }
                int packagePrivate() { return 1; }
            }
            """;

    private static final String NEXT = """
            package scratch;

            @org.apiguardian.api.API(status = org.apiguardian.api.API.Status.STABLE, since = "0.1")
            public class Window {
                public long width() { return 1; }
                public int depth() { return 1; }
                protected void resize(int width) { }
            }
            """;

    @Test
    void removingOrChangingAPublicMethodFailsRemovingADeprecatedOnePasses(@TempDir Path dir) throws IOException {
        List<String> released = listing(dir.resolve("released"), RELEASED);
        List<String> next = listing(dir.resolve("next"), NEXT);

        assertThat(released).contains("scratch.Window: method public int area()  // @Deprecated",
                "scratch.Window: type public class  // @API(STABLE, since 0.1)", "scratch.Window: method protected void resize(int)")
                .noneMatch(line -> line.contains("packagePrivate"));
        List<String> broken = ApiBaseline.broken(released, next);
        assertThat(broken).containsExactly("scratch.Window: method public int height()", "scratch.Window: method public int width()");
        assertThat(ApiBaseline.added(released, next)).containsExactly("scratch.Window: method public int depth()",
                "scratch.Window: method public long width()");
        assertThat(ApiCompatibilityTest.message("core", broken)).startsWith("""
                compile-receipt-core: 2 public type or member removed or changed without a deprecation (baseline api/core.txt):
                  scratch.Window: method public int height()
                  scratch.Window: method public int width()
                Keep it, deprecated""");
        assertThat(ApiBaseline.broken(released, released)).isEmpty();
    }

    @Test
    void aDeprecatedTypeMayGoWithItsMembers() {
        List<String> released = List.of("old.Name: type public final class  // @API(DEPRECATED, since 0.2) @Deprecated",
                "old.Name: method public int size()", "old.Name.Inner: type public static class");
        assertThat(ApiBaseline.broken(released, List.of())).isEmpty();
        assertThat(ApiBaseline.broken(List.of("kept.Name: type public final class  // @API(STABLE, since 0.1)"), List.of()))
                .containsExactly("kept.Name: type public final class");
    }

    private static List<String> listing(Path dir, String source) throws IOException {
        Path sources = Files.createDirectories(dir.resolve("src/scratch"));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Path file = Files.writeString(sources.resolve("Window.java"), source, StandardCharsets.UTF_8);
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        StringWriter errors = new StringWriter();
        boolean compiled = ToolProvider.getSystemJavaCompiler().getTask(errors, null, null,
                List.of("-proc:none", "-classpath", classpath, "-d", classes.toString()), null,
                ToolProvider.getSystemJavaCompiler().getStandardFileManager(null, null, StandardCharsets.UTF_8).getJavaFileObjects(file))
                .call();
        assertThat(compiled).as(errors.toString()).isTrue();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, ApiCompatibilityFailsTest.class.getClassLoader())) {
            return ApiListing.of(classes, loader);
        }
    }
}
