package dev.compilereceipt.assertj.error;

import dev.compilereceipt.RanksVerdict;
import dev.compilereceipt.assertj.internal.EvidenceMessage;
import dev.compilereceipt.assertj.internal.RankList;
import java.util.List;
import org.apiguardian.api.API;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Message of {@code assertThat(ranks).haveEqualCacheOutcomes()}: the ranks by their FX graph and AOTAutograd cache
 * hits, misses and bypasses (one rank with a warm cache races ahead of the others), then the verdict.
 *
 * <p>Example: {@code ranks 0-2: fx_graph 74 miss, aotautograd none} and {@code rank 3: fx_graph 1 hit 73 miss, aotautograd none}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public final class ShouldHaveEqualCacheOutcomes extends EvidenceMessage {

    private ShouldHaveEqualCacheOutcomes(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldHaveEqualCacheOutcomes(String subject, List<String> byOutcomes, RanksVerdict verdict) {
        return new ShouldHaveEqualCacheOutcomes("%nExpecting%n  %s%nto have equal cache outcomes on every rank%nbut the ranks"
                + " hit and missed the caches differently:%n%s%nthe verdict: %s", unquotedString(subject),
                unquotedString(RankList.indented(String.join(RankList.NL, byOutcomes))), unquotedString(RankList.lines(verdict.text())));
    }
}
