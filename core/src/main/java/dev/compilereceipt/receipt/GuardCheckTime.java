package dev.compilereceipt.receipt;

import org.apiguardian.api.API;

/**
 * The time the calls of a phase spent checking guards ({@code TorchDynamo Cache Lookup} spans of a
 * torch.profiler trace), in milliseconds: the total and the median per call (the mean of the two
 * middle values for an even count), the steady cost that grows with each variant a frame keeps.
 *
 * <p>Example: {@code receipt.run("baseline").phase(Phase.STEADY).guardCheckMs().get().median()}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record GuardCheckTime(double total, double median) {
}
