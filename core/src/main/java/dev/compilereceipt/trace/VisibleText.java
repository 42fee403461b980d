package dev.compilereceipt.trace;

import org.apiguardian.api.API;

/**
 * Text from a trace made safe to print for a person: every control character but the tab (C0,
 * DEL, C1) and the bidirectional controls (U+202A to U+202E, U+2066 to U+2069) is written as a
 * visible escape, so a trace cannot move the cursor, hide text, ring the bell, start a line that
 * looks like the tool's own, or reorder what a terminal or an IDE shows. The receipt's JSON keeps
 * the exact text; this is for summaries, refusals and assertion messages.
 *
 * <p>Example: {@code VisibleText.of("print\n\u001b[8m")} is {@code print\u000a\u001b[8m} with the
 * escapes written out as six visible characters each.
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

    private static String shown(java.util.Collection<?> items) {
        return String.join(", ", items.stream().limit(SHOWN_ITEMS).map(item -> of(String.valueOf(item))).toList());
    }

    private static String more(java.util.Collection<?> items) {
        return items.size() > SHOWN_ITEMS ? " and " + (items.size() - SHOWN_ITEMS) + " more (" + items.size() + " in all)" : "";
    }

    static boolean hidden(char c) {
        return c < 0x20 && c != '\t' || c >= 0x7f && c <= 0x9f || c >= 0x202a && c <= 0x202e || c >= 0x2066 && c <= 0x2069;
    }
}
