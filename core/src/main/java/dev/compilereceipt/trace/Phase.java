package dev.compilereceipt.trace;

import java.util.Locale;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The phases of a measured run, in the order a capture runs them.
 *
 * <p>{@code EAGER} is the uncompiled control, {@code WARMUP} the cold first compiled calls,
 * {@code STEADY} the calls that should reuse an existing specialization and {@code CHANGED} the
 * calls whose inputs changed on purpose. Example: {@code Phase.parse("steady")} gives
 * {@code Optional.of(Phase.STEADY)}.
 */
@API(status = API.Status.STABLE, since = "0.2")
public enum Phase {
    EAGER, WARMUP, STEADY, CHANGED;

    /** The name used in traces and receipts, such as {@code steady}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether calls of this phase are expected to run compiled code. */
    public boolean isCompiled() {
        return this != EAGER;
    }

    public static Optional<Phase> parse(String id) {
        for (Phase phase : values()) {
            if (phase.id().equals(id)) {
                return Optional.of(phase);
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return id();
    }
}
