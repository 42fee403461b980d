package dev.compilereceipt.assertj.internal;

import dev.compilereceipt.trace.VisibleText;
import java.util.List;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * Rank numbers as messages write them: runs of consecutive ranks as ranges, so that a group of 997 ranks of a
 * 1,000-rank job is one short line ({@code ranks 0, 2-499, 501-998}), not a thousand numbers.
 *
 * <p>Example: {@code RankList.of(List.of(0, 2, 3, 4))} is {@code "0, 2-4"}, {@code RankList.of(List.of(0, 1, 3))}
 * {@code "0, 1, 3"}; {@code RankList.named(List.of(1))} is {@code "rank 1"}.
 */
@API(status = API.Status.INTERNAL, since = "0.3")
public final class RankList {

    public static final String NL = FigureText.NL;

    private RankList() {
    }

    /** The ranks, ascending, runs of three or more consecutive ones as {@code first-last}, as the verdict writes them. */
    public static String of(List<Integer> ranks) {
        return VisibleText.ranges(ranks);
    }

    /** {@code rank 1} or {@code ranks 0, 2-3}. */
    public static String named(List<Integer> ranks) {
        return (ranks.size() == 1 ? "rank " : "ranks ") + of(ranks);
    }

    /** {@code text} without its trailing newline, its lines joined by the platform's line separator, as messages are. */
    public static String lines(String text) {
        return text.strip().lines().collect(Collectors.joining(NL));
    }

    /** Each line of {@code text} indented by two spaces, as the evidence under a message's {@code but}. */
    public static String indented(String text) {
        return text.lines().map(line -> "  " + line).collect(Collectors.joining(NL));
    }
}
