package dev.compilereceipt.assertj.error;

import static dev.compilereceipt.assertj.internal.FigureText.count;
import static dev.compilereceipt.assertj.internal.FigureText.indented;

import dev.compilereceipt.assertj.internal.Evidence;
import dev.compilereceipt.assertj.internal.EvidenceMessage;
import dev.compilereceipt.assertj.internal.SiteInScope;
import dev.compilereceipt.trace.VisibleText;
import java.util.List;
import org.assertj.core.error.ErrorMessageFactory;
import org.apiguardian.api.API;

/**
 * Message of the break-kind checks ({@code hasNoBreaksOfKind}, {@code hasBreaksOnlyOfKinds},
 * {@code hasNoBreaksUnder}): what was asked, then the offending sites as a table (run, site, kind,
 * user frame, calls or compiles, reason).
 *
 * <p>Example: a {@code device-sync} site at {@code layers.py:14} when no device syncs were allowed.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShouldHaveBreakKinds extends EvidenceMessage {

    private ShouldHaveBreakKinds(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldHaveBreakKinds(String subject, String asked, String what, List<SiteInScope> offending) {
        Evidence lines = representation -> indented(offending.stream().limit(VisibleText.SHOWN_ITEMS)
                .map(site -> VisibleText.of(site.evidence(representation))).toList());
        String more = offending.size() > VisibleText.SHOWN_ITEMS ? "\n  ... and " + (offending.size() - VisibleText.SHOWN_ITEMS) + " more" : "";
        return new ShouldHaveBreakKinds("%nExpecting%n  %s%nto %s%nbut %s %s:%n%s%s",
                unquotedString(subject), unquotedString(asked), unquotedString(count(offending.size(), "site")),
                unquotedString(offending.size() == 1 && what.startsWith("are ") ? "is " + what.substring(4) : what), lines, unquotedString(more));
    }
}
