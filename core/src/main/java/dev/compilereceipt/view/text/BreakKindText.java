package dev.compilereceipt.view.text;

import dev.compilereceipt.trace.BreakKind;
import dev.compilereceipt.receipt.BreakKindFigures;
import dev.compilereceipt.receipt.BreakSite;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Coverage;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.VisibleText;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The break sites of a run as text, grouped by {@link BreakKind}: a line per kind with its sites,
 * the calls that crossed them, crossings per call and eager-island time, then one line per distinct
 * site with its own figures, reason, the cause of a frame skip and the user's frame where the site
 * is not the user's code. The compile log's sites are grouped the same way, with the compiles that
 * reported them.
 *
 * <p>Example: print-bridge's baseline gives {@code python-side-effect  1 site, 12 calls, 1 crossing
 * per call, eager 0.4848 ms}.
 */
final class BreakKindText {

    private BreakKindText() {
    }

    /** The run's sites by kind, indented by two spaces; {@code break sites: none} without any, {@code n/m} where not measured. */
    static String runSites(Receipt receipt, RunFigures run) {
        if (!receipt.limits().measured(Measure.BREAK_SITES)) {
            return "  break sites: n/m\n";
        }
        if (run.breakSites().isEmpty()) {
            return "  break sites: none\n";
        }
        boolean crossings = receipt.limits().measured(Measure.BREAKS);
        // Where a log records a break only in the call that compiles it, a site's calls are the least there were.
        String least = receipt.limits().coverage(Measure.SITE_CROSSINGS) == Coverage.LOWER_BOUND ? "≥ " : "";
        StringBuilder out = new StringBuilder("  break sites by kind").append(crossings ? ":\n"
                : " (crossings not measured: this source logs a break only in the call that compiles it):\n");
        for (BreakKindFigures kind : receipt.breakKinds(run.label())) {
            out.append("    ").append(kind.kind().label()).append("  ").append(count(kind.sites().size(), "site")).append(", ")
                    .append(least).append(count(kind.calls(), "call")).append(", ").append(crossings ? perCall(kind.crossingsPerCall()) : "crossings n/m")
                    .append(", eager ").append(ReceiptSummary.ms(kind.eagerMs())).append(" ms\n");
            for (BreakSite site : kind.sites()) {
                out.append("      ").append(VisibleText.cut(site.site())).append("  ").append(least).append(count(site.calls(), "call"))
                        .append(least.isEmpty() ? ", at most " : ", ≥ ").append(site.perCallMax()).append(" per call, eager ").append(ReceiptSummary.ms(site.eagerMs()))
                        .append(" ms: ").append(VisibleText.cut(site.reason())).append(about(site.site(), site.causeKind(),
                                site.detail().userFrame())).append('\n');
            }
        }
        return out.toString();
    }

    /** The compile log's sites by kind, indented by four spaces. */
    static String logSites(CompileLog log) {
        Map<BreakKind, List<CompileLog.Site>> byKind = new EnumMap<>(BreakKind.class);
        log.breakSites().forEach(site -> byKind.computeIfAbsent(site.kind(), k -> new ArrayList<>()).add(site));
        StringBuilder out = new StringBuilder();
        byKind.forEach((kind, sites) -> {
            out.append("    breaks ").append(kind.label()).append("  ").append(count(sites.size(), "site")).append(", reported by ")
                    .append(count(sites.stream().mapToInt(CompileLog.Site::compiles).sum(), "compile")).append('\n');
            for (CompileLog.Site site : sites) {
                out.append("      ").append(VisibleText.cut(site.site())).append("  reported by ").append(count(site.compiles(), "compile"))
                        .append(": ").append(VisibleText.cut(site.reason()))
                        .append(about(site.site(), site.causeKind(), site.detail().userFrame())).append('\n');
            }
        });
        return out.toString();
    }

    private static String about(String site, Optional<BreakKind> cause, Optional<String> userFrame) {
        StringBuilder out = new StringBuilder();
        cause.ifPresent(kind -> out.append(" (cause ").append(kind.label()).append(')'));
        userFrame.filter(frame -> !frame.equals(site)).ifPresent(frame -> out.append(" (user frame ").append(VisibleText.cut(frame)).append(')'));
        return out.toString();
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private static String perCall(OptionalDouble value) {
        if (value.isEmpty()) {
            return "no crossings measured";
        }
        String n = BigDecimal.valueOf(value.getAsDouble()).setScale(2, RoundingMode.HALF_EVEN).stripTrailingZeros().toPlainString();
        return n + (n.equals("1") ? " crossing" : " crossings") + " per call";
    }
}
