package dev.compilereceipt.junit;

import dev.compilereceipt.Trace;
import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.Traces;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;

/**
 * The fixtures of one test run, shared through the store of the root extension context: each
 * file is read once however many tests, classes or combinations ask for it, and closed when the
 * run ends.
 */
final class SharedFixtures {

    static final Namespace NAMESPACE = Namespace.create(TraceFixtureExtension.class);

    /** Files read so far in this JVM; the extension's own tests assert it to show sharing works. */
    static final AtomicInteger READS = new AtomicInteger();

    private SharedFixtures() {
    }

    /**
     * The fixture a request names, read on first use; a {@link FixtureMissingException} when a
     * path is found nowhere.
     */
    static LoadedFixture load(ExtensionContext context, FixtureRequest request) {
        FixtureLocator locator = FixtureLocator.of(context);
        ExtensionContext.Store store = context.getRoot().getStore(NAMESPACE);
        if (!request.combined()) {
            return single(store, locator.locate(request.single().get()));
        }
        FixtureLocation baseline = locator.locate(request.baseline().get());
        FixtureLocation candidate = locator.locate(request.candidate().get());
        Key key = new Key(List.of(baseline.key(), candidate.key()));
        return store.getOrComputeIfAbsent(key, k -> combine(single(store, baseline), single(store, candidate)), LoadedFixture.class);
    }

    private static LoadedFixture single(ExtensionContext.Store store, FixtureLocation location) {
        return store.getOrComputeIfAbsent(new Key(List.of(location.key())), key -> read(location), LoadedFixture.class);
    }

    private static LoadedFixture read(FixtureLocation location) {
        READS.incrementAndGet();
        try {
            return LoadedFixture.of(location.key(), location.read());
        } catch (TraceRefusedException refusal) {
            return LoadedFixture.refused(location.key(), refusal);
        }
    }

    private static LoadedFixture combine(LoadedFixture baseline, LoadedFixture candidate) {
        String description = "baseline " + baseline.description() + " + candidate " + candidate.description();
        for (LoadedFixture side : List.of(baseline, candidate)) {
            if (side.refusal().isPresent()) {
                return LoadedFixture.refused(description, side.refusal().get());
            }
        }
        try {
            Trace combined = Traces.combine(baseline.trace(), candidate.trace());
            return LoadedFixture.of(description, combined);
        } catch (IllegalArgumentException refusal) {
            return LoadedFixture.refused(description, refusal);
        }
    }

    /** The locations a fixture was read from: one file, or baseline and candidate. */
    private record Key(List<String> locations) {
    }
}
