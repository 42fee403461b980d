package dev.compilereceipt.approval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.Traces;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.ReceiptJson;
import dev.compilereceipt.testsupport.Fixtures;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The rules of an approval (docs/approvals.md, "The ratchet"): counts exact, times within a band
 * of a relative and an absolute margin or of measured runs, an improvement passing and reported
 * or, in ratchet mode, failing. Values are set by hand on print-bridge's receipt so that each band
 * is worked out here: 2000 ms ± (25% of 2000 + 50) is 1450..2550.
 */
class ApprovalRulesTest {

    private static final List<String> COMPILE_MS = List.of("runs", "baseline", "phases", "warmup", "compile_ms");
    private static final ApprovalRules MARGINS = ApprovalRules.EXACT.withinMargins();

    private static ObjectNode tree() {
        return ReceiptJson.tree(Receipt.of(Traces.read(Fixtures.PRINT_BRIDGE)));
    }

    private static ObjectNode with(List<String> path, double value) {
        ObjectNode tree = tree();
        set(tree, path, value);
        return tree;
    }

    private static void set(ObjectNode tree, List<String> path, double value) {
        JsonNode node = tree;
        for (String key : path.subList(0, path.size() - 1)) {
            node = node.get(key);
        }
        ((ObjectNode) node).put(path.get(path.size() - 1), value);
    }

    private static List<String> phase(String phase, String figure) {
        return List.of("runs", "baseline", "phases", phase, figure);
    }

    @Test
    void aMarginIsAPercentOfTheValuePlusAnAbsolutePart() {
        assertThat(Margin.parse("25%+50").around(2000)).isEqualTo(550.0);
        assertThat(Margin.parse("10%").around(-300)).isEqualTo(30.0);
        assertThat(Margin.parse("50")).isEqualTo(new Margin(0, 50));
        assertThat(Margin.parse("12.5%+0.1").text()).isEqualTo("12.5%+0.1");
        assertThatThrownBy(() -> Margin.parse("25 percent")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a margin is written PERCENT%+ABSOLUTE, such as 25%+50 (25% of the value plus 50 ms), 10% or 50; found \"25 percent\"");
    }

    @Test
    void eachTimeHasAFamilyAndACountHasNone() {
        assertThat(TimeFamily.of(COMPILE_MS)).contains(TimeFamily.COMPILE);
        assertThat(TimeFamily.of(List.of("runs", "baseline", "phases", "steady", "wall_ms", "median"))).contains(TimeFamily.WALL);
        assertThat(TimeFamily.of(List.of("runs", "baseline", "cold_start", "empty_caches_ms"))).contains(TimeFamily.START);
        assertThat(TimeFamily.of(List.of("comparison", "steady", "ratio"))).contains(TimeFamily.RATIO);
        assertThat(TimeFamily.of(List.of("runs", "baseline", "break_sites", "[scenarios.py:31]", "eager_ms"))).contains(TimeFamily.EAGER);
        assertThat(TimeFamily.of(phase("warmup", "compiles"))).isEmpty();
        assertThat(CountFamily.of(phase("warmup", "compiles"))).contains(CountFamily.VARIANTS);
        assertThat(CountFamily.of(phase("steady", "cache_hits"))).contains(CountFamily.CACHE_HITS);
        assertThat(CountFamily.of(phase("steady", "calls"))).isEmpty();
        assertThatThrownBy(() -> TimeFamily.named("gpu")).hasMessage("no time family \"gpu\": the families are compile, start, wall, eager and ratio");
    }

    @Test
    void aTimeWithinItsMarginPassesAndIsCounted() {
        Judgement judgement = ApprovalCheck.judge(with(COMPILE_MS, 2000), with(COMPILE_MS, 2550), List.of(), MARGINS);
        assertThat(judgement.passed()).isTrue();
        assertThat(judgement.withinBands()).isEqualTo(1);
        assertThat(judgement.text("approved", "received"))
                .isEqualTo("no figure moved beyond the rules (counts exact, times within 25%+50 ms (ratios 25%+0.1))\n  (1 time moved within its band)");
    }

