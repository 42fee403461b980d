package dev.compilereceipt.trace;

import java.util.Optional;
import java.util.OptionalDouble;
import org.apiguardian.api.API;

/**
 * Correctness evidence of one compiled call against the eager output: the largest absolute
 * error seen and whether it was within the fixture's tolerance.
 *
 * <p>Example: {@code new Check(OptionalDouble.of(0.0), Optional.of(true))}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record Check(OptionalDouble maxAbsErr, Optional<Boolean> ok) {

    /** True only when the capture said the output did not match. */
    public boolean failed() {
        return ok.isPresent() && !ok.get();
    }
}
