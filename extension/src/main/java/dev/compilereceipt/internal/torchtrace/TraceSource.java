package dev.compilereceipt.internal.torchtrace;

import org.apiguardian.api.API;

import dev.compilereceipt.TraceRefusedException;
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
@API(status = API.Status.INTERNAL)
public enum TraceSource {
    COMPILE_TRACE, TORCH_TRACE;

    private static final int SNIFF = 8192;

    public static TraceSource of(Path file) {
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
        if (GlogPrefix.envelopeStart(head, 0, end) >= 0) {
            return TORCH_TRACE;
        }
        int first = 0;
        while (first < head.length && (head[first] == ' ' || head[first] == '\t' || head[first] == '\r' || head[first] == '\n')) {
            first++;
        }
        if (first == head.length || looksLikeJson(head[first])) {
            return COMPILE_TRACE;
        }
        throw new TraceRefusedException(file, "", 1, 0, "neither a compile-trace/1 JSON object (it does not start with"
                + " '{') nor a TORCH_TRACE log (line 1 does not start with a glog prefix and a JSON envelope, like "
                + GlogPrefix.EXAMPLE + ")");
    }

    /** A byte JSON may start with, or any non-ASCII byte (a BOM, or bad UTF-8 the JSON reader names precisely). */
    private static boolean looksLikeJson(byte first) {
        return first < 0 || "{[\"-0123456789tfn".indexOf(first) >= 0;
    }
}
