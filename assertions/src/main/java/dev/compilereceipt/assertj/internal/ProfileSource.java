package dev.compilereceipt.assertj.internal;

import dev.compilereceipt.receipt.Receipt;
import org.apiguardian.api.API;

/**
 * Whether a receipt was read from a torch.profiler trace, as its {@code fixture.sources} say (a
 * {@code profile} role, or a side's {@code baseline profile}): a figure such a source did not measure
 * wants a remedy of its own, not a capture of another kind.
 *
 * <p>Example: {@code ProfileSource.of(receipt)} is true for {@code @TraceFixture(value = "run/profile.json", log = "run/torch_trace.log")}.
 */
@API(status = API.Status.INTERNAL, since = "0.2")
public final class ProfileSource {

    private ProfileSource() {
    }

    public static boolean of(Receipt receipt) {
        return receipt != null && receipt.fixture().sources().stream().anyMatch(file -> file.role().endsWith("profile"));
    }
}
