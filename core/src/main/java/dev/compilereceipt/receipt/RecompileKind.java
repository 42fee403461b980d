package dev.compilereceipt.receipt;

import org.apiguardian.api.API;

/**
 * What a guard that missed was guarding, in the seven kinds a person fixes differently, with a short
 * hint each; {@code docs/assertj.md}, "Recompile causes", gives the rules and PyTorch's docs behind
 * every hint.
 *
 * <p>Example: {@code RecompileKind.parse("shape")} is {@link #SHAPE}.
 *
 * <p>A guard {@code 0/0: n == 1} is {@link #PYTHON_VALUE}, {@code tensor 'x' size mismatch at index 0,
 * expected 8, actual 16} is {@link #SHAPE} and {@code GLOBAL_STATE changed: grad_mode} is
 * {@link #GLOBAL_STATE}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public enum RecompileKind {
    /** A Python int, float, bool or str the frame was specialized to: {@code n == 4}. */
    PYTHON_VALUE("python-value",
            "each value of a Python number is a constant of its own graph: pass it as a tensor to compile one graph for all"),
    /** A tensor's size, stride or rank: {@code size mismatch at index 0}, {@code x.size()[0] <= 8}. */
    SHAPE("shape", "torch._dynamo.mark_dynamic(x, dim) or torch.compile(dynamic=True) compiles one graph for many sizes"),
    /** A tensor's dtype, device, requires_grad or dispatch keys. */
    DTYPE_DEVICE("dtype-device", "each dtype and device is its own graph: keep them fixed across calls"),
    /** Grad mode or other global state Dynamo guards ({@code GLOBAL_STATE changed: grad_mode}). */
    GLOBAL_STATE("global-state", "each grad mode (or other global state) is its own graph: compile per mode"),
    /** An object's identity or one of its attributes: {@code ___check_obj_id(...)}, {@code self.training == True}. */
    OBJECT("object", "the frame is specialized to this object or attribute: keep it the same, or pass what varies as a tensor"),
    /** A value's type or a container's length: {@code ___check_type_id(...)}, {@code len(xs) == 3}. */
    TYPE_LENGTH("type-length", "each type or length is its own graph: keep the structure of the inputs fixed"),
    /**
     * Which tensor arguments are one tensor: two that were one tensor when compiled are two now, or the
     * reverse ({@code Duplicate tensors found: ["L['a']", "G['G1']"]}).
     */
    ALIASING("aliasing", "each way the inputs alias is its own graph: pass distinct tensors, or the same one, on every call"),
    /** A guard whose text none of the rules know. */
    UNKNOWN("unknown", "");

    private final String id;
    private final String hint;

    RecompileKind(String id, String hint) {
        this.id = id;
        this.hint = hint;
    }

    /** The label in the receipt's {@code recompile_causes[].kind}. */
    public String id() {
        return id;
    }

    /** What a person can do about a cause of this kind; empty for {@link #UNKNOWN}. */
    public String hint() {
        return hint;
    }

    /** The kind with this label; an {@link IllegalArgumentException} naming the labels otherwise. */
    public static RecompileKind parse(String id) {
        for (RecompileKind kind : values()) {
            if (kind.id.equals(id)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("no recompile cause kind \"" + id + "\"; the kinds are "
                + java.util.Arrays.stream(values()).map(RecompileKind::id).toList());
    }

    @Override
    public String toString() {
        return id;
    }
}
