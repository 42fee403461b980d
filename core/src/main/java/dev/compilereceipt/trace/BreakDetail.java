package dev.compilereceipt.trace;

import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What PyTorch says about a graph break beyond its type: the id in its registry of graph-break
 * types ({@code GB0059}, 2.8 and later), the explanation and the hints in the order given, the
 * user's own frame (the innermost frame of the message's {@code User code traceback:} outside
 * PyTorch, see {@link UserFrame}), and whether Dynamo gave up the whole frame after the break (the
 * text says {@code Skipping the function and falling back to eager}, or the compile made no
 * variant). Older releases write free text only: no id, explanation or hints.
 *
 * <p>Example: print-bridge on 2.14 gives {@code GB0059}, "Dynamo does not know how to trace
 * builtin operator `print` ...", three hints and the user frame {@code /rt/scenarios.py:31}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record BreakDetail(Optional<String> gbId, Optional<String> explanation, List<String> hints,
                          Optional<String> userFrame, boolean skipsFrame) {

    public static final BreakDetail NONE = new BreakDetail(Optional.empty(), Optional.empty(), List.of());

    public BreakDetail {
        hints = List.copyOf(hints);
    }

    /** A detail without a user frame, of a break that did not give up its frame. */
    public BreakDetail(Optional<String> gbId, Optional<String> explanation, List<String> hints) {
        this(gbId, explanation, hints, Optional.empty(), false);
    }

    public BreakDetail withUserFrame(Optional<String> frame) {
        return new BreakDetail(gbId, explanation, hints, frame, skipsFrame);
    }

    /** The same detail of a break after which Dynamo gave up the frame. */
    public BreakDetail skippingFrame() {
        return skipsFrame ? this : new BreakDetail(gbId, explanation, hints, userFrame, true);
    }

    /**
     * This detail, with the user frame of {@code later} when this one has none: a repeated break
     * is logged without its traceback (2.14: "user stack suppressed due to duplicate graph break"),
     * so the first message of a site may be the only one that names the user's frame, or not.
     */
    public BreakDetail orUserFrameOf(BreakDetail later) {
        return userFrame.isPresent() || later.userFrame.isEmpty() ? this : withUserFrame(later.userFrame);
    }

    /**
     * Where the user's own code is for a break at {@code site}: the user frame, else the site when
     * it is the user's; empty for a site inside PyTorch or the standard library that names no user frame.
     */
    public Optional<String> userCodeAt(String site) {
        return userFrame.or(() -> !UserFrame.isUsers(site) ? Optional.empty() : Optional.of(site));
    }

    /** Whether the source said nothing beyond the type. */
    public boolean isEmpty() {
        return gbId.isEmpty() && explanation.isEmpty() && hints.isEmpty() && userFrame.isEmpty() && !skipsFrame;
    }
}
