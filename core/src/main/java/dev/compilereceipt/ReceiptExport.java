package dev.compilereceipt;

import dev.compilereceipt.ledger.Ledger;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.ReceiptJson;
import dev.compilereceipt.receipt.json.ReceiptCsv;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.json.CanonicalJson;
import org.apiguardian.api.API;

/**
 * Writes a receipt out in the contract's forms: canonical JSON ({@code compile-receipt/2}, RFC
 * 8785), {@code receipt.csv} (one row per run and phase) and {@code ledger.csv} (one row per
 * call), RFC 4180 with {@code .} as the decimal mark whatever the locale. The values themselves
 * stay plain records; this is the one place their exports live.
 *
 * <p>Example:
 * <pre>{@code
 * Receipt receipt = Receipt.of(Traces.read(Path.of("fixtures/print-bridge/trace.json")));
 * Files.writeString(Path.of("receipt.json"), ReceiptExport.canonicalJson(receipt));
 * Files.writeString(Path.of("ledger.csv"), ReceiptExport.ledgerCsv(receipt.ledger()));
 * }</pre>
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ReceiptExport {

    private ReceiptExport() {
    }

    /** The receipt as a JSON tree with the contract's key names, {@code receipt_sha256} included. */
    public static ObjectNode json(Receipt receipt) {
        return ReceiptJson.tree(receipt);
    }

    /** RFC 8785 canonical JSON of the whole receipt, {@code receipt_sha256} included. */
    public static String canonicalJson(Receipt receipt) {
        return CanonicalJson.write(ReceiptJson.tree(receipt));
    }

    /** {@code receipt.csv}: one row per run and phase with the phase figures. */
    public static String receiptCsv(Receipt receipt) {
        return ReceiptCsv.phases(receipt);
    }

    /** {@code ledger.csv}: one row per call. */
    public static String ledgerCsv(Ledger ledger) {
        return ReceiptCsv.ledger(ledger);
    }
}
