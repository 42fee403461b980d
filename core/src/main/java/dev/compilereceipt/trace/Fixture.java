package dev.compilereceipt.trace;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * What was measured: the fixture's name and its optional descriptive fields (model, revision,
 * device, dtype, backend, mode, torch), the correctness tolerance, and the files the trace was read
 * from ({@code sources}: each with its role and its path relative to the folder of the input named,
 * empty for a trace not read through {@code Traces.read}).
 *
 * <p>Example: {@code new Fixture("print-bridge", Map.of("device", "cpu"), Optional.empty())}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record Fixture(String name, Map<String, String> fields, Optional<Tolerance> tolerance, List<Source> sources) {

    /**
     * A file a trace was read from: its {@code role} ({@code trace}, {@code log}, {@code warm log},
     * {@code profile}, a side's {@code baseline trace}) and its {@code path}, relative to the folder of the
     * input named, with {@code /} between names, so a receipt does not depend on where its files lie.
     *
     * <p>Example: {@code new Fixture.Source("warm log", "run/warm_torch_trace.log")}
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2")
    public record Source(String role, String path) {
    }

    /** The field that names the PyTorch release, as compile-trace/1's {@code fixture.torch} does: {@code 2.14.1+debian}. */
    public static final String TORCH = "torch";

    public Fixture {
        fields = Map.copyOf(fields);
        sources = List.copyOf(sources);
    }

    /** A fixture whose files are not (yet) named: a reader's, before the request names them. */
    public Fixture(String name, Map<String, String> fields, Optional<Tolerance> tolerance) {
        this(name, fields, tolerance, List.of());
    }

    /** The same fixture read from {@code files}. */
    public Fixture withSources(List<Source> files) {
        return new Fixture(name, fields, tolerance, files);
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
