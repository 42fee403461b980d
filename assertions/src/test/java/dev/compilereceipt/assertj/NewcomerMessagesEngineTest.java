package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static dev.compilereceipt.assertj.Messages.lines;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.TraceRequest;
import dev.compilereceipt.Traces;
import dev.compilereceipt.junit.TraceFixture;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Phase;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;
import org.opentest4j.AssertionFailedError;

/**
 * The messages a newcomer met (issue #43, item 8), each as a test of that newcomer's shape and its
 * whole text: a ledger of a source without calls, a profile's eager islands, a recompile cause
 * navigated to, a trade a source cannot give, a warm start one run lacks.
 */
class NewcomerMessagesEngineTest {

    static class Cases {
        @Test
        void ledgerOfAText(@TraceFixture("torch-logs/2.6-print-bridge/torch_logs.txt") Receipt receipt) {
            assertThat(receipt.ledger()).hasCalls("baseline", 0);
        }

        @Test
        void profileEagerIslands(@TraceFixture(value = "profiler/2.6-plain/profile.json", log = "profiler/2.6-plain/torch_trace.log",
                phases = "steady=0-3,changed=4,steady=5") Receipt receipt) {
            assertThat(receipt).hasEagerIslandTimeAtMost(Phase.STEADY, 1);
        }

        @Test
        void profilePhaseEagerTime(@TraceFixture(value = "profiler/2.6-plain/profile.json", log = "profiler/2.6-plain/torch_trace.log",
                phases = "steady=0-3,changed=4,steady=5") Receipt receipt) {
            assertThat(receipt).phase(Phase.STEADY).hasEagerTimeAtItsBreaks();
        }

        @Test
        void recompileCauseOfARun(@TraceFixture("int-spec/trace.json") Receipt receipt) {
            assertThat(receipt).run("baseline").recompileCause("n").hasAtMostValues(2);
        }

        @Test
        void tradeOfOneRun(@TraceFixture("torch-logs/2.6-print-bridge/torch_logs.txt") Receipt receipt) {
            assertThat(receipt).trade();
        }
    }

    private static final String PROFILE_REMEDY = "what would measure it: a torch.profiler trace in which every compiled region"
            + " has its own graph span (## Call CompiledFxGraph, or Inductor's graph_N_inductor_wrapper_call, which PyTorch 2.6"
            + " writes under no_grad only with torch._inductor.config.profiler_mark_wrapper_call = True, as the capture helper"
            + " sets it while it runs), or a compile-trace/1 capture";

    @Test
    void eachMessageSaysWhatItIsAbout() {
        Events events = EngineTestKit.engine("junit-jupiter").selectors(selectClass(Cases.class))
                .configurationParameter(TraceFixture.FIXTURES_ROOT, Fixtures.dir().toString()).execute().testEvents();

        events.assertStatistics(stats -> stats.started(5).failed(5));
        events.assertThatEvents()
                .haveExactly(1, failed("ledgerOfAText", lines("""

                        Expecting
                          ledger without rows (calls not measured)
                        to have 0 calls in run baseline
                        but calls and their phases were not measured by this source (not_measured: calls);
                        what would measure it: per-call markers (compile_receipt_call) in the TORCH_TRACE log, or a compile-trace/1 capture""")))
                .haveExactly(1, failed("profileEagerIslands", lines("""

                        Expecting
                          profile receipt (runs baseline)
                        to have eager-island time in steady of at most 1 ms
                        but eager-island times were not measured by this source (not_measured: eager_island_ms);
                        """) + PROFILE_REMEDY))
                .haveExactly(1, failed("profilePhaseEagerTime", lines("""

                        Expecting
                          phase steady (5 calls) of run baseline of the profile receipt
                        to have eager-island time at its breaks
                        but eager-island times were not measured by this source (not_measured: eager_island_ms);
                        """) + PROFILE_REMEDY))
                .haveExactly(1, failed("recompileCauseOfARun", lines("""

                        Expecting
                          recompile cause `L['n']` (L['n'] == <int>) of run baseline of the int-spec receipt
                        to have at most 2 values
                        but it had 8 (1, 2, 3, 4, 5, 6, 7, 8):
                          7 recompiles in steady because `L['n']` (a Python int) took 7 new values (2…8); at 0/8 the recompile limit was hit and the frame fell back to eager""")))
                .haveExactly(1, failed("tradeOfOneRun", lines("""

                        Expecting
                          2.6-print-bridge receipt (runs baseline)
                        to have a trade (cold cost against steady saving)
                        but it has only run baseline: there is nothing to compare;
                        what would measure it: a trace of both runs (the capture helper's baseline and candidate in one trace.json), \
                        or two single-run traces read as one comparison (@TraceFixture(baseline = ..., candidate = ...), Trace.combine)""")));
    }

    @Test
    void aWarmStartOneRunLacksNamesThatRun(@TempDir Path dir) throws Exception {
        // the hand-made capture with the candidate's warm_start left out: the baseline has one, the candidate not
        ObjectMapper json = new ObjectMapper();
        ObjectNode trace = (ObjectNode) json.readTree(Fixtures.dir().resolve("warm-start/hand-made/trace.json").toFile());
        ((ObjectNode) trace.path("runs").path(1)).remove("warm_start");
        Path file = dir.resolve("half-warm.json");
        json.writeValue(file.toFile(), trace);
        Receipt receipt = Receipt.of(Traces.read(TraceRequest.of(file)));

        assertThatThrownBy(() -> assertThat(receipt).warmStart().hasColdStartAtMost(5000))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessage(lines("""

                        Expecting
                          warm start of the warm-start-hand-made receipt
                        to have a cold start with warm caches (cold_start.warm_caches_ms) of at most 5000 ms
                        but in run candidate a start with warm caches (a fresh process that reused the run's caches) was not measured by this source (not_measured: warm_start);
                        what would measure it: a compile-trace/1 capture with warm_start (the capture helper's --warm-start), or the TORCH_TRACE log of a fresh process that shared the run's TORCHINDUCTOR_CACHE_DIR beside the first (--warm WARMLOG, @TraceFixture(warm = ...))"""));
        assertThat(receipt.fixture().sources()).extracting(source -> source.role() + " " + source.path())
                .containsExactly("trace half-warm.json");
    }

    private static org.assertj.core.api.Condition<org.junit.platform.testkit.engine.Event> failed(String name, String text) {
        return event(test(name), finishedWithFailure(instanceOf(AssertionFailedError.class), message(text)));
    }
}
