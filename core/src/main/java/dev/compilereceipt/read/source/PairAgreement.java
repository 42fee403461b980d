package dev.compilereceipt.read.source;

import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.trace.Trace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Two files make one receipt only when what both record agrees: a torch.profiler trace and the
 * TORCH_TRACE log of the same process; a warm log and its cold log, of two processes of the same
 * release that compiled the same frames. A disagreement is a {@link Refusal} naming both files and
 * the fact that differs; a fact only one file records decides nothing.
 *
 * <p>Example: {@code PairAgreement.profileAndLog(profile, log)} refuses
 * {@code 2.14-plain/profile.json} with {@code 2.14-graph-break/torch_trace.log}: processes 17119 and 5345.
 */
final class PairAgreement {

    private PairAgreement() {
    }

    /** Refuses a profile and a log that record different processes. */
    static void profileAndLog(Path profile, Path log) {
        if (!Files.isRegularFile(profile) || !Files.isRegularFile(log)) {
            // A pipe is read once, by the reader; a missing file is refused by it.
            return;
        }
        OptionalLong profilePid = identity(profile, () -> PairIdentity.profilePid(profile));
        OptionalLong logPid = identity(log, () -> PairIdentity.logPid(log));
        if (profilePid.isPresent() && logPid.isPresent() && profilePid.getAsLong() != logPid.getAsLong()) {
            throw new Refusal(profile, "", 0, 0, profile + " was recorded by process " + profilePid.getAsLong() + " and "
                    + log + " by process " + logPid.getAsLong() + ": a profile is read with the TORCH_TRACE log of its own process");
        }
    }

    /** Refuses a warm log that is not a second process's run of the cold log's code on the same release. */
    static void coldAndWarm(Path coldLog, Trace cold, Path warmLog, Trace warm) {
        if (!Files.isRegularFile(coldLog) || !Files.isRegularFile(warmLog) || TraceSource.of(coldLog) != TraceSource.TORCH_TRACE
                || TraceSource.of(warmLog) != TraceSource.TORCH_TRACE) {
            // Only two TORCH_TRACE logs on disk record a process; what else a pair is refused for, the pairing says.
            return;
        }
        if (identity(warmLog, () -> Files.isSameFile(coldLog, warmLog))) {
            throw new Refusal(warmLog, "", 0, 0, warmLog + " is the cold log " + coldLog + " itself: a warm start is the"
                    + " log of a second process that reused the first one's caches");
        }
        OptionalLong coldPid = identity(coldLog, () -> PairIdentity.logPid(coldLog));
        OptionalLong warmPid = identity(warmLog, () -> PairIdentity.logPid(warmLog));
        if (coldPid.isPresent() && warmPid.isPresent() && coldPid.getAsLong() == warmPid.getAsLong()) {
            throw new Refusal(warmLog, "", 0, 0, coldLog + " and " + warmLog + " were both recorded by process "
                    + coldPid.getAsLong() + ": a warm start is the log of a second process that reused the first one's caches");
        }
        Optional<String> coldRelease = cold.fixture().torch();
        Optional<String> warmRelease = warm.fixture().torch();
        if (coldRelease.isPresent() && warmRelease.isPresent() && !coldRelease.equals(warmRelease)) {
            throw new Refusal(warmLog, "", 0, 0, coldLog + " was recorded by PyTorch " + coldRelease.get() + " and "
                    + warmLog + " by PyTorch " + warmRelease.get() + ": a warm start reuses the caches of the same release");
        }
        Set<String> coldFrames = identity(coldLog, () -> PairIdentity.frames(coldLog));
        Set<String> warmFrames = identity(warmLog, () -> PairIdentity.frames(warmLog));
        if (!coldFrames.isEmpty() && !warmFrames.isEmpty() && !coldFrames.equals(warmFrames)) {
            throw new Refusal(warmLog, "", 0, 0, coldLog + " compiled the frames " + coldFrames + " and " + warmLog + " the frames "
                    + warmFrames + ": a warm start compiles the same frames as its cold start");
        }
    }

    private interface Fact<T> {
        T read() throws IOException;
    }

    private static <T> T identity(Path file, Fact<T> fact) {
        try {
            return fact.read();
        } catch (IOException e) {
            throw new Refusal(file, "", 0, 0, "cannot be read: " + e.getMessage(), e);
        }
    }
}
