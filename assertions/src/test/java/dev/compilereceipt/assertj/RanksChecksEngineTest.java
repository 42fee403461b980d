package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static dev.compilereceipt.assertj.Messages.lines;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.compilereceipt.Ranks;
import dev.compilereceipt.junit.RankScope;
import dev.compilereceipt.junit.TraceFixture;
import dev.compilereceipt.trace.Stage;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;
import org.opentest4j.AssertionFailedError;

/**
 * The ranks checks as a user's test class runs them, on the real 4-rank jobs of both releases in {@code fixtures/ranks/}
 * (gloo on CPU, {@code torch.multiprocessing.spawn}; each folder's {@code .expect.json} says how its capture made it):
 * {@code alike} passes every check; in {@code batch-size} rank 1 alone took a batch of 12 at call b03 and recompiled
 * {@code 0/1} (one more FX graph and AOTAutograd miss); in {@code warm-cache} rank 3 started with a warm cache and hit
 * both caches in {@code 0/0} where the others missed (the same graphs: no recompile on some ranks); in
 * {@code branch-break} rank 2 took a branch that broke at ranks_scenarios.py:27 and compiled the resume {@code 1/0}
 * too (two misses of each cache), and recompiled no more than the others.
 */
class RanksChecksEngineTest {

    private static Events run(Class<?> cases) {
        return EngineTestKit.engine("junit-jupiter").selectors(selectClass(cases))
                .configurationParameter(TraceFixture.FIXTURES_ROOT, Fixtures.dir().toString())
                .execute().testEvents();
    }

    static class PassingCases {
        @Test
        void alike214(@TraceFixture(value = "ranks/2.14-alike", ranks = RankScope.ALL) Ranks ranks) {
            assertThat(ranks).compiledAlike().haveNoRecompilesOnSomeRanksOnly().haveEqualCacheOutcomes();
        }

        @Test
        void alike26(@TraceFixture(value = "ranks/2.6-alike", ranks = RankScope.ALL) Ranks ranks) {
            assertThat(ranks).compiledAlike().haveNoRecompilesOnSomeRanksOnly().haveEqualCacheOutcomes();
        }

        @Test
        void aWarmCacheIsNoRecompile(@TraceFixture(value = "ranks/2.14-warm-cache", ranks = RankScope.ALL) Ranks ranks) {
            assertThat(ranks).haveNoRecompilesOnSomeRanksOnly();
        }

        @Test
        void aBreakOnOneRankRecompilesNoMore(@TraceFixture(value = "ranks/2.6-branch-break", ranks = RankScope.ALL) Ranks ranks) {
            assertThat(ranks).haveNoRecompilesOnSomeRanksOnly();
        }
    }

    @Test
    void theAlikeJobsOfBothReleasesPassAndEachCheckLetsOtherDivergencesBe() {
        run(PassingCases.class).assertStatistics(stats -> stats.started(4).succeeded(4).failed(0));
    }

    static class FailingCases {
        @Test
        void batchSize214(@TraceFixture(value = "ranks/2.14-batch-size", ranks = RankScope.ALL) Ranks ranks) {
            assertThat(ranks).haveNoRecompilesOnSomeRanksOnly();
        }

        @Test
        void batchSize26(@TraceFixture(value = "ranks/2.6-batch-size", ranks = RankScope.ALL) Ranks ranks) {
            assertThat(ranks).compiledAlike();
        }

        @Test
        void warmCache26(@TraceFixture(value = "ranks/2.6-warm-cache", ranks = RankScope.ALL) Ranks ranks) {
            assertThat(ranks).haveEqualCacheOutcomes();
        }

        @Test
        void branchBreak214(@TraceFixture(value = "ranks/2.14-branch-break", ranks = RankScope.ALL) Ranks ranks) {
            assertThat(ranks).compiledAlike();
        }
    }

