package dev.compilereceipt.read;

import dev.compilereceipt.trace.BreakDetail;
import dev.compilereceipt.trace.UserFrame;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * PyTorch's graph-break message, read once for every source that holds it: a TORCH_TRACE
 * {@code dynamo_graph_break_reason} payload, a {@code restart_reasons} entry or {@code fail_reason},
 * and a TORCH_LOGS {@code graph_breaks} message. Two shapes:
 * <ul>
 *   <li>up to 2.7, free text: {@code Graph break in user code at FILE:LINE} (also
 *       {@code Graph break (details suppressed) in user code at ...}, 2.6's repeat, and
 *       {@code Graph break (user stack suppressed due to duplicate graph break) in user code at ...},
 *       2.14's), then {@code Reason: ...}: the reason is that text, such as {@code Unsupported: builtin: print};</li>
 *   <li>since 2.8, structured: {@code Graph Break Reason: <context>:}, a blank line, the graph-break
 *       type, {@code   Explanation: ...}, one or more {@code   Hint: ...}, {@code   Developer debug context:},
 *       a link ending {@code gb/gbNNNN.html}, then {@code User code traceback:} (and, in 2.14, PyTorch's
 *       own traceback, which repeats explanation, hints and link). The reason is the type: the last
 *       non-blank line before {@code   Explanation:}; the hints are the first block only; the gb id is
 *       the first link's.</li>
 * </ul>
 * A frame Dynamo gave up after the break says {@value #SKIP}. Both shapes carry a
 * {@code User code traceback:}, which gives the detail its {@link UserFrame}.
 *
 * <p>Example: print-bridge on 2.14 gives site {@code /rt/scenarios.py:31}, reason
 * {@code Failed to trace builtin operator}, {@code GB0059}, its explanation and three hints.
 *
 * @param site the {@code FILE:LINE} the first line names, when the message has a site line
 * @param reason the reason it states; blank for free text without a {@code Reason:} line
 */
@API(status = API.Status.INTERNAL)
public record BreakMessage(Optional<String> site, String reason, BreakDetail detail) {

    /** What a message says when Dynamo gave its frame up. */
    public static final String SKIP = "Skipping the function and falling back to eager";

    private static final String EXPLANATION = "  Explanation:";
    private static final String HINT = "  Hint:";
    private static final String CONTEXT = "Graph Break Reason:";
    private static final String REASON = "Reason:";
    private static final Pattern GB_LINK = Pattern.compile("gb/gb([0-9]{4})\\.html");
    private static final Pattern SITE = Pattern.compile(".+:[0-9]+");

    /** A message whose first line names its site ({@code ... at FILE:LINE}): an artifact's payload, a text message. */
    public static BreakMessage withSiteLine(List<String> lines, StringPool pool) {
        String first = lines.get(0);
        int at = first.lastIndexOf(" at ");
        String site = at < 0 ? "" : first.substring(at + 4).strip();
        return read(SITE.matcher(site).matches() ? Optional.of(pool.intern(site)) : Optional.empty(), lines, 1, pool);
    }

    /** A {@code dynamo_graph_break_reason} payload: its first line names the site, and is the reason where no other line states one. */
    public static BreakMessage ofArtifact(String text, StringPool pool) {
        List<String> lines = Arrays.asList(text.split("\n", -1));
        BreakMessage message = withSiteLine(lines, pool);
        return message.statesReason() ? message : message.orReason(pool.intern(lines.get(0).strip()));
    }

    /** A {@code restart_reasons} entry or a {@code fail_reason}: no site line; the text itself is the reason when not structured. */
    public static BreakMessage ofReason(String text, StringPool pool) {
        List<String> lines = Arrays.asList(text.split("\n", -1));
        return read(Optional.empty(), lines, 0, pool).orReason(text);
    }

    /** This message, with a reason where its free text stated none. */
    public BreakMessage orReason(String fallback) {
        return statesReason() ? this : new BreakMessage(site, fallback, detail);
    }

    /** Whether the message stated its reason: a text message without one is torn. */
    public boolean statesReason() {
        return !reason.isEmpty();
    }

    /** Whether Dynamo gave the frame up after this break. */
    public boolean skipsFrame() {
        return detail.skipsFrame();
    }

    private static BreakMessage read(Optional<String> site, List<String> lines, int from, StringPool pool) {
        boolean skips = lines.stream().anyMatch(line -> line.contains(SKIP));
        for (int i = from; i < lines.size(); i++) {
            if (lines.get(i).startsWith(EXPLANATION)) {
                return structured(site, lines, from, i, skips, pool);
            }
        }
        for (int i = from; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            String label = line.startsWith(CONTEXT) ? CONTEXT : line.startsWith(REASON) ? REASON : null;
            if (label != null) {
                return new BreakMessage(site, pool.intern(line.substring(label.length()).strip()),
                        frameOf(BreakDetail.NONE, lines, skips, pool));
            }
        }
        return new BreakMessage(site, "", frameOf(BreakDetail.NONE, lines, skips, pool));
    }

    private static BreakMessage structured(Optional<String> site, List<String> lines, int from, int explanation, boolean skips,
            StringPool pool) {
        String type = "";
        for (int i = explanation - 1; i >= from && type.isEmpty(); i--) {
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
        return new BreakMessage(site, pool.intern(type), frameOf(detail, lines, skips, pool));
    }

    private static BreakDetail frameOf(BreakDetail detail, List<String> lines, boolean skips, StringPool pool) {
        BreakDetail framed = detail.withUserFrame(UserFrame.of(lines).map(pool::intern));
        return skips ? framed.skippingFrame() : framed;
    }
}
