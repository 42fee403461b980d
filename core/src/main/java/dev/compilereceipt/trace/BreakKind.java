package dev.compilereceipt.trace;

import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What the eager island of a graph break costs in kind, which decides the fix: whether it waits for
 * the device, copies data, changes Python state, was asked for, calls what Dynamo cannot trace, or
 * gave up the whole frame. Worked out from the graph-break id through PyTorch's own registry
 * (2.8+), else from the free text of older releases; {@link #UNKNOWN} where neither says, never a
 * guess. The rules are in {@code docs/trace-format.md}, section 8.
 *
 * <p>Example: print-bridge's {@code print()} is {@link #PYTHON_SIDE_EFFECT} on 2.6
 * ({@code Unsupported: builtin: print ...}) and on 2.14 ({@code GB0059}, builtin operator
 * {@code print}); a {@code .item()} inside a loop is {@link #FRAME_SKIP} with cause
 * {@link #DEVICE_SYNC}.
 */
@API(status = API.Status.STABLE, since = "0.2")
public enum BreakKind {
    /** The island reads a tensor's value on the host, so it waits for the device: {@code .item()}, {@code tolist()}, data-dependent branching or output shapes. */
    DEVICE_SYNC("device-sync"),
    /** The island moves data off the device or into NumPy: {@code .numpy()}, NumPy calls. */
    DATA_COPY("data-copy"),
    /** Printing, logging, I/O, or Python state Dynamo will not trace. */
    PYTHON_SIDE_EFFECT("python-side-effect"),
    /** {@code torch._dynamo.graph_break()}, or a function the user disabled for compilation. */
    USER_INSERTED("user-inserted"),
    /** Any other function, builtin or operator Dynamo cannot trace: skipped files, C extensions, unsupported methods. */
    UNSUPPORTED_CALL("unsupported-call"),
    /** Dynamo gave up the whole frame after the break: the frame runs eagerly, a fallback rather than an island. */
    FRAME_SKIP("frame-skip"),
    /** Neither the id nor the text says. */
    UNKNOWN("unknown");

    private final String label;

    BreakKind(String label) {
        this.label = label;
    }

    /** The kind as the receipt writes it: {@code device-sync}. */
    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }

    /** The kind a receipt label names, such as {@code python-side-effect}. */
    public static Optional<BreakKind> ofLabel(String label) {
        for (BreakKind kind : values()) {
            if (kind.label.equals(label)) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }

    /** The kind of a break with this reason and detail: {@link #FRAME_SKIP} when it gave up its frame, else its cause's. */
    public static BreakKind of(String reason, BreakDetail detail) {
        return detail.skipsFrame() ? FRAME_SKIP : BreakKindRules.cause(reason, detail);
    }

    /** For a {@link #FRAME_SKIP}, the kind of the break that made Dynamo give up the frame; else empty. */
    public static Optional<BreakKind> causeOf(String reason, BreakDetail detail) {
        BreakKind cause = BreakKindRules.cause(reason, detail);
        if (!detail.skipsFrame() && cause != FRAME_SKIP) {
            return Optional.empty();
        }
        return Optional.of(cause == FRAME_SKIP ? UNKNOWN : cause);
    }
}
