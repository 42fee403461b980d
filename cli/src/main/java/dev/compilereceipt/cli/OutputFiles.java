package dev.compilereceipt.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes what the CLI produces without ever leaving a half-written file or touching what it should
 * not: each output is written to a temporary file in its own folder and moved into place in one
 * step, files that go together are all written before any is moved, and an output that is the
 * input trace, a symbolic link or a folder is refused before anything is written.
 *
 * <p>Example: {@code OutputFiles.write(Map.of(dir.resolve("ledger.csv"), ledger, dir.resolve("receipt.csv"), phases), trace)}.
 */
final class OutputFiles {

    private OutputFiles() {
    }

    /** An output the CLI will not write: exit 2, like a refused trace. */
    static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Refused(Path target, String why) {
            super("cannot write " + target + ": " + why, null, false, false);
        }
    }

    static void write(Path target, String content, Path input) throws IOException {
        Map<Path, String> one = new LinkedHashMap<>();
        one.put(target, content);
        write(one, input);
    }

    /** Writes every file or none: all are checked, then all written aside, then all moved into place. */
    static void write(Map<Path, String> files, Path input) throws IOException {
        for (Path target : files.keySet()) {
            check(target, input);
        }
        List<Path[]> moves = new ArrayList<>();
        try {
            for (Map.Entry<Path, String> file : files.entrySet()) {
                Path folder = folderOf(file.getKey());
                Files.createDirectories(folder);
                Path aside = Files.createTempFile(folder, "." + file.getKey().getFileName() + ".", ".part");
                moves.add(new Path[] {aside, file.getKey()});
                Files.writeString(aside, file.getValue(), StandardCharsets.UTF_8);
            }
            for (Path[] move : moves) {
                move(move[0], move[1]);
            }
        } catch (IOException e) {
            for (Path[] move : moves) {
                Files.deleteIfExists(move[0]);
            }
            throw new IOException("cannot write " + (moves.isEmpty() ? files.keySet().iterator().next() : moves.get(moves.size() - 1)[1])
                    + ": " + plainWords(e), e);
        }
    }

    private static void check(Path target, Path input) throws IOException {
        if (Files.isSymbolicLink(target)) {
            throw new Refused(target, "it is a symbolic link; name the file itself");
        }
        if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
            throw new Refused(target, "it is a folder");
        }
        if (input != null && Files.exists(target) && Files.exists(input) && Files.isSameFile(target, input)) {
            throw new Refused(target, "it is the input trace; write the output elsewhere");
        }
    }

    private static void move(Path aside, Path target) throws IOException {
        try {
            Files.move(aside, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(aside, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static Path folderOf(Path target) {
        Path parent = target.toAbsolutePath().getParent();
        return parent == null ? Path.of("").toAbsolutePath() : parent;
    }

    /** What went wrong with a file, in words rather than an exception's class name. */
    static String plainWords(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or folder";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getReason();
        }
        return e.getMessage() == null ? "an input/output error" : e.getMessage();
    }
}
