package dev.compilereceipt;

import java.util.OptionalDouble;

/**
 * A graph-break site of one run: its reason, how many calls crossed it, the most crossings in a
 * single call, and the eager-island time spent there in all.
 *
 * <p>Example: print-bridge's baseline has {@code scenarios.py:31} crossed by 12 calls, at most
 * once each.
 */
public record BreakSite(String site, String reason, int calls, int perCallMax, OptionalDouble eagerMs) {
}
