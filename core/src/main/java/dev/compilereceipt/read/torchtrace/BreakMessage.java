package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.trace.BreakDetail;
import dev.compilereceipt.trace.UserFrame;
import dev.compilereceipt.read.StringPool;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A graph-break message as PyTorch writes it in a {@code dynamo_graph_break_reason} artifact, in
 * {@code restart_reasons} or in a {@code fail_reason}, read into site, reason and detail. Two shapes:
 * <ul>
 *   <li>up to 2.7, free text: {@code Graph break in user code at FILE:LINE}, then {@code Reason: ...}
 *       (the reason is that text, such as {@code Unsupported: builtin: print});</li>
 *   <li>since 2.8, structured: {@code Graph Break Reason: <context>:}, a blank line, the graph-break
 *       type, {@code   Explanation: ...}, one or more {@code   Hint: ...}, {@code   Developer debug context:},
 *       a link ending {@code gb/gbNNNN.html}, then {@code User code traceback:} (and, in 2.14, PyTorch's
 *       own traceback, which repeats explanation, hints and link). The reason is the type: the last
 *       non-blank line before {@code   Explanation:}; hints are the first block only.</li>
 * </ul>
 * A frame Dynamo gave up after the break says {@code Skipping the function and falling back to eager}.
 * Both shapes carry a {@code User code traceback:}, which gives the detail its {@link UserFrame}.
 *
 * <p>Example: print-bridge on 2.14 gives site {@code /rt/scenarios.py:31}, reason
 * {@code Failed to trace builtin operator}, {@code GB0059}, its explanation and three hints.
 */
record BreakMessage(Optional<String> site, String reason, BreakDetail detail) {

    static final String SKIP = "Skipping the function and falling back to eager";

    /** Whether Dynamo gave the frame up after this break ({@value #SKIP}). */
    boolean skipsFrame() {
        return detail.skipsFrame();
    }
    private static final String EXPLANATION = "  Explanation:";
    private static final String HINT = "  Hint:";
    private static final String CONTEXT_PREFIX = "Graph Break Reason:";
    private static final Pattern GB_LINK = Pattern.compile("gb/gb([0-9]{4})\\.html");
    private static final Pattern SITE = Pattern.compile(".+:[0-9]+");

    /** A {@code dynamo_graph_break_reason} payload: its first line names the site. */
    static BreakMessage ofArtifact(String text, StringPool pool) {
        String[] lines = text.split("\n", -1);
        Optional<String> site = Optional.empty();
        int at = lines[0].lastIndexOf(" at ");
        if (at >= 0 && SITE.matcher(lines[0].substring(at + 4).strip()).matches()) {
            site = Optional.of(pool.intern(lines[0].substring(at + 4).strip()));
        }
        int explanation = explanationLine(lines, 1);
        if (explanation > 0) {
            return structured(site, lines, explanation, pool);
        }
        String reason = lines[0].strip();
        for (int i = 1; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.startsWith("Reason:") || line.startsWith(CONTEXT_PREFIX)) {
                reason = line.substring(line.indexOf(':') + 1).strip();
                break;
            }
        }
        return new BreakMessage(site, pool.intern(reason), frameOf(BreakDetail.NONE, lines, text.contains(SKIP), pool));
    }

    /** A {@code restart_reasons} entry or a {@code fail_reason}: no site; the text itself when not structured. */
    static BreakMessage ofReason(String text, StringPool pool) {
        String[] lines = text.split("\n", -1);
        int explanation = explanationLine(lines, 0);
        if (explanation > 0) {
            return structured(Optional.empty(), lines, explanation, pool);
        }
        return new BreakMessage(Optional.empty(), text, frameOf(BreakDetail.NONE, lines, text.contains(SKIP), pool));
    }

    private static int explanationLine(String[] lines, int from) {
        for (int i = from; i < lines.length; i++) {
            if (lines[i].startsWith(EXPLANATION)) {
                return i;
            }
        }
        return -1;
    }

    private static BreakMessage structured(Optional<String> site, String[] lines, int explanation, StringPool pool) {
        String type = "";
        for (int i = explanation - 1; i >= 0 && type.isEmpty(); i--) {
            type = lines[i].strip();
        }
        if (type.startsWith(CONTEXT_PREFIX)) {
            type = type.substring(CONTEXT_PREFIX.length()).strip();
        }
        String explained = lines[explanation].substring(EXPLANATION.length()).strip();
        List<String> hints = new ArrayList<>();
        for (int i = explanation + 1; i < lines.length && lines[i].startsWith(HINT); i++) {
            hints.add(pool.intern(lines[i].substring(HINT.length()).strip()));
        }
        Optional<String> gbId = Optional.empty();
        boolean skips = false;
        for (String line : lines) {
            Matcher link = GB_LINK.matcher(line);
            if (gbId.isEmpty() && link.find()) {
                gbId = Optional.of("GB" + link.group(1));
            }
            skips |= line.contains(SKIP);
        }
        BreakDetail detail = new BreakDetail(gbId, explained.isEmpty() ? Optional.empty() : Optional.of(pool.intern(explained)), hints);
        return new BreakMessage(site, pool.intern(type), frameOf(detail, lines, skips, pool));
    }

    private static BreakDetail frameOf(BreakDetail detail, String[] lines, boolean skips, StringPool pool) {
        BreakDetail framed = detail.withUserFrame(UserFrame.of(Arrays.asList(lines)).map(pool::intern));
        return skips ? framed.skippingFrame() : framed;
    }
}
