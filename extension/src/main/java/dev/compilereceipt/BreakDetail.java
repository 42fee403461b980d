package dev.compilereceipt;

import java.util.List;
import java.util.Optional;

/**
 * What PyTorch says about a graph break beyond its type, where it says it (2.8 and later write
 * structured messages): the id in its registry of graph-break types ({@code GB0059}), the
 * explanation, and the hints, in the order given. Older releases write free text only: then
 * {@link #NONE}.
 *
 * <p>Example: print-bridge on 2.14 gives {@code GB0059}, "Dynamo does not know how to trace
 * builtin operator `print` ...", and three hints.
 */
public record BreakDetail(Optional<String> gbId, Optional<String> explanation, List<String> hints) {

    public static final BreakDetail NONE = new BreakDetail(Optional.empty(), Optional.empty(), List.of());

    public BreakDetail {
        hints = List.copyOf(hints);
    }

    /** Whether the source said nothing beyond the type. */
    public boolean isEmpty() {
        return gbId.isEmpty() && explanation.isEmpty() && hints.isEmpty();
    }
}
