package dev.compilereceipt.junit;

import java.util.List;
import java.util.Optional;

/**
 * What one {@link TraceFixture} asks for: one trace path, or a baseline path and a candidate
 * path to combine.
 */
record FixtureRequest(Optional<String> single, Optional<String> baseline, Optional<String> candidate) {

    /**
     * The request of an annotation; an {@link IllegalArgumentException} with the reason when it
     * sets neither {@code value} nor both {@code baseline} and {@code candidate}, or mixes them.
     */
    static FixtureRequest of(TraceFixture annotation) {
        Optional<String> single = given(annotation.value());
        Optional<String> baseline = given(annotation.baseline());
        Optional<String> candidate = given(annotation.candidate());
        if (single.isPresent() && (baseline.isPresent() || candidate.isPresent())) {
            throw new IllegalArgumentException("set either value or baseline and candidate, not both");
        }
        if (single.isEmpty() && baseline.isEmpty() && candidate.isEmpty()) {
            throw new IllegalArgumentException("name a trace with value, or two single-run traces with baseline and candidate");
        }
        if (single.isEmpty() && (baseline.isEmpty() || candidate.isEmpty())) {
            throw new IllegalArgumentException("baseline and candidate go together; "
                    + (baseline.isEmpty() ? "baseline" : "candidate") + " is missing");
        }
        return new FixtureRequest(single, baseline, candidate);
    }

    boolean combined() {
        return single.isEmpty();
    }

    List<String> paths() {
        return combined() ? List.of(baseline.get(), candidate.get()) : List.of(single.get());
    }

    /** The annotation as written, for messages: {@code @TraceFixture("print-bridge/trace.json")}. */
    static String describe(TraceFixture annotation) {
        if (annotation.baseline().isEmpty() && annotation.candidate().isEmpty()) {
            return "@TraceFixture(\"" + annotation.value() + "\")";
        }
        StringBuilder text = new StringBuilder("@TraceFixture(");
        if (!annotation.value().isEmpty()) {
            text.append("value = \"").append(annotation.value()).append("\", ");
        }
        return text.append("baseline = \"").append(annotation.baseline()).append("\", candidate = \"")
                .append(annotation.candidate()).append("\")").toString();
    }

    private static Optional<String> given(String path) {
        return path.isBlank() ? Optional.empty() : Optional.of(path.strip());
    }
}
