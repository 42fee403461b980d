package dev.compilereceipt.assertj.error;

import static dev.compilereceipt.assertj.internal.FigureText.NL;

import dev.compilereceipt.assertj.internal.EvidenceMessage;
import java.util.List;
import org.apiguardian.api.API;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Messages of {@code warmStart().hasNoCacheKeyChanges()} and {@code cacheKeysDifferOnlyIn(...)}: per run and
 * missed lookup, the components of its key that changed from the cold process's, or that the reasons were not
 * measured.
 *
 * <p>Example: {@code run baseline: 0/0 missed the FX graph cache: `cpp_runtime_thread_count` 1 → 2} for a warm
 * process started with another thread count.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public final class ShouldHaveCacheKeys extends EvidenceMessage {

    private ShouldHaveCacheKeys(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldHaveNoCacheKeyChanges(String subject, List<String> changed) {
        return new ShouldHaveCacheKeys("%nExpecting%n  %s%nto have no cache key changes%nbut the keys of %s changed:%n%s",
                unquotedString(subject), unquotedString(lookups(changed.size())), unquotedString("  " + String.join(NL + "  ", changed)));
    }

    public static ErrorMessageFactory shouldHaveCacheKeysDifferingOnlyIn(String subject, String allowed, List<String> changed) {
        return new ShouldHaveCacheKeys("%nExpecting%n  %s%nto have cache keys that differ only in %s%nbut other components"
                + " changed in %s:%n%s", unquotedString(subject), unquotedString(allowed), unquotedString(lookups(changed.size())),
                unquotedString("  " + String.join(NL + "  ", changed)));
    }

    /**
     * The message of a key check that failed, {@code check} what it expected ({@code have no cache key changes}) and
     * {@code but} what a {@link dev.compilereceipt.assertj.internal.KeyChangeVerdict} found: the lookups whose key
     * changed outside what the check allows, then those whose reason is not measured.
     */
    public static ErrorMessageFactory shouldHaveCacheKeysAsChecked(String subject, String check, String but) {
        return new ShouldHaveCacheKeys("%nExpecting%n  %s%nto %s%nbut %s", unquotedString(subject), unquotedString(check),
                unquotedString(but));
    }

    public static ErrorMessageFactory shouldHaveCacheKeysMeasured(String subject, String check) {
        return new ShouldHaveCacheKeys("%nExpecting%n  %s%nto %s%nbut why the warm start missed (cold_start.key_changes) was not"
                + " measured by this source;%nwhat would measure it: the TORCH_TRACE logs of both processes, the cold one's and the"
                + " warm one's (--warm WARMLOG, @TraceFixture(warm = ...))", unquotedString(subject), unquotedString(check));
    }

    private static String lookups(int n) {
        return n == 1 ? "1 lookup" : n + " lookups";
    }
}
