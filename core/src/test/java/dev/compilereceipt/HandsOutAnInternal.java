package dev.compilereceipt;

import dev.compilereceipt.output.OutputFile;
import java.nio.file.Path;

/** Breaks the layout on purpose, for {@code LayoutRulesFailTest}: a façade whose public method names an internal type. */
final class HandsOutAnInternal {

    private HandsOutAnInternal() {
    }

    public static Path aside(OutputFile file) {
        return file.aside();
    }
}
