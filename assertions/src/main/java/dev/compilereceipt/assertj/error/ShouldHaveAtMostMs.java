package dev.compilereceipt.assertj.error;

import static dev.compilereceipt.assertj.internal.FigureText.NL;

import dev.compilereceipt.assertj.internal.Evidence;
import dev.compilereceipt.assertj.internal.EvidenceMessage;
import dev.compilereceipt.assertj.internal.FigureText;
import dev.compilereceipt.assertj.internal.LedgerTable;
import dev.compilereceipt.assertj.internal.TimeLines;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.receipt.ColdStart;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Phase;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Message of the time limits ({@code hasEagerIslandTimeAtMost}, {@code hasCompileTimeAtMost},
 * median and p90 limits, a warm start's cold start): the figure, its limit and the value found per run.
 *
 * <p>Example: eager-island time in steady at most 0.1 ms, where print-bridge's baseline spent 0.1953 ms.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ShouldHaveAtMostMs extends EvidenceMessage {

    private static final String FORMAT = "%nExpecting%n  %s%nto have %s%nbut %s%s";

    private ShouldHaveAtMostMs(String format, Object... arguments) {
        super(format, arguments);
    }

    /** The eager islands of {@code phase} over {@code maxMs} in these runs: each run's time, the calls that spent it and the break sites they crossed. */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2")
    public static ErrorMessageFactory shouldHaveEagerIslandTimeAtMost(String subject, Phase phase, double maxMs, Map<String, Double> spentByRun,
                                                                      List<LedgerRow> offending, Receipt receipt) {
        return phaseTime(subject, "eager-island time", phase, maxMs, "spent", spentByRun, offending, receipt);
    }

    /** Compiling in {@code phase} over {@code maxMs} in these runs: each run's compile time and the calls that compiled. */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2")
    public static ErrorMessageFactory shouldHaveCompileTimeAtMost(String subject, Phase phase, double maxMs, Map<String, Double> spentByRun,
                                                                  List<LedgerRow> offending) {
        return phaseTime(subject, "compile time", phase, maxMs, "compiled for", spentByRun, offending, null);
    }

    /** The warm start's warmup over {@code maxMs} in these runs, each with its cold start with empty caches where measured. */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2")
    public static ErrorMessageFactory shouldHaveColdStartAtMost(String subject, double maxMs, Map<String, ColdStart> overByRun) {
        return new ShouldHaveAtMostMs("%nExpecting%n  %s%nto have a cold start with warm caches (cold_start.warm_caches_ms) of at most %s ms"
                + "%nbut %s", unquotedString(subject), new Milliseconds(maxMs), (Evidence) representation -> overByRun.entrySet().stream()
                .map(run -> TimeLines.coldStart(run.getKey(), run.getValue(), representation)).collect(Collectors.joining("; ")));
    }

    /** {@code receipt} is null where the calls' break sites are no evidence (compile time). */
    private static ErrorMessageFactory phaseTime(String subject, String time, Phase phase, double maxMs, String verb,
                                                 Map<String, Double> spentByRun, List<LedgerRow> offending, Receipt receipt) {
        Evidence found = representation -> spentByRun.entrySet().stream()
                .map(run -> "run " + run.getKey() + " " + verb + " " + FigureText.ms(representation, run.getValue()) + " ms")
                .collect(Collectors.joining("; "));
        Evidence evidence = representation -> offending.isEmpty() ? "" : ":" + NL + LedgerTable.of(offending, representation)
                + (receipt != null ? LedgerTable.breakSites(receipt, offending) : "");
        return new ShouldHaveAtMostMs("%nExpecting%n  %s%nto have %s in %s of at most %s ms%nbut %s%s",
                unquotedString(subject), unquotedString(time), phase, new Milliseconds(maxMs), found, evidence);
    }

    /**
     * The figure over its limit in the runs {@code found} names, with the offending calls as evidence.
     *
     * @deprecated the figures come rendered, so a representation set on the assert does not apply to them: use
     *     {@link #shouldHaveEagerIslandTimeAtMost}, {@link #shouldHaveCompileTimeAtMost} or {@link #shouldHaveColdStartAtMost}
     */
    @Deprecated(since = "0.2", forRemoval = true)
    @API(status = API.Status.DEPRECATED, since = "0.2")
    public static ErrorMessageFactory shouldHaveAtMostMs(String subject, String figure, List<String> found, List<LedgerRow> offending, boolean crossedBreaks, Receipt receipt) {
        String evidence = offending.isEmpty() ? "" : ":" + NL + LedgerTable.of(offending, FigureText.STANDARD)
                + (crossedBreaks ? LedgerTable.breakSites(receipt, offending) : "");
        return new ShouldHaveAtMostMs(FORMAT, unquotedString(subject), unquotedString(figure), unquotedString(String.join("; ", found)),
                unquotedString(evidence));
    }

    /** One figure ({@code a median wall time}) over its limit: the figure is its own evidence. */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2")
    public static ErrorMessageFactory shouldHaveAtMostMs(String subject, String figure, double maxMs, double foundMs) {
        return new ShouldHaveAtMostMs("%nExpecting%n  %s%nto have %s of at most %s ms%nbut it was %s ms",
                unquotedString(subject), unquotedString(figure), new Milliseconds(maxMs), new Milliseconds(foundMs));
    }

    /**
     * One figure over its limit, {@code figure} naming the limit too.
     *
     * @deprecated the limit comes written, so a representation set on the assert does not apply to it: use
     *     {@link #shouldHaveAtMostMs(String, String, double, double)}
     */
    @Deprecated(since = "0.2", forRemoval = true)
    @API(status = API.Status.DEPRECATED, since = "0.2")
    public static ErrorMessageFactory shouldHaveAtMostMs(String subject, String figure, double foundMs) {
        return new ShouldHaveAtMostMs("%nExpecting%n  %s%nto have %s%nbut it was %s ms",
                unquotedString(subject), unquotedString(figure), new Milliseconds(foundMs));
    }
}
