package dev.compilereceipt.diff;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.compilereceipt.Fixtures;
import dev.compilereceipt.Traces;
import dev.compilereceipt.json.CanonicalJson;
import dev.compilereceipt.mutant.Mutant;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.ReceiptJson;
import dev.compilereceipt.trace.Trace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The walk over receipt values against the plain walk over their whole trees, byte for byte: on
 * the captures, their mutants, the receipts of other fixtures and a receipt whose run labels repeat.
 */
class ReceiptWalkTest {

    private static final List<String> FIGURES = List.of("runs", "comparison", "failures");

    @Test
    void knowsWhatEveryMemberIsWrittenFrom() {
        assertThat(ReceiptWalk.members()).containsExactlyInAnyOrderElementsOf(ReceiptJson.MEMBERS);
        assertThat(ReceiptWalk.runMembers()).containsExactlyInAnyOrderElementsOf(ReceiptJson.RUN_MEMBERS);
    }

    @Test
    void findsWhatTheWalkOverTheWholeTreesFinds() {
        List<Receipt> receipts = new ArrayList<>();
        for (String fixture : List.of("print-bridge/trace.json", "int-spec/trace.json", "torch-2.14/print-bridge/torch_trace.log",
                "torch-2.14/int-spec/trace.json")) {
            Trace trace = Fixtures.trace(fixture);
            receipts.add(Receipt.of(trace));
            for (Mutant mutant : Mutant.values()) {
                receipts.add(mutant.receiptOf(trace));
            }
        }
        for (String trace : List.of("before.json", "after.json")) {
            receipts.add(Receipt.of(Traces.read(Path.of("src/test/resources/traces", trace))));
        }
        Receipt first = receipts.get(0);
        receipts.add(new Receipt(first.traceSha256(), first.fixture(), first.decision(), first.limits(),
                List.of(first.runs().get(0), receipts.get(1).runs().get(0)), first.ledger(), first.comparisons(), first.trade(),
                first.badLines(), first.failures(), first.receiptSha256()));
        int differing = 0;
        for (Receipt before : receipts) {
            for (Receipt after : receipts) {
                JsonNode a = ReceiptJson.tree(before);
                JsonNode b = ReceiptJson.tree(after);
                ReceiptDiff byValues = ReceiptDiff.between(before, after);
                ReceiptDiff byTrees = ReceiptDiff.between(a, b);
                assertThat(byValues.text()).isEqualTo(byTrees.text());
                assertThat(CanonicalJson.write(byValues.json())).isEqualTo(CanonicalJson.write(byTrees.json()));
                List<ReceiptDifference> figures = new ArrayList<>();
                FIGURES.forEach(key -> figures.addAll(DiffWalk.differences(List.of(key), a.path(key), b.path(key))));
                assertThat(ReceiptDifference.between(before, after)).isEqualTo(figures);
                differing += byTrees.isEmpty() ? 0 : 1;
            }
        }
        assertThat(differing).as("pairs that differ").isGreaterThan(receipts.size() * (receipts.size() - 1) / 2);
    }
}
