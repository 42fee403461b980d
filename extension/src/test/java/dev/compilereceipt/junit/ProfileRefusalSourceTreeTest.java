package dev.compilereceipt.junit;

import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.compilereceipt.receipt.Receipt;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.platform.testkit.engine.Events;

/**
 * A profile read with a log that has no call markers and no phases is refused naming the log the user
 * edits, under {@code src/test/resources}, not the copy under {@code target/test-classes} that was
 * read (issue #43, item 8).
 */
class ProfileRefusalSourceTreeTest {

    private static final Path WORKING_DIRECTORY = Path.of("").toAbsolutePath();

    static class NoPhasesCases {
        @Test
        void unmarkedLog(@TraceFixture(value = "traces/profile-unmarked/profile.json", log = "traces/profile-unmarked/torch_trace.log")
                Receipt receipt) {
        }
    }

    @Test
    void theRefusalNamesTheLogInTheSourceTree() {
        Events events = EngineRun.bare().execute(NoPhasesCases.class).testEvents();

        events.assertStatistics(stats -> stats.started(1).failed(1));
        events.assertThatEvents().haveExactly(1, event(test("unmarkedLog"), finishedWithFailure(
                instanceOf(ParameterResolutionException.class),
                message("@TraceFixture(value = \"traces/profile-unmarked/profile.json\", log = \"traces/profile-unmarked/torch_trace.log\")"
                        + " on parameter [Receipt arg0] of method ProfileRefusalSourceTreeTest.NoPhasesCases.unmarkedLog(Receipt):"
                        + " trace refused: " + WORKING_DIRECTORY + "/src/test/resources/traces/profile-unmarked/torch_trace.log:"
                        + " (document): the log has no compile_receipt_call markers to take the phases of the profile's calls from:"
                        + " give them (--phases eager=0-2,warmup=3,steady=4-9, by call index from 0; @TraceFixture(phases = ...))"))));
    }
}
