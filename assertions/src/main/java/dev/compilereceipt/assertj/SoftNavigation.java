package dev.compilereceipt.assertj;

import dev.compilereceipt.assertj.internal.Piece;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.AbstractSoftAssertions;
import org.assertj.core.api.SoftAssertionsProvider;

/**
 * How an assert reaches a piece of its actual (a run, a phase, a break site), hard or soft. Hard, a
 * piece that is not there fails at once. Soft, the failure is collected and the navigation hands
 * back an assert over nothing, made by soft assertions that keep nothing, so that the checks chained
 * on it do nothing and every message already collected survives (AssertJ's proxy would hand back
 * {@code null}, and the next call would throw a {@code NullPointerException}).
 */
final class SoftNavigation {

    /** The soft assertions of an assert over nothing: whatever its checks find is dropped. */
    private static final SoftAssertionsProvider UNCHECKED = new Unchecked();

    private SoftNavigation() {
    }

    /**
     * The assert of what {@code find} finds: made by {@code hard} when {@code softly} is null, else a
     * proxy of {@code softly}; {@code from} tells it where it came from.
     */
    static <A extends AbstractAssert<A, T>, T> A to(SoftAssertionsProvider softly, Class<A> type, Class<T> actualType,
                                                   Supplier<Piece<T>> find, Function<T, A> hard, BiConsumer<A, String> from) {
        if (softly == null) {
            Piece<T> found = find.get();
            return made(hard.apply(found.value()), found.origin(), null, from);
        }
        Piece<T> found;
        try {
            found = find.get();
        } catch (AssertionError failure) {
            softly.collectAssertionError(failure);
            return made(UNCHECKED.proxy(type, actualType, null), "", UNCHECKED, from);
        }
        return made(softly.proxy(type, actualType, found.value()), found.origin(), softly, from);
    }

    private static <A> A made(A navigated, String origin, SoftAssertionsProvider softly, BiConsumer<A, String> from) {
        from.accept(navigated, origin);
        if (navigated instanceof AbstractReceiptAssert<?, ?> receipt) {
            receipt.softly = softly;
        }
        return navigated;
    }

    private static final class Unchecked extends AbstractSoftAssertions {
        @Override
        public void collectAssertionError(AssertionError error) {
            // an assert over nothing: its navigation's own failure is already collected where it was asked
        }
    }
}
