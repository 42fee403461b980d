package dev.compilereceipt.assertj.internal;

import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.KeyComparison;
import dev.compilereceipt.trace.Stage;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * What a cache-key check finds among the missed lookups of the caches it checks: those whose key differs in a
 * component outside the allowed ones, and those whose reason is not measured. Both fail it: a lookup whose key
 * differs from its counterpart's with no component compared (2.14's AOTAutograd records list none, a frozen hit
 * kept none, a run passed what a reader keeps) may differ in anything, and a check never passes on what its source
 * did not measure. A check of one cache ({@code hasNoCacheKeyChangesIn(Stage.INDUCTOR)}) leaves the other's lookups out.
 *
 * <p>Example: the warm pair {@code cache-keys/2.14-threads} checked with {@code cacheKeysDifferOnlyIn("cpp_runtime_thread_count")}
 * has no lookup outside, one not measured ({@code run baseline: 0/0 missed the AOTAutograd cache: why is not measured:
 * ...}), and {@link #measuredStage} {@code Stage.INDUCTOR}.
 */
@API(status = API.Status.INTERNAL, since = "0.3")
public final class KeyChangeVerdict {

    private static final List<String> CACHES = List.of(CompileLog.FX_GRAPH, CompileLog.AOTAUTOGRAD);

    private final List<String> caches;
    private final List<String> allowed;
    private final List<String> outside = new ArrayList<>();
    private final List<String> notMeasured = new ArrayList<>();
    private final Set<String> unmeasuredCaches = new LinkedHashSet<>();

    /** A verdict on the lookups of {@code stage}'s cache, or of both caches where it is empty. */
    public KeyChangeVerdict(Optional<Stage> stage, List<String> allowed) {
        this.caches = stage.map(one -> List.of(cacheOf(one))).orElse(CACHES);
        this.allowed = List.copyOf(allowed);
    }

    /**
     * The cache whose lookups skip {@code stage}; an {@link IllegalArgumentException} naming the stages that have one
     * for a stage without.
     */
    public static String cacheOf(Stage stage) {
        return stage.cache().orElseThrow(() -> new IllegalArgumentException("stage " + stage.id()
                + " has no on-disk cache of its own; the caches are those of Stage.AOT_AUTOGRAD (aotautograd) and"
                + " Stage.INDUCTOR (fx_graph)"));
    }

    /** Weighs one missed lookup of {@code who} ({@code run baseline}, {@code rank 1}); a lookup of another cache is left out. */
    public void add(String who, KeyComparison.Change change) {
        if (!caches.contains(change.cache())) {
            return;
        }
        String line = who + ": " + KeyComparison.lines(List.of(change)).get(0);
        if (!change.measured()) {
            notMeasured.add(line);
            unmeasuredCaches.add(change.cache());
        } else if (!change.outside(allowed).isEmpty()) {
            outside.add(line);
        }
    }

    public boolean passed() {
        return outside.isEmpty() && notMeasured.isEmpty();
    }

    /** The lookups whose key differs in a component outside the allowed ones. */
    public List<String> outside() {
        return List.copyOf(outside);
    }

    /** The lookups whose reason is not measured. */
    public List<String> notMeasured() {
        return List.copyOf(notMeasured);
    }

    /** Every failing lookup, those outside first: what an IDE's diff shows as actual. */
    public List<String> lines() {
        List<String> all = new ArrayList<>(outside);
        all.addAll(notMeasured);
        return all;
    }

    /**
     * Where the check spans both caches, no lookup changed outside what it allows, every lookup not measured is of one
     * cache and the other was looked up ({@code lookedUp}): the stage of the other, whose keys a check scoped to it
     * compares; empty otherwise (a check of a cache nothing looked up would pass on nothing).
     */
    public Optional<Stage> measuredStage(Set<String> lookedUp) {
        if (caches.size() < 2 || !outside.isEmpty() || unmeasuredCaches.size() != 1) {
            return Optional.empty();
        }
        String unmeasured = unmeasuredCaches.iterator().next();
        return caches.stream().filter(cache -> !cache.equals(unmeasured) && lookedUp.contains(cache)).findFirst().flatMap(Stage::ofCache);
    }

    /**
     * What a failure says after {@code but}: the lookups outside ({@code outsideHead} their heading), then those not
     * measured ({@code against} whose keys they were compared with, or empty), then, where a check of one cache would
     * compare what was measured ({@link #measuredStage}), that check written out: {@code noChangesCall} is the check
     * without components ({@code hasNoCacheKeyChangesIn}), {@code cacheKeysDifferOnlyIn} the one with.
     */
    public String body(String outsideHead, String against, String noChangesCall, Set<String> lookedUp) {
        StringBuilder text = new StringBuilder();
        if (!outside.isEmpty()) {
            text.append(outsideHead).append(':').append(FigureText.NL).append(indented(outside));
        }
        if (!notMeasured.isEmpty()) {
            text.append(outside.isEmpty() ? "" : FigureText.NL + "and ").append(lookups(notMeasured.size()))
                    .append(" could not be compared component by component").append(against).append(", so ")
                    .append(notMeasured.size() == 1 ? "its key" : "their keys").append(" may differ in any component:")
                    .append(FigureText.NL).append(indented(notMeasured));
            measuredStage(lookedUp).ifPresent(stage -> text.append(FigureText.NL).append("to check only ")
                    .append(KeyComparison.cacheName(cacheOf(stage))).append(", whose keys were compared: ")
                    .append(allowed.isEmpty() ? noChangesCall : "cacheKeysDifferOnlyIn").append("(Stage.").append(stage.name())
                    .append(allowed.stream().map(name -> ", \"" + name + "\"").collect(Collectors.joining())).append(')'));
        }
        return text.toString();
    }

    /** {@code 1 lookup} or {@code n lookups}. */
    public static String lookups(int n) {
        return n == 1 ? "1 lookup" : n + " lookups";
    }

    private static String indented(List<String> lines) {
        return RankList.indented(String.join(FigureText.NL, lines));
    }
}
