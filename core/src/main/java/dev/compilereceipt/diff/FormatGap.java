package dev.compilereceipt.diff;

import java.util.List;
import org.apiguardian.api.API;

/**
 * What lies between two receipts of different formats ({@link ReceiptFormat}): the figures the
 * newer format added that the older receipt does not hold, which are not compared
 * ({@link #notCompared}), and the differences that are changes of meaning ({@link #changes}),
 * which are told apart from differences of the model or of PyTorch.
 *
 * <p>Example: {@code ReceiptDiff.between(Receipts.read(file, Limits.DEFAULT), ReceiptExport.json(receipt)).formatGap()},
 * {@code file} an approved receipt 0.1 wrote, holds
 * {@code compile-receipt/1 → compile-receipt/2} with {@code runs.baseline.cold_start} not compared.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public record FormatGap(ReceiptFormat before, ReceiptFormat after, List<String> notCompared, List<Change> changes) {

    public FormatGap {
        notCompared = List.copyOf(notCompared);
        changes = List.copyOf(changes);
    }

    /** A difference the newer format's change of meaning explains. */
    public record Change(ReceiptDifference difference, MeaningChange meaning, boolean olderBefore, String release) {

        /** The sentence, naming the older side as {@code olderSide} ({@code approved}). */
        public String sentence(String olderSide) {
            return sentence(olderSide, 0);
        }

        /** The sentence for this figure and {@code more} others of the same change. */
        String sentence(String olderSide, int more) {
            String value = (olderBefore ? difference.before() : difference.after()).orElse("(absent)");
            String figure = "`" + difference.pathText() + "`" + (more == 0 ? "" : " and " + more + " more like it");
            return meaning.sentence(figure, value, olderSide, release);
        }
    }

    /** The older of the two formats. */
    public ReceiptFormat older() {
        return before.isOlderThan(after) ? before : after;
    }

    public ReceiptFormat newer() {
        return before.isOlderThan(after) ? after : before;
    }

    /** Whether the receipt before is the older one. */
    public boolean olderBefore() {
        return before.isOlderThan(after);
    }
}