    @Test
    void theExactRulesFailTheSameTime() {
        Judgement judgement = ApprovalCheck.judge(with(COMPILE_MS, 2000), with(COMPILE_MS, 2550), List.of(), ApprovalRules.EXACT);
        assertThat(judgement.passed()).isFalse();
    }

    @Test
    void aTimeBeyondItsBandFailsBothWaysWithTheBandTheFactorAndTheValueToApprove() {
        Judgement slower = ApprovalCheck.judge(with(COMPILE_MS, 2000), with(COMPILE_MS, 6000), List.of(), MARGINS);
        assertThat(slower.text("approved", "received")).isEqualTo("""
                1 figure moved beyond the rules (approved → received; counts exact, times within 25%+50 ms (ratios 25%+0.1)):
                  times
                    runs.baseline.phases.warmup.compile_ms: 2000 → 6000 is ×3.00, above the band 1450..2550 (2000 ± 25%+50); approve 6000""");
        Judgement faster = ApprovalCheck.judge(with(COMPILE_MS, 2000), with(COMPILE_MS, 400), List.of(), MARGINS);
        assertThat(faster.failures()).singleElement().satisfies(f -> {
            assertThat(f.direction()).isEqualTo(Finding.Direction.IMPROVEMENT);
            assertThat(f.band()).contains(new Finding.Band(1450, 2550, "2000 ± 25%+50"));
            assertThat(f.factor().getAsDouble()).isEqualTo(0.2);
            assertThat(f.toApprove()).isEqualTo("400");
        });
    }

    @Test
    void aMarginOverriddenForOneFamilyNarrowsOnlyThatFamily() {
        ApprovalRules rules = MARGINS.withMargin(TimeFamily.COMPILE, Margin.parse("10%+0"));
        assertThat(ApprovalCheck.judge(with(COMPILE_MS, 2000), with(COMPILE_MS, 2201), List.of(), rules).failures())
                .singleElement().extracting(f -> f.band().orElseThrow()).isEqualTo(new Finding.Band(1800, 2200, "2000 ± 10%+0"));
        List<String> wall = List.of("runs", "baseline", "phases", "steady", "wall_ms", "total");
        assertThat(ApprovalCheck.judge(with(wall, 2000), with(wall, 2201), List.of(), rules).passed()).isTrue();
    }

    @Test
    void aRegressedCountFailsInBothModesAndAnImprovedOneOnlyInTheRatchet() {
        List<String> breaks = phase("steady", "breaks");
        Judgement more = ApprovalCheck.judge(with(breaks, 8), with(breaks, 9), List.of(), MARGINS);
        assertThat(more.text("approved", "received")).isEqualTo("""
                1 figure moved beyond the rules (approved → received; counts exact, times within 25%+50 ms (ratios 25%+0.1)):
                  breaks
                    runs.baseline.phases.steady.breaks: 8 → 9 (regression)""");
        Judgement fewer = ApprovalCheck.judge(with(breaks, 8), with(breaks, 7), List.of(), MARGINS);
        assertThat(fewer.passed()).isTrue();
        assertThat(fewer.text("approved", "received")).isEqualTo("""
                no figure moved beyond the rules (counts exact, times within 25%+50 ms (ratios 25%+0.1))
                  passed, improved: runs.baseline.phases.steady.breaks: 8 → 7 improved""");
        Judgement ratchet = ApprovalCheck.judge(with(breaks, 8), with(breaks, 7), List.of(), MARGINS.withRatchet(true));
        assertThat(ratchet.text("approved", "received")).isEqualTo("""
                1 figure moved beyond the rules (approved → received; counts exact, times within 25%+50 ms (ratios 25%+0.1), ratchet):
                  breaks
                    runs.baseline.phases.steady.breaks: 8 → 7 improved: approve it so it stays improved""");
    }

