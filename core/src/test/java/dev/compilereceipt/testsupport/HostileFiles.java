package dev.compilereceipt.testsupport;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes the large hostile files of the hostile-input tests as a stream, never holding them in memory. */
public final class HostileFiles {

    /** What goes into the file. */
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private HostileFiles() {
    }

    public static Path write(Path dir, String name, Content content) throws IOException {
        Path file = dir.resolve(name);
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            content.writeTo(out);
        }
        return file;
    }

    public static void repeat(OutputStream out, String text, long times) throws IOException {
        byte[] chunk = text.repeat(8192).getBytes(StandardCharsets.UTF_8);
        long left = times;
        for (; left >= 8192; left -= 8192) {
            out.write(chunk);
        }
        out.write(text.repeat((int) left).getBytes(StandardCharsets.UTF_8));
    }
}
