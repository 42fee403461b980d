package dev.compilereceipt.receipt;

import dev.compilereceipt.trace.Phase;
import org.apiguardian.api.API;

/**
 * Wall-time figures of a phase in milliseconds: total, mean (total / calls), median (the mean of
 * the two middle values for an even count) and p90 (nearest rank, the ⌈0.9·n⌉-th smallest).
 * All zero for a phase without calls.
 *
 * <p>Example: {@code receipt.run("baseline").phase(Phase.STEADY).wallMs().get().median()}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record WallTime(double total, double mean, double median, double p90) {

    public static final WallTime NONE = new WallTime(0, 0, 0, 0);
}
