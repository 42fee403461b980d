package dev.compilereceipt.receipt;

import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.ReceiptExport;
import dev.compilereceipt.Traces;
import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.json.CanonicalJson;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The receipt hash is written straight from the receipt; it must be the hash of the canonical form of
 * the receipt's tree, the bytes a user reads in {@code receipt.json}, on every kind of receipt.
 */
class ReceiptJsonTest {

    @Test
    void theStreamedHashIsTheHashOfTheTreesCanonicalForm() {
        // One run and two, a decision and a trade, bad lines, compile logs of TORCH_TRACE and TORCH_LOGS, break kinds.
        for (String fixture : List.of("print-bridge/trace.json", "int-spec/trace.json", "decision/trace.json",
                "decision/baseline-only.json", "print-bridge/torch_trace.log", "tlparse/simple_corrupted_json.log",
                "torch-logs/2.14-int-spec/torch_logs.txt", "break-kinds/2.14-break-kinds/trace.json")) {
            Receipt receipt = Receipt.of(Fixtures.trace(fixture));
            String tree = CanonicalJson.write(ReceiptJson.body(receipt));
            assertThat(receipt.receiptSha256()).as(fixture)
                    .isEqualTo(CanonicalJson.sha256(tree.getBytes(StandardCharsets.UTF_8)))
                    .isEqualTo(ReceiptJson.bodySha256(receipt));
            assertThat(ReceiptExport.canonicalJson(receipt).replace("\"receipt_sha256\":\"" + receipt.receiptSha256() + "\",", ""))
                    .as(fixture).isEqualTo(tree);
        }
    }

    @Test
    void printBridgesReceiptHashIsPinned() {
        // The hash `./receipt audit fixtures/print-bridge/trace.json` prints since each run lists its recompile_causes,
        // and its phases say graphs_compiled, stages and unattributed_ms null, figures compile-trace/1 does not measure,
        // and each run has its cold_start, whose warm figures are null: the capture ran no warm start; its limits name
        // output_checks (no call carries a check) and phase_stages not measured (issue #41); and its fixture names the
        // file it was read from (fixture.sources, issue #43); it says compile-receipt/2 and each cause names its frame
        // (null: compile-trace/1 records none) and guard_line (issues #44, #41); its cold_start says key_changes null (#46).
        assertThat(Receipt.of(Traces.read(Fixtures.PRINT_BRIDGE)).receiptSha256())
                .isEqualTo("afb09fede4fb76b60edd4ac4a2afbf3866fb0a682a45341ce5627926e79fa9f4");
    }
}
