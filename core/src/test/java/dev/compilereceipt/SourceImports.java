package dev.compilereceipt;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The flow checked on the sources' import lines, which ArchUnit cannot see: an import used only by
 * Javadoc ({@code {@link Traces}} in the model) leaves nothing in the bytecode, yet it points the
 * source back up the flow. A Javadoc link that must go up names its type fully instead.
 *
 * <p>Example: {@code LayoutTest.SOURCE_IMPORTS.check(Path.of("src/main/java"))} throws an
 * {@link AssertionError} naming {@code dev/compilereceipt/trace/Trace.java:3} if {@code Trace}
 * imported {@code dev.compilereceipt.Traces}.
 */
final class SourceImports {

    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
    private static final Pattern IMPORT = Pattern.compile("^import\\s+(?:static\\s+)?([\\w.]+(?:\\.\\*)?)\\s*;");

    private final List<FlowLayer> flow;

    SourceImports(List<FlowLayer> flow) {
        this.flow = List.copyOf(flow);
    }

    /** Fails naming every import, under {@code root} (a folder of sources or one file), that reaches a layer its own may not use. */
    void check(Path root) {
        List<String> against = againstTheFlow(root);
        if (!against.isEmpty()) {
            throw new AssertionError("Source imports against the flow (" + against.size() + "):\n" + String.join("\n", against));
        }
    }

    List<String> againstTheFlow(Path root) {
        List<String> against = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                against.addAll(againstTheFlow(root, file));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return against;
    }

    private List<String> againstTheFlow(Path root, Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        Matcher pkg = PACKAGE.matcher(String.join("\n", lines));
        Optional<FlowLayer> own = pkg.find() ? FlowLayer.of(flow, pkg.group(1)) : Optional.empty();
        List<String> against = new ArrayList<>();
        if (own.isEmpty()) {
            return against;
        }
        String name = root.equals(file) ? file.getFileName().toString() : root.relativize(file).toString().replace('\\', '/');
        for (int i = 0; i < lines.size(); i++) {
            Matcher imported = IMPORT.matcher(lines.get(i));
            if (imported.find()) {
                Optional<FlowLayer> used = FlowLayer.of(flow, packageOf(imported.group(1)));
                if (used.isPresent() && !used.get().mayBeUsedBy(own.get())) {
                    against.add(name + ":" + (i + 1) + ": import " + imported.group(1) + " reaches " + used.get().name()
                            + ", which " + own.get().name() + " may not use");
                }
            }
        }
        return against;
    }

    /** The package of an imported name: its segments before the first type (capitalised) or {@code *}. */
    private static String packageOf(String imported) {
        StringBuilder pkg = new StringBuilder();
        for (String segment : imported.split("\\.")) {
            if (segment.equals("*") || Character.isUpperCase(segment.charAt(0))) {
                break;
            }
            pkg.append(pkg.length() == 0 ? "" : ".").append(segment);
        }
        return pkg.toString();
    }
}
