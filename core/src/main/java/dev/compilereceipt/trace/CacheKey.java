package dev.compilereceipt.trace;

import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One lookup of an on-disk compile cache as the log records it: the compile ({@code graph}, PyTorch's
 * compile id, {@code 0/0_1} for a frame restarted after a graph break), the cache ({@link CompileLog#FX_GRAPH}
 * or {@link CompileLog#AOTAUTOGRAD}), the outcome ({@code hit}, {@code miss}, {@code bypass}), the key, and the
 * components the key was hashed from, each {@code [hash] name: value} as PyTorch writes it. {@code components}
 * is empty where the record lists none (2.14's AOTAutograd records): what made that key is not measured.
 * Values are bounded to {@value #VALUE_CHARS} characters, single-line and printable, addresses {@code 0x…}
 * masked and binary values (the {@code torch_version} digest) written {@value #BINARY}: the hash says whether two
 * values differ, the value only shows how.
 *
 * <p>Example: a 2.14 FX graph miss after {@code torch.set_num_threads(2)} is {@code graph "0/0", cache "fx_graph",
 * outcome "miss"}, with a component {@code ("cpp_runtime_thread_count", "5zwdf3…", "2")} among about 650.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public record CacheKey(String graph, String cache, String outcome, String key, Optional<List<Component>> components) {

    /** At most this many characters of a component's value are kept; the hash covers the whole value. */
    public static final int VALUE_CHARS = 200;
    /**
     * At most this many components are kept of a run's keys, counted once per distinct list (a 2.14 FX graph key lists
     * about 650): a key past it is kept with its components not measured, and a fingerprint holding more is refused.
     */
    public static final int KEPT_COMPONENTS = 1 << 18;
    /** The value of a component whose value is bytes, not text. */
    public static final String BINARY = "<bytes>";

    public CacheKey {
        components = components.map(List::copyOf);
    }

    /** One component of a key: its name ({@code inductor_config[freezing]}), PyTorch's hash of its value, and the value as kept. */
    public record Component(String name, String hash, String value) {
    }

    /**
     * The compile the lookup belongs to, without a restart: {@code 0/0} of {@code 0/0_1}, where a frame restarted after a
     * graph break looks its caches up under its compile's id and the attempt.
     */
    public String compile() {
        int restart = graph.indexOf('_');
        return restart < 0 ? graph : graph.substring(0, restart);
    }

    /** Whether the record lists the components of its key. */
    public boolean measured() {
        return components.isPresent();
    }
}
