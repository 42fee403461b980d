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
import org.junit.jupiter.api.Test;

/**
 * Every fenced {@code java} example of the README and the pages a test author reads (junit.md,
 * assertj.md, approvals.md) compiles against the real API with only the imports it shows (issue #43):
 * a whole class as it is, test methods and annotated fields as members of a class, other lines as
 * statements given a {@code Receipt receipt}. A block fenced {@code java excerpt} is a part of the
 * example project's {@code DecoderCompileTest}, which its build compiles: it must be there word for word.
 */
class DocsExamplesTest {

    private static final Path ROOT = Path.of(System.getProperty("compilereceipt.fixtures.dir", "../fixtures"))
            .toAbsolutePath().normalize().getParent();
    private static final List<String> PAGES = List.of("README.md", "docs/junit.md", "docs/assertj.md", "docs/approvals.md");
    private static final Pattern FENCE = Pattern.compile("(?m)^```java( excerpt)?\\n(.*?)^```$", Pattern.DOTALL);
    private static final Path EXAMPLE = Path.of("example-project/src/test/java/com/example/decoder/DecoderCompileTest.java");

    @Test
    void everyJavaExampleInTheDocsCompilesWithTheImportsItShows() throws IOException {
        List<String> broken = new ArrayList<>();
        int examples = 0;
        String example = squeezed(Files.readString(ROOT.resolve(EXAMPLE), StandardCharsets.UTF_8));
        for (String page : PAGES) {
            String text = Files.readString(ROOT.resolve(page), StandardCharsets.UTF_8);
            Matcher block = FENCE.matcher(text);
            while (block.find()) {
                examples++;
                String code = block.group(2);
                long line = 1 + text.substring(0, block.start()).chars().filter(c -> c == '\n').count();
                if (block.group(1) != null) {
                    if (!example.contains(squeezed(code))) {
                        broken.add(page + ":" + line + " is not a part of " + EXAMPLE + ":\n" + code);
                    }
                } else if (!compiles(code)) {
                    broken.add(page + ":" + line + " does not compile:\n" + code + "\n" + lastErrors);
                }
            }
        }
        assertThat(examples).isGreaterThanOrEqualTo(8);
        assertThat(broken).as("documentation examples").isEmpty();
    }

    private static String squeezed(String code) {
        return code.replaceAll("\\s+", " ").strip();
    }

    private String lastErrors = "";

    private boolean compiles(String code) {
        StringBuilder imports = new StringBuilder();
        StringBuilder body = new StringBuilder();
        for (String line : code.split("\n")) {
            if (line.startsWith("import ")) {
                imports.append(line).append('\n');
            } else if (!line.startsWith("package ")) {
                body.append(line).append('\n');
            }
        }
        String rest = body.toString();
        if (Pattern.compile("(?m)^(public )?(final )?class ").matcher(rest).find()) {
            return compile(imports + rest);
        }
        return compile(imports + "class Example {\n" + rest + "\n}\n")
                || compile(imports + "class Example {\n  void example(dev.compilereceipt.receipt.Receipt receipt) throws Exception {\n"
                        + rest + "\n  }\n}\n");
    }

    private boolean compile(String source) {
        lastErrors = ExampleCompiler.errors(source).orElse("");
        return lastErrors.isEmpty();
    }
}
