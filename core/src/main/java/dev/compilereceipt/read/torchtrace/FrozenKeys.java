package dev.compilereceipt.read.torchtrace;

import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The cache keys a freeze writes ({@link CacheKeyPayload#frozen}), tallied for its summary: the keys kept, their
 * components, and the values among them the reader had already cut; {@code cut} is the freeze's directory cut, applied
 * to each component before the components are deflated (the freeze's own cut cannot see inside them), and the hits
 * whose components it dropped.
 *
 * <p>Example: freezing the cold log of {@code fixtures/cache-keys/2.14-threads} tallies 2 keys and 658 components.
 */
final class FrozenKeys {

    private final UnaryOperator<String> cut;
    private long keys;
    private long components;
    private long valuesCut;
    private long hits;

    FrozenKeys(UnaryOperator<String> cut) {
        this.cut = cut;
    }

    /** The frozen payload of a cache record whose key the reader reads, tallied; no payload where it holds no key. */
    Optional<List<byte[]>> freeze(List<byte[]> payload, Optional<String> outcome) {
        int bytes = 0;
        for (byte[] line : payload) {
            bytes += line.length + 1;
        }
        byte[] joined = new byte[Math.max(0, bytes - 1)];
        int at = 0;
        for (byte[] line : payload) {
            if (at > 0) {
                joined[at++] = '\n';
            }
            System.arraycopy(line, 0, joined, at, line.length);
            at += line.length;
        }
        // The freeze holds a little more than the reader keeps, so a payload the reader would cut is known as such.
        boolean overflowed = joined.length > CacheKeyPayload.MAX_INFLATED;
        CacheKeyPayload.Frozen frozen = CacheKeyPayload.frozen(overflowed ? java.util.Arrays.copyOf(joined,
                CacheKeyPayload.MAX_INFLATED) : joined, overflowed, outcome, cut);
        if (frozen.payload().isEmpty()) {
            return Optional.of(List.of());
        }
        keys++;
        components += frozen.components();
        valuesCut += frozen.valuesCut();
        if (frozen.hitComponents() > 0) {
            hits++;
        }
        return Optional.of(List.of(frozen.payload().get()));
    }

    long keys() {
        return keys;
    }

    long components() {
        return components;
    }

    long hits() {
        return hits;
    }

    long valuesCut() {
        return valuesCut;
    }
}
