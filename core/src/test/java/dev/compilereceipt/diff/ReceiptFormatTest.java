package dev.compilereceipt.diff;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.compilereceipt.ReceiptExport;
import dev.compilereceipt.Traces;
import dev.compilereceipt.receipt.Receipt;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The format history and the rule a diff between two formats follows: a figure the newer format
 * added and the older receipt lacks is not compared; a difference a change of meaning explains is
 * listed apart, one sentence per change; every other difference stays a difference. The older
 * receipts are the example project's approved files of commit 23ee5f9, as 0.1 approved them.
 */
class ReceiptFormatTest {

    private static final Path OLD = Path.of("src/test/resources/formats/compile-receipt-1");
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode approved(String fixture) throws Exception {
        return JSON.readTree(OLD.resolve(fixture + ".approved.json").toFile());
    }

    private static JsonNode current(String fixture) {
        return ReceiptExport.json(Receipt.of(Traces.read(OLD.resolve(fixture))));
    }

    @Test
    void theReceiptWritesTheLastFormatOfTheHistory() {
        assertThat(Receipt.FORMAT).isEqualTo(ReceiptFormat.current().id()).isEqualTo("compile-receipt/2");
        assertThat(ReceiptFormat.HISTORY).extracting(ReceiptFormat::id).containsExactly("compile-receipt/1", "compile-receipt/2");
        assertThat(ReceiptFormat.HISTORY).extracting(ReceiptFormat::version).containsExactly(1, 2);
        assertThat(ReceiptFormat.of("compile-receipt/1")).hasValueSatisfying(f -> assertThat(f.isOlderThan(ReceiptFormat.current())).isTrue());
        assertThat(ReceiptFormat.of("compile-receipt/3")).isEmpty();
        // every line of the history is a pattern the diff takes
        ReceiptFormat.HISTORY.forEach(format -> format.added().forEach(FigurePattern::of));
    }

    @Test
    void anOlderReceiptThatLacksOnlyAddedFiguresEqualsTheCurrentOne() throws Exception {
        ReceiptDiff diff = ReceiptDiff.between(approved("print-bridge/trace.json"), current("print-bridge/trace.json"));
        assertThat(diff.isEmpty()).isTrue();
        assertThat(diff.text()).isEqualTo("no figure differs\n"
                + "(compile-receipt/2 added 38 figures the before compile-receipt/1 receipt does not hold: not compared)");
        assertThat(diff.formatGap()).hasValueSatisfying(gap -> {
            assertThat(gap.changes()).isEmpty();
            assertThat(gap.notCompared()).contains("runs.baseline.cold_start", "runs.candidate.recompile_causes", "comparison.warm_caches",
                    "limits.not_measured[compile_stages]");
        });
        // either way round
        assertThat(ReceiptDiff.between(current("print-bridge/trace.json"), approved("print-bridge/trace.json")).isEmpty()).isTrue();
    }

    @Test
    void aChangeOfMeaningIsListedApartInOneSentenceAndFails() throws Exception {
        ReceiptDiff diff = ReceiptDiff.between(approved("print-bridge/torch-2.6.log"), current("print-bridge/torch-2.6.log"));
        assertThat(diff.isEmpty()).isFalse();
        assertThat(diff.differences()).isEmpty();
        assertThat(diff.text("approved", "received")).isEqualTo(
                "53 figures changed their meaning between the formats (approved compile-receipt/1 → received compile-receipt/2):\n"
                + "  compile-receipt 0.2 knows this source only bounds `ledger[b03].break_sites` and 23 more like it: the approved"
                + " [\"scenarios.py:31\"] listed only what it saw; re-approve\n"
                + "  compile-receipt 0.2 knows this source only bounds `ledger[b03].graphs` and 23 more like it: the approved"
                + " [\"0/0\",\"1/0\"] listed only what it saw; re-approve\n"
                + "  compile-receipt 0.2 knows this source only bounds `runs.baseline.break_sites[scenarios.py:31].calls`: the approved 2"
                + " was never measured; re-approve\n"
                + "  compile-receipt 0.2 knows this source only bounds `runs.baseline.break_sites[scenarios.py:31].per_call_max`: the"
                + " approved 1 was never measured; re-approve\n"
                + "  compile-receipt 0.2 knows this source does not measure `runs.baseline.compile_log.artifact_cache.aotautograd` and 1"
                + " more like it: the approved {\"bypass\":0,\"hit\":0,\"miss\":0} was never measured; re-approve\n"
                + "  compile-receipt 0.2 hashes the trace as it reads it now (`trace_sha256`): the approved"
                + " \"2b8b07f5670ec434294d6e68166b4666dfef0d3250c2f7270646ade2f6819270\" is the hash of an earlier reading; re-approve\n"
                + "no other figure differs\n"
                + "(compile-receipt/2 added 47 figures the approved compile-receipt/1 receipt does not hold: not compared)");
        assertThat(diff.json().get("equal").asBoolean()).isFalse();
        assertThat(diff.json().at("/format_changes/0/path").asText()).isEqualTo("ledger[b03].break_sites");
    }

    @Test
    void aChangeOfMeaningIsLaidToTheFormatOnlyWhereTheNewerSideHoldsTheNewKindOfValue() throws Exception {
        JsonNode older = JSON.readTree("{\"format\":\"compile-receipt/1\",\"runs\":{\"b\":{\"break_sites\":[{\"site\":\"a.py:3\",\"calls\":2}]}}}");
        JsonNode moved = JSON.readTree("{\"format\":\"compile-receipt/2\",\"runs\":{\"b\":{\"break_sites\":[{\"site\":\"a.py:3\",\"calls\":3}]}}}");
        ReceiptDiff diff = ReceiptDiff.between(older, moved);
        assertThat(diff.formatGap().orElseThrow().changes()).isEmpty();
        assertThat(diff.text()).isEqualTo("1 figure differs (before → after):\n  breaks\n    runs.b.break_sites[a.py:3].calls: 2 → 3");
        // ignoring a figure ignores its change of meaning too
        JsonNode bound = JSON.readTree("{\"format\":\"compile-receipt/2\",\"runs\":{\"b\":{\"break_sites\":[{\"site\":\"a.py:3\",\"calls\":{\"at_least\":2}}]}}}");
        assertThat(ReceiptDiff.between(older, bound).isEmpty()).isFalse();
        assertThat(ReceiptDiff.between(older, bound).ignoring("runs.*.break_sites").isEmpty()).isTrue();
    }

    @Test
    void receiptsOfOneFormatAreComparedAsBefore() throws Exception {
        JsonNode a = JSON.readTree("{\"format\":\"compile-receipt/2\",\"x\":1}");
        JsonNode b = JSON.readTree("{\"format\":\"compile-receipt/2\",\"x\":1,\"y\":2}");
        assertThat(ReceiptDiff.between(a, b).formatGap()).isEmpty();
        assertThat(ReceiptDiff.between(a, b).text()).isEqualTo("1 figure differs (before → after):\n  other figures\n    y: (absent) → 2");
    }
}
