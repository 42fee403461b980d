package dev.compilereceipt.json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Breaks the layout on purpose, for {@code LayoutRulesFailTest}: a file written past the output package's rules. */
class WritesAFile {
    void write(Path file) throws IOException {
        Files.writeString(file, "written in place, whatever is there");
    }
}
