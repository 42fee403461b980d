package dev.compilereceipt;

import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The phases at their 0.1 name, kept for one release: each constant is the enum constant of
 * {@link dev.compilereceipt.trace.Phase}, so {@code import static dev.compilereceipt.Phase.STEADY;}
 * (or {@code .*}) and {@code Phase.STEADY} still compile, with a removal warning, and pass the 0.2
 * type wherever a check takes a phase. An enum cannot be subclassed or aliased, so this holder is not
 * the type: a variable, parameter or field declared {@code dev.compilereceipt.Phase} does not compile;
 * declare it {@code dev.compilereceipt.trace.Phase}.
 *
 * <p>Example: {@code assertThat(receipt).hasNoNewGraphVariantsIn(dev.compilereceipt.Phase.STEADY);}
 *
 * @deprecated moved to {@link dev.compilereceipt.trace.Phase}; this holder goes in 0.3
 */
@Deprecated(since = "0.2", forRemoval = true)
@API(status = API.Status.DEPRECATED, since = "0.2")
public final class Phase {

    public static final dev.compilereceipt.trace.Phase EAGER = dev.compilereceipt.trace.Phase.EAGER;
    public static final dev.compilereceipt.trace.Phase WARMUP = dev.compilereceipt.trace.Phase.WARMUP;
    public static final dev.compilereceipt.trace.Phase STEADY = dev.compilereceipt.trace.Phase.STEADY;
    public static final dev.compilereceipt.trace.Phase CHANGED = dev.compilereceipt.trace.Phase.CHANGED;

    private Phase() {
    }

    /** {@link dev.compilereceipt.trace.Phase#values()}. */
    public static dev.compilereceipt.trace.Phase[] values() {
        return dev.compilereceipt.trace.Phase.values();
    }

    /** {@link dev.compilereceipt.trace.Phase#valueOf(String)}. */
    public static dev.compilereceipt.trace.Phase valueOf(String name) {
        return dev.compilereceipt.trace.Phase.valueOf(name);
    }

    /** {@link dev.compilereceipt.trace.Phase#parse(String)}. */
    public static Optional<dev.compilereceipt.trace.Phase> parse(String id) {
        return dev.compilereceipt.trace.Phase.parse(id);
    }
}
