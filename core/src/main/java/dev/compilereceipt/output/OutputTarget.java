package dev.compilereceipt.output;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Optional;
import java.util.Set;

/**
 * What a target must be before {@link OutputFile} writes anything for it: where it goes, as the
 * system resolves it, and the rules of docs/hostile-input.md ("Every file the tool writes"): no
 * symbolic link, folder, device or read-only file, and never the input.
 */
final class OutputTarget {

    private OutputTarget() {
    }

    /**
     * Where {@code target} goes: its folder as the system resolves it as far as that exists; past
     * the first missing folder no name can be a link, so {@code ..} there is only a name taken back.
     */
    static Path placeOf(Path target) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path folder = absolute.getParent();
        if (folder == null || absolute.getFileName() == null) {
            return absolute;
        }
        Path existing = folder.getRoot();
        int names = folder.getNameCount();
        int at = 0;
        while (at < names && Files.exists(existing.resolve(folder.getName(at)))) {
            existing = existing.resolve(folder.getName(at));
            at++;
        }
        Path place = at == names ? folder : existing.toRealPath().resolve(folder.subpath(at, names)).normalize();
        return place.resolve(absolute.getFileName());
    }

    static void check(Path target, Path placed, Path input) throws IOException {
        if (placed.getParent() == null || placed.getFileName() == null) {
            throw new OutputFile.Refused(target, "it is a folder");
        }
        if (Files.isSymbolicLink(placed)) {
            throw new OutputFile.Refused(target, "it is a symbolic link; name the file itself");
        }
        if (Files.isDirectory(placed, LinkOption.NOFOLLOW_LINKS)) {
            throw new OutputFile.Refused(target, "it is a folder");
        }
        if (!Files.exists(placed, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (!Files.isRegularFile(placed, LinkOption.NOFOLLOW_LINKS)) {
            throw new OutputFile.Refused(target, "it is not a regular file (a device, a FIFO or a socket); name a file");
        }
        if (input != null && Files.exists(input) && Files.isSameFile(placed, input)) {
            throw new OutputFile.Refused(target, "it is the input trace; write the output elsewhere");
        }
        if (readOnly(placed)) {
            throw new OutputFile.Refused(target, "it is read-only; make it writable (chmod u+w) to have it replaced");
        }
    }

    /** Read-only by its mode too, so a read-only file is kept even by root, for whom every file is writable. */
    private static boolean readOnly(Path file) throws IOException {
        if (!Files.isWritable(file)) {
            return true;
        }
        return modeOf(file).map(mode -> !mode.contains(PosixFilePermission.OWNER_WRITE)).orElse(false);
    }

    static Optional<Set<PosixFilePermission>> modeOf(Path file) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(file, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
        if (view == null || !Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        return Optional.of(view.readAttributes().permissions());
    }
}
