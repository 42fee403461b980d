package dev.compilereceipt.read.torchtrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Every TORCH_TRACE log under {@code fixtures/}: the captures' {@code torch_trace.log} files and tlparse's logs. */
final class FixtureLogs {

    private FixtureLogs() {
    }

    static List<Path> all() throws IOException {
        List<Path> logs = new ArrayList<>();
        try (Stream<Path> files = Files.walk(fixtures())) {
            files.filter(p -> p.toString().endsWith("torch_trace.log") || p.getParent().endsWith("tlparse")
                    && p.toString().endsWith(".log")).sorted().forEach(logs::add);
        }
        assertThat(logs).hasSizeGreaterThan(15);
        return logs;
    }

    static Path fixtures() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isDirectory(d.resolve("fixtures/print-bridge"))) {
                return d.resolve("fixtures");
            }
        }
        throw new IllegalStateException("fixtures/ not found");
    }
}
