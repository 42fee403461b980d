package dev.compilereceipt.read.source;

import dev.compilereceipt.read.TerminalCodes;
import dev.compilereceipt.read.torchtrace.GlogPrefix;
import java.nio.charset.StandardCharsets;

/**
 * Whether the head of an input holds a line of TORCH_LOGS text, for {@link TraceSource}: after an
 * optional {@code [rankN]:} or an application's own timestamp, a glog prefix, an optional trace id
 * ({@code [0/1]}), then a graph-break or recompile tag, the recompile-limit warning or
 * {@code WON'T CONVERT }; or, with {@code TORCH_LOGS_FORMAT=""}, one of those messages bare.
 */
final class TorchLogsHead {

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

    private TorchLogsHead() {
    }

    /** Whether a line in the head (a line ends at {@code \n} or {@code \r}, as a terminal shows a progress bar) is TORCH_LOGS. */
    static boolean holdsTorchLogsLine(byte[] head, int length) {
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

    static boolean startsWith(byte[] b, int from, int end, byte[] word) {
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
