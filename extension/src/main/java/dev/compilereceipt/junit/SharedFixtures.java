package dev.compilereceipt.junit;

import dev.compilereceipt.Ranks;
import dev.compilereceipt.approval.ApprovalTarget;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Run;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
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
        if (request.warm().isPresent()) {
            FixtureLocation first = locator.locate(request.single().get());
            FixtureLocation warm = locator.locate(request.warm().get());
            Key key = new Key(List.of(first.key(), "warm " + warm.key()), request.limits(), request.rank(), false, request.profile());
            return store.getOrComputeIfAbsent(key, k -> withWarmStart(single(store, first, request, false, Optional.empty()),
                    single(store, warm, request, false, Optional.empty())), LoadedFixture.class);
        }
        if (!request.combined()) {
            Optional<Path> log = request.profile().log().map(path -> locator.locate(path).file().orElseThrow(
                    () -> new IllegalArgumentException("log \"" + path + "\" is a classpath resource inside a jar; a profile's log"
                            + " is read from its file")));
            return single(store, locator.locate(request.single().get()), request, false, log);
        }
        FixtureLocation baseline = locator.locate(request.baseline().get());
        FixtureLocation candidate = locator.locate(request.candidate().get());
        Key key = new Key(List.of(baseline.key(), candidate.key()), request.limits(), request.rank(), true, request.profile());
        return store.getOrComputeIfAbsent(key, k -> combine(single(store, baseline, request, true, Optional.empty()),
                single(store, candidate, request, true, Optional.empty())), LoadedFixture.class);
    }

    /**
     * All ranks of the job in the folder a {@code ranks = ALL} request names, read on first use and shared by every
     * test that names the same folder; a {@link FixtureMissingException} when the path is found nowhere.
     */
    static LoadedRanks loadRanks(ExtensionContext context, FixtureRequest request) {
        FixtureLocation location = FixtureLocator.of(context).locate(request.single().get());
        return context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent(new RanksKey(location.key(), request.limits()),
                key -> readRanks(location, request), LoadedRanks.class);
    }

    private static LoadedRanks readRanks(FixtureLocation location, FixtureRequest request) {
        READS.incrementAndGet();
        if (location.file().isEmpty()) {
            return LoadedRanks.refused(location.key(), new IllegalArgumentException(location.key() + " is a classpath resource"
                    + " inside a jar; the ranks of a job are read from a folder of files"));
        }
        try {
            return LoadedRanks.of(location.key(), Ranks.read(List.of(location.file().get()), request.limits()));
        } catch (IOException e) {
            return LoadedRanks.refused(location.key(), new UncheckedIOException(location.key() + ": " + e.getMessage(), e));
        } catch (TraceRefusedException refusal) {
            return LoadedRanks.refused(location.key(), location.inSourceTree(refusal));
        } catch (IllegalArgumentException refusal) {
            return LoadedRanks.refused(location.key(), refusal);
        } catch (OutOfMemoryError exhausted) {
            return LoadedRanks.refused(location.key(), new IllegalStateException(location.key() + ": reading its ranks ran out of"
                    + " memory; raise the test JVM's heap (Surefire's argLine -Xmx...)"));
        }
    }

    /** One file, read once per limits, rank and whether it is a side of a comparison (then any single run's label will do). */
    private static LoadedFixture single(ExtensionContext.Store store, FixtureLocation location, FixtureRequest request, boolean side,
                                        Optional<Path> log) {
        // A file read one way serves the other when the result is the same: a plain read as a side, and a
        // side read as a plain one when its run is the baseline (a lone candidate is refused as a plain read).
        List<String> locations = log.isPresent() ? List.of(location.key(), log.get().toString()) : List.of(location.key());
        LoadedFixture other = store.get(new Key(locations, request.limits(), request.rank(), !side, request.profile()),
                LoadedFixture.class);
        if (other != null && other.refusal().isEmpty() && (side || other.trace().run(Run.BASELINE).isPresent())) {
            return other;
        }
        return store.getOrComputeIfAbsent(new Key(locations, request.limits(), request.rank(), side, request.profile()),
                key -> read(location, request, side, log), LoadedFixture.class);
    }

    private static LoadedFixture read(FixtureLocation location, FixtureRequest request, boolean side, Optional<Path> log) {
        READS.incrementAndGet();
        try {
            return LoadedFixture.of(location.key(), location.read(request.limits(), request.rank(), side, request.profile(), log)).approvedAt(approval(location, request.rank(), request.profile()));
        } catch (TraceRefusedException refusal) {
            return LoadedFixture.refused(location.key(), location.inSourceTree(refusal));
        } catch (OutOfMemoryError | StackOverflowError exhausted) {
            // One sentence instead of an error that takes the test JVM down: which file, and what to raise.
            return LoadedFixture.refused(location.key(), new IllegalStateException(location.key() + ": "
                    + (exhausted instanceof OutOfMemoryError
                    ? "reading it ran out of memory; raise the test JVM's heap (Surefire's argLine -Xmx...) or lower a limit"
                            + " (@TraceFixture(maxKeptChars = ..., maxCompiles = ...))"
                    : "it nests too deeply to read; lower @TraceFixture(maxDepth = ...)")));
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
            Trace combined = Trace.combine(baseline.trace(), candidate.trace());
            ApprovalTarget sides = baseline.approval().fixture().isPresent() && candidate.approval().fixture().isPresent()
                    ? ApprovalTarget.at(combination(baseline.approval().fixture().get(), candidate.approval().fixture().get()),
                            baseline.approval().rank())
                    : ApprovalTarget.unavailable(baseline.approval().fixture().isEmpty() ? baseline.approval().unavailable()
                            : candidate.approval().unavailable());
            return LoadedFixture.of(description, combined).approvedAt(sides);
        } catch (IllegalArgumentException refusal) {
            return LoadedFixture.refused(description, refusal);
        }
    }

    private static LoadedFixture withWarmStart(LoadedFixture first, LoadedFixture warm) {
        String description = first.description() + " with warm start " + warm.description();
        for (LoadedFixture side : List.of(first, warm)) {
            if (side.refusal().isPresent()) {
                return LoadedFixture.refused(description, side.refusal().get());
            }
        }
        try {
            // Its approved receipt is the pair's own, beside the first log: torch_trace.log+warm_torch_trace.log.approved.json
            ApprovalTarget pair = first.approval().fixture().isPresent() && warm.approval().fixture().isPresent()
                    ? ApprovalTarget.at(combination(first.approval().fixture().get(), warm.approval().fixture().get()),
                            first.approval().rank())
                    : ApprovalTarget.unavailable(first.approval().fixture().isEmpty() ? first.approval().unavailable()
                            : warm.approval().unavailable());
            return LoadedFixture.of(description, first.trace().withWarmStart(warm.trace())).approvedAt(pair);
        } catch (IllegalArgumentException refusal) {
            return LoadedFixture.refused(description, refusal);
        }
    }

    private static ApprovalTarget approval(FixtureLocation location, OptionalInt rank, ProfileRequest profile) {
        // A profile's request (log, phases, call span, run) changes its receipt: it is in the approved file's name.
        return location.source().map(source -> ApprovalTarget.at(source.resolveSibling(source.getFileName() + profile.approvalPart()), rank))
                .orElseGet(() -> ApprovalTarget.unavailable("fixture " + location.name()
                + " is a classpath resource (" + location.key() + ") with no file of that name in the source tree"
                + " (under " + TraceFixture.FIXTURES_ROOT + ", else src/test/resources), where its approved receipt would be kept;"
                + " set " + TraceFixture.FIXTURES_ROOT + " to the folder that holds it, or use matchesApprovedReceipt(Path)"));
    }

    /** A comparison's approved receipt sits beside its baseline: {@code before.json+after.json.approved.json}. */
    private static Path combination(Path baseline, Path candidate) {
        return baseline.resolveSibling(baseline.getFileName() + "+" + candidate.getFileName());
    }

    /** The folder a {@code ranks = ALL} fixture was read from. */
    private record RanksKey(String location, Limits limits) {
    }

    /** The locations a fixture was read from (one file, or baseline and candidate) and what it was read under. */
    private record Key(List<String> locations, Limits limits, OptionalInt rank, boolean side, ProfileRequest profile) {
    }
}
