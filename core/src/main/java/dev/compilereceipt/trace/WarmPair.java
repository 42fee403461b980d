package dev.compilereceipt.trace;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.json.CanonicalJson;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** How {@link Trace#withWarmStart} gives each run of a trace its warm start from the warm process's trace, by the rules its Javadoc states. */
final class WarmPair {

    private WarmPair() {
    }

    static Trace of(Trace cold, Trace warm) {
        if (cold.runs().stream().anyMatch(run -> run.warmStart().isPresent())) {
            throw new IllegalArgumentException("cannot pair " + cold.source() + " with " + warm.source()
                    + ": it carries its own warm start already");
        }
        if (warm.runs().stream().anyMatch(run -> run.compileLog().isEmpty())) {
            throw new IllegalArgumentException("cannot pair " + cold.source() + " with " + warm.source()
                    + ": the warm start is read from the TORCH_TRACE log of the warm process; this is not one");
        }
        if (!cold.limits().equals(warm.limits())) {
            throw new IllegalArgumentException("cannot pair " + cold.source() + " with " + warm.source()
                    + ": they were read under different limits, " + cold.limits().differencesFrom(warm.limits()));
        }
        if (warm.badLines().map(lines -> !lines.isEmpty()).orElse(false)) {
            throw new IllegalArgumentException("cannot pair: the warm log " + warm.source() + " skipped bad lines "
                    + warm.badLines().get() + ", which the receipt could not attribute to it");
        }
        boolean calls = warm.measured(Measure.CALLS);
        List<Run> runs = new ArrayList<>();
        boolean every = true;
        for (Run run : cold.runs()) {
            Optional<Run> same = warm.run(run.label());
            every &= same.isPresent();
            runs.add(same.map(other -> run.withWarmStart(new WarmStart(calls ? other.calls().stream()
                    .filter(call -> call.phase() == Phase.EAGER || call.phase() == Phase.WARMUP).toList() : List.of(),
                    other.compileLog()))).orElse(run));
        }
        if (runs.equals(cold.runs())) {
            throw new IllegalArgumentException("cannot pair " + cold.source() + " with " + warm.source() + ": the warm log's runs "
                    + warm.runs().stream().map(Run::label).toList() + " are none of " + cold.runs().stream().map(Run::label).toList());
        }
        Set<Measure> notMeasured = new HashSet<>(cold.notMeasured());
        if (every) {
            notMeasured.remove(Measure.WARM_START);
        }
        if (!calls || !warm.measured(Measure.WALL_MS)) {
            notMeasured.add(Measure.WARM_START_WALL_MS);
        }
        for (Measure cache : List.of(Measure.FX_GRAPH_CACHE, Measure.AOTAUTOGRAD_CACHE)) {
            if (!warm.measured(cache)) {
                notMeasured.add(cache);
            }
        }
        ObjectNode pins = JsonNodeFactory.instance.objectNode();
        pins.put("trace", cold.sha256());
        pins.put("warm_start", warm.sha256());
        return new Trace(cold.source(), cold.fixture(), runs, CanonicalJson.sha256(pins), cold.limits(), notMeasured,
                cold.badLines(), cold.decision(), cold.bounds()).withMissingEvidence(cold.missingEvidence());
    }
}
