package dev.compilereceipt.junit;

import java.util.List;
import dev.compilereceipt.trace.Limits;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;

/**
 * What one {@link TraceFixture} asks for: one trace path, or a baseline path and a candidate
 * path to combine.
 */
record FixtureRequest(Optional<String> single, Optional<String> baseline, Optional<String> candidate, Limits limits,
                      OptionalInt rank, ProfileRequest profile, Optional<String> warm, RankScope ranks) {

    /**
     * The request of an annotation, its limits taken from its attributes, else from the suite's
     * {@code compilereceipt.limits.*} configuration parameters, else the defaults; an
     * {@link IllegalArgumentException} with the reason when it sets neither {@code value} nor both
     * {@code baseline} and {@code candidate}, or mixes them, or a limit is not a number.
     */
    static FixtureRequest of(TraceFixture annotation, Function<String, Optional<String>> configuration) {
        Optional<String> single = given(annotation.value());
        Optional<String> baseline = given(annotation.baseline());
        Optional<String> candidate = given(annotation.candidate());
        if (single.isPresent() && (baseline.isPresent() || candidate.isPresent())) {
            throw new IllegalArgumentException("set either value or baseline and candidate, not both");
        }
        if (single.isEmpty() && baseline.isEmpty() && candidate.isEmpty()) {
            throw new IllegalArgumentException("name a trace with value, or two single-run traces with baseline and candidate");
        }
        Optional<String> warm = given(annotation.warm());
        if (warm.isPresent() && single.isEmpty()) {
            throw new IllegalArgumentException("warm goes with value: the warm process's log beside the first process's trace");
        }
        if (single.isEmpty() && (baseline.isEmpty() || candidate.isEmpty())) {
            throw new IllegalArgumentException("baseline and candidate go together; "
                    + (baseline.isEmpty() ? "baseline" : "candidate") + " is missing");
        }
        Limits d = Limits.DEFAULT;
        Limits limits = new Limits(
                (int) limit(annotation.maxCalls(), "maxCalls", d.maxCalls(), configuration),
                (int) limit(annotation.maxEvents(), "maxEvents", d.maxEventsPerCall(), configuration),
                (int) limit(annotation.maxStringLength(), "maxStringLength", d.maxStringLength(), configuration),
                d.maxDocumentBytes(),
                (int) limit(annotation.maxBreakSites(), "maxBreakSites", d.maxBreakSites(), configuration),
                (int) limit(annotation.maxRecompileReasons(), "maxRecompileReasons", d.maxRecompileReasons(), configuration),
                (int) limit(annotation.maxCompiles(), "maxCompiles", d.maxCompiles(), configuration),
                (int) limit(annotation.maxDepth(), "maxDepth", d.maxDepth(), configuration),
                limit(annotation.maxKeptChars(), "maxKeptChars", d.maxKeptChars(), configuration));
        OptionalInt rank = annotation.rank() < 0 ? OptionalInt.empty() : OptionalInt.of(annotation.rank());
        ProfileRequest profile = ProfileRequest.of(annotation);
        if (profile.isProfile() && single.isEmpty()) {
            throw new IllegalArgumentException("phases, callSpan, log and run read one torch.profiler trace, named by value;"
                    + " two profiles make a comparison with Trace.combine(Traces.read(TraceRequest.of(before).withLog(...)...), Traces.read(...))");
        }
        if (profile.isProfile() && warm.isPresent()) {
            throw new IllegalArgumentException("warm goes with a TORCH_TRACE log, not a torch.profiler trace: a profile and its"
                    + " log are one process");
        }
        if (annotation.ranks() == RankScope.ALL) {
            if (rank.isPresent()) {
                throw new IllegalArgumentException("rank = " + rank.getAsInt() + " reads one rank and ranks = ALL every rank; set one of them");
            }
            if (single.isEmpty() || warm.isPresent() || profile.isProfile()) {
                throw new IllegalArgumentException("ranks = ALL reads the rank logs of one job, named by value alone (a folder of"
                        + " per-rank TORCH_TRACE logs or fingerprints)");
            }
        }
        return new FixtureRequest(single, baseline, candidate, limits, rank, profile, warm, annotation.ranks());
    }

    private static long limit(long attribute, String name, long fallback, Function<String, Optional<String>> configuration) {
        if (attribute >= 0) {
            return attribute;
        }
        Optional<String> configured = configuration.apply(TraceFixture.LIMITS + name);
        if (configured.isEmpty()) {
            return fallback;
        }
        try {
            long value = Long.parseLong(configured.get().strip());
            if (value < 0 || value > (name.equals("maxKeptChars") ? Long.MAX_VALUE : Integer.MAX_VALUE)) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("the configuration parameter " + TraceFixture.LIMITS + name + " is \""
                    + configured.get() + "\"; it must be a whole number of at least 0");
        }
    }

    boolean combined() {
        return single.isEmpty();
    }

    List<String> paths() {
        return combined() ? List.of(baseline.get(), candidate.get()) : List.of(single.get());
    }

    /** The annotation as written, for messages: {@code @TraceFixture("print-bridge/trace.json")}. */
    static String describe(TraceFixture annotation) {
        if (annotation.ranks() == RankScope.ALL) {
            return "@TraceFixture(value = \"" + annotation.value() + "\", ranks = ALL)";
        }
        if (!annotation.warm().isEmpty()) {
            return "@TraceFixture(value = \"" + annotation.value() + "\", warm = \"" + annotation.warm() + "\")";
        }
        if (annotation.baseline().isEmpty() && annotation.candidate().isEmpty() && annotation.phases().length == 0
                && annotation.callSpan().isEmpty() && annotation.log().isEmpty()) {
            return "@TraceFixture(\"" + annotation.value() + "\")";
        }
        if (annotation.baseline().isEmpty() && annotation.candidate().isEmpty()) {
            StringBuilder text = new StringBuilder("@TraceFixture(value = \"").append(annotation.value()).append('"');
            if (!annotation.log().isEmpty()) {
                text.append(", log = \"").append(annotation.log()).append('"');
            }
            if (!annotation.callSpan().isEmpty()) {
                text.append(", callSpan = \"").append(annotation.callSpan()).append('"');
            }
            if (annotation.phases().length > 0) {
                text.append(", phases = \"").append(String.join(",", annotation.phases())).append('"');
            }
            return text.append(')').toString();
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
