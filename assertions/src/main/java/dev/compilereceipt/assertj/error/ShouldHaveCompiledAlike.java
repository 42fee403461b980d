package dev.compilereceipt.assertj.error;

import dev.compilereceipt.RanksVerdict;
import dev.compilereceipt.assertj.internal.EvidenceMessage;
import dev.compilereceipt.assertj.internal.RankList;
import org.apiguardian.api.API;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Message of {@code assertThat(ranks).compiledAlike()}: the verdict's one line, then its groups and its first
 * divergence as {@link RanksVerdict#text()} writes them.
 *
 * <p>Example: {@code but 3 of 4 ranks agree; rank 2 broke at scenarios.py:159 in 0/0 where ranks 0, 1, 3 did not break},
 * then the groups {@code ranks 0, 1, 3} and {@code rank 2} and the first divergence.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public final class ShouldHaveCompiledAlike extends EvidenceMessage {

    private ShouldHaveCompiledAlike(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldHaveCompiledAlike(String subject, RanksVerdict verdict) {
        return new ShouldHaveCompiledAlike("%nExpecting%n  %s%nto have compiled alike%nbut %s", unquotedString(subject),
                unquotedString(RankList.lines(verdict.text())));
    }
}
