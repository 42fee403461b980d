package dev.compilereceipt;

import java.util.List;

/**
 * What a receipt can and cannot claim: the trace limits it was read under, what one captured
 * run never establishes, and what the source did not measure.
 *
 * <p>Example: {@code receipt.limits().notEstablished()} always holds {@code universal speedup}.
 */
public record ReceiptLimits(int maxCalls, int maxEventsPerCall, List<String> notEstablished, List<String> notMeasured) {

    public static final List<String> NOT_ESTABLISHED = List.of(
            "universal speedup", "unseen input stability", "backend portability", "production capacity");

    public ReceiptLimits {
        notEstablished = List.copyOf(notEstablished);
        notMeasured = List.copyOf(notMeasured);
    }
}
