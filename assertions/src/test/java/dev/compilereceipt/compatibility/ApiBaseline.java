package dev.compilereceipt.compatibility;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A committed API listing ({@link ApiListing}) against the current one: a line of the baseline that
 * the current API no longer has is a member (or type, or supertype) removed or changed, which is
 * allowed only when the baseline shows it, or its type, {@code @Deprecated}: it went through a
 * deprecation first. A line only the current API has is an addition, always allowed.
 *
 * <p>Example: {@code ApiBaseline.broken(baseline, ApiListing.of(Traces.class))} is empty while every
 * current public member of core is still there.
 */
final class ApiBaseline {

    private ApiBaseline() {
    }

    /** The baseline lines that the current API lost without a deprecation. */
    static List<String> broken(List<String> baseline, List<String> current) {
        Set<String> now = current.stream().map(ApiBaseline::signature).collect(Collectors.toSet());
        Set<String> deprecatedTypes = baseline.stream().filter(line -> signature(line).contains(": type ") && deprecated(line))
                .map(ApiBaseline::typeOf).collect(Collectors.toSet());
        List<String> broken = new ArrayList<>();
        for (String line : baseline) {
            if (!now.contains(signature(line)) && !deprecated(line) && !withinDeprecated(typeOf(line), deprecatedTypes)) {
                broken.add(signature(line));
            }
        }
        return broken;
    }

    /** The current lines that the baseline does not hold yet. */
    static List<String> added(List<String> baseline, List<String> current) {
        Set<String> before = baseline.stream().map(ApiBaseline::signature).collect(Collectors.toSet());
        return current.stream().map(ApiBaseline::signature).filter(line -> !before.contains(line)).toList();
    }

    static String signature(String line) {
        int marks = line.indexOf(ApiListing.MARKS);
        return marks < 0 ? line : line.substring(0, marks);
    }

    private static boolean deprecated(String line) {
        int marks = line.indexOf(ApiListing.MARKS);
        return marks >= 0 && line.substring(marks).contains("@Deprecated");
    }

    private static String typeOf(String line) {
        return line.substring(0, line.indexOf(": "));
    }

    /** A nested type of a deprecated type goes with it. */
    private static boolean withinDeprecated(String type, Set<String> deprecatedTypes) {
        return deprecatedTypes.stream().anyMatch(deprecated -> type.equals(deprecated) || type.startsWith(deprecated + "."));
    }
}
