package dev.compilereceipt.trace;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.json.CanonicalJson;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** How {@link Trace#combine} makes one comparison of two single-run traces, by the rules its Javadoc states. */
final class TraceCombination {

    private TraceCombination() {
    }

    static Trace of(Trace baseline, Trace candidate) {
        Run before = single(baseline, Run.BASELINE);
        Run after = single(candidate, Run.CANDIDATE);
        if (!baseline.limits().equals(candidate.limits())) {
            throw new IllegalArgumentException("cannot combine " + baseline.source() + " and " + candidate.source()
                    + ": they were read under different limits, " + baseline.limits().differencesFrom(candidate.limits()));
        }
        Optional<List<Long>> badLines = badLines(baseline, candidate);
        Set<Measure> notMeasured = new HashSet<>(baseline.notMeasured());
        notMeasured.addAll(candidate.notMeasured());
        ObjectNode pins = JsonNodeFactory.instance.objectNode();
        pins.put(Run.BASELINE, baseline.sha256());
        pins.put(Run.CANDIDATE, candidate.sha256());
        List<Run> runs = List.of(
                before.labelled(Run.BASELINE), after.labelled(Run.CANDIDATE));
        Map<Measure, Coverage> bounds = new EnumMap<>(Measure.class);
        for (Measure measure : Measure.values()) {
            Coverage both = baseline.coverage(measure).weaker(candidate.coverage(measure));
            if (both == Coverage.LOWER_BOUND || both == Coverage.UPPER_BOUND) {
                bounds.put(measure, both);
            } else if (both == Coverage.NOT_MEASURED) {
                notMeasured.add(measure);
            }
        }
        // Not runsMerged, whatever the two were: whoever combines them says which run each one is.
        return new Trace(baseline.source(), baseline.fixture(), runs, CanonicalJson.sha256(pins),
                baseline.limits(), notMeasured, badLines, decision(baseline, candidate), bounds)
                .withMissingEvidence(missingEvidence(baseline, candidate));
    }

    /** What each side names missing, as the combined runs are named: the baseline's then the candidate's. */
    private static Map<Measure, String> missingEvidence(Trace baseline, Trace candidate) {
        Map<Measure, String> both = new EnumMap<>(Measure.class);
        baseline.missingEvidence().forEach((measure, why) -> both.put(measure, Run.BASELINE + ": " + why));
        candidate.missingEvidence().forEach((measure, why) -> both.merge(measure, Run.CANDIDATE + ": " + why,
                (first, second) -> first + "; " + second));
        return both;
    }

    private static Optional<Decision> decision(Trace baseline, Trace candidate) {
        if (baseline.decision().isPresent() && candidate.decision().isPresent()
                && !baseline.decision().equals(candidate.decision())) {
            throw new IllegalArgumentException("cannot combine " + baseline.source() + " and " + candidate.source()
                    + ": both record a decision and they differ (" + baseline.decision().get() + " and "
                    + candidate.decision().get() + "); record it in one of them, or the same in both");
        }
        return candidate.decision().or(baseline::decision);
    }

    private static Run single(Trace trace, String role) {
        if (trace.runs().size() != 1) {
            throw new IllegalArgumentException("cannot combine: the " + role + " trace " + trace.source() + " must hold exactly one run, it holds "
                    + trace.runs().size() + " " + trace.runs().stream().map(Run::label).toList()
                    + (trace.runs().size() == 2 ? "; a trace of both runs is read as it is, with @TraceFixture(\"...\") or Traces.read" : ""));
        }
        return trace.runs().get(0);
    }

    private static Optional<List<Long>> badLines(Trace baseline, Trace candidate) {
        for (Trace side : List.of(baseline, candidate)) {
            if (side.badLines().map(lines -> !lines.isEmpty()).orElse(false)) {
                throw new IllegalArgumentException("cannot combine: " + side.source() + " skipped bad lines "
                        + side.badLines().get() + ", which a combined receipt could not attribute to a file");
            }
        }
        return baseline.badLines().isPresent() || candidate.badLines().isPresent() ? Optional.of(List.of()) : Optional.empty();
    }
}
