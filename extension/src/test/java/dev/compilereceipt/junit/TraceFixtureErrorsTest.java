package dev.compilereceipt.junit;

import dev.compilereceipt.ledger.Ledger;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Trace;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.platform.testkit.engine.Events;

/** What a user sees when a fixture is missing, refused, or asked for the wrong way. */
class TraceFixtureErrorsTest {

    private static final Path WORKING_DIRECTORY = Path.of("").toAbsolutePath();
    private static final String CASES = "TraceFixtureErrorsTest.";

    static class UnknownPathCases {
        @Test
        void receipt(@TraceFixture("traces/nope.json") Receipt receipt) {
        }
    }

    @Test
    void anUnknownPathNamesEveryPlaceSearchedUnderTheConfiguredRoot() {
        Events events = EngineRun.withFixturesRoot().execute(UnknownPathCases.class).testEvents();

        events.assertStatistics(stats -> stats.started(1).failed(1));
        events.assertThatEvents().haveExactly(1, event(test("receipt"), finishedWithFailure(
                instanceOf(ParameterResolutionException.class),
                message("@TraceFixture(\"traces/nope.json\") on parameter [Receipt arg0] of method "
                        + CASES + "UnknownPathCases.receipt(Receipt): no fixture \"traces/nope.json\"; searched:\n"
                        + "  classpath resource traces/nope.json\n"
                        + "  " + EngineRun.FIXTURES + "/traces/nope.json (compilereceipt.fixtures.root = " + EngineRun.FIXTURES + ")"))));
    }

    @Test
    void withoutAConfiguredRootTheTestResourcesAndTheModuleDirectoryAreSearched() {
        Events events = EngineRun.bare().execute(UnknownPathCases.class).testEvents();

        events.assertThatEvents().haveExactly(1, event(test("receipt"), finishedWithFailure(
                instanceOf(ParameterResolutionException.class),
                message("@TraceFixture(\"traces/nope.json\") on parameter [Receipt arg0] of method "
                        + CASES + "UnknownPathCases.receipt(Receipt): no fixture \"traces/nope.json\"; searched:\n"
                        + "  classpath resource traces/nope.json\n"
                        + "  " + WORKING_DIRECTORY + "/src/test/resources/traces/nope.json\n"
                        + "  " + WORKING_DIRECTORY + "/traces/nope.json"))));
    }

    static class RefusedCases {
        @Test
        void receipt(@TraceFixture("traces/refused.json") Receipt receipt) {
        }

        @Test
        void trace(@TraceFixture("traces/refused.json") Trace trace) {
        }
    }

    @Test
    void aRefusedTraceFailsWithTheContractsMessageAndIsReadOnce() throws Exception {
        Path file = Path.of(TraceFixtureErrorsTest.class.getResource("/traces/refused.json").toURI());
        // traces/refused.json: the region of call c1 (line 8, column 9) compiles without compile_ms
        String refusal = "trace refused: " + file + ": /runs/0/calls/1/events/0 (line 8, column 9): compile_ms is required with cache \"compile\"";
        int before = SharedFixtures.READS.get();

        Events events = EngineRun.withFixturesRoot().execute(RefusedCases.class).testEvents();

        events.assertStatistics(stats -> stats.started(2).failed(2));
        events.assertThatEvents().haveExactly(1, event(test("receipt"), finishedWithFailure(
                instanceOf(ParameterResolutionException.class),
                message("@TraceFixture(\"traces/refused.json\") on parameter [Receipt arg0] of method "
                        + CASES + "RefusedCases.receipt(Receipt): " + refusal))));
        events.assertThatEvents().haveExactly(1, event(test("trace"), finishedWithFailure(
                instanceOf(ParameterResolutionException.class),
                message("@TraceFixture(\"traces/refused.json\") on parameter [Trace arg0] of method "
                        + CASES + "RefusedCases.trace(Trace): " + refusal))));
        assertThat(SharedFixtures.READS.get() - before).isEqualTo(1);
    }

    static class RankCases {
        @Test
        void noRank(@TraceFixture("traces/ddp/torch_logs.txt") Receipt receipt) {
        }

        @Test
        void rankOne(@TraceFixture(value = "traces/ddp/torch_logs.txt", rank = 1) Receipt receipt) {
            assertThat(receipt.fixture().name()).isEqualTo("ddp rank 1");
        }
    }

    // Issue #35, friction 3: the refusal names the annotation's way to choose, and the file the user edits, not target/'s copy.
    @Test
    void aTextOfTwoRanksIsRefusedWithTheAnnotationsRankAndTheSourceFile() {
        Events events = EngineRun.bare().execute(RankCases.class).testEvents();

        events.assertStatistics(stats -> stats.started(2).succeeded(1).failed(1));
        events.assertThatEvents().haveExactly(1, event(test("noRank"), finishedWithFailure(
                instanceOf(ParameterResolutionException.class),
                message("@TraceFixture(\"traces/ddp/torch_logs.txt\") on parameter [Receipt arg0] of method "
                        + CASES + "RankCases.noRank(Receipt): trace refused: " + WORKING_DIRECTORY
                        + "/src/test/resources/traces/ddp/torch_logs.txt: (document): the text holds lines of ranks [0, 1];"
                        + " choose one (TraceRequest.of(file).withRank(N), the CLI's --rank or @TraceFixture(rank = N))"))));
    }