    @Test
    void aCacheHitMoreIsBetterAndACallCountHasNoBetterSide() {
        List<String> hits = phase("steady", "cache_hits");
        assertThat(ApprovalCheck.judge(with(hits, 16), with(hits, 15), List.of(), MARGINS).failures())
                .singleElement().extracting(Finding::direction).isEqualTo(Finding.Direction.REGRESSION);
        assertThat(ApprovalCheck.judge(with(hits, 16), with(hits, 17), List.of(), MARGINS).improvements()).hasSize(1);
        List<String> calls = phase("steady", "calls");
        assertThat(ApprovalCheck.judge(with(calls, 8), with(calls, 7), List.of(), MARGINS).failures())
                .singleElement().extracting(Finding::direction).isEqualTo(Finding.Direction.CHANGE);
    }

    @Test
    void bandsMeasuredOverRunsAreWidenedByTheMargin() {
        List<JsonNode> runs = List.of(with(COMPILE_MS, 2000), with(COMPILE_MS, 2300), with(COMPILE_MS, 2100), with(COMPILE_MS, 2200));
        TimeBands bands = TimeBands.measure(runs);
        assertThat(bands.runs()).isEqualTo(4);
        assertThat(bands.of("runs.baseline.phases.warmup.compile_ms")).contains(new TimeBands.Stats(2000, 2150, 2300));
        // 2000 - 550 .. 2300 + (575 + 50)
        ApprovalRules rules = ApprovalRules.EXACT.within(bands);
        assertThat(ApprovalCheck.judge(runs.get(0), with(COMPILE_MS, 2925), List.of(), rules).passed()).isTrue();
        assertThat(ApprovalCheck.judge(runs.get(0), with(COMPILE_MS, 2926), List.of(), rules).failures()).singleElement()
                .extracting(f -> f.text(false)).isEqualTo("runs.baseline.phases.warmup.compile_ms: 2000 → 2926 is ×1.46, above the band"
                        + " 1450..2925 (measured 2000..2300 over 4 runs, ± 25%+50); approve 2926");
    }

    @Test
    void aCountNeverPassesOnABand() {
        List<String> compiles = phase("warmup", "compiles");
        TimeBands bands = TimeBands.measure(List.of(tree(), tree()));
        assertThat(ApprovalCheck.judge(with(compiles, 2), with(compiles, 3), List.of(), ApprovalRules.EXACT.within(bands)).failures())
                .singleElement().extracting(f -> f.text(false)).isEqualTo("runs.baseline.phases.warmup.compiles: 2 → 3 (regression)");
    }

    @Test
    void theSuitePropertiesSetTheRules() {
        Map<String, String> properties = Map.of(ApprovalRules.RATCHET, "true", ApprovalRules.PER_RELEASE, "true",
                ApprovalRules.MARGIN + "compile", "10%+100");
        ApprovalRules rules = ApprovalRules.EXACT.withParameters(key -> Optional.ofNullable(properties.get(key)));
        assertThat(rules.describe()).isEqualTo("counts exact, times within compile 10%+100, start 25%+50, wall 25%+50, eager 25%+50,"
                + " ratio 25%+0.1, ratchet, per release");
        assertThat(ApprovalRules.EXACT.withParameters(key -> Optional.of(key.equals(ApprovalRules.BANDS) ? "true" : "")).exact()).isFalse();
        assertThatThrownBy(() -> ApprovalRules.EXACT.withParameters(key -> Optional.of(key.equals(ApprovalRules.RATCHET) ? "yes" : "")))
                .hasMessage("compilereceipt.approve.ratchet must be true or false; found \"yes\"");
        assertThatThrownBy(() -> ApprovalRules.EXACT.withParameters(key -> Optional.of(key.endsWith(".wall") ? "fast" : "")))
                .hasMessage("compilereceipt.approve.margin.wall: a margin is written PERCENT%+ABSOLUTE, such as 25%+50 (25% of the value"
                        + " plus 50 ms), 10% or 50; found \"fast\"");
    }
}
