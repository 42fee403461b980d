package dev.compilereceipt.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rules every file the tool writes follows (docs/hostile-input.md, "Every file the tool
 * writes"): what is refused, what an existing file keeps, and that a failure leaves the folder as
 * it was, with no file aside and no folder made.
 */
class OutputFileTest {

    @TempDir
    Path dir;

    private Path file(String name, String content, String mode) throws IOException {
        Path file = Files.writeString(dir.resolve(name), content);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
        return file;
    }

    private static String mode(Path file) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
    }

    /** Every path under the folder, relative, sorted: what a failure must leave as it was. */
    private List<String> tree() throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(p -> !p.equals(dir)).map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }

    /** The umask of this JVM, as a shell it starts reports it (Java cannot read it directly). */
    private static int umask() throws Exception {
        Process shell = new ProcessBuilder("sh", "-c", "umask").start();
        String octal = new String(shell.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
        assertThat(shell.waitFor()).isZero();
        return Integer.parseInt(octal, 8);
    }

    private static String rwx(int mode) {
        StringBuilder text = new StringBuilder();
        for (int bit = 8; bit >= 0; bit--) {
            text.append((mode & (1 << bit)) == 0 ? '-' : "rwx".charAt(2 - bit % 3));
        }
        return text.toString();
    }

    @Test
    void aNewFileTakesTheModeNewFilesGetThere() throws Exception {
        Path page = dir.resolve("receipt.html");
        OutputFile.write(page, "<p>", null);
        assertThat(Files.readString(page)).isEqualTo("<p>");
        // 0666 less the umask, as cp and a shell's > give: 0644 under the usual 022, never createTempFile's 0600
        assertThat(mode(page)).isEqualTo(rwx(0666 & ~umask()));
        if (umask() == 0022) {
            assertThat(mode(page)).isEqualTo("rw-r--r--");
        }
        assertThat(tree()).containsExactly("receipt.html");
    }

    @Test
    void aReplacedFileKeepsItsMode() throws Exception {
        Path shared = file("shared.html", "old", "rw-r--r--");
        Path group = file("group.html", "old", "rw-r-----");
        Path own = file("own.html", "old", "rw-------");
        for (Path page : List.of(shared, group, own)) {
            OutputFile.write(page, "new", null);
        }
        assertThat(List.of(mode(shared), mode(group), mode(own))).containsExactly("rw-r--r--", "rw-r-----", "rw-------");
        assertThat(Files.readString(group)).isEqualTo("new");
        assertThat(tree()).containsExactly("group.html", "own.html", "shared.html");
    }

    @Test
    void aSymbolicLinkIsRefusedAndItsTargetUntouched() throws Exception {
        Path target = file("precious.txt", "keep me", "rw-r--r--");
        Path link = Files.createSymbolicLink(dir.resolve("out.html"), target);
        assertThatThrownBy(() -> OutputFile.write(link, "new", null)).isInstanceOf(OutputFile.Refused.class)
                .hasMessage("cannot write " + link + ": it is a symbolic link; name the file itself");
        Path dangling = Files.createSymbolicLink(dir.resolve("dangling.html"), dir.resolve("nowhere"));
        assertThatThrownBy(() -> OutputFile.write(dangling, "new", null))
                .hasMessage("cannot write " + dangling + ": it is a symbolic link; name the file itself");
        assertThat(Files.readString(target)).isEqualTo("keep me");
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(tree()).containsExactly("dangling.html", "out.html", "precious.txt");
    }

    @Test
    void aFolderEmptyOrNotIsRefused() throws Exception {
        Path empty = Files.createDirectory(dir.resolve("empty"));
        Path full = Files.createDirectory(dir.resolve("full"));
        Files.writeString(full.resolve("a.txt"), "a");
        for (Path folder : List.of(empty, full, dir.resolve("full/.."))) {
            assertThatThrownBy(() -> OutputFile.write(folder, "new", null)).isInstanceOf(OutputFile.Refused.class)
                    .hasMessage("cannot write " + folder + ": it is a folder");
        }
        assertThat(tree()).containsExactly("empty", "full", "full/a.txt");
    }

    @Test
    void aDeviceIsRefusedNotReplaced() {
        assertThatThrownBy(() -> OutputFile.write(Path.of("/dev/null"), "new", null)).isInstanceOf(OutputFile.Refused.class)
                .hasMessage("cannot write /dev/null: it is not a regular file (a device, a FIFO or a socket); name a file");
        assertThat(Files.isRegularFile(Path.of("/dev/null"))).isFalse();
    }

    @Test
    void aReadOnlyFileIsRefusedWithItsBytesAndMode() throws Exception {
        // refused by its mode, so even root (to whom every file is writable) keeps it
        Path approved = file("trace.json.approved.json", "{\"approved\":1}\n", "r--r--r--");
        assertThatThrownBy(() -> OutputFile.write(approved, "new", null)).isInstanceOf(OutputFile.Refused.class)
                .hasMessage("cannot write " + approved + ": it is read-only; make it writable (chmod u+w) to have it replaced");
        assertThat(Files.readString(approved)).isEqualTo("{\"approved\":1}\n");
        assertThat(mode(approved)).isEqualTo("r--r--r--");
        assertThat(tree()).containsExactly("trace.json.approved.json");
    }

    @Test
    void theInputIsRefused() throws Exception {
        Path trace = file("trace.json", "{}", "rw-r--r--");
        assertThatThrownBy(() -> OutputFile.write(dir.resolve("./trace.json"), "new", trace))
                .hasMessage("cannot write " + dir.resolve("./trace.json") + ": it is the input trace; write the output elsewhere");
        assertThat(Files.readString(trace)).isEqualTo("{}");
    }

    @Test
    void aFailureLeavesTheExistingFileItsBytesAndModeAndNothingAside() throws Exception {
        Path ledger = file("ledger.csv", "old ledger", "rw-r-----");
        Files.writeString(dir.resolve("notes.txt"), "a file, not a folder");
        Map<Path, String> pair = new LinkedHashMap<>();
        pair.put(ledger, "new ledger");
        pair.put(dir.resolve("notes.txt/receipt.csv"), "new receipt");
        assertThatThrownBy(() -> OutputFile.write(pair, null)).isInstanceOf(IOException.class)
                .hasMessage("cannot write " + dir.resolve("notes.txt/receipt.csv") + ": Not a directory");
        assertThat(Files.readString(ledger)).isEqualTo("old ledger");
        assertThat(mode(ledger)).isEqualTo("rw-r-----");
        assertThat(tree()).containsExactly("ledger.csv", "notes.txt");
    }

    @Test
    void theFoldersMadeAreRemovedOnFailure() throws Exception {
        Files.writeString(dir.resolve("notes.txt"), "a file, not a folder");
        Map<Path, String> pair = new LinkedHashMap<>();
        pair.put(dir.resolve("made/x/ledger.csv"), "ledger");
        pair.put(dir.resolve("notes.txt/receipt.csv"), "receipt");
        assertThatThrownBy(() -> OutputFile.write(pair, null)).isInstanceOf(IOException.class);
        assertThat(tree()).containsExactly("notes.txt");
    }

    @Test
    void closedWithoutACommitNothingIsLeftAndTheTargetIsAsItWas() throws Exception {
        Path log = file("pb.log", "old log", "rw-r--r--");
        try (OutputFile frozen = OutputFile.begin(log, null)) {
            try (OutputStream out = frozen.stream()) {
                out.write("new log".getBytes(StandardCharsets.UTF_8));
            }
            assertThat(Files.readString(frozen.aside())).isEqualTo("new log");
        }
        try (OutputFile frozen = OutputFile.begin(dir.resolve("made/x/pb.log"), null)) {
            frozen.writeString("new log");
            assertThat(dir.resolve("made/x")).isDirectory();
        }
        assertThat(Files.readString(log)).isEqualTo("old log");
        assertThat(tree()).containsExactly("pb.log");
    }

    @Test
    void aLinkPutInPlaceBeforeTheCommitIsRefusedNotReplaced() throws Exception {
        Path target = file("precious.txt", "keep me", "rw-r--r--");
        Path page = dir.resolve("receipt.html");
        try (OutputFile output = OutputFile.begin(page, null)) {
            output.writeString("<p>");
            Files.createSymbolicLink(page, target);
            assertThatThrownBy(output::commit).isInstanceOf(OutputFile.Refused.class)
                    .hasMessage("cannot write " + page + ": it is a symbolic link; name the file itself");
        }
        assertThat(Files.isSymbolicLink(page)).isTrue();
        assertThat(Files.readString(target)).isEqualTo("keep me");
        assertThat(tree()).containsExactly("precious.txt", "receipt.html");
    }

    @Test
    void aMissingFolderThroughDotDotIsTheFolderItNames() throws Exception {
        // made/.. names dir itself; made does not exist, so the system cannot resolve it, and it is not created
        Path frozen = dir.resolve("made/../x/pb.log");
        OutputFile.write(frozen, "log", null);
        assertThat(Files.readString(dir.resolve("x/pb.log"))).isEqualTo("log");
        assertThat(tree()).containsExactly("x", "x/pb.log");
    }

    @Test
    void missingFoldersAreMadeAndKeptOnSuccess() throws Exception {
        OutputFile.write(dir.resolve("csv/a/ledger.csv"), "ledger", null);
        assertThat(tree()).containsExactly("csv", "csv/a", "csv/a/ledger.csv");
    }
}
