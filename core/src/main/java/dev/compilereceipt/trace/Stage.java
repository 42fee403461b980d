package dev.compilereceipt.trace;

import java.util.Locale;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A stage of PyTorch's compiler, as {@link CompileStages} names it, and the on-disk cache that
 * lets a compile skip it: the AOTAutograd cache the {@code aot_autograd} stage, the FX graph cache
 * Inductor's ({@code inductor}, whose code generation a hit skips too). Dynamo and code generation
 * have no cache of their own that a TORCH_TRACE log reports.
 *
 * <p>Example: {@code Stage.AOT_AUTOGRAD.id()} is {@code aot_autograd}, its {@code cache()} is
 * {@code Optional[aotautograd]}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public enum Stage {
    DYNAMO(CompileStages.DYNAMO, null),
    AOT_AUTOGRAD(CompileStages.AOT_AUTOGRAD, CompileLog.AOTAUTOGRAD),
    INDUCTOR(CompileStages.INDUCTOR, CompileLog.FX_GRAPH),
    CODEGEN(CompileStages.CODEGEN, null);

    private final String id;
    private final String cache;

    Stage(String id, String cache) {
        this.id = id;
        this.cache = cache;
    }

    /** The stage's name in a receipt's {@code stages}, such as {@code aot_autograd}. */
    public String id() {
        return id;
    }

    /** The receipt's name of the cache that skips this stage ({@code fx_graph}, {@code aotautograd}); empty for none. */
    public Optional<String> cache() {
        return Optional.ofNullable(cache);
    }

    /** The stage whose cache the receipt names {@code cache}. */
    public static Optional<Stage> ofCache(String cache) {
        for (Stage stage : values()) {
            if (cache.equals(stage.cache)) {
                return Optional.of(stage);
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
