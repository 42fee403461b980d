package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.trace.BreakDetail;
import dev.compilereceipt.trace.UserFrame;
import dev.compilereceipt.read.StringPool;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A graph-break message of TORCH_LOGS text ({@code graph_breaks}) read into site, reason and
 * detail. The first line names the site in all its forms: {@code Graph break in user code at
 * FILE:LINE}, {@code Graph break (details suppressed) in user code at ...} (2.6, a repeat) and
 * {@code Graph break (user stack suppressed due to duplicate graph break) in user code at ...}
 * (2.14). Then either free text, {@code Reason: Unsupported: builtin: print ...} (2.6: the reason
 * is that text), or the structured message of 2.8+: {@code Graph Break Reason: <context>:}, a
 * blank line, the graph-break type, {@code   Explanation: ...}, {@code   Hint: ...} lines, a link
 * ending {@code gb/gbNNNN.html}. The reason is then the type, the last non-blank line before
 * {@code   Explanation:}; the hints are the {@code   Hint:} lines right after it; the gb id the
 * first link's {@code GBNNNN}. A message that says {@code Skipping the function and falling back
 * to eager} gave up its frame. The {@code User code traceback:} gives the detail its {@link UserFrame}.
 *
 * <p>These are the rules the TORCH_TRACE reader applies to a {@code dynamo_graph_break_reason}
 * payload, which holds the same text; the readers share no code (one reader never imports
 * another), so the text shape is read here on its own.
 *
 * <p>Example: 2.14's print-bridge gives site {@code /rtl/scenarios.py:31}, reason
 * {@code Failed to trace builtin operator}, {@code GB0059}, its explanation and three hints.
 */
record BreakText(String site, String reason, BreakDetail detail) {

    static final String SKIP = "Skipping the function and falling back to eager";

    /** Whether Dynamo gave the frame up after this break ({@value #SKIP}). */
    boolean skipsFrame() {
        return detail.skipsFrame();
    }
    private static final String EXPLANATION = "  Explanation:";
    private static final String HINT = "  Hint:";
    private static final String CONTEXT = "Graph Break Reason:";
    private static final Pattern GB_LINK = Pattern.compile("gb/gb([0-9]{4})\\.html");
    private static final Pattern SITE = Pattern.compile(".+:[0-9]+");

    /** The break a message states; empty when it is torn (no site, or no reason). */
    static Optional<BreakText> read(List<String> lines, StringPool pool) {
        String first = lines.get(0);
        int at = first.lastIndexOf(" at ");
        String site = at < 0 ? "" : first.substring(at + 4).strip();
        if (!SITE.matcher(site).matches()) {
            return Optional.empty();
        }
        boolean skips = lines.stream().anyMatch(line -> line.contains(SKIP));
        int explanation = -1;
        for (int i = 1; i < lines.size() && explanation < 0; i++) {
            if (lines.get(i).startsWith(EXPLANATION)) {
                explanation = i;
            }
        }
        if (explanation > 0) {
            return Optional.of(structured(pool.intern(site), lines, explanation, skips, pool));
        }
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            String label = line.startsWith(CONTEXT) ? CONTEXT : line.startsWith("Reason:") ? "Reason:" : null;
            if (label != null) {
                return Optional.of(new BreakText(pool.intern(site), pool.intern(line.substring(label.length()).strip()),
                        frameOf(BreakDetail.NONE, lines, skips, pool)));
            }
        }
        return Optional.empty();
    }

    private static BreakText structured(String site, List<String> lines, int explanation, boolean skips, StringPool pool) {
        String type = "";
        for (int i = explanation - 1; i > 0 && type.isEmpty(); i--) {
            type = lines.get(i).strip();
        }
        if (type.startsWith(CONTEXT)) {
            type = type.substring(CONTEXT.length()).strip();
        }
        String explained = lines.get(explanation).substring(EXPLANATION.length()).strip();
        List<String> hints = new ArrayList<>();
        for (int i = explanation + 1; i < lines.size() && lines.get(i).startsWith(HINT); i++) {
            hints.add(pool.intern(lines.get(i).substring(HINT.length()).strip()));
        }
        Optional<String> gbId = Optional.empty();
        for (int i = 0; i < lines.size() && gbId.isEmpty(); i++) {
            Matcher link = GB_LINK.matcher(lines.get(i));
            if (link.find()) {
                gbId = Optional.of("GB" + link.group(1));
            }
        }
        BreakDetail detail = new BreakDetail(gbId, explained.isEmpty() ? Optional.empty() : Optional.of(pool.intern(explained)), hints);
        return new BreakText(site, pool.intern(type), frameOf(detail, lines, skips, pool));
    }

    private static BreakDetail frameOf(BreakDetail detail, List<String> lines, boolean skips, StringPool pool) {
        BreakDetail framed = detail.withUserFrame(UserFrame.of(lines).map(pool::intern));
        return skips ? framed.skippingFrame() : framed;
    }
}
