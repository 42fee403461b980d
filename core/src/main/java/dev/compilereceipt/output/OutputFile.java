package dev.compilereceipt.output;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.apiguardian.api.API;

/**
 * One file the tool writes, the one way every output reaches the disk (docs/hostile-input.md,
 * "Every file the tool writes"). {@link #begin} checks the target and refuses a symbolic link, a
 * folder, anything but a regular file, the input itself and a read-only file; it creates the
 * folders that are missing and a file aside in the target's folder, which takes the mode new files
 * get there (0666 less the umask, as {@code cp} gives). The content goes to the file aside; then
 * {@link #commit} gives it the mode of the file it replaces, if any, and renames it over the target
 * in one step. Closed without a commit, it removes the file aside and the folders it created: on
 * any failure the target is as it was and nothing is left behind.
 *
 * <p>Example: {@code try (OutputFile page = OutputFile.begin(Path.of("receipt.html"), trace)) { page.writeString(html); page.commit(); }},
 * or {@code OutputFile.write(Path.of("receipt.html"), html, trace)}.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class OutputFile implements AutoCloseable {

    /** A file name of at most 255 bytes leaves room for the aside file's dot, random part and suffix. */
    private static final int ASIDE_NAME_CHARS = 180;

    /** An output that will not be written, and why, in one sentence naming it. */
    public static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public Refused(Path target, String why) {
            super("cannot write " + target + ": " + why, null, false, false);
        }
    }

    private final Path target;
    private final Path placed;
    private final List<Path> madeFolders;
    private final Path aside;
    private boolean committed;
    private boolean closed;

    private OutputFile(Path target, Path placed, List<Path> madeFolders, Path aside) {
        this.target = target;
        this.placed = placed;
        this.madeFolders = madeFolders;
        this.aside = aside;
    }

    /** Writes {@code content} to {@code target} as UTF-8, whole or not at all; {@code input} (may be null) is never overwritten. */
    public static void write(Path target, String content, Path input) throws IOException {
        Map<Path, String> one = new LinkedHashMap<>();
        one.put(target, content);
        write(one, input);
    }

    /** Writes every file or none of them: all are checked, then all written aside, then all moved into place. */
    public static void write(Map<Path, String> files, Path input) throws IOException {
        for (Path target : files.keySet()) {
            OutputTarget.check(target, OutputTarget.placeOf(target), input);
        }
        Deque<OutputFile> pending = new ArrayDeque<>();
        try {
            for (Map.Entry<Path, String> file : files.entrySet()) {
                OutputFile output = begin(file.getKey(), input);
                pending.push(output);
                output.writeString(file.getValue());
            }
            for (var each = pending.descendingIterator(); each.hasNext(); ) {
                each.next().commit();
            }
        } finally {
            // the last begun first, so the folder the first one made is empty when its turn comes
            for (OutputFile output : pending) {
                output.close();
            }
        }
    }

    /**
     * Checks {@code target} (a {@link Refused} for a link, a folder, a device, {@code input} or a
     * read-only file), creates its missing folders and an empty file aside. An {@link IOException}
     * saying {@code cannot write TARGET: <the system's reason>} when the folder cannot be made or written.
     */
    public static OutputFile begin(Path target, Path input) throws IOException {
        Path placed;
        try {
            placed = OutputTarget.placeOf(target);
        } catch (IOException e) {
            throw failure(target, e);
        }
        OutputTarget.check(target, placed, input);
        List<Path> made = new ArrayList<>();
        try {
            makeFolders(placed.getParent(), made);
            return new OutputFile(target, placed, made, createAside(placed));
        } catch (IOException e) {
            removeFolders(made);
            throw failure(target, e);
        }
    }

    /** The file the content goes to until {@link #commit}: read it to check what was written. */
    public Path aside() {
        return aside;
    }

    /** The target, as it was named. */
    public Path target() {
        return target;
    }

    /** A stream over the file aside, from its start; the caller closes it before {@link #commit}. */
    public OutputStream stream() throws IOException {
        open();
        return new BufferedOutputStream(Files.newOutputStream(aside, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING));
    }

    public void writeString(String content) throws IOException {
        open();
        try {
            Files.writeString(aside, content, StandardCharsets.UTF_8, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        } catch (IOException e) {
            throw failure(target, e);
        }
    }

    /**
     * Moves the file aside over the target in one step, with the mode of the file it replaces;
     * checked again first, so a link or folder put there meanwhile is refused, not replaced.
     */
    public void commit() throws IOException {
        open();
        OutputTarget.check(target, placed, null);
        try {
            Optional<Set<PosixFilePermission>> mode = OutputTarget.modeOf(placed);
            if (mode.isPresent()) {
                Files.setPosixFilePermissions(aside, mode.get());
            }
            try (FileChannel written = FileChannel.open(aside, StandardOpenOption.WRITE)) {
                written.force(true);
            }
            // rename(2): the target is replaced in one step. Without ATOMIC_MOVE the JDK deletes
            // the target first, and so would remove an empty folder and leave a gap on failure.
            Files.move(aside, placed, StandardCopyOption.ATOMIC_MOVE);
            committed = true;
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("cannot write " + target + ": this file system cannot replace a file in one step", e);
        } catch (IOException e) {
            throw failure(target, e);
        }
    }

    /** Without a commit: removes the file aside and the folders {@link #begin} made. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (!committed) {
            try {
                Files.deleteIfExists(aside);
            } catch (IOException e) {
                // nothing else can be done with it; the failure that brought us here is what the user is told
            }
            removeFolders(madeFolders);
        }
    }

    private void open() {
        if (closed || committed) {
            throw new IllegalStateException(target + " was committed or closed already");
        }
    }

    private static void makeFolders(Path folder, List<Path> made) throws IOException {
        Deque<Path> missing = new ArrayDeque<>();
        for (Path at = folder; at != null && !Files.exists(at); at = at.getParent()) {
            missing.push(at);
        }
        for (Path each : missing) {
            try {
                Files.createDirectory(each);
                made.add(each);
            } catch (FileAlreadyExistsException e) {
                if (Files.isSymbolicLink(each)) {
                    // exists() follows links: a dangling one is "missing", yet its name is taken.
                    throw new FileSystemException(each.toString(), null, "its folder " + each + " is a link to "
                            + Files.readSymbolicLink(each) + ", which does not exist");
                }
                if (!Files.isDirectory(each)) {
                    throw new NotDirectoryException(each.toString());
                }
            }
        }
    }

    private static void removeFolders(List<Path> made) {
        for (int i = made.size() - 1; i >= 0; i--) {
            try {
                Files.deleteIfExists(made.get(i));
            } catch (IOException e) {
                // not empty (something else was put there) or not ours to remove any more: kept
            }
        }
    }

    /** An empty file beside the target, created as any new file is there (0666 less the umask), unlike createTempFile's 0600. */
    private static Path createAside(Path placed) throws IOException {
        String name = placed.getFileName().toString();
        String stem = "." + (name.length() > ASIDE_NAME_CHARS ? name.substring(0, ASIDE_NAME_CHARS) : name) + ".";
        while (true) {
            Path aside = placed.resolveSibling(stem + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 1) + ".part");
            try {
                Files.newOutputStream(aside, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
                return aside;
            } catch (FileAlreadyExistsException e) {
                // another writer's file aside has this name: draw another
            }
        }
    }

    private static IOException failure(Path target, IOException e) {
        return new IOException("cannot write " + target + ": " + plainWords(e), e);
    }

    /** What went wrong with a file, in words rather than an exception's class name. */
    public static String plainWords(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or folder";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NotDirectoryException) {
            return "a part of its path is a file, not a folder";
        }
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getReason();
        }
        return e.getMessage() == null ? "an input/output error" : e.getMessage();
    }
}
