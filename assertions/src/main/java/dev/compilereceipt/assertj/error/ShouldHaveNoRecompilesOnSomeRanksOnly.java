package dev.compilereceipt.assertj.error;

import dev.compilereceipt.RanksVerdict;
import dev.compilereceipt.assertj.internal.EvidenceMessage;
import dev.compilereceipt.assertj.internal.RankList;
import java.util.List;
import org.apiguardian.api.API;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Message of {@code assertThat(ranks).haveNoRecompilesOnSomeRanksOnly()}: the ranks by the recompiles they made
 * (a rank that recompiled where the others did not is what makes a collective wait), then the verdict.
 *
 * <p>Example: {@code ranks 0, 2-3: 3 recompiles (0/1, 1/1, 0/2)} and {@code rank 1: 4 recompiles (...)}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public final class ShouldHaveNoRecompilesOnSomeRanksOnly extends EvidenceMessage {

    private ShouldHaveNoRecompilesOnSomeRanksOnly(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldHaveNoRecompilesOnSomeRanksOnly(String subject, List<String> byRecompiles,
                                                                          RanksVerdict verdict) {
        return new ShouldHaveNoRecompilesOnSomeRanksOnly("%nExpecting%n  %s%nto recompile alike on every rank%nbut the ranks"
                + " recompiled differently:%n%s%nthe verdict: %s", unquotedString(subject),
                unquotedString(RankList.indented(String.join(RankList.NL, byRecompiles))), unquotedString(RankList.lines(verdict.text())));
    }
}
