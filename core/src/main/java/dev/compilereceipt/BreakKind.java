package dev.compilereceipt;

import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The break kinds at their 0.1 name, kept for one release: each constant is the enum constant of
 * {@link dev.compilereceipt.trace.BreakKind}, so {@code BreakKind.DEVICE_SYNC} after
 * {@code import dev.compilereceipt.BreakKind;} still compiles, with a removal warning, and is what
 * {@code hasNoBreaksOfKind}, {@code hasBreaksOnlyOfKinds} and {@code hasKind} take. An enum cannot be
 * subclassed or aliased, so this holder is not the type: a variable declared
 * {@code dev.compilereceipt.BreakKind} does not compile; declare it
 * {@code dev.compilereceipt.trace.BreakKind}.
 *
 * <p>Example: {@code assertThat(receipt).hasNoBreaksOfKind(dev.compilereceipt.BreakKind.DEVICE_SYNC);}
 *
 * @deprecated moved to {@link dev.compilereceipt.trace.BreakKind}; this holder goes in 0.3
 */
@Deprecated(since = "0.2", forRemoval = true)
@API(status = API.Status.DEPRECATED, since = "0.2")
public final class BreakKind {

    public static final dev.compilereceipt.trace.BreakKind DEVICE_SYNC = dev.compilereceipt.trace.BreakKind.DEVICE_SYNC;
    public static final dev.compilereceipt.trace.BreakKind DATA_COPY = dev.compilereceipt.trace.BreakKind.DATA_COPY;
    public static final dev.compilereceipt.trace.BreakKind PYTHON_SIDE_EFFECT = dev.compilereceipt.trace.BreakKind.PYTHON_SIDE_EFFECT;
    public static final dev.compilereceipt.trace.BreakKind USER_INSERTED = dev.compilereceipt.trace.BreakKind.USER_INSERTED;
    public static final dev.compilereceipt.trace.BreakKind UNSUPPORTED_CALL = dev.compilereceipt.trace.BreakKind.UNSUPPORTED_CALL;
    public static final dev.compilereceipt.trace.BreakKind FRAME_SKIP = dev.compilereceipt.trace.BreakKind.FRAME_SKIP;
    public static final dev.compilereceipt.trace.BreakKind UNKNOWN = dev.compilereceipt.trace.BreakKind.UNKNOWN;

    private BreakKind() {
    }

    /** {@link dev.compilereceipt.trace.BreakKind#values()}. */
    public static dev.compilereceipt.trace.BreakKind[] values() {
        return dev.compilereceipt.trace.BreakKind.values();
    }

    /** {@link dev.compilereceipt.trace.BreakKind#valueOf(String)}. */
    public static dev.compilereceipt.trace.BreakKind valueOf(String name) {
        return dev.compilereceipt.trace.BreakKind.valueOf(name);
    }

    /** {@link dev.compilereceipt.trace.BreakKind#ofLabel(String)}. */
    public static Optional<dev.compilereceipt.trace.BreakKind> ofLabel(String label) {
        return dev.compilereceipt.trace.BreakKind.ofLabel(label);
    }
}
