package dev.compilereceipt.receipt;

import dev.compilereceipt.trace.Phase;
import org.apiguardian.api.API;

/**
 * Wall-time figures of a phase in milliseconds: total, mean (total / calls), median (the mean of
 * the two middle values for an even count) and p90 (nearest rank, the ⌈0.9·n⌉-th smallest).
 * A phase without calls has none: its {@code wallMs()} is empty.
 *
 * <p>Example: {@code receipt.run("baseline").phase(Phase.STEADY).wallMs().get().median()}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record WallTime(double total, double mean, double median, double p90) {

}
