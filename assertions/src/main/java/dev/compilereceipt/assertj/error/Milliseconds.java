package dev.compilereceipt.assertj.error;

import dev.compilereceipt.trace.Millis;
import org.apiguardian.api.API;

/**
 * A millisecond figure in a failure message (a compile time, a median, a phase's eager-island
 * time): the factories hand it to the assert's representation, so a representation set with
 * {@code withRepresentation} or {@code Assertions.useRepresentation} can write it its own way; AssertJ's
 * {@code StandardRepresentation} writes it as every view of the receipt does, unit left to the
 * message around it.
 *
 * <p>Example: {@code new Milliseconds(2155.343)} reads {@code 2155.343}; a representation whose
 * {@code toStringOf} answers {@code m.value() / 1000 + " s"} for a {@code Milliseconds m} writes
 * {@code 2.155343 s} in its place.
 *
 * @param value the figure in milliseconds
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public record Milliseconds(double value) {

    @Override
    public String toString() {
        return Millis.text(value);
    }
}
