package dev.compilereceipt;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Tells, from the first bytes of a file and never from its name, which reader it needs: a JSON
 * object is {@code compile-trace/1}, a line with a glog prefix and a JSON envelope is a
 * TORCH_TRACE log. Anything else is refused with the rule.
 */
enum TraceSource {
    COMPILE_TRACE, TORCH_TRACE;

    private static final int SNIFF = 8192;

    static TraceSource of(Path file) {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(SNIFF);
        } catch (IOException e) {
            throw new TraceRefusedException(file, "", 0, 0, "cannot be read: " + e, e);
        }
        int i = 0;
        if (head.length >= 3 && (head[0] & 0xff) == 0xef && (head[1] & 0xff) == 0xbb && (head[2] & 0xff) == 0xbf) {
            i = 3;
        }
        while (i < head.length && (head[i] == ' ' || head[i] == '\t' || head[i] == '\r' || head[i] == '\n')) {
            i++;
        }
        if (i == head.length) {
            throw new TraceRefusedException(file, "", 0, 0, "the file is empty: a trace is a compile-trace/1 JSON object"
                    + " or a TORCH_TRACE log");
        }
        if (head[i] == '{') {
            return COMPILE_TRACE;
        }
        int end = 0;
        while (end < head.length && head[end] != '\n') {
            end++;
        }
        if (GlogPrefix.envelopeStart(head, 0, end) >= 0) {
            return TORCH_TRACE;
        }
        throw new TraceRefusedException(file, "", 1, 0, "neither a compile-trace/1 JSON object (it does not start with"
                + " '{') nor a TORCH_TRACE log (line 1 does not start with a glog prefix and a JSON envelope, like "
                + GlogPrefix.EXAMPLE + ")");
    }
}
