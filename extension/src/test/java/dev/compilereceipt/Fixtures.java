package dev.compilereceipt;

import java.nio.file.Path;

/** Where the repository's fixtures are: the build passes the folder, an IDE run falls back to ../fixtures. */
final class Fixtures {

    private Fixtures() {
    }

    static Path path(String relative) {
        String dir = System.getProperty("compilereceipt.fixtures.dir", "../fixtures");
        return Path.of(dir).resolve(relative);
    }
}
