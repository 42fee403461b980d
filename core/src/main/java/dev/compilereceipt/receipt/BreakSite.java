package dev.compilereceipt.receipt;

import dev.compilereceipt.trace.BreakDetail;
import dev.compilereceipt.trace.BreakKind;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Coverage;
import dev.compilereceipt.trace.UserFrame;
import java.util.Optional;
import java.util.OptionalDouble;
import org.apiguardian.api.API;

/**
 * A graph-break site of one run: its reason, how many calls crossed it, the most crossings in a
 * single call, and the eager-island time spent there in all. {@link #crossings()} says how far the
 * source saw its calls and crossings: measured (a capture), a lower bound (a TORCH_TRACE log records
 * a break only in the call that compiles it), or not measured (a source without calls, whose sites
 * come from its compile log). Its {@code kind} ({@link BreakKind}) and, for a frame skip, the
 * {@code causeKind} are those decided when its breaks were read, carried here.
 *
 * <p>Example: print-bridge's baseline has {@code scenarios.py:31} crossed by 12 calls, at most
 * once each.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record BreakSite(String site, String reason, int calls, int perCallMax, OptionalDouble eagerMs, BreakDetail detail,
                        Coverage crossings, BreakKind kind, Optional<BreakKind> causeKind) {

    /** A site whose kinds are decided here, once, from its reason and detail. */
    public BreakSite(String site, String reason, int calls, int perCallMax, OptionalDouble eagerMs, BreakDetail detail,
                     Coverage crossings) {
        this(site, reason, calls, perCallMax, eagerMs, detail, crossings, BreakKind.of(reason, detail),
                BreakKind.causeOf(reason, detail));
    }

    public BreakSite(String site, String reason, int calls, int perCallMax, OptionalDouble eagerMs, BreakDetail detail) {
        this(site, reason, calls, perCallMax, eagerMs, detail, Coverage.MEASURED);
    }

    public BreakSite(String site, String reason, int calls, int perCallMax, OptionalDouble eagerMs) {
        this(site, reason, calls, perCallMax, eagerMs, BreakDetail.NONE);
    }

    /** A site a compile log reported, in a source without calls: what it is is known, not who crossed it. */
    public static BreakSite logged(CompileLog.Site site) {
        return new BreakSite(site.site(), site.reason(), 0, 0, OptionalDouble.empty(), site.detail(), Coverage.NOT_MEASURED,
                site.kind(), site.causeKind());
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

    /**
     * Where the user's own code is: the {@link UserFrame} the message names, else the site when it
     * is not in PyTorch's files; empty for a site inside PyTorch whose message names no user frame.
     */
    public Optional<String> userCode() {
        return detail.userCodeAt(site);
    }

    /**
     * Whether a path the user names ({@code mymodel/}, {@code mymodel/layers.py}) holds a location
     * ({@code /src/mymodel/layers.py:26}), on whole path segments: {@code mymodel/} holds
     * {@code /src/mymodel/layers.py:26}, not {@code /src/notmymodel/layers.py:26}.
     */
    public static boolean isUnder(String location, String given) {
        String path = location.replace('\\', '/');
        String name = given.replace('\\', '/');
        boolean absolute = name.startsWith("/");
        String haystack = absolute ? path : "/" + path;
        String needle = absolute ? name : "/" + name;
        if (name.isEmpty()) {
            return false;
        }
        for (int at = haystack.indexOf(needle); at >= 0 && (!absolute || at == 0); at = haystack.indexOf(needle, at + 1)) {
            int end = at + needle.length();
            if (needle.endsWith("/") || end == haystack.length() || haystack.charAt(end) == '/' || haystack.charAt(end) == ':') {
                return true;
            }
        }
        return false;
    }
}
