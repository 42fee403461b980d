package dev.compilereceipt.assertj.internal;

import org.apiguardian.api.API;

/**
 * A piece of a receipt a navigation found (a run's phase, a break site, a comparison), with where
 * its assert's failures say it came from.
 *
 * <p>Example: the phase {@code steady} of {@code run baseline of the print-bridge receipt}.
 *
 * @param <T> what was found
 */
@API(status = API.Status.INTERNAL, since = "0.2")
public record Piece<T>(T value, String origin) {
}
