package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.read.GlogHead;
import dev.compilereceipt.trace.GraphId;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * One line of TORCH_LOGS text with its glog prefix read apart, as PyTorch's
 * {@code TorchLogsFormatter} writes every line of a message:
 * {@code [rankN]:}? level {@code MMDD HH:MM:SS.ffffff} pid {@code path:line]}, then
 * {@code  [F/V]} (the trace id, when a compile is running), then {@code  [__artifact]} (for
 * {@code graph_breaks}, {@code recompiles}, {@code recompiles_verbose}), then one space and the
 * line of the message. What stands before the prefix (an application's own timestamp, a launcher's
 * tag) is passed over. Example:
 * {@code V1201 06:17:32.130000 13949 torch/_dynamo/guards.py:5619] [0/1] [__recompiles_verbose] Recompiling function f in /rtl/scenarios.py:28}
 * gives trace id {@code 0/1}, artifact {@code recompiles_verbose} and that message.
 *
 * <p>{@link #key()} is the prefix itself, from the level letter to the last tag, with the rank:
 * the same for every line of one message (one logging call: one timestamp, one source line, one
 * compile id) and different for the next, so interleaved output never splits or merges messages.
 * {@link #process()} names the writer (rank and pid): one process writes its messages whole.
 *
 * <p>Trace ids: {@code F/V}, {@code F/V_A} (attempt {@code A} of the same compile) and, under
 * compiled autograd, {@code !N/F/V} (compile {@code F/V} inside compiled-autograd graph {@code N})
 * and {@code !N} (no frame: no compile id).
 */
record TextLine(int rank, String process, String key, boolean traced, Optional<GraphId> graph, Optional<String> artifact,
                String message) {

    /** How far into a line an application's own prefix may reach. */
    static final int PREFIX_REACH = 256;
    /** The line read apart, or empty when it has no glog prefix (bare text, or other output). */
    static Optional<TextLine> parse(String s) {
        return parse(s, bytes(s));
    }

    /**
     * The chars of {@code s} as bytes, read faster than chars (C1 does not make {@code charAt} cheap): a char
     * past Latin-1 becomes {@code '?'}, which no part of a prefix is, one byte for each char so that every
     * index stays the String's (a surrogate pair is two).
     */
    static byte[] bytes(String s) {
        byte[] b = new byte[s.length()];
        for (int i = 0; i < b.length; i++) {
            char c = s.charAt(i);
            b[i] = c < 0x100 ? (byte) c : (byte) '?';
        }
        return b;
    }

    /** {@link #parse(String)} of {@code s}, whose chars are {@code b}'s bytes. */
    static Optional<TextLine> parse(String s, byte[] b) {
        return parse(b, s.length(), s, null);
    }

    /**
     * {@link #parse(String)} of the ASCII line {@code b[0, length)}, as read: its strings are made
     * from the bytes, the key and writer only when they differ from the last line's ({@code memory}),
     * and the line itself is never made a string.
     */
    static Optional<TextLine> parse(byte[] b, int length, PrefixMemory memory) {
        TextLine same = memory.sameAsLast(b, length);
        if (same != null) {
            int i = memory.lastEnd();
            return Optional.of(new TextLine(same.rank, same.process, same.key, same.traced, same.graph, same.artifact,
                    i >= length ? "" : memory.message(same.artifact, b, b[i] == ' ' ? i + 1 : i, length)));
        }
        return parse(b, length, null, memory);
    }

    private static Optional<TextLine> parse(byte[] b, int length, String s, PrefixMemory memory) {
        int reach = Math.min(length, PREFIX_REACH);
        for (int p = 0; p < reach; p++) {
            if (p > 0 && !separator(b[p - 1])) {
                continue;
            }
            byte c = b[p];
            if (c == '[' ? startsWith(b, length, p, RANK) : GlogHead.isLevel(c) && p + 1 < length && isDigit(b[p + 1])) {
                Optional<TextLine> line = at(s, b, length, p, memory);
                if (line.isPresent()) {
                    return line;
                }
            }
        }
        return Optional.empty();
    }

    /** {@code [from, to)} of the line: of {@code s}, or of the bytes when there is no string. */
    private static String cut(String s, byte[] b, int from, int to) {
        return s != null ? s.substring(from, to) : new String(b, from, to - from, StandardCharsets.ISO_8859_1);
    }

    private static final byte[] RANK = {'[', 'r', 'a', 'n', 'k'};

    private static Optional<TextLine> at(String s, byte[] b, int length, int p, PrefixMemory memory) {
        int i = p;
        int rank = -1;
        // A launcher's [rankN]: and PyTorch's own (written once the process group is up) may both stand there.
        while (startsWith(b, length, i, RANK)) {
            int digits = digits(b, length, i + 5, 1, 9);
            if (digits < 0 || digits + 1 >= length || b[digits] != ']' || b[digits + 1] != ':') {
                return Optional.empty();
            }
            rank = 0;
            for (int d = i + 5; d < digits; d++) {
                rank = rank * 10 + (b[d] - '0');
            }
            i = digits + 2;
            while (i < length && b[i] == ' ') {
                i++;
            }
        }
        int level = i;
        int pidStart = GlogHead.pidStart(b, level, length);
        int pidEnd = pidStart < 0 ? -1 : GlogHead.pidEnd(b, pidStart, length);
        if (pidEnd < 0) {
            return Optional.empty();
        }
        i = pidEnd + 1;
        int source = sourceEnd(b, length, i);
        if (source < 0) {
            return Optional.empty();
        }
        i = source;
        boolean traced = false;
        Optional<GraphId> graph = Optional.empty();
        if (i + 1 < length && b[i] == ' ' && b[i + 1] == '[') {
            int close = indexOf(b, length, ']', i + 2);
            int frame = close < 0 ? TraceId.NONE : TraceId.compileIdAt(b, i + 2, close);
            if (frame != TraceId.NONE) {
                traced = true;
                graph = frame < 0 ? Optional.empty() : GraphId.parse(cut(s, b, frame, TraceId.compileIdEnd(b, frame, close)));
                i = close + 1;
            }
        }
        Optional<String> artifact = Optional.empty();
        if (i + 3 < length && b[i] == ' ' && b[i + 1] == '[' && b[i + 2] == '_' && b[i + 3] == '_') {
            int close = indexOf(b, length, ']', i + 4);
            if (close > i + 4) {
                artifact = memory != null ? PrefixMemory.artifact(b, i + 4, close) : Optional.of(cut(s, b, i + 4, close));
                i = close + 1;
            }
        }
        String key = memory != null ? memory.key(rank, b, level, i) : Integer.toString(rank).concat(cut(s, b, level, i));
        String process = memory != null ? memory.process(rank, b, pidStart, pidEnd)
                : Integer.toString(rank).concat(":").concat(cut(s, b, pidStart, pidEnd));
        int from = i >= length ? length : b[i] == ' ' ? i + 1 : i;
        String message = from == length ? "" : memory != null ? memory.message(artifact, b, from, length) : cut(s, b, from, length);
        TextLine line = new TextLine(rank, process, key, traced, graph, artifact, message);
        if (memory != null && p == 0 && artifact.isPresent()) {
            // Nothing after the artifact belongs to the prefix: a line with the same bytes up to here reads the same.
            memory.remember(line, b, i);
        }
        return Optional.of(line);
    }

    /**
     * After the source {@code path:line]}: the first {@code ]} after {@code :} and digits that is
     * followed by a space or ends the line (a path may hold spaces; on Windows, backslashes and a drive's colon).
     */
    private static int sourceEnd(byte[] s, int length, int from) {
        for (int j = indexOf(s, length, ']', from); j > from; j = indexOf(s, length, ']', j + 1)) {
            if (j + 1 < length && s[j + 1] != ' ') {
                continue;
            }
            int k = j - 1;
            while (k > from && isDigit(s[k])) {
                k--;
            }
            if (k < j - 1 && s[k] == ':') {
                return j + 1;
            }
        }
        return -1;
    }

    private static int indexOf(byte[] s, int length, char c, int from) {
        for (int i = from; i < length; i++) {
            if (s[i] == c) {
                return i;
            }
        }
        return -1;
    }

    private static int digits(byte[] s, int length, int i, int min, int max) {
        if (i < 0) {
            return -1;
        }
        int n = 0;
        while (i < length && n < max && isDigit(s[i])) {
            i++;
            n++;
        }
        return n >= min ? i : -1;
    }

    private static boolean startsWith(byte[] s, int length, int i, byte[] start) {
        if (i + start.length > length) {
            return false;
        }
        for (int k = 0; k < start.length; k++) {
            if (s[i + k] != start[k]) {
                return false;
            }
        }
        return true;
    }

    private static boolean separator(byte b) {
        return b == ' ' || b == '\t' || b == ']' || b == ':' || b == '|';
    }

    private static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }
}
