package dev.compilereceipt.assertj.error;

import dev.compilereceipt.assertj.internal.EvidenceMessage;
import dev.compilereceipt.assertj.internal.RankList;
import java.util.List;
import org.apiguardian.api.API;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Messages of {@code assertThat(ranks).haveNoCacheKeyChanges()} and {@code cacheKeysDifferOnlyIn(...)}: per group of
 * ranks and missed lookup, the components of its key that differ from the largest group's, or that whether they
 * differ was not measured.
 *
 * <p>Example: {@code rank 1: 0/0 missed the FX graph cache: `inductor_config[size_asserts]` True → False} for a job
 * whose rank 1 alone compiled with size asserts off.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public final class ShouldHaveRankCacheKeys extends EvidenceMessage {

    private ShouldHaveRankCacheKeys(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldHaveNoRankCacheKeyChanges(String subject, List<Integer> reference, List<String> changed) {
        return new ShouldHaveRankCacheKeys("%nExpecting%n  %s%nto have no cache key changes between ranks%nbut the keys of %s"
                + " differ from %s's (the largest group):%n%s", unquotedString(subject), unquotedString(lookups(changed.size())),
                unquotedString(RankList.named(reference)), unquotedString(RankList.indented(String.join(RankList.NL, changed))));
    }

    public static ErrorMessageFactory shouldHaveRankCacheKeysDifferingOnlyIn(String subject, String allowed, List<Integer> reference,
                                                                            List<String> changed) {
        return new ShouldHaveRankCacheKeys("%nExpecting%n  %s%nto have cache keys that differ between ranks only in %s%nbut other"
                + " components differ from %s's (the largest group) in %s:%n%s", unquotedString(subject), unquotedString(allowed),
                unquotedString(RankList.named(reference)), unquotedString(lookups(changed.size())),
                unquotedString(RankList.indented(String.join(RankList.NL, changed))));
    }

    /**
     * The message of a rank key check that failed, {@code check} what it expected ({@code have no cache key changes
     * between ranks}) and {@code but} what a {@link dev.compilereceipt.assertj.internal.KeyChangeVerdict} found.
     */
    public static ErrorMessageFactory shouldHaveRankCacheKeysAsChecked(String subject, String check, String but) {
        return new ShouldHaveRankCacheKeys("%nExpecting%n  %s%nto %s%nbut %s", unquotedString(subject), unquotedString(check),
                unquotedString(but));
    }

    public static ErrorMessageFactory shouldHaveRankCacheKeysMeasured(String subject, String check) {
        return new ShouldHaveRankCacheKeys("%nExpecting%n  %s%nto %s%nbut whether the ranks' cache keys differ was not measured:"
                + " some rank's source carries no keys (cache_keys not compared);%nwhat would measure it: every rank's TORCH_TRACE"
                + " log, or fingerprints of format compile-receipt-fingerprint/2", unquotedString(subject), unquotedString(check));
    }

    private static String lookups(int n) {
        return n == 1 ? "1 lookup" : n + " lookups";
    }
}
