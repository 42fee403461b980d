package dev.compilereceipt.assertj.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.KeyComparison;
import dev.compilereceipt.trace.KeyComparison.ComponentChange;
import dev.compilereceipt.trace.Stage;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Which missed lookups fail a key check: a component outside the allowed, or a reason not measured (the key
 * differs, nothing compared: a frozen hit, 2.14's AOTAutograd record, a run past what a reader keeps); a miss under
 * the counterpart's own key never; a lookup of a cache the check leaves out never.
 */
class KeyChangeVerdictTest {

    private static final KeyComparison.Change THREADS = new KeyComparison.Change("0/0", CompileLog.FX_GRAPH, CompileLog.MISS,
            Optional.of(List.of(new ComponentChange("cpp_runtime_thread_count", "1", "2"))));
    private static final KeyComparison.Change SAME_KEY = new KeyComparison.Change("1/0", CompileLog.FX_GRAPH, CompileLog.MISS,
            Optional.of(List.of()));
    private static final KeyComparison.Change AOT_UNMEASURED = new KeyComparison.Change("0/0", CompileLog.AOTAUTOGRAD, CompileLog.MISS,
            Optional.empty());
    private static final KeyComparison.Change FX_UNMEASURED = new KeyComparison.Change("2/0", CompileLog.FX_GRAPH, CompileLog.BYPASS,
            Optional.empty());

    @Test
    void anAllowedChangeAndAMissUnderTheSameKeyPassButAReasonNotMeasuredFails() {
        KeyChangeVerdict allowed = verdict(Optional.empty(), "cpp_runtime_thread_count", THREADS, SAME_KEY);
        assertThat(allowed.passed()).isTrue();

        KeyChangeVerdict unmeasured = verdict(Optional.empty(), "cpp_runtime_thread_count", THREADS, SAME_KEY, AOT_UNMEASURED);
        assertThat(unmeasured.passed()).isFalse();
        assertThat(unmeasured.outside()).isEmpty();
        assertThat(unmeasured.notMeasured()).containsExactly("run a: 0/0 missed the AOTAutograd cache: " + KeyComparison.NOT_MEASURED);
        assertThat(unmeasured.measuredStage(Set.of("fx_graph", "aotautograd"))).contains(Stage.INDUCTOR);
        // A cache nothing looked up is never offered: its check would pass on nothing.
        assertThat(unmeasured.measuredStage(Set.of("aotautograd"))).isEmpty();
        assertThat(unmeasured.body("other components changed in 0 lookups", "", "hasNoCacheKeyChangesIn", Set.of("fx_graph", "aotautograd")).lines().toList()).containsExactly(
                "1 lookup could not be compared component by component, so its key may differ in any component:",
                "  run a: 0/0 missed the AOTAutograd cache: " + KeyComparison.NOT_MEASURED,
                "to check only the FX graph cache, whose keys were compared: cacheKeysDifferOnlyIn(Stage.INDUCTOR, \"cpp_runtime_thread_count\")");
    }

    @Test
    void aCheckOfOneCacheLeavesTheOtherOutAndWritesNoOtherCheck() {
        assertThat(verdict(Optional.of(Stage.INDUCTOR), "cpp_runtime_thread_count", THREADS, AOT_UNMEASURED).passed()).isTrue();

        KeyChangeVerdict aot = verdict(Optional.of(Stage.AOT_AUTOGRAD), "cpp_runtime_thread_count", THREADS, AOT_UNMEASURED);
        assertThat(aot.passed()).isFalse();
        assertThat(aot.notMeasured()).hasSize(1);
        assertThat(aot.measuredStage(Set.of("fx_graph", "aotautograd"))).isEmpty();
    }

    @Test
    void bothCachesUnmeasuredWritesNoOtherCheckAndChangesOutsideComeFirst() {
        KeyChangeVerdict both = verdict(Optional.empty(), "inductor_config[", FX_UNMEASURED, THREADS, AOT_UNMEASURED);
        assertThat(both.measuredStage(Set.of("fx_graph", "aotautograd"))).isEmpty();
        assertThat(both.lines()).containsExactly(
                "run a: 0/0 missed the FX graph cache: `cpp_runtime_thread_count` 1 → 2",
                "run a: 2/0 bypassed the FX graph cache: " + KeyComparison.NOT_MEASURED,
                "run a: 0/0 missed the AOTAutograd cache: " + KeyComparison.NOT_MEASURED);
        assertThat(both.body("other components changed in 1 lookup", " with ranks 0-2's", "x", Set.of("fx_graph", "aotautograd")).lines().toList()).containsExactly(
                "other components changed in 1 lookup:",
                "  run a: 0/0 missed the FX graph cache: `cpp_runtime_thread_count` 1 → 2",
                "and 2 lookups could not be compared component by component with ranks 0-2's, so their keys may differ in any component:",
                "  run a: 2/0 bypassed the FX graph cache: " + KeyComparison.NOT_MEASURED,
                "  run a: 0/0 missed the AOTAutograd cache: " + KeyComparison.NOT_MEASURED);
    }

    private static KeyChangeVerdict verdict(Optional<Stage> stage, String allowed, KeyComparison.Change... changes) {
        KeyChangeVerdict verdict = new KeyChangeVerdict(stage, List.of(allowed));
        for (KeyComparison.Change change : changes) {
            verdict.add("run a", change);
        }
        return verdict;
    }
}
