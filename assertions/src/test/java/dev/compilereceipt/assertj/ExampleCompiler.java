package dev.compilereceipt.assertj;

import java.io.IOException;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;

/** Compiles one example class from a string against the test class path: the docs' and the Javadoc's examples alike. */
final class ExampleCompiler {

    private ExampleCompiler() {
    }

    /** The compiler's messages where {@code source} (a class named {@code Example}) does not compile; empty where it does. */
    static Optional<String> errors(String source) {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        JavaFileObject unit = new SimpleJavaFileObject(URI.create("string:///Example.java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return source;
            }
        };
        Path out;
        try {
            out = Files.createTempDirectory("example");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        StringWriter errors = new StringWriter();
        List<String> options = List.of("-proc:none", "-classpath", System.getProperty("surefire.test.class.path",
                System.getProperty("java.class.path")), "-d", out.toString());
        boolean ok = compiler.getTask(errors, null, diagnostic -> errors.append(diagnostic.toString()).append('\n'),
                options, null, List.of(unit)).call();
        return ok ? Optional.empty() : Optional.of(errors.toString());
    }
}
