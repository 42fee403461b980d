package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.trace.GraphId;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
    private static final int PREFIX_REACH = 256;
    private static final Pattern TRACE_ID = Pattern.compile("(?:!([0-9]{1,18})(?:/([0-9]{1,18})/([0-9]{1,18}))?"
            + "|([0-9]{1,18})/([0-9]{1,18}))(?:_[0-9]{1,18})?");

    /** The line read apart, or empty when it has no glog prefix (bare text, or other output). */
    static Optional<TextLine> parse(String s) {
        int reach = Math.min(s.length(), PREFIX_REACH);
        for (int p = 0; p < reach; p++) {
            if (p > 0 && " \t]:|".indexOf(s.charAt(p - 1)) < 0) {
                continue;
            }
            char c = s.charAt(p);
            if (c == '[' ? s.startsWith("[rank", p) : "VIWEFC".indexOf(c) >= 0 && p + 1 < s.length() && isDigit(s.charAt(p + 1))) {
                Optional<TextLine> line = at(s, p);
                if (line.isPresent()) {
                    return line;
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<TextLine> at(String s, int p) {
        int i = p;
        int rank = -1;
        // A launcher's [rankN]: and PyTorch's own (written once the process group is up) may both stand there.
        while (s.startsWith("[rank", i)) {
            int digits = digits(s, i + 5, 1, 9);
            if (digits < 0 || !s.startsWith("]:", digits)) {
                return Optional.empty();
            }
            rank = Integer.parseInt(s.substring(i + 5, digits));
            i = digits + 2;
            while (i < s.length() && s.charAt(i) == ' ') {
                i++;
            }
        }
        int level = i;
        if (i >= s.length() || "VIWEFC".indexOf(s.charAt(i)) < 0) {
            return Optional.empty();
        }
        i = digits(s, i + 1, 4, 4);
        i = expect(s, i, ' ');
        i = digits(s, i, 2, 2);
        i = expect(s, i, ':');
        i = digits(s, i, 2, 2);
        i = expect(s, i, ':');
        i = digits(s, i, 2, 2);
        i = expect(s, i, '.');
        i = digits(s, i, 1, 9);
        if (i < 0 || i >= s.length() || s.charAt(i) != ' ') {
            return Optional.empty();
        }
        while (i < s.length() && s.charAt(i) == ' ') {
            i++;
        }
        int pidStart = i;
        i = digits(s, i, 1, 20);
        if (i < 0) {
            return Optional.empty();
        }
        String pid = s.substring(pidStart, i);
        i = expect(s, i, ' ');
        if (i < 0) {
            return Optional.empty();
        }
        int source = sourceEnd(s, i);
        if (source < 0) {
            return Optional.empty();
        }
        i = source;
        boolean traced = false;
        Optional<GraphId> graph = Optional.empty();
        if (s.startsWith(" [", i)) {
            int close = s.indexOf(']', i + 2);
            Matcher id = close < 0 ? null : TRACE_ID.matcher(s).region(i + 2, close);
            if (id != null && id.matches()) {
                traced = true;
                String frame = id.group(2) != null ? id.group(2) : id.group(4);
                String variant = id.group(3) != null ? id.group(3) : id.group(5);
                graph = frame == null ? Optional.empty() : GraphId.parse(frame + "/" + variant);
                i = close + 1;
            }
        }
        Optional<String> artifact = Optional.empty();
        if (s.startsWith(" [__", i)) {
            int close = s.indexOf(']', i + 4);
            if (close > i + 4) {
                artifact = Optional.of(s.substring(i + 4, close));
                i = close + 1;
            }
        }
        String key = rank + s.substring(level, i);
        String message = i >= s.length() ? "" : s.charAt(i) == ' ' ? s.substring(i + 1) : s.substring(i);
        return Optional.of(new TextLine(rank, rank + ":" + pid, key, traced, graph, artifact, message));
    }

    /**
     * After the source {@code path:line]}: the first {@code ]} after {@code :} and digits that is
     * followed by a space or ends the line (a path may hold spaces; on Windows, backslashes and a drive's colon).
     */
    private static int sourceEnd(String s, int from) {
        for (int j = s.indexOf(']', from); j > from; j = s.indexOf(']', j + 1)) {
            if (j + 1 < s.length() && s.charAt(j + 1) != ' ') {
                continue;
            }
            int k = j - 1;
            while (k > from && isDigit(s.charAt(k))) {
                k--;
            }
            if (k < j - 1 && s.charAt(k) == ':') {
                return j + 1;
            }
        }
        return -1;
    }

    private static int digits(String s, int i, int min, int max) {
        if (i < 0) {
            return -1;
        }
        int n = 0;
        while (i < s.length() && n < max && isDigit(s.charAt(i))) {
            i++;
            n++;
        }
        return n >= min ? i : -1;
    }

    private static int expect(String s, int i, char c) {
        return i >= 0 && i < s.length() && s.charAt(i) == c ? i + 1 : -1;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
