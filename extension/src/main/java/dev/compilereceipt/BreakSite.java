package dev.compilereceipt;

import java.util.OptionalDouble;

/**
 * A graph-break site of one run: its reason, how many calls crossed it, the most crossings in a
 * single call, and the eager-island time spent there in all.
 *
 * <p>Example: print-bridge's baseline has {@code scenarios.py:31} crossed by 12 calls, at most
 * once each.
 */
public record BreakSite(String site, String reason, int calls, int perCallMax, OptionalDouble eagerMs, BreakDetail detail) {

    public BreakSite(String site, String reason, int calls, int perCallMax, OptionalDouble eagerMs) {
        this(site, reason, calls, perCallMax, eagerMs, BreakDetail.NONE);
    }

    /**
     * Whether a site the user names ({@code scenarios.py:31}) is this logged site, matched on
     * whole path segments from the end: {@code scenarios.py:31} matches {@code /rt/scenarios.py:31}
     * and {@code pkg/scenarios.py:31}, not {@code myscenarios.py:31}. A site is the path as PyTorch
     * logged it, which depends on the machine; the user's name for it should not.
     */
    public static boolean matches(String logged, String given) {
        String path = logged.replace('\\', '/');
        String name = given.replace('\\', '/');
        return path.equals(name) || !name.startsWith("/") && path.endsWith("/" + name);
    }

    /** Whether {@code given} names this site; see {@link #matches(String, String)}. */
    public boolean isAt(String given) {
        return matches(site, given);
    }
}
