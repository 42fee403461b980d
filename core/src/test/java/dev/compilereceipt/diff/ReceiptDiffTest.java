package dev.compilereceipt.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.compilereceipt.mutant.Mutant;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.Traces;
import dev.compilereceipt.json.CanonicalJson;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The figure-level diff: most important first by the priority table (variants, fallbacks,
 * breaks, other figures, times, ledger, inputs), arrays of objects by their key, patterns that
 * cover a path and what lies below it.
 */
class ReceiptDiffTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path FIXTURES = Path.of(System.getProperty("compilereceipt.fixtures.dir", "../fixtures"));

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text.replace('\'', '"'));
    }

    @Test
    void differencesComeMostImportantFirstWhateverTheirKeys() throws Exception {
        JsonNode before = json("{'runs': {'b': {'phases': {'steady': {'wall_ms': {'median': 1}, 'breaks': 1, 'fallbacks': 0,"
                + " 'compiles': 1, 'decision': 'keep', 'cache_hits': 4}},"
                + " 'break_sites': [{'site': 'a.py:3', 'calls': 2, 'eager_ms': 1, 'kind': 'print'}]}},"
                + " 'ledger': [{'call': 'b1', 'graphs': []}], 'trace_sha256': 'aa', 'receipt_sha256': 'x'}");
        JsonNode after = json("{'runs': {'b': {'phases': {'steady': {'wall_ms': {'median': 2}, 'breaks': 0, 'fallbacks': 1,"
                + " 'compiles': 2, 'decision': 'drop', 'cache_hits': 4}},"
                + " 'break_sites': [{'site': 'a.py:3', 'calls': 1, 'eager_ms': 0.5, 'kind': 'log'}]}},"
                + " 'ledger': [{'call': 'b1', 'graphs': ['0/1']}], 'trace_sha256': 'bb', 'receipt_sha256': 'y'}");
        ReceiptDiff diff = ReceiptDiff.between(before, after);
        assertThat(diff.differences()).extracting(ReceiptDifference::toString).containsExactly(
                "runs.b.phases.steady.compiles: 1 → 2",
                "runs.b.phases.steady.fallbacks: 0 → 1",
                "runs.b.break_sites[a.py:3].calls: 2 → 1",
                "runs.b.break_sites[a.py:3].kind: \"print\" → \"log\"",
                "runs.b.phases.steady.breaks: 1 → 0",
                "runs.b.phases.steady.decision: \"keep\" → \"drop\"",
                "runs.b.break_sites[a.py:3].eager_ms: 1 → 0.5",
                "runs.b.phases.steady.wall_ms.median: 1 → 2",
                "ledger[b1].graphs: [] → [\"0/1\"]",
                "trace_sha256: \"aa\" → \"bb\"");
        assertThat(diff.text()).isEqualTo("""
                10 figures differ (before → after):
                  variants
                    runs.b.phases.steady.compiles: 1 → 2
                  fallbacks
                    runs.b.phases.steady.fallbacks: 0 → 1
                  breaks
                    runs.b.break_sites[a.py:3].calls: 2 → 1
                    runs.b.break_sites[a.py:3].kind: "print" → "log"
                    runs.b.phases.steady.breaks: 1 → 0
                  other figures
                    runs.b.phases.steady.decision: "keep" → "drop"
                  times
                    runs.b.break_sites[a.py:3].eager_ms: 1 → 0.5
                    runs.b.phases.steady.wall_ms.median: 1 → 2
                  the ledger
                    ledger[b1].graphs: [] → ["0/1"]
                  the inputs
                    trace_sha256: "aa" → "bb\"""");
        assertThat(diff.compileSideOnly().differences()).extracting(ReceiptDifference::pathText)
                .doesNotContain("runs.b.break_sites[a.py:3].eager_ms", "runs.b.phases.steady.wall_ms.median").hasSize(8);
        assertThat(diff.ignoring("runs.*.phases.*.wall_ms", "**.kind", "ledger").text()).endsWith("""
                  the inputs
                    trace_sha256: "aa" → "bb"
                (ignoring runs.*.phases.*.wall_ms, **.kind, ledger)""");
    }

    @Test
    void arraysOfObjectsWithoutADistinctKeyAreComparedByIndexAndPlainArraysAsOneFigure() throws Exception {
        JsonNode before = json("{'guard_misses': [{'call': 'b12', 'guard': 'x'}, {'call': 'b12', 'guard': 'y'}], 'graphs': ['0/0']}");
        JsonNode after = json("{'guard_misses': [{'call': 'b12', 'guard': 'x'}, {'call': 'b12', 'guard': 'z'}, {'call': 'b13', 'guard': 'w'}],"
                + " 'graphs': ['0/0', '0/1']}");
        assertThat(ReceiptDiff.between(before, after).differences()).extracting(ReceiptDifference::toString).containsExactly(
                "graphs: [\"0/0\"] → [\"0/0\",\"0/1\"]",
                // a guard miss more is a variant's; the same miss in other words comes after, as a guard text
                "guard_misses[2]: (absent) → {\"call\":\"b13\",\"guard\":\"w\"}",
                "guard_misses[1].guard: \"y\" → \"z\"");
    }

    // Issue #35, friction 7: what a PyTorch upgrade rewords or newly logs is grouped by what it is, not as variants.
    @Test
    void aRewordedGuardAndALoggedCacheMissAreNotVariants() {
        assertThat(FigureGroup.of(java.util.List.of("runs", "baseline", "compile_log", "recompile_reasons[0/1]", "guard")))
                .isEqualTo(FigureGroup.GUARD_TEXTS);
        assertThat(FigureGroup.of(java.util.List.of("runs", "candidate", "guard_misses[c12]", "guard"))).isEqualTo(FigureGroup.GUARD_TEXTS);
        assertThat(FigureGroup.of(java.util.List.of("runs", "baseline", "compile_log", "artifact_cache", "aotautograd", "miss")))
                .isEqualTo(FigureGroup.ARTIFACT_CACHES);
        assertThat(FigureGroup.of(java.util.List.of("runs", "baseline", "compile_log", "recompile_reasons[0/1]"))).isEqualTo(FigureGroup.VARIANTS);
        assertThat(FigureGroup.of(java.util.List.of("runs", "baseline", "guard_misses[c12]"))).isEqualTo(FigureGroup.VARIANTS);
        assertThat(FigureGroup.GUARD_TEXTS.title()).isEqualTo("guard texts");
        assertThat(FigureGroup.ARTIFACT_CACHES.title()).isEqualTo("artifact caches");
    }

    @Test
    void aReceiptEqualsItselfAndNeverComparesItsOwnHash() throws Exception {
        Receipt receipt = Receipt.of(Traces.read(FIXTURES.resolve("print-bridge/trace.json")));
        assertThat(ReceiptDiff.between(receipt, receipt).isEmpty()).isTrue();
        assertThat(ReceiptDiff.between(receipt, receipt).text()).isEqualTo("no figure differs");
        JsonNode reread = JSON.readTree(CanonicalJson.write(dev.compilereceipt.ReceiptExport.json(receipt)));
        ((com.fasterxml.jackson.databind.node.ObjectNode) reread).put("receipt_sha256", "0".repeat(64));
        assertThat(ReceiptDiff.between(dev.compilereceipt.ReceiptExport.json(receipt), reread).isEmpty())
                .as("numbers read back from text and a different receipt_sha256").isTrue();
    }

    @Test
    void aMutantShowsUpInTheGroupOfWhatItMiscounts() {
        Receipt truth = Receipt.of(Traces.read(FIXTURES.resolve("print-bridge/trace.json")));
        ReceiptDiff hidden = ReceiptDiff.between(truth,
                Mutant.HIDE_EAGER_ISLANDS.receiptOf(Traces.read(FIXTURES.resolve("print-bridge/trace.json"))));
        // print-bridge's baseline crosses scenarios.py:31 twelve times, 8.4208 ms of eager islands in all
        assertThat(hidden.differences()).extracting(ReceiptDifference::toString).startsWith(
                "runs.baseline.break_sites[scenarios.py:31].eager_ms: 8.4208 → 0",
                "runs.baseline.phases.changed.eager_island_ms: 4.25 → 0",
                "runs.baseline.phases.steady.eager_island_ms: 0.1953 → 0",
                "runs.baseline.phases.warmup.eager_island_ms: 3.9755 → 0");
        assertThat(hidden.differences()).allSatisfy(d -> assertThat(d.group()).isIn(FigureGroup.TIMES, FigureGroup.LEDGER));
        assertThat(hidden.compileSideOnly().isEmpty()).as("the eager islands are times").isTrue();
    }

    @Test
    void theTradesBreakEvenIsNotAGraphBreak() {
        assertThat(FigureGroup.of(List.of("comparison", "break_even_calls"))).isEqualTo(FigureGroup.FIGURES);
        assertThat(FigureGroup.of(List.of("comparison", "break_even_reason"))).isEqualTo(FigureGroup.FIGURES);
        assertThat(FigureGroup.of(List.of("runs", "baseline", "break_sites", "[scenarios.py:31]", "kind"))).isEqualTo(FigureGroup.BREAKS);
    }

    @Test
    void patternsCoverAPathAndEverythingBelowIt() {
        List<String> median = List.of("runs", "baseline", "phases", "steady", "wall_ms", "median");
        assertThat(FigurePattern.of("runs.*.phases.*.wall_ms").covers(median)).isTrue();
        assertThat(FigurePattern.of("runs.*.wall_ms").covers(median)).isFalse();
        assertThat(FigurePattern.of("**.*_ms").covers(median)).isTrue();
        assertThat(FigurePattern.of("**.median").covers(median)).isTrue();
        assertThat(FigurePattern.of("runs.candidate").covers(median)).isFalse();
        List<String> site = List.of("runs", "baseline", "break_sites", "[scenarios.py:31]", "eager_ms");
        assertThat(FigurePattern.of("runs.baseline.break_sites[scenarios.py:31].eager_ms").segments())
                .containsExactly("runs", "baseline", "break_sites", "[scenarios.py:31]", "eager_ms");
        assertThat(FigurePattern.of("runs.baseline.break_sites[scenarios.py:31].eager_ms").covers(site)).isTrue();
        assertThat(FigurePattern.of("runs.*.break_sites.*.eager_ms").covers(site)).isTrue();
        assertThat(FigurePattern.of("runs.*.break_sites[*]").covers(site)).isTrue();
        assertThat(FigurePattern.text(site)).isEqualTo("runs.baseline.break_sites[scenarios.py:31].eager_ms");
    }

    @Test
    void aBadPatternIsRefusedSayingWhy() {
        assertThatThrownBy(() -> FigurePattern.of("runs..wall_ms")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("figure pattern \"runs..wall_ms\" has an empty segment (two dots, or a dot at an end)");
        assertThatThrownBy(() -> FigurePattern.of("runs.")).hasMessage("figure pattern \"runs.\" has an empty segment (two dots, or a dot at an end)");
        assertThatThrownBy(() -> FigurePattern.of("break_sites[a.py")).hasMessage("figure pattern \"break_sites[a.py\" opens a [ it never closes");
        assertThatThrownBy(() -> FigurePattern.of(" ")).hasMessage("a figure pattern is a path such as runs.*.phases.*.wall_ms; found an empty one");
    }
}
