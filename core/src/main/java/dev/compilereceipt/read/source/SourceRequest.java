package dev.compilereceipt.read.source;

import dev.compilereceipt.trace.CallPhases;
import dev.compilereceipt.trace.Limits;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import org.apiguardian.api.API;

/**
 * What to read, as the façade's request says it: the input (a path, or a stream that {@code input}
 * names), one rank, whether it is a side of a comparison, a profile's log, phases, call span and
 * run, a warm log, the limits, and how the caller spells its options.
 *
 * <p>Example: {@code new SourceRequest(file, Optional.empty(), OptionalInt.empty(), false, Optional.empty(),
 * Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Limits.DEFAULT, Spelling.LIBRARY)}.
 */
@API(status = API.Status.INTERNAL)
public record SourceRequest(Path input, Optional<InputStream> stream, OptionalInt rank, boolean side, Optional<Path> log,
                            Optional<CallPhases> phases, Optional<String> callSpan, Optional<String> run,
                            Optional<Path> warmLog, Limits limits, Spelling spelling) {

    /** Whether the input is read as a torch.profiler trace: any of its options was given. */
    public boolean isProfile() {
        return log.isPresent() || phases.isPresent() || callSpan.isPresent() || run.isPresent();
    }

    /** The same request for another input, read plainly: a profile's log, a warm log. */
    SourceRequest plain(Path other) {
        return new SourceRequest(other, Optional.empty(), OptionalInt.empty(), false, Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), limits, spelling);
    }
}
