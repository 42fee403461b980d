package dev.compilereceipt.trace;

import org.apiguardian.api.API;

/**
 * One guard of an older variant that missed in {@code call}, so that {@code graph} was compiled
 * (or, for a fallback, attempted).
 *
 * <p>Example: {@code new GuardMiss("b12", new GraphId(0, 1), "0/0: tensor 'L['x']' size mismatch at index 0. expected 8, actual 16")}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record GuardMiss(String call, GraphId graph, String guard) {
}
