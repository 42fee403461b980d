package dev.compilereceipt.assertj;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every code example in the Javadoc of a public type of the engine, the JUnit glue and the
 * assertions ({@code Example: {@code ...}} and {@code <pre>{@code ...}</pre>}) compiles against
 * the real API, so an example cannot rot when a name changes. Each is compiled on its own, as a
 * statement or an expression, with the variables examples name ({@code receipt}, {@code trace},
 * {@code ledger}, ...) declared.
 */
class JavadocExamplesTest {

    private static final Path ROOT = Path.of(System.getProperty("compilereceipt.fixtures.dir", "../fixtures"))
            .toAbsolutePath().getParent();
    private static final Pattern BLOCK = Pattern.compile("<pre>\\{@code\\n(.*?)\\n\\s*\\*\\s*\\}</pre>", Pattern.DOTALL);
    private static final String PREAMBLE = String.join("\n",
            "import dev.compilereceipt.*;",
            "import dev.compilereceipt.trace.*;",
            "import dev.compilereceipt.ledger.*;",
            "import dev.compilereceipt.receipt.*;",
            "import dev.compilereceipt.mutant.*;",
            "import dev.compilereceipt.diff.*;",
            "import dev.compilereceipt.approval.*;",
            "import dev.compilereceipt.view.text.*;",
            "import dev.compilereceipt.view.html.*;",
            "import dev.compilereceipt.junit.*;",
            "import dev.compilereceipt.assertj.*;",
            "import dev.compilereceipt.json.CanonicalJson;",
            // the 0.1 names kept in dev.compilereceipt would make these ambiguous on demand: the examples mean the current ones
            "import dev.compilereceipt.receipt.Receipt;",
            "import dev.compilereceipt.receipt.RunFigures;",
            "import dev.compilereceipt.receipt.PhaseFigures;",
            "import dev.compilereceipt.trace.Phase;",
            "import dev.compilereceipt.trace.BreakKind;",
            "import static dev.compilereceipt.assertj.CompileAssertFactories.*;",
            "import static org.assertj.core.api.Assertions.assertThat;",
            "import org.junit.jupiter.api.Test;",
            "import static dev.compilereceipt.trace.Phase.*;",
            "import static dev.compilereceipt.ledger.CallCache.*;",
            "import static dev.compilereceipt.assertj.CompileAssertions.assertThat;",
            "import java.nio.file.*;",
            "import java.util.*;",
            "class Example {",
            "  @SuppressWarnings(\"unused\")",
            "  void example(Receipt receipt, Trace trace, Ledger ledger, LedgerRow row, Path dir, Path file, String guard,",
            "      List<LedgerRow> rows, String site, Path out, List<Event> events, Call call) throws Exception {",
            "    %s",
            "  }",
            "  @TraceFixture(\"x\") Receipt annotated;",
            "}");

    /**
     * The internal packages (@API INTERNAL), whose examples are for the project's own developers, and
     * the message factories, whose examples are the messages they write rather than code.
     */
    private static boolean internal(Path file) {
        String path = file.toString().replace('\\', '/');
        return path.contains("/dev/compilereceipt/read/") || path.contains("/dev/compilereceipt/ranks/") || path.contains("/dev/compilereceipt/json/")
                || path.contains("/dev/compilereceipt/output/")
                || path.contains("/dev/compilereceipt/trace/json/") || path.contains("/dev/compilereceipt/receipt/json/")
                || path.contains("/dev/compilereceipt/assertj/internal/") || path.contains("/dev/compilereceipt/assertj/error/");
    }

    @Test
    void everyExampleInTheJavadocCompiles() throws IOException {
        List<String[]> examples = new ArrayList<>();
        for (String module : List.of("core", "extension", "assertions")) {
            try (Stream<Path> files = Files.walk(ROOT.resolve(module).resolve("src/main/java"))) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java") && !internal(f)).toList()) {
                    String source = Files.readString(file, StandardCharsets.UTF_8);
                    if (!source.contains("\npublic ")) {
                        continue;
                    }
                    collect(file, source, examples);
                }
            }
        }
        assertThat(examples).hasSizeGreaterThan(30);
        List<String> broken = new ArrayList<>();
        for (String[] example : examples) {
            String code = example[1].strip();
            String statement = code.endsWith(";") || code.endsWith("}") ? code : code + ";";
            if (!compiles(statement) && !compiles("Object value = " + code + ";") && !compiles(annotated(code))
                    && !compiles(withoutVariables(statement))) {
                broken.add(example[0] + ": " + code);
            }
        }
        assertThat(broken).as("Javadoc examples that do not compile").isEmpty();
    }

    /** An example that declares the variables it uses ({@code Receipt receipt = ...}): compiled in a method without them. */
    private static String withoutVariables(String code) {
        return "}\n  void declaring() throws Exception {\n" + code;
    }

    /** An example that is a test method or a declaration: compiled as the class body. */
    private static String annotated(String code) {
        return "}\n  class Member {\n" + code + "\n  }\n  void none() {";
    }

    private static void collect(Path file, String source, List<String[]> examples) {
        String name = ROOT.relativize(file).toString();
        // "Example: {@code ...}" and the code spans after it in the same sentence: braces balanced, lines joined.
        String text = source.replaceAll("\n\\s*\\* ?", " ");
        for (int at = text.indexOf("Example: {@code "); at >= 0; at = text.indexOf("Example: {@code ", at + 1)) {
            int start = at + "Example: {@code ".length();
            int depth = 1;
            int i = start;
            while (i < text.length() && depth > 0) {
                char c = text.charAt(i++);
                depth += c == '{' ? 1 : c == '}' ? -1 : 0;
            }
            examples.add(new String[] {name, unescape(text.substring(start, i - 1))});
        }
        Matcher block = BLOCK.matcher(source);
        while (block.find()) {
            StringBuilder code = new StringBuilder();
            for (String line : block.group(1).split("\n")) {
                String codeLine = line.replaceFirst("^\\s*\\* ?", "");
                // the preamble imports what an example's own import lines name
                if (!codeLine.startsWith("import ")) {
                    code.append(codeLine).append('\n');
                }
            }
            examples.add(new String[] {name, unescape(code.toString())});
        }
    }

    private static String unescape(String javadoc) {
        return javadoc.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&").replace("&#64;", "@");
    }

    private static boolean compiles(String body) {
        return ExampleCompiler.errors(PREAMBLE.replace("%s", body)).isEmpty();
    }
}
