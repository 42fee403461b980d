package dev.compilereceipt.trace;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * What was measured: the fixture's name and its optional descriptive fields (model, revision,
 * device, dtype, backend, mode, torch) and the correctness tolerance.
 *
 * <p>Example: {@code new Fixture("print-bridge", Map.of("device", "cpu"), Optional.empty())}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record Fixture(String name, Map<String, String> fields, Optional<Tolerance> tolerance) {

    /** The field that names the PyTorch release, as compile-trace/1's {@code fixture.torch} does: {@code 2.14.1+debian}. */
    public static final String TORCH = "torch";

    public Fixture {
        fields = Map.copyOf(fields);
    }

    /** The PyTorch release that produced the trace, where its source says. */
    public Optional<String> torch() {
        return Optional.ofNullable(fields.get(TORCH));
    }

    /** The descriptive fields in key order, for stable output. */
    public Map<String, String> sortedFields() {
        return new TreeMap<>(fields);
    }

    /** Absolute and relative tolerance of the correctness check; either may be absent. */
    public record Tolerance(java.util.OptionalDouble atol, java.util.OptionalDouble rtol) {
    }
}
