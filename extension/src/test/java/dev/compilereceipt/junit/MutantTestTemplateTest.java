package dev.compilereceipt.junit;

import dev.compilereceipt.ReceiptExport;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.view.html.ReceiptHtml;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.Traces;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.reporting.FileEntry;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.Event;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Events;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/** {@code @MutantTest} run through the Jupiter engine on user test classes that kill, miss or cannot see mutants. */
class MutantTestTemplateTest {

    @TempDir
    Path output;

    @Test
    void checksThatPinEveryFigureKillAllFiveMutants() {
        Events tests = EngineRun.withFixturesRoot().execute(KillsAllCases.class).testEvents();
        tests.assertStatistics(stats -> stats.started(6).succeeded(6).failed(0).aborted(0));
        assertThat(tests.succeeded().map(e -> e.getTestDescriptor().getDisplayName())).containsExactly("unmutated",
                "mutant: conflate-breaks-and-recompiles", "mutant: drop-warmup", "mutant: count-cache-hits-as-compiles",
                "mutant: average-unequal-calls", "mutant: hide-eager-islands");
    }

    @Test
    void aMutantThatPassesFailsItsInvocationWithWhatItChanged() {
        Events tests = EngineRun.withFixturesRoot().execute(DropWarmupSurvivesCases.class).testEvents();
        tests.assertStatistics(stats -> stats.started(6).succeeded(5).failed(1).aborted(0));
        tests.assertThatEvents().haveExactly(1, event(test(), displayName("mutant: drop-warmup"),
                finishedWithFailure(instanceOf(AssertionFailedError.class), message(text -> text.startsWith(
                        "mutant drop-warmup survived: the test passed although warmup calls are removed before totals are "
                                + "computed (oracle code WARMUP_DROPPED).\n"
                                + "It changed the receipt of print-bridge (before → after):\n"
                                // baseline warmup b03: 1 call crossing 1 break, compiled 0/0 and 1/0
                                + "  runs.baseline.phases.warmup.breaks: 1 → 0\n"
                                + "  runs.baseline.phases.warmup.calls: 1 → 0\n")
                        // both runs' warmup figures (wall_ms null: the phase has no calls left), the trade, which runs
                        // without warmup calls do not have, and the break site's calls and eager_ms, one figure each
                        // (break_sites[scenarios.py:31].calls: 12 → 11), as receipt diff names them
                        // 14: the warmup figures, the trade, and each run's cold_start.empty_caches_ms, which is the warmup's total
                        && text.endsWith("  ... and 14 more\nAn assertion that would catch it (with import static dev.compilereceipt.assertj.CompileAssertions.assertThat; import static dev.compilereceipt.trace.Phase.WARMUP;):\n"
                                + "  assertThat(receipt).run(\"baseline\").phase(WARMUP).hasCalls(1);\n")))));
    }

    @Test
    void aTestThatFailsOnTheTrueReceiptFailsTheUnmutatedInvocationAndAbortsEveryMutant() {
        Events tests = EngineRun.withFixturesRoot().execute(WrongOnTruthCases.class).testEvents();
        // the wrong check fails on every receipt: no mutant it fails on is killed by it, so none is shown green
        tests.assertStatistics(stats -> stats.started(6).succeeded(0).failed(1).aborted(5));
        tests.assertThatEvents().haveExactly(1, event(test(), displayName("unmutated"),
                finishedWithFailure(message(text -> text.contains("expected: 0") && text.contains("but was: 8")))));
        tests.assertThatEvents().haveExactly(5, event(test(), abortedWithReason(instanceOf(TestAbortedException.class),
                message("the test fails on the true receipt of print-bridge; fix it first: a mutant it fails on is not killed by it"))));
    }

    @Test
    void aFieldFixtureOfTheClassIsNotAttachedToMutantInvocations() {
        Events tests = EngineRun.withFixturesRoot().output(output).execute(FieldAndMutantCases.class).testEvents();
        // the unmutated invocation passes; drop-warmup survives and fails, and attaches nothing: not the field's ledger either
        tests.assertThatEvents().haveExactly(1, event(test(), displayName("mutant: drop-warmup"), finishedWithFailure()));
        assertThat(tests.fileEntryPublished().count()).isZero();
    }

