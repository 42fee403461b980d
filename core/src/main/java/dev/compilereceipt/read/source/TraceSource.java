package dev.compilereceipt.read.source;

import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.read.torchtrace.GlogPrefix;
import org.apiguardian.api.API;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Tells, from the content of a file and never from its name, which reader it needs: a first line
 * with a glog prefix and a JSON envelope is a TORCH_TRACE log; a file that starts with <code>'{'</code>
 * is {@code compile-trace/1}; a file with a line of TORCH_LOGS text in its first 64 KiB is TORCH_LOGS
 * text; what is left goes to the TORCH_TRACE reader when its first line has a glog prefix, to the
 * {@code compile-trace/1} reader when it starts like JSON (whose refusals are the precise ones:
 * empty file, invalid UTF-8, not an object), and other text to the TORCH_LOGS reader, which reads
 * on (the PyTorch lines of a CI log may come late and be a minority) and refuses it if none is.
 * Only the first bytes are looked at, from the very stream that is then read: a pipe is read once.
 *
 * <p>A line of TORCH_LOGS text, after an optional {@code [rankN]:} or an application's own
 * timestamp: a glog prefix, an optional trace id ({@code [0/1]}), then a
 * {@code [__graph_breaks]}, {@code [__recompiles]} or {@code [__recompiles_verbose]} tag, or the
 * recompile-limit warning ({@code torch._dynamo hit config.}), or {@code WON'T CONVERT }; or, with
 * {@code TORCH_LOGS_FORMAT=""}, a line that starts with one of those messages bare
 * ({@code Graph break ... in user code at}, {@code Recompiling function }). The TORCH_LOGS reader
 * reads the same shapes.
 */
@API(status = API.Status.INTERNAL)
public enum TraceSource {
    COMPILE_TRACE, TORCH_TRACE, TORCH_LOGS,
    /** Text that is none of the three in its first bytes: read as TORCH_LOGS text, refused if no line of it is. */
    TEXT;

    /** Bytes looked at: a CI log's first PyTorch line may come after some output of the program's own. */
    public static final int SNIFF = 1 << 16;

    /**
     * The kind of a file from its first bytes only, so that a file is opened once and a pipe can be
     * read at all ({@link #of(byte[], int)}).
     */
    public static TraceSource of(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(SNIFF);
            return of(head, head.length);
        } catch (IOException e) {
            return COMPILE_TRACE;
        }
    }

    /** The first bytes of {@code once}, at most {@value #SNIFF}, leaving the stream at its start. */
    public static byte[] head(BufferedInputStream once) throws IOException {
        once.mark(SNIFF + 1);
        byte[] head = once.readNBytes(SNIFF);
        once.reset();
        return head;
    }

    /** The kind of {@code once} from its first bytes, leaving the stream at its start. */
    public static TraceSource of(BufferedInputStream once) throws IOException {
        byte[] head = head(once);
        return of(head, head.length);
    }

    /**
     * The kind of an input from its first {@code length} bytes (at most {@value #SNIFF}): the
     * stream is then read from its start by the reader this names. A text of which no line in
     * those bytes is TORCH_LOGS, no JSON and no TORCH_TRACE record is {@link #TEXT}: the
     * TORCH_LOGS reader reads on and refuses it if no line of it is TORCH_LOGS either.
     */
    public static TraceSource of(byte[] head, int length) {
        int end = 0;
        while (end < length && head[end] != '\n') {
            end++;
        }
        int envelope = GlogPrefix.envelopeStart(head, 0, end);
        if (envelope >= 0 && envelope < end && head[envelope] == '{') {
            return TORCH_TRACE;
        }
        int first = 0;
        while (first < length && (head[first] == ' ' || head[first] == '\t' || head[first] == '\r' || head[first] == '\n')) {
            first++;
        }
        if (first < length && head[first] == '{') {
            return COMPILE_TRACE;
        }
        if (TorchLogsHead.holdsTorchLogsLine(head, length)) {
            return TORCH_LOGS;
        }
        if (envelope >= 0) {
            return TORCH_TRACE;
        }
        if (first == length || startsAJsonValue(head, first, length)) {
            return COMPILE_TRACE;
        }
        return TEXT;
    }

    /** The refusal of a text that is none of the three, for the reader of {@link #TEXT} to throw when it finds no line. */
    public static Refusal neither(Path file) {
        return new Refusal(file, "", 1, 0, "neither a compile-trace/1 JSON object (it does not start with"
                + " '{') nor a TORCH_TRACE log (line 1 does not start with a glog prefix and a JSON envelope, like "
                + GlogPrefix.EXAMPLE + ")");
    }

    /**
     * Whether the text at {@code i} starts a JSON value that is not an object (the JSON reader then
     * refuses it precisely: "must be a JSON object"), rather than a line of text that happens to
     * start like one: {@code [2025-12-01 06:17:28] tests ...}, {@code test_model.py ... PASSED}.
     * A non-ASCII first byte goes to the JSON reader too, which names a BOM or bad UTF-8 exactly.
     */
    private static boolean startsAJsonValue(byte[] b, int i, int length) {
        byte c = b[i];
        if (c < 0 || c == '"') {
            return true;
        }
        if (c == '[') {
            int j = skipSpace(b, i + 1, length);
            if (j == length || "]{[\"".indexOf(b[j]) >= 0) {
                return true;
            }
            int end = numberEnd(b, j, length);
            int next = skipSpace(b, end, length);
            return end > j && (next == length || b[next] == ',' || b[next] == ']');
        }
        if (c == '-' || c >= '0' && c <= '9') {
            int end = numberEnd(b, i, length);
            return end > i && skipSpace(b, end, length) == length;
        }
        for (String literal : new String[] {"true", "false", "null"}) {
            if (TorchLogsHead.startsWith(b, i, length, literal.getBytes(StandardCharsets.US_ASCII))) {
                int end = i + literal.length();
                return end == length || skipSpace(b, end, length) == length;
            }
        }
        return false;
    }

    private static int skipSpace(byte[] b, int i, int length) {
        while (i < length && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n')) {
            i++;
        }
        return i;
    }

    /** The end of a JSON number starting at {@code i}; {@code i} when there is none. */
    private static int numberEnd(byte[] b, int i, int length) {
        int j = i;
        if (j < length && b[j] == '-') {
            j++;
        }
        int digits = j;
        while (j < length && b[j] >= '0' && b[j] <= '9') {
            j++;
        }
        if (j == digits) {
            return i;
        }
        if (j < length && b[j] == '.') {
            j++;
            while (j < length && b[j] >= '0' && b[j] <= '9') {
                j++;
            }
        }
        if (j < length && (b[j] == 'e' || b[j] == 'E')) {
            j++;
            if (j < length && (b[j] == '+' || b[j] == '-')) {
                j++;
            }
            while (j < length && b[j] >= '0' && b[j] <= '9') {
                j++;
            }
        }
        return j;
    }
}
