package dev.compilereceipt.ledger;

import org.apiguardian.api.API;

/**
 * The cache outcome of one call, as the ledger states it: {@code COMPILE} if a region compiled a
 * new variant, else {@code FALLBACK} if compiling gave up, else {@code HIT} if regions ran from
 * cached variants, else {@code EAGER} (nothing compiled ran; in a compiled phase that is itself a
 * finding).
 *
 * <p>Example: {@code ledger.row("baseline", "b12").orElseThrow().cache().equals(Optional.of(CallCache.EAGER))}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public enum CallCache {
    COMPILE, FALLBACK, HIT, EAGER;

    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public String toString() {
        return id();
    }
}
