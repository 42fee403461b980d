package dev.compilereceipt.diff;

import com.fasterxml.jackson.databind.JsonNode;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.ReceiptJson;
import dev.compilereceipt.json.DirectoryCut;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Whether a frozen log ({@link dev.compilereceipt.Traces#freeze}) gives the receipt its original
 * gave: every figure equal but {@code trace_sha256}, {@code fixture} and {@code bad_lines} (a
 * different file, without the bad records that were dropped), with the original's paths cut as
 * the freeze cut them.
 *
 * <p>Example: {@code FreezeCheck.differences(Receipt.of(Traces.read(file)), Receipt.of(Traces.read(out)), Optional.of(Path.of("/rt"))).isEmpty()}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class FreezeCheck {

    /** What may differ between a log's receipt and its frozen log's. */
    public static final List<String> MAY_DIFFER = List.of("trace_sha256", "fixture", "bad_lines");

    private FreezeCheck() {
    }

    public static ReceiptDiff differences(Receipt original, Receipt frozen, Optional<Path> relativeTo) {
        JsonNode before = ReceiptJson.tree(original);
        relativeTo.ifPresent(dir -> new DirectoryCut(dir.toAbsolutePath().normalize().toString()).cut(before));
        return ReceiptDiff.between(before, ReceiptJson.tree(frozen)).ignoring(MAY_DIFFER);
    }
}
