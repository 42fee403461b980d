package dev.compilereceipt.receipt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.testsupport.Fixtures;
import org.junit.jupiter.api.Test;

class BreakSiteMatchTest {

    @Test
    void aSiteMatchesOnWholePathSegmentsFromTheEnd() {
        assertThat(BreakSite.matches("/rt/scenarios.py:31", "scenarios.py:31")).isTrue();
        assertThat(BreakSite.matches("pkg/scenarios.py:31", "scenarios.py:31")).isTrue();
        assertThat(BreakSite.matches("/rt/pkg/scenarios.py:31", "pkg/scenarios.py:31")).isTrue();
        assertThat(BreakSite.matches("C:\\work\\pkg\\scenarios.py:31", "pkg/scenarios.py:31")).isTrue();
        assertThat(BreakSite.matches("scenarios.py:31", "scenarios.py:31")).isTrue();
    }

    @Test
    void aSiteDoesNotMatchPartOfASegmentAnotherLineOrALongerPath() {
        assertThat(BreakSite.matches("/rt/myscenarios.py:31", "scenarios.py:31")).isFalse();
        assertThat(BreakSite.matches("/rt/scenarios.py:310", "scenarios.py:31")).isFalse();
        assertThat(BreakSite.matches("/rt/scenarios.py:31", "/other/rt/scenarios.py:31")).isFalse();
        assertThat(BreakSite.matches("scenarios.py:31", "rt/scenarios.py:31")).isFalse();
        assertThat(BreakSite.matches("/rt/scenarios.py:31", "/scenarios.py:31")).isFalse();
    }

    @Test
    void theTraceJsonAndTheLogOfOneCaptureNameTheSameSite() {
        Receipt fromLog = Receipt.of(Fixtures.trace("torch-2.14/print-bridge/torch_trace.log"));
        Receipt fromJson = Receipt.of(Fixtures.trace("torch-2.14/print-bridge/trace.json"));
        // the log has /rt/scenarios.py:31, this trace.json the base name scenarios.py:31
        assertThat(fromLog.run("baseline").breakSite("scenarios.py:31")).map(BreakSite::site).contains("/rt/scenarios.py:31");
        assertThat(fromJson.run("baseline").breakSite("scenarios.py:31")).map(BreakSite::site).contains("scenarios.py:31");
        assertThat(fromLog.run("baseline").breakSite("myscenarios.py:31")).isEmpty();
    }
}
