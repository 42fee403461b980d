package dev.compilereceipt.diff;

import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * A pattern over figure paths, as {@link ReceiptDiff#ignoring} and the priority table take them:
 * keys joined by {@code .}, an element of an array in brackets ({@code break_sites[scenarios.py:31]},
 * {@code guard_misses[0]}), {@code *} for any part of one segment and {@code **} for any number of
 * segments. A pattern covers the paths it matches and everything below them, so
 * {@code runs.*.phases.*.wall_ms} covers {@code runs.baseline.phases.steady.wall_ms.median}.
 *
 * <p>Example: {@code FigurePattern.of("**.*_ms").covers(List.of("runs", "baseline", "phases", "steady", "compile_ms"))}
 * is true.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record FigurePattern(String text, List<String> segments) {

    private static final String ANY_DEPTH = "**";

    public FigurePattern {
        segments = List.copyOf(segments);
    }

    /** Parses {@code text}; an {@link IllegalArgumentException} naming the pattern and the rule it breaks. */
    public static FigurePattern of(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("a figure pattern is a path such as runs.*.phases.*.wall_ms; found "
                    + (text == null ? "null" : "an empty one"));
        }
        List<String> segments = split(text);
        for (String segment : segments) {
            if (segment.isEmpty()) {
                throw new IllegalArgumentException("figure pattern \"" + text + "\" has an empty segment (two dots, or a dot at an end)");
            }
        }
        return new FigurePattern(text, segments);
    }

    /** The path in the form patterns use: {@code runs.baseline.break_sites[scenarios.py:31].calls}. */
    public static String text(List<String> path) {
        StringBuilder out = new StringBuilder();
        for (String segment : path) {
            if (out.length() > 0 && !segment.startsWith("[")) {
                out.append('.');
            }
            out.append(segment);
        }
        return out.toString();
    }

    /** Whether {@code path} or one of the paths above it matches this pattern. */
    public boolean covers(List<String> path) {
        for (int length = 1; length <= path.size(); length++) {
            if (matches(0, path.subList(0, length), 0)) {
                return true;
            }
        }
        return false;
    }

    private boolean matches(int p, List<String> path, int s) {
        if (p == segments.size()) {
            return s == path.size();
        }
        String segment = segments.get(p);
        if (segment.equals(ANY_DEPTH)) {
            for (int skip = s; skip <= path.size(); skip++) {
                if (matches(p + 1, path, skip)) {
                    return true;
                }
            }
            return false;
        }
        return s < path.size() && glob(segment, path.get(s)) && matches(p + 1, path, s + 1);
    }

    private static boolean glob(String pattern, String segment) {
        if (!pattern.contains("*")) {
            return pattern.equals(segment);
        }
        // '*' takes any run of characters: on a mismatch, the last '*' takes one more and the match goes on from there.
        int p = 0;
        int t = 0;
        int star = -1;
        int starAt = 0;
        while (t < segment.length()) {
            if (p < pattern.length() && pattern.charAt(p) == '*') {
                star = p++;
                starAt = t;
            } else if (p < pattern.length() && pattern.charAt(p) == segment.charAt(t)) {
                p++;
                t++;
            } else if (star >= 0) {
                p = star + 1;
                t = ++starAt;
            } else {
                return false;
            }
        }
        while (p < pattern.length() && pattern.charAt(p) == '*') {
            p++;
        }
        return p == pattern.length();
    }

    private static List<String> split(String text) {
        List<String> segments = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '[' && depth == 0) {
                if (current.length() > 0 || i > 0 && text.charAt(i - 1) != '.') {
                    segments.add(current.toString());
                }
                current.setLength(0);
                current.append(c);
                depth++;
            } else if (c == ']' && depth == 1) {
                current.append(c);
                segments.add(current.toString());
                current.setLength(0);
                depth--;
                if (i + 1 < text.length() && text.charAt(i + 1) == '.') {
                    i++;
                    if (i + 1 == text.length()) {
                        segments.add("");
                    }
                }
            } else if (c == '.' && depth == 0) {
                segments.add(current.toString());
                current.setLength(0);
                if (i + 1 == text.length()) {
                    segments.add("");
                }
            } else {
                current.append(c);
            }
        }
        if (depth != 0) {
            throw new IllegalArgumentException("figure pattern \"" + text + "\" opens a [ it never closes");
        }
        if (current.length() > 0 || segments.isEmpty()) {
            segments.add(current.toString());
        }
        return segments;
    }
}
