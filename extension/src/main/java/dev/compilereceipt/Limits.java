package dev.compilereceipt;

/**
 * Bounds a trace must stay within: calls per run and events per call. Traces over a limit are
 * refused; the limits used are written into every receipt.
 *
 * <p>Example: {@code Limits.DEFAULT.withMaxCalls(256)} reads traces of up to 256 calls a run.
 */
public record Limits(int maxCalls, int maxEventsPerCall) {

    public static final Limits DEFAULT = new Limits(64, 16);

    public Limits {
        if (maxCalls < 1 || maxEventsPerCall < 0) {
            throw new IllegalArgumentException("limits must allow at least one call: " + maxCalls + ", " + maxEventsPerCall);
        }
    }

    public Limits withMaxCalls(int calls) {
        return new Limits(calls, maxEventsPerCall);
    }

    public Limits withMaxEventsPerCall(int events) {
        return new Limits(maxCalls, events);
    }
}