    @Test
    void eachDivergingJobNamesItsRanksAndItsFirstDivergence() {
        Events tests = run(FailingCases.class);
        tests.assertStatistics(stats -> stats.started(4).succeeded(0).failed(4));
        failsWith(tests, "batchSize214", """

                Expecting
                  4 ranks (0-3)
                to recompile alike on every rank
                but the ranks recompiled differently:
                  ranks 0, 2, 3: no recompiles
                  rank 1: 1 recompile (0/1)
                the verdict: 3 of 4 ranks agree; rank 1 recompiled 0/1 at call b03 because `x.size()[0]` took 12
                  ranks 0, 2, 3
                  rank 1
                first divergence (graph): rank 1 recompiled 0/1 at call b03 because `x.size()[0]` took 12""");
        failsWith(tests, "batchSize26", """

                Expecting
                  4 ranks (0-3)
                to have compiled alike
                but 3 of 4 ranks agree; rank 1 recompiled 0/1 at call b03 because `x.size()[0]` took 12
                  ranks 0, 2, 3
                  rank 1
                first divergence (graph): rank 1 recompiled 0/1 at call b03 because `x.size()[0]` took 12""");
        failsWith(tests, "warmCache26", """

                Expecting
                  4 ranks (0-3)
                to have equal cache outcomes on every rank
                but the ranks hit and missed the caches differently:
                  ranks 0-2: fx_graph 1 miss, aotautograd 1 miss
                  rank 3: fx_graph 1 hit, aotautograd 1 hit
                the verdict: 3 of 4 ranks agree; rank 3 hit the aotautograd and fx_graph caches in 0/0 at call b01 where ranks 0, 1, 2 missed, under the same keys
                  ranks 0-2
                  rank 3
                first divergence (cache): rank 3 hit the aotautograd and fx_graph caches in 0/0 at call b01 where ranks 0, 1, 2 missed, under the same keys""");
        failsWith(tests, "branchBreak214", """

                Expecting
                  4 ranks (0-3)
                to have compiled alike
                but 3 of 4 ranks agree; rank 2 broke at ranks_scenarios.py:27 in 0/0 at call b01 where ranks 0, 1, 3 did not break
                  ranks 0, 1, 3
                  rank 2
                first divergence (graph): rank 2 broke at ranks_scenarios.py:27 in 0/0 at call b01 where ranks 0, 1, 3 did not break""");
    }

    /**
     * The key checks on the real {@code inductor-option} jobs (rank 1 alone compiled with
     * {@code torch._inductor.config.size_asserts = False}; every rank missed its own fresh cache) and {@code warm-cache}
     * jobs (rank 3 hit under the keys the others missed: no key differs). 2.6 lists the components of both keys of
     * rank 1's {@code 0/0}, each differing in {@code inductor_config[size_asserts]} alone; 2.14 those of the FX graph key
     * only (its AOTAutograd record lists none: not measured, which fails a check of both caches; one of the FX graph
     * cache alone passes).
     */
    static class KeyCases {
        @Test
        void optionAllowed214(@TraceFixture(value = "ranks/2.14-inductor-option", ranks = RankScope.ALL) Ranks ranks) {
            assertThat(ranks).cacheKeysDifferOnlyIn(Stage.INDUCTOR, "inductor_config[").haveNoRecompilesOnSomeRanksOnly().haveEqualCacheOutcomes();
        }

        @Test
        void optionAllowed26(@TraceFixture(value = "ranks/2.6-inductor-option", ranks = RankScope.ALL) Ranks ranks) {
            assertThat(ranks).cacheKeysDifferOnlyIn("inductor_config[size_asserts]");
        }

        @Test
        void warmCacheSameKeys26(@TraceFixture(value = "ranks/2.6-warm-cache", ranks = RankScope.ALL) Ranks ranks) {
            assertThat(ranks).haveNoCacheKeyChanges();
        }

        @Test
        void noKeyChanges26(@TraceFixture(value = "ranks/2.6-inductor-option", ranks = RankScope.ALL) Ranks ranks) {
            assertThat(ranks).haveNoCacheKeyChanges();
        }

        @Test
        void onlyThreads214(@TraceFixture(value = "ranks/2.14-inductor-option", ranks = RankScope.ALL) Ranks ranks) {
            assertThat(ranks).cacheKeysDifferOnlyIn("cpp_runtime_thread_count");
        }
    }

    @Test
    void theKeyChecksNameTheComponentsEachRankDiffersInOrPass() {
        Events tests = run(KeyCases.class);
        tests.assertStatistics(stats -> stats.started(5).succeeded(3).failed(2));
        failsWith(tests, "noKeyChanges26", """

                Expecting
                  4 ranks (0-3)
                to have no cache key changes between ranks
                but the keys of 2 lookups differ from ranks 0, 2, 3's (the largest group):
                  rank 1: 0/0 missed the FX graph cache: `inductor_config[size_asserts]` True → False
                  rank 1: 0/0 missed the AOTAutograd cache: `inductor_config[size_asserts]` True → False""");
        failsWith(tests, "onlyThreads214", """

                Expecting
                  4 ranks (0-3)
                to have cache keys that differ between ranks only in cpp_runtime_thread_count
                but other components differ from ranks 0, 2, 3's (the largest group) in 1 lookup:
                  rank 1: 0/0 missed the FX graph cache: `inductor_config[size_asserts]` True → False
                and 1 lookup could not be compared component by component with ranks 0, 2, 3's (the largest group), so its key may differ in any component:
                  rank 1: 0/0 missed the AOTAutograd cache: why is not measured: the keys differ and no component of them could be compared: the log lists none (or none that read), or the run passed what a reader keeps""");
    }

    private static void failsWith(Events tests, String method, String expected) {
        tests.assertThatEvents().haveExactly(1, event(test(method),
                finishedWithFailure(instanceOf(AssertionFailedError.class), message(lines(expected)))));
    }
}
