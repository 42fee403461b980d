package dev.compilereceipt.trace;

import org.apiguardian.api.API;

/**
 * How far a source's figure can be trusted: measured; a lower or an upper bound of the true
 * figure; or not measured at all. A check decides on a measured figure, on a bound only where the
 * bound decides it, and never on a figure that was not measured.
 *
 * <p>Example: a PyTorch 2.6 TORCH_LOGS text logs no line when Dynamo silently skips a frame, so its
 * fallbacks are a {@link #LOWER_BOUND}: {@code trace.coverage(Measure.FALLBACKS)}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public enum Coverage {
    MEASURED("measured"),
    /** The true figure is at least the one given. */
    LOWER_BOUND("at_least"),
    /** The true figure is at most the one given. */
    UPPER_BOUND("at_most"),
    NOT_MEASURED("not measured");

    private final String id;

    Coverage(String id) {
        this.id = id;
    }

    /** How the receipt writes it: {@code at_least}, {@code at_most}, or the state's words. */
    public String id() {
        return id;
    }

    /** Of two sources combined, the weaker: a bound beats measured, not measured beats both. */
    public Coverage weaker(Coverage other) {
        if (this == other) {
            return this;
        }
        if (this == NOT_MEASURED || other == NOT_MEASURED) {
            return NOT_MEASURED;
        }
        if (this == MEASURED) {
            return other;
        }
        return other == MEASURED ? this : NOT_MEASURED;
    }
}
