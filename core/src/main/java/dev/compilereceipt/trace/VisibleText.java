package dev.compilereceipt.trace;

import java.util.List;
import org.apiguardian.api.API;

/**
 * Text from a trace made safe to print for a person, the one rule every view, refusal and message
 * follows: every control character but the tab (C0, DEL, C1), every format character (the
 * bidirectional controls U+202A to U+202E and U+2066 to U+2069, the zero-width U+200B to U+200F
 * and U+2060 to U+2064, U+FEFF, U+00AD and the rest of Unicode's Cf) and the line and paragraph
 * separators U+2028 and U+2029 are written as a visible escape, so a trace cannot move the cursor,
 * hide text, ring the bell, start a line that looks like the tool's own, reorder what a terminal
 * or an IDE shows, or make two different texts look the same. A value longer than
 * {@value #SHOWN_CHARS} characters is {@linkplain #cut cut} to them with a count of what was cut.
 * The receipt's JSON keeps the exact text; this is for summaries, refusals, causes, the report and
 * assertion messages.
 *
 * <p>Example: {@code VisibleText.of("print\n\u001b[8m")} is {@code print\u000a\u001b[8m} with the
 * escapes written out as six visible characters each; {@code VisibleText.cut("g".repeat(3000))} is
 * 2,000 {@code g} followed by {@code … (1000 more characters)}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class VisibleText {

    private VisibleText() {
    }

    public static String of(String text) {
        if (text == null) {
            return null;
        }
        int i = 0;
        while (i < text.length() && !hidden(text.charAt(i))) {
            i++;
        }
        if (i == text.length()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 16).append(text, 0, i);
        for (; i < text.length(); i++) {
            char c = text.charAt(i);
            if (hidden(c)) {
                out.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** At most this many characters of one value are shown; the rest are counted. */
    public static final int SHOWN_CHARS = 2000;

    /** A value made visible ({@link #of}) and cut to {@value #SHOWN_CHARS} characters, with a count of what was cut. */
    public static String cut(String text) {
        return cut(text, SHOWN_CHARS);
    }

    /** A text made visible and cut to {@code max} characters with a count of what was cut: a whole message's bound. */
    public static String cut(String text, int max) {
        return text == null ? null : of(shortened(text, max));
    }

    /**
     * A value cut to {@value #SHOWN_CHARS} characters with a count of what was cut, not escaped: for a
     * view that escapes with {@link #isHidden} in its own syntax (the report's markup).
     */
    public static String shortened(String text) {
        return shortened(text, SHOWN_CHARS);
    }

    private static String shortened(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int end = Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
        int cut = text.length() - end;
        return text.substring(0, end) + "… (" + cut + (cut == 1 ? " more character)" : " more characters)");
    }

    /** At most this many items of a list are shown in a message; the rest are counted. */
    public static final int SHOWN_ITEMS = 20;

    /** A list for a message: {@code [0, 1, 2]}, or its first 20 items and how many more: {@code [0, ..., 19] and 99980 more (100000 in all)}. */
    public static String list(java.util.Collection<?> items) {
        return "[" + shown(items) + "]" + more(items);
    }

    /** Items joined by {@code ", "}, at most 20 of them and how many more: {@code a.py:1, b.py:2 and 3 more (5 in all)}. */
    public static String joined(java.util.Collection<?> items) {
        return shown(items) + more(items);
    }

    /**
     * Numbers (ranks) for a person, every one of them: ascending, each run of three or more consecutive ones as
     * {@code first-last}, so that a group of 999 of 1,000 ranks is one short line: {@code 0-511, 513-999};
     * {@code 0, 1, 3} and {@code 0, 2-4} otherwise.
     */
    public static String ranges(java.util.Collection<Integer> numbers) {
        List<Integer> sorted = numbers.stream().sorted().toList();
        List<String> parts = new java.util.ArrayList<>();
        for (int i = 0; i < sorted.size(); ) {
            int j = i;
            while (j + 1 < sorted.size() && sorted.get(j + 1) == sorted.get(j) + 1) {
                j++;
            }
            if (j - i >= 2) {
                parts.add(sorted.get(i) + "-" + sorted.get(j));
            } else {
                sorted.subList(i, j + 1).forEach(n -> parts.add(n.toString()));
            }
            i = j + 1;
        }
        return String.join(", ", parts);
    }

    private static String shown(java.util.Collection<?> items) {
        return String.join(", ", items.stream().limit(SHOWN_ITEMS).map(item -> of(String.valueOf(item))).toList());
    }

    private static String more(java.util.Collection<?> items) {
        return items.size() > SHOWN_ITEMS ? " and " + (items.size() - SHOWN_ITEMS) + " more (" + items.size() + " in all)" : "";
    }

    /** Whether {@code c} is written as an escape: a control but the tab, a format character, a line or paragraph separator. */
    public static boolean isHidden(char c) {
        return hidden(c);
    }

    static boolean hidden(char c) {
        if (c < 0x7f) {
            return c < 0x20 && c != '\t';
        }
        if (c <= 0x9f) {
            return true;
        }
        int type = Character.getType(c);
        return type == Character.FORMAT || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR;
    }
}
