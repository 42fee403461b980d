package dev.compilereceipt.junit;

import org.junit.platform.testkit.engine.Events;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.ledger.Ledger;
import dev.compilereceipt.mutant.Mutant;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.Trace;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;

/**
 * Each injectable type, as a parameter and as a field, and the baseline/candidate combination.
 * The fixture classes assert what they were given; a wrong injection fails them.
 */
class TraceFixtureInjectionTest {

    // traces/before.json (by hand): one baseline run, c0 eager 1.0 ms, c1 warmup compiling 0/0
    // (compile_ms 10.0, wall 12.0), c2 and c3 steady hits of 0/0 (2.0 and 4.0 ms): steady median 3.0.

    static class ParameterCases {
        @Test
        void trace(@TraceFixture("traces/before.json") Trace trace) {
            assertThat(trace.fixture().name()).isEqualTo("tiny");
            assertThat(trace.runs()).extracting(Run::label).containsExactly("baseline");
            assertThat(trace.runs().get(0).calls()).hasSize(4);
        }

        @Test
        void ledger(@TraceFixture("traces/before.json") Ledger ledger) {
            assertThat(ledger.rows()).extracting(row -> row.call()).containsExactly("c0", "c1", "c2", "c3");
            assertThat(ledger.row("baseline", "c1").orElseThrow().compileMs()).isEqualTo(10.0);
        }

        @Test
        void receipt(@TraceFixture("traces/before.json") Receipt receipt) {
            assertThat(receipt.run("baseline").phase(Phase.STEADY).wallMs().orElseThrow().median()).isEqualTo(3.0);
            assertThat(receipt.run("baseline").phase(Phase.WARMUP).compiles()).isEqualTo(1);
        }

        @Test
        void fromTheFixturesRoot(@TraceFixture("print-bridge/trace.json") Receipt receipt) {
            assertThat(receipt.fixture().name()).isEqualTo("print-bridge");
            // 15 baseline calls + 15 candidate calls
            assertThat(receipt.ledger().rows()).hasSize(30);
        }
    }

    @Test
    void injectsEachTypeIntoParameters() {
        EngineRun.withFixturesRoot().execute(ParameterCases.class).testEvents()
                .assertStatistics(stats -> stats.started(4).succeeded(4).failed(0));
    }

    static class FieldCases {
        @TraceFixture("traces/before.json")
        static Receipt sharedReceipt;

        @TraceFixture("traces/before.json")
        Trace trace;

        @TraceFixture("traces/before.json")
        private Ledger ledger;

        @TraceFixture("traces/before.json")
        Receipt receipt;

        static Receipt seenInBeforeAll;

        @BeforeAll
        static void staticFieldsAreSetBeforeBeforeAll() {
            seenInBeforeAll = sharedReceipt;
        }

        Trace seenInBeforeEach;

        @BeforeEach
        void instanceFieldsAreSetBeforeBeforeEach() {
            seenInBeforeEach = trace;
        }

        @Test
        void everyFieldHoldsTheFixture() {
            assertThat(seenInBeforeAll).isNotNull().isSameAs(sharedReceipt).isSameAs(receipt);
            assertThat(seenInBeforeEach).isSameAs(trace);
            assertThat(trace.fixture().name()).isEqualTo("tiny");
            assertThat(ledger.rows()).hasSize(4);
            assertThat(receipt.run("baseline").phase(Phase.STEADY).wallMs().orElseThrow().median()).isEqualTo(3.0);
        }

        @Test
        void theReceiptIsComputedOncePerRun(@TraceFixture("traces/before.json") Receipt parameter) {
            assertThat(parameter).isSameAs(receipt);
            assertThat(ledger).isSameAs(receipt.ledger());
        }
    }

    @Test
    void injectsStaticAndInstanceFields() {
        EngineRun.withFixturesRoot().execute(FieldCases.class).testEvents()
                .assertStatistics(stats -> stats.started(2).succeeded(2).failed(0));
    }

    static class CombinedCases {
        @Test
        void comparesTheTwoFiles(@TraceFixture(baseline = "traces/before.json", candidate = "traces/after.json") Receipt receipt) {
            assertThat(receipt.runs()).extracting(r -> r.label()).containsExactly("baseline", "candidate");
            // steady medians: before (2.0 + 4.0) / 2 = 3.0, after (1.0 + 3.0) / 2 = 2.0; ratio 2.0 / 3.0 = 0.666667 (6 significant digits)
            assertThat(receipt.comparison(Phase.STEADY).orElseThrow().ratio()).hasValue(0.666667);
            assertThat(receipt.fixture().name()).isEqualTo("tiny");
        }

        @Test
        void theTraceToo(@TraceFixture(baseline = "traces/before.json", candidate = "traces/after.json") Trace trace) {
            assertThat(trace.run("candidate").orElseThrow().calls().get(1).wallMs()).isEqualTo(9.0);
        }
    }

