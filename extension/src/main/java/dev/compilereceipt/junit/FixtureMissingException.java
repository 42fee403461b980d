package dev.compilereceipt.junit;

import java.util.List;

/** No fixture at a path: every place that was searched, in the order searched. */
final class FixtureMissingException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String path;
    private final List<String> searched;

    FixtureMissingException(String path, List<String> searched) {
        super("no fixture \"" + path + "\"; searched:\n  " + String.join("\n  ", searched));
        this.path = path;
        this.searched = List.copyOf(searched);
    }

    String path() {
        return path;
    }

    List<String> searched() {
        return searched;
    }
}
