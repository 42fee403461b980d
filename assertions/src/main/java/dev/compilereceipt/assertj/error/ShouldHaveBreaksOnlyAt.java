package dev.compilereceipt.assertj.error;

import static dev.compilereceipt.assertj.internal.FigureText.indented;
import dev.compilereceipt.assertj.internal.EvidenceMessage;
import dev.compilereceipt.trace.VisibleText;
import java.util.List;
import java.util.Set;
import org.assertj.core.error.ErrorMessageFactory;
import org.apiguardian.api.API;

/**
 * Message of {@code hasBreaksOnlyAt}: the break sites crossed that were not allowed, with reasons.
 *
 * <p>Example: {@code scenarios.py:31} when only {@code model.py:12} was allowed.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShouldHaveBreaksOnlyAt extends EvidenceMessage {

    private ShouldHaveBreaksOnlyAt(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldHaveBreaksOnlyAt(String subject, Set<String> allowed, Set<String> notAllowed, List<String> evidence) {
        return new ShouldHaveBreaksOnlyAt("%nExpecting%n  %s%nto break only at%n%s%nbut %s:%n%s",
                unquotedString(subject), unquotedString(allowed.isEmpty() ? "  (nowhere)" : indented(List.copyOf(allowed))),
                unquotedString("it broke at " + VisibleText.joined(notAllowed)), unquotedString(indented(evidence.stream().limit(VisibleText.SHOWN_ITEMS).map(VisibleText::of).toList())
                        + (evidence.size() > VisibleText.SHOWN_ITEMS ? "\n  ... and " + (evidence.size() - VisibleText.SHOWN_ITEMS) + " more" : "")));
    }
}
