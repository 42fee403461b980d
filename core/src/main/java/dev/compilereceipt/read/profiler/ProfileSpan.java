package dev.compilereceipt.read.profiler;

import dev.compilereceipt.trace.GraphId;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One complete span ({@code "ph": "X"}) of a kind the receipt reads, on one thread, from
 * {@code start} to {@code end} in the trace's microseconds.
 */
record ProfileSpan(Kind kind, Optional<GraphId> graph, String thread, double start, double end, String name) {

    /** The span names of torch.profiler traces this reader keeps, exactly as PyTorch writes them. */
    enum Kind {
        /** A {@code ProfilerStep#N}, or a span of the name the user gave for a call. */
        CALL,
        /** {@code Torch-Compiled Region: F/V}: Dynamo ran variant {@code F/V}. */
        REGION,
        /** {@code TorchDynamo Cache Lookup}: the guards of a frame's variants were checked. */
        GUARD_CHECK,
        /** The compiled graph's own call: {@code ## Call CompiledFxGraph <hash> ##} (2.8 and later) or {@code CompiledFunction}. */
        GRAPH_CALL,
        /**
         * Inductor's {@code graph_N_inductor_wrapper_call} (or {@code inductor_wrapper_call}), written with
         * {@code torch._inductor.config.profiler_mark_wrapper_call}: the graph's code alone, inside its graph call.
         */
        WRAPPER_CALL,
        /** {@code _compile.compile_inner (dynamo_timed)}: Dynamo compiled a frame. */
        COMPILE
    }

    static final String STEP_PREFIX = "ProfilerStep#";
    static final String REGION_PREFIX = "Torch-Compiled Region: ";
    static final String GUARD_CHECK = "TorchDynamo Cache Lookup";
    static final String GRAPH_CALL_PREFIX = "## Call CompiledFxGraph ";
    static final String COMPILED_FUNCTION = "CompiledFunction";
    static final String COMPILE = "_compile.compile_inner (dynamo_timed)";
    static final String WRAPPER_CALL = "inductor_wrapper_call";
    private static final Pattern WRAPPER_CALL_NAME = Pattern.compile("(graph_[0-9]+_)?inductor_wrapper_call");

    double ms() {
        return (end - start) / 1000;
    }

    boolean holds(ProfileSpan other) {
        return thread.equals(other.thread) && start <= other.start && other.end <= end && this != other;
    }

    /** The kind of a span named {@code name}, empty for one the receipt does not read. */
    static Optional<Kind> kindOf(String name, Optional<String> callSpan) {
        if (callSpan.isPresent() ? name.equals(callSpan.get()) : name.startsWith(STEP_PREFIX)) {
            return Optional.of(Kind.CALL);
        }
        if (name.startsWith(REGION_PREFIX)) {
            return Optional.of(Kind.REGION);
        }
        if (name.equals(GUARD_CHECK)) {
            return Optional.of(Kind.GUARD_CHECK);
        }
        if (name.endsWith(WRAPPER_CALL) && WRAPPER_CALL_NAME.matcher(name).matches()) {
            return Optional.of(Kind.WRAPPER_CALL);
        }
        if (name.startsWith(GRAPH_CALL_PREFIX) || name.equals(COMPILED_FUNCTION)) {
            return Optional.of(Kind.GRAPH_CALL);
        }
        if (name.equals(COMPILE)) {
            return Optional.of(Kind.COMPILE);
        }
        return Optional.empty();
    }
}
