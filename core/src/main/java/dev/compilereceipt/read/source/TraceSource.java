package dev.compilereceipt.read.source;

import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.read.TerminalCodes;
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
    /** Only the start of a line can tell a TORCH_LOGS line: its prefix, tags and first words. */
    private static final int LINE_HEAD = 1024;
    /** How far into a line an application's own prefix (a timestamp, a launcher's tag) may reach. */
    private static final int PREFIX_REACH = 256;
    private static final byte[][] TAGS = bytes("[__graph_breaks]", "[__recompiles]", "[__recompiles_verbose]");
    private static final byte[][] UNTAGGED = bytes("torch._dynamo hit config.", "WON'T CONVERT ");
    private static final byte[][] BARE = bytes("Recompiling function ", "torch._dynamo hit config.", "WON'T CONVERT ");
    private static final byte[] BARE_BREAK = bytes("Graph break ")[0];
    private static final byte[] IN_USER_CODE = bytes(" in user code at ")[0];
    private static final byte[] RANK = bytes("[rank")[0];

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
        if (holdsTorchLogsLine(head, length)) {
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
            if (startsWith(b, i, length, literal.getBytes(StandardCharsets.US_ASCII))) {
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

    /** Whether a line in the head (a line ends at {@code \n} or {@code \r}, as a terminal shows a progress bar) is TORCH_LOGS. */
    private static boolean holdsTorchLogsLine(byte[] head, int length) {
        int start = 0;
        for (int i = 0; i <= length; i++) {
            if (i == length || head[i] == '\n' || head[i] == '\r') {
                int lineEnd = Math.min(i, start + LINE_HEAD);
                byte[] line = withoutTerminalCodes(java.util.Arrays.copyOfRange(head, start, lineEnd));
                if (isTorchLogsLine(line, line.length)) {
                    return true;
                }
                start = i + 1;
            }
        }
        return false;
    }

    /** The line without its colours and other escape sequences, as the TORCH_LOGS reader reads it. */
    private static byte[] withoutTerminalCodes(byte[] line) {
        for (byte b : line) {
            if (b == 0x1B) {
                return new TerminalCodes().strip(new String(line, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
            }
        }
        return line;
    }

    static boolean isTorchLogsLine(byte[] b, int end) {
        // A UTF-8 byte order mark may stand before the first line.
        int start = end >= 3 && b[0] == (byte) 0xEF && b[1] == (byte) 0xBB && b[2] == (byte) 0xBF ? 3 : 0;
        for (byte[] bare : BARE) {
            if (startsWith(b, start, end, bare)) {
                return true;
            }
        }
        if (startsWith(b, start, end, BARE_BREAK) && indexOf(b, start, end, IN_USER_CODE) > 0) {
            return true;
        }
        int reach = Math.min(end, PREFIX_REACH);
        for (int p = start; p < reach; p++) {
            if (p > start && " \t]:|".indexOf(b[p - 1]) < 0 || !mayStartPrefix(b, p, end)) {
                continue;
            }
            int message = GlogPrefix.envelopeStart(b, p, end);
            if (message < 0) {
                continue;
            }
            int afterId = traceIdEnd(b, message, end);
            int tagged = afterId < 0 ? message : afterId;
            for (byte[] tag : TAGS) {
                if (startsWith(b, tagged, end, tag) && (tagged + tag.length == end || b[tagged + tag.length] == ' ')) {
                    return true;
                }
            }
            for (byte[] untagged : UNTAGGED) {
                if (startsWith(b, tagged, end, untagged)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A glog level letter and a digit ({@code V1201}), or {@code [rank}: cheap, so most lines never reach the full check. */
    private static boolean mayStartPrefix(byte[] b, int p, int end) {
        if (p + 1 >= end) {
            return false;
        }
        if (b[p] == '[') {
            return startsWith(b, p, end, RANK);
        }
        return "VIWEFC".indexOf(b[p]) >= 0 && b[p + 1] >= '0' && b[p + 1] <= '9';
    }

    /** After a trace id tag such as {@code [0/1] }, {@code [0/1_1] } or {@code [!0/2/3] }; -1 when there is none. */
    private static int traceIdEnd(byte[] b, int i, int end) {
        if (i >= end || b[i] != '[') {
            return -1;
        }
        int j = i + 1;
        while (j < end && j - i < 64 && (b[j] >= '0' && b[j] <= '9' || b[j] == '/' || b[j] == '!' || b[j] == '_')) {
            j++;
        }
        if (j == i + 1 || j >= end || b[j] != ']') {
            return -1;
        }
        return j + 1 < end && b[j + 1] == ' ' ? j + 2 : j + 1;
    }

    private static boolean startsWith(byte[] b, int from, int end, byte[] word) {
        if (from < 0 || end - from < word.length) {
            return false;
        }
        for (int k = 0; k < word.length; k++) {
            if (b[from + k] != word[k]) {
                return false;
            }
        }
        return true;
    }

    private static int indexOf(byte[] b, int from, int end, byte[] word) {
        for (int i = from; i + word.length <= end; i++) {
            if (startsWith(b, i, end, word)) {
                return i;
            }
        }
        return -1;
    }

    private static byte[][] bytes(String... words) {
        byte[][] out = new byte[words.length][];
        for (int i = 0; i < words.length; i++) {
            out[i] = words[i].getBytes(StandardCharsets.US_ASCII);
        }
        return out;
    }
}
