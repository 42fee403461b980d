package dev.compilereceipt.assertj.error;

import static dev.compilereceipt.assertj.internal.FigureText.NL;

import dev.compilereceipt.assertj.internal.EvidenceMessage;
import java.util.List;
import org.apiguardian.api.API;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Message of {@code warmStart().hasNoCacheMisses()} and {@code hasNoCacheMissesIn(stage)}: the
 * warm start's compiles that did not load from a cache, each with its run, its compile id and the
 * caches it missed or bypassed.
 *
 * <p>Example: {@code run baseline: 0/0 missed aotautograd} for a warm start whose FX graph cache hit
 * and whose AOTAutograd cache did not.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShouldHaveNoCacheMisses extends EvidenceMessage {

    private ShouldHaveNoCacheMisses(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldHaveNoCacheMisses(String subject, String caches, List<String> cold) {
        return new ShouldHaveNoCacheMisses("%nExpecting%n  %s%nto have no cache misses in %s%nbut %s of its compiles did not"
                + " load from the cache:%n%s", unquotedString(subject), unquotedString(caches),
                unquotedString(Integer.toString(cold.size())), unquotedString("  " + String.join(NL + "  ", cold)));
    }
}