    @Test
    void aFailingUnmutatedInvocationAttachesTheTrueReceipt() throws Exception {
        Events tests = EngineRun.withFixturesRoot().output(output).execute(WrongOnTruthCases.class).testEvents();
        tests.assertStatistics(stats -> stats.started(6).failed(1).aborted(5));

        // only the red unmutated invocation attaches; the five mutant invocations passed (killed) and attach nothing
        List<Event> published = tests.fileEntryPublished().list();
        assertThat(published).hasSize(1);
        assertThat(published.get(0).getTestDescriptor().getDisplayName()).isEqualTo("unmutated");
        Path directory = published.get(0).getRequiredPayload(FileEntry.class).getPath();
        assertThat(directory.getFileName()).hasToString("receipt-print-bridge");
        try (var listing = Files.list(directory)) {
            assertThat(listing.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("receipt.json", "ledger.csv", "receipt.csv", "receipt.html");
        }
        Trace trace = Traces.read(EngineRun.FIXTURES.resolve("print-bridge/trace.json"));
        Receipt truth = Receipt.of(trace);
        assertThat(directory.resolve("receipt.json")).hasContent(ReceiptExport.canonicalJson(truth));
        assertThat(directory.resolve("receipt.html")).hasBinaryContent(ReceiptHtml.render(trace, truth).getBytes(StandardCharsets.UTF_8));
        assertThat(tests.reportingEntryPublished().list()).singleElement().satisfies(entry -> {
            assertThat(entry.getTestDescriptor().getDisplayName()).isEqualTo("unmutated");
            assertThat(entry.getRequiredPayload(ReportEntry.class).getKeyValuePairs())
                    .containsEntry("receipt", "receipt-print-bridge")
                    .containsEntry("receipt_sha256", truth.receiptSha256());
        });
    }

    @Test
    void aSurvivingMutantAttachesNoReceipt() {
        Events tests = EngineRun.withFixturesRoot().output(output).execute(DropWarmupSurvivesCases.class).testEvents();
        tests.assertStatistics(stats -> stats.started(6).succeeded(5).failed(1));

        // the failure message already says what drop-warmup changed; the unmutated run passed
        assertThat(tests.fileEntryPublished().count()).isZero();
        assertThat(tests.reportingEntryPublished().count()).isZero();
    }

    @Test
    void attachAlwaysAttachesTheTrueReceiptOnceForTheUnmutatedInvocation() {
        Events tests = EngineRun.withFixturesRoot().parameter(TraceFixture.REPORT_ATTACH, "always").output(output)
                .execute(KillsAllCases.class).testEvents();
        tests.assertStatistics(stats -> stats.started(6).succeeded(6));

        assertThat(tests.fileEntryPublished().map(e -> e.getTestDescriptor().getDisplayName())).containsExactly("unmutated");
    }

    @Test
    void aFixtureWithoutBreaksAbortsTheBreakMutantsWithTheReason() {
        Events tests = EngineRun.withFixturesRoot().execute(NoBreaksCases.class).testEvents();
        tests.assertStatistics(stats -> stats.started(6).succeeded(4).failed(0).aborted(2));
        tests.assertThatEvents().haveExactly(1, event(test(), displayName("mutant: conflate-breaks-and-recompiles"),
                abortedWithReason(instanceOf(TestAbortedException.class), message("mutant conflate-breaks-and-recompiles is "
                        + "not distinguishable on fixture int-spec: the trace has no graph breaks in its calls; it is not counted as killed"))));
        tests.assertThatEvents().haveExactly(1, event(test(), displayName("mutant: hide-eager-islands"),
                abortedWithReason(message("mutant hide-eager-islands is not distinguishable on fixture int-spec: the trace has "
                        + "no break with eager_ms > 0; it is not counted as killed"))));
    }

    @Test
    void aTextFixtureOnWhichNoMutantCanBeToldApartFailsTheTemplateOnce() {
        Events tests = EngineRun.withFixturesRoot().execute(TextFixtureCases.class).testEvents();
        // unmutated passes, the five mutants abort with their reasons, and one more invocation fails: a green would prove nothing
        tests.assertStatistics(stats -> stats.started(7).succeeded(1).failed(1).aborted(5));
        tests.assertThatEvents().haveExactly(1, event(test(), displayName("no mutant distinguishable"),
                finishedWithFailure(instanceOf(AssertionFailedError.class), message(TEXT_FIXTURE_PROVED_NOTHING))));
    }

    @Test
    void aTextFixtureDeclaredToShowNoMutantOnlyAbortsThem() {
        Events tests = EngineRun.withFixturesRoot().execute(TextFixtureAllowedCases.class).testEvents();
        tests.assertStatistics(stats -> stats.started(6).succeeded(1).failed(0).aborted(5));
        tests.assertThatEvents().haveExactly(1, event(test(), displayName("mutant: drop-warmup"),
                abortedWithReason(message("mutant drop-warmup is not distinguishable on fixture 2.6-print-bridge: the trace has no warmup calls; it is not counted as killed"))));
    }

    @Test
    void aCaptureFixtureOnWhichSomeMutantsCanBeToldApartAddsNoInvocation() {
        // int-spec tells three of five apart: the two it cannot show abort, and nothing more is added
        Events tests = EngineRun.withFixturesRoot().execute(NoBreaksCases.class).testEvents();
        tests.assertStatistics(stats -> stats.started(6).succeeded(4).failed(0).aborted(2));
        tests.assertThatEvents().doNotHave(event(displayName("no mutant distinguishable")));
    }

    @Test
    void aTemplateWithoutAReceiptIsAConfigurationError() {
        EngineExecutionResults results = EngineRun.withFixturesRoot().execute(NoReceiptCases.class);
        results.containerEvents().assertThatEvents().haveExactly(1, event(finishedWithFailure(
                instanceOf(ExtensionConfigurationException.class),
                message("@MutantTest requires exactly one parameter of type Receipt annotated @TraceFixture, "
                        + "but NoReceiptCases.noReceipt has 0"))));
    }

    static class KillsAllCases {
        @MutantTest
        void pinsEveryFigure(@TraceFixture("print-bridge/trace.json") Receipt receipt) {
            // baseline steady: 0 compiles, 16 hits, 0.1953 ms of eager islands; warmup: 1 call
            assertThat(receipt.run("baseline").phase(Phase.STEADY).compiles()).isZero();
            assertThat(receipt.run("baseline").phase(Phase.STEADY).cacheHits()).hasValue(16);
            assertThat(receipt.run("baseline").phase(Phase.STEADY).eagerIslandMs()).hasValue(0.1953);
            assertThat(receipt.run("baseline").phase(Phase.WARMUP).calls()).isEqualTo(1);
            // candidate steady mean: 0.6683 / 8 = 0.0835
            assertThat(receipt.run("candidate").phase(Phase.STEADY).wallMs().orElseThrow().mean()).isEqualTo(0.0835);
        }
    }

    static class DropWarmupSurvivesCases {
        @MutantTest
        void forgetsWarmup(@TraceFixture("print-bridge/trace.json") Receipt receipt) {
            assertThat(receipt.run("baseline").phase(Phase.STEADY).compiles()).isZero();
            assertThat(receipt.run("baseline").phase(Phase.STEADY).cacheHits()).hasValue(16);
            assertThat(receipt.run("baseline").phase(Phase.STEADY).eagerIslandMs()).hasValue(0.1953);
            assertThat(receipt.run("candidate").phase(Phase.STEADY).wallMs().orElseThrow().mean()).isEqualTo(0.0835);
        }
    }

    static class WrongOnTruthCases {
        @MutantTest
        void expectsNoBreaks(@TraceFixture("print-bridge/trace.json") Receipt receipt) {
            assertThat(receipt.run("baseline").phase(Phase.STEADY).breaks().getAsInt()).isEqualTo(0);
        }
    }

    static class FieldAndMutantCases {
        @TraceFixture("int-spec/trace.json")
        dev.compilereceipt.ledger.Ledger unrelated;

        @MutantTest
        void forgetsWarmup(@TraceFixture("print-bridge/trace.json") Receipt receipt) {
            assertThat(receipt.run("baseline").phase(Phase.STEADY).breaks().getAsInt()).isEqualTo(8);
        }
    }

    static class NoBreaksCases {
        @MutantTest
        void pinsWhatIntSpecHas(@TraceFixture("int-spec/trace.json") Receipt receipt) {
            // candidate steady: 10 hits, 0 compiles, mean 0.938 / 10 = 0.0938; baseline warmup: 1 call
            assertThat(receipt.run("candidate").phase(Phase.STEADY).compiles()).isZero();
            assertThat(receipt.run("candidate").phase(Phase.STEADY).cacheHits()).hasValue(10);
            assertThat(receipt.run("candidate").phase(Phase.STEADY).wallMs().orElseThrow().mean()).isEqualTo(0.0938);
            assertThat(receipt.run("baseline").phase(Phase.WARMUP).calls()).isEqualTo(1);
        }
    }

    static final String TEXT_FIXTURE = "torch-logs/2.6-print-bridge/torch_logs.txt";

    static final String TEXT_FIXTURE_PROVED_NOTHING = "@MutantTest proved nothing on fixture 2.6-print-bridge ("
            + TEXT_FIXTURE + "): every mutant was aborted as not distinguishable, so none could be killed:\n"
            + "  conflate-breaks-and-recompiles: the trace has no graph breaks in its calls\n"
            + "  drop-warmup: the trace has no warmup calls\n"
            + "  count-cache-hits-as-compiles: the trace did not measure cache hits\n"
            + "  average-unequal-calls: the trace has one run only (no candidate to average against the baseline)\n"
            + "  hide-eager-islands: the trace did not measure eager-island time\n"
            + "Use a fixture on which a mutant changes the receipt, or, if that is expected, say so with "
            + "@MutantTest(allowNoDistinguishable = true).";

    static class TextFixtureCases {
        @MutantTest
        void pinsTheCompiles(@TraceFixture(TEXT_FIXTURE) Receipt receipt) {
            assertThat(receipt.hasRun("baseline")).isTrue();
        }
    }

    static class TextFixtureAllowedCases {
        @MutantTest(allowNoDistinguishable = true)
        void pinsTheCompiles(@TraceFixture(TEXT_FIXTURE) Receipt receipt) {
            assertThat(receipt.hasRun("baseline")).isTrue();
        }
    }

    static class NoReceiptCases {
        @MutantTest
        void noReceipt() {
        }
    }
}