    static class RefusedFieldCases {
        @TraceFixture("traces/refused.json")
        Receipt receipt;

        @Test
        void usesTheField() {
        }
    }

    @Test
    void aRefusedTraceInAFieldFailsTheTestsOfItsClass() throws Exception {
        Path file = Path.of(TraceFixtureErrorsTest.class.getResource("/traces/refused.json").toURI());

        Events events = EngineRun.withFixturesRoot().execute(RefusedFieldCases.class).testEvents();

        events.assertThatEvents().haveExactly(1, event(test("usesTheField"), finishedWithFailure(
                instanceOf(ExtensionConfigurationException.class),
                message("@TraceFixture(\"traces/refused.json\") on field " + CASES + "RefusedFieldCases.receipt: trace refused: "
                        + file + ": /runs/0/calls/1/events/0 (line 8, column 9): compile_ms is required with cache \"compile\""))));
    }

    static class MisuseCases {
        @Test
        void text(@TraceFixture("traces/before.json") String text) {
        }

        @Test
        void nothingNamed(@TraceFixture Receipt receipt) {
        }

        @Test
        void baselineAlone(@TraceFixture(baseline = "traces/before.json") Receipt receipt) {
        }

        @Test
        void valueAndBaseline(@TraceFixture(value = "traces/before.json", baseline = "traces/before.json", candidate = "traces/after.json") Receipt receipt) {
        }

        @Test
        void twoRunsAsABaseline(@TraceFixture(baseline = "print-bridge/trace.json", candidate = "traces/after.json") Receipt receipt) {
        }
    }

    @Test
    void misuseOnAParameterSaysWhatIsWrong() {
        Events events = EngineRun.withFixturesRoot().execute(MisuseCases.class).testEvents();

        events.assertStatistics(stats -> stats.started(5).failed(5));
        String method = " on parameter [Receipt arg0] of method " + CASES + "MisuseCases.";
        events.assertThatEvents()
                .haveExactly(1, event(test("text"), finishedWithFailure(instanceOf(ParameterResolutionException.class), message(
                        "@TraceFixture(\"traces/before.json\") on parameter [String arg0] of method " + CASES
                                + "MisuseCases.text(String): cannot inject String; the types @TraceFixture injects are Trace, Ledger, Receipt, and Ranks with ranks = ALL"))))
                .haveExactly(1, event(test("nothingNamed"), finishedWithFailure(instanceOf(ParameterResolutionException.class), message(
                        "@TraceFixture(\"\")" + method + "nothingNamed(Receipt): name a trace with value, or two single-run traces with baseline and candidate"))))
                .haveExactly(1, event(test("baselineAlone"), finishedWithFailure(instanceOf(ParameterResolutionException.class), message(
                        "@TraceFixture(baseline = \"traces/before.json\", candidate = \"\")" + method
                                + "baselineAlone(Receipt): baseline and candidate go together; candidate is missing"))))
                .haveExactly(1, event(test("valueAndBaseline"), finishedWithFailure(instanceOf(ParameterResolutionException.class), message(
                        "@TraceFixture(value = \"traces/before.json\", baseline = \"traces/before.json\", candidate = \"traces/after.json\")"
                                + method + "valueAndBaseline(Receipt): set either value or baseline and candidate, not both"))))
                .haveExactly(1, event(test("twoRunsAsABaseline"), finishedWithFailure(instanceOf(ParameterResolutionException.class), message(
                        "@TraceFixture(baseline = \"print-bridge/trace.json\", candidate = \"traces/after.json\")" + method
                                + "twoRunsAsABaseline(Receipt): trace refused: cannot combine: the baseline trace " + EngineRun.FIXTURES
                                + "/print-bridge/trace.json must hold exactly one run, it holds 2 [baseline, candidate]; a trace of both runs is read as it is, with @TraceFixture(\"...\") or Traces.read"))));
    }

    static class WrongFieldTypeCases {
        @TraceFixture("traces/before.json")
        String text;

        @Test
        void usesTheField() {
        }
    }

    static class FinalFieldCases {
        @TraceFixture("traces/before.json")
        final Receipt receipt = null;

        @Test
        void usesTheField() {
        }
    }

    @Test
    void misuseOnAFieldIsAConfigurationError() {
        EngineRun.withFixturesRoot().execute(WrongFieldTypeCases.class).testEvents().assertThatEvents()
                .haveExactly(1, event(test("usesTheField"), finishedWithFailure(instanceOf(ExtensionConfigurationException.class), message(
                        "@TraceFixture(\"traces/before.json\") on field " + CASES
                                + "WrongFieldTypeCases.text: cannot inject String; the types @TraceFixture injects are Trace, Ledger, Receipt, and Ranks with ranks = ALL"))));
        EngineRun.withFixturesRoot().execute(FinalFieldCases.class).testEvents().assertThatEvents()
                .haveExactly(1, event(test("usesTheField"), finishedWithFailure(instanceOf(ExtensionConfigurationException.class), message(
                        "@TraceFixture(\"traces/before.json\") on field " + CASES + "FinalFieldCases.receipt: a final field cannot be injected"))));
    }
}
