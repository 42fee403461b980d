package dev.compilereceipt.mutant;

import org.apiguardian.api.API;

/**
 * One thing the {@link Oracle} found wrong in a receipt: a failure code and a sentence that says
 * where and by how much.
 *
 * <p>Example: {@code new OracleFinding("WARMUP_DROPPED", "baseline warmup: the receipt counts 0 calls, the trace has 1")}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record OracleFinding(String code, String sentence) {

    @Override
    public String toString() {
        return code + ": " + sentence;
    }
}
