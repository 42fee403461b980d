package dev.compilereceipt.assertj.internal;

import org.apiguardian.api.API;
import org.assertj.core.presentation.Representation;

/**
 * Evidence of a failure message (a ledger table, the arithmetic of a trade) written when the message
 * is created, with the figures in it written by the assert's representation.
 *
 * <p>Example: {@code representation -> "it was " + FigureText.ms(representation, 12.5) + " ms"}.
 */
@API(status = API.Status.INTERNAL, since = "0.2")
@FunctionalInterface
public interface Evidence {

    String in(Representation representation);
}