    static class CandidateLabelCases {
        @Test
        void aCandidateFileMayLabelItsRunCandidate(
                @TraceFixture(baseline = "traces/before.json", candidate = "traces/candidate-only.json") Receipt receipt) {
            // candidate-only.json is before.json with its one run labelled "candidate": it becomes the candidate run.
            assertThat(receipt.runs()).extracting(run -> run.label()).containsExactly("baseline", "candidate");
            assertThat(receipt.run("candidate").phase(Phase.WARMUP).compiles()).isEqualTo(1);
        }

        @Test
        void aTwoRunFileIsNoSide(@TraceFixture(baseline = "traces/before.json", candidate = "print-bridge/trace.json") Receipt receipt) {
        }
    }

    @Test
    void aSingleRunFileCombinesWhateverItsLabelAndATwoRunFileIsRefusedInASentence() {
        Events tests = EngineRun.withFixturesRoot().execute(CandidateLabelCases.class).testEvents();
        tests.assertStatistics(stats -> stats.started(2).succeeded(1).failed(1));
        tests.assertThatEvents().haveExactly(1, event(test("aTwoRunFileIsNoSide"), finishedWithFailure(
                instanceOf(org.junit.jupiter.api.extension.ParameterResolutionException.class),
                message(text -> text.contains("must hold exactly one run, it holds 2 [baseline, candidate]; a trace of both runs is"
                        + " read as it is, with @TraceFixture(\"...\") or Traces.read")))));
    }

    @Test
    void combinesABaselineFileAndACandidateFile() {
        EngineRun.withFixturesRoot().execute(CombinedCases.class).testEvents()
                .assertStatistics(stats -> stats.started(2).succeeded(2).failed(0));
    }

    /**
     * A template in the manner of {@code @MutantTest}: it steps the fixture resolver aside for
     * {@code Receipt} and hands each invocation a receipt of its own, computed from the shared fixture.
     */
    static class OwnReceiptTemplate implements TestTemplateInvocationContextProvider {
        @Override
        public boolean supportsTestTemplate(ExtensionContext context) {
            return true;
        }

        @Override
        public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
            TraceFixtureExtension.stepAside(context, Receipt.class);
            TraceFixture annotation = context.getRequiredTestMethod().getParameters()[0].getAnnotation(TraceFixture.class);
            Trace trace = TraceFixtureExtension.fixture(context, annotation).trace();
            return Stream.of(invocation("unmutated", Receipt.of(trace)), invocation("mutant: drop-warmup", Mutant.DROP_WARMUP.receiptOf(trace)));
        }

        private static TestTemplateInvocationContext invocation(String name, Receipt receipt) {
            return new TestTemplateInvocationContext() {
                @Override
                public String getDisplayName(int invocationIndex) {
                    return name;
                }

                @Override
                public List<Extension> getAdditionalExtensions() {
                    return List.of(new ParameterResolver() {
                        @Override
                        public boolean supportsParameter(ParameterContext parameter, ExtensionContext extension) {
                            return parameter.getParameter().getType() == Receipt.class;
                        }

                        @Override
                        public Object resolveParameter(ParameterContext parameter, ExtensionContext extension) {
                            return receipt;
                        }
                    });
                }
            };
        }
    }

    static class StepAsideCases {
        @TestTemplate
        @ExtendWith(OwnReceiptTemplate.class)
        void receivesTheTemplatesReceipt(@TraceFixture("traces/before.json") Receipt receipt,
                @TraceFixture("traces/before.json") Trace trace) {
            // the trace still comes from the fixture resolver; the receipt from the template
            assertThat(trace.fixture().name()).isEqualTo("tiny");
            assertThat(receipt.traceSha256()).isEqualTo(trace.sha256());
        }

        @Test
        void outsideTheTemplateTheFixtureResolverAnswers(@TraceFixture("traces/before.json") Receipt receipt) throws Exception {
            // the true receipt, not one of the template's mutants
            java.nio.file.Path file = java.nio.file.Path.of(TraceFixtureInjectionTest.class.getResource("/traces/before.json").toURI());
            assertThat(receipt).isEqualTo(Receipt.of(dev.compilereceipt.Traces.read(file)));
        }
    }

    @Test
    void aTemplateCanStepTheFixtureResolverAsideSoTwoResolversNeverClaimOneParameter() {
        var events = EngineRun.withFixturesRoot().execute(StepAsideCases.class).testEvents();

        events.assertStatistics(stats -> stats.started(3).succeeded(3).failed(0));
        assertThat(events.succeeded().map(e -> e.getTestDescriptor().getDisplayName()))
                .containsExactlyInAnyOrder("unmutated", "mutant: drop-warmup", "outsideTheTemplateTheFixtureResolverAnswers(Receipt)");
    }
}
