package dev.compilereceipt;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Tells, from the first bytes of a file and never from its name, which reader it needs: a first
 * line with a glog prefix and a JSON envelope is a TORCH_TRACE log; anything else goes to the
 * {@code compile-trace/1} reader, whose refusals are the precise ones (empty file, invalid UTF-8,
 * not an object, unreadable file).
 */
enum TraceSource {
    COMPILE_TRACE, TORCH_TRACE;

    private static final int SNIFF = 8192;

    static TraceSource of(Path file) {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(SNIFF);
        } catch (IOException e) {
            return COMPILE_TRACE;
        }
        int end = 0;
        while (end < head.length && head[end] != '\n') {
            end++;
        }
        return GlogPrefix.envelopeStart(head, 0, end) >= 0 ? TORCH_TRACE : COMPILE_TRACE;
    }
}
