package dev.compilereceipt.assertj.error;

import static dev.compilereceipt.assertj.internal.FigureText.count;

import dev.compilereceipt.assertj.internal.EvidenceMessage;
import dev.compilereceipt.assertj.internal.Evidence;
import dev.compilereceipt.ledger.CallCache;
import dev.compilereceipt.receipt.BreakSite;
import dev.compilereceipt.receipt.RecompileCause;
import dev.compilereceipt.receipt.RecompileKind;
import dev.compilereceipt.receipt.WallTime;
import dev.compilereceipt.trace.BreakKind;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.VisibleText;
import java.util.List;
import java.util.stream.Collectors;
import org.assertj.core.error.ErrorMessageFactory;
import org.apiguardian.api.API;

/**
 * Message of a check on one exact figure (calls, compiles, cache hits, breaks, cache outcome...).
 *
 * <p>Example: {@code phase steady} expected to have 2 compiles but had 0.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShouldHaveFigure extends EvidenceMessage {

    private ShouldHaveFigure(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldHaveFigure(String subject, String expected, String found) {
        return new ShouldHaveFigure("%nExpecting%n  %s%nto have %s%nbut %s",
                unquotedString(subject), unquotedString(expected), unquotedString(found));
    }

    /** A call whose cache outcome is not {@code expected}. */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2")
    public static ErrorMessageFactory shouldHaveCache(String subject, CallCache expected, CallCache found) {
        return new ShouldHaveFigure("%nExpecting%n  %s%nto have cache outcome %s%nbut it was %s", unquotedString(subject), expected, found);
    }

    /** A call that touched other graphs than {@code expected}, as the check was given them, in the order it touched them. */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2")
    public static ErrorMessageFactory shouldHaveGraphs(String subject, List<String> expected, List<GraphId> found) {
        return new ShouldHaveFigure("%nExpecting%n  %s%nto have graphs %s%nbut it touched %s", unquotedString(subject),
                unquotedString(expected.isEmpty() ? "(none)" : String.join(" ", expected)), graphs(found, "(none)"));
    }

    /** A phase that compiled other new variants than {@code expected}, as the check was given them. */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2")
    public static ErrorMessageFactory shouldHaveNewGraphVariants(String subject, List<String> expected, List<GraphId> found) {
        return new ShouldHaveFigure("%nExpecting%n  %s%nto have new graph variants %s%nbut it compiled %s", unquotedString(subject),
                unquotedString(String.join(" ", expected.stream().sorted().toList())), graphs(found, "none"));
    }

    private static Evidence graphs(List<GraphId> graphs, String none) {
        return representation -> graphs.isEmpty() ? none : graphs.stream().map(representation::toStringOf).collect(Collectors.joining(" "));
    }

    /** A break site of another kind than {@code expected}: its kind (and cause), from its reason and graph-break id. */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2")
    public static ErrorMessageFactory shouldHaveKind(String subject, BreakSite site, BreakKind expected) {
        return new ShouldHaveFigure("%nExpecting%n  %s%nto have kind %s%nbut its kind was %s%s, from its reason %s%s",
                unquotedString(subject), expected, site.kind(), (Evidence) representation -> site.causeKind()
                        .map(cause -> " (cause " + representation.toStringOf(cause) + ")").orElse(""),
                unquotedString(VisibleText.of(site.reason())), unquotedString(site.detail().gbId().map(id -> " (" + id + ")").orElse("")));
    }

    /** A recompile cause of another kind than {@code expected}: its kind, from its guard. */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2")
    public static ErrorMessageFactory shouldHaveKind(String subject, RecompileCause cause, RecompileKind expected) {
        return new ShouldHaveFigure("%nExpecting%n  %s%nto have kind %s%nbut its kind was %s, from its guard %s",
                unquotedString(subject), expected, cause.kind(), unquotedString(VisibleText.of(cause.guard())));
    }

    /** A phase whose mean wall time is not its total over its {@code calls}: the division worked out, then the mean found. */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2")
    public static ErrorMessageFactory shouldHaveMeanOfItsCalls(String subject, int calls, WallTime wall) {
        return new ShouldHaveFigure("%nExpecting%n  %s%nto have a mean wall time of its %s (%s ms / %s = %s ms)%nbut its mean was %s ms",
                unquotedString(subject), unquotedString(count(calls, "call")), new Milliseconds(wall.total()),
                unquotedString(Integer.toString(calls)), new Milliseconds(wall.total() / calls), new Milliseconds(wall.mean()));
    }

    /** A phase that crossed {@code breaks} graph breaks whose eager islands took no time. */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2")
    public static ErrorMessageFactory shouldHaveEagerTimeAtItsBreaks(String subject, int breaks, double eagerMs) {
        return new ShouldHaveFigure("%nExpecting%n  %s%nto have eager-island time at its breaks (%s)%nbut its eager islands took %s ms",
                unquotedString(subject), unquotedString(count(breaks, "break")), new Milliseconds(eagerMs));
    }
}
