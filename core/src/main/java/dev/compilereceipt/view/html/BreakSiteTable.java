package dev.compilereceipt.view.html;

import dev.compilereceipt.receipt.BreakKindFigures;
import dev.compilereceipt.receipt.BreakSite;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.receipt.RunFigures;
import java.util.Collections;
import java.util.List;

/**
 * The break sites of one run in the HTML view, grouped by kind (a heading per kind with its sites,
 * calls, crossings per call and eager-island time): site, the cause of a frame skip, the user's
 * frame where the site is not the user's code, reason, calls that crossed it, the most
 * crossings in one call and the eager-island time spent there, with a strip of one cell a call
 * showing how many times that call crossed the site.
 */
final class BreakSiteTable {

    private static final double CELL = 16;

    private final RunFigures run;
    private final List<BreakKindFigures> kinds;
    private final List<LedgerRow> rows;
    private final boolean crossingsMeasured;

    BreakSiteTable(RunFigures run, List<BreakKindFigures> kinds, List<LedgerRow> rows, boolean crossingsMeasured) {
        this.run = run;
        this.kinds = kinds;
        this.rows = rows;
        this.crossingsMeasured = crossingsMeasured;
    }

    void write(Markup html) {
        html.open("div", "class", "run", "data-run", run.label());
        html.element("h3", run.label());
        if (run.breakSites().isEmpty()) {
            html.element("p", "No graph breaks.", "class", "none", "data-run", run.label());
        }
        for (BreakKindFigures kind : kinds) {
            html.open("div", "class", "break-kind", "data-run", run.label(), "data-kind", kind.kind().label());
            html.open("h4").element("span", kind.kind().label(), "class", "kind").text(" ");
            html.element("span", kind.sites().size() + (kind.sites().size() == 1 ? " site, " : " sites, "), "data-figure", "sites",
                    "data-value", Integer.toString(kind.sites().size()));
            html.element("span", kind.calls() + (kind.calls() == 1 ? " call" : " calls"), "data-figure", "calls",
                    "data-value", Integer.toString(kind.calls()));
            String perCall = crossingsMeasured && kind.crossingsPerCall().isPresent() ? Markup.ms(kind.crossingsPerCall().getAsDouble()) : "null";
            html.text(", ").element("span", perCall.equals("null") ? "crossings n/m" : perCall + " per call", "data-figure", "crossings_per_call",
                    "data-value", perCall);
            String eager = kind.eagerMs().isPresent() ? Markup.ms(kind.eagerMs().getAsDouble()) : "null";
            html.text(", eager ").element("span", eager.equals("null") ? "n/m" : eager + " ms", "data-figure", "eager_ms", "data-value", eager);
            html.close("h4");
            for (BreakSite site : kind.sites()) {
                site(html, site);
            }
            html.close("div").newline();
        }
        html.close("div").newline();
    }

    private void site(Markup html, BreakSite site) {
        html.open("div", "class", "break-site", "data-run", run.label(), "data-site", site.site(), "data-kind", site.kind().label());
        html.element("code", site.site(), "class", "site");
        site.causeKind().ifPresent(cause -> html.element("p", "Dynamo gave up the frame; the cause is " + cause.label() + ".",
                "class", "cause", "data-cause-kind", cause.label()));
        site.detail().userFrame().filter(frame -> !frame.equals(site.site()))
                .ifPresent(frame -> html.open("p", "class", "user-frame").text("called from ").element("code", frame).close("p"));
        html.element("p", site.reason(), "class", "reason");
        html.open("p", "class", "figures");
        // Without crossings measured a site's calls are those that compiled it: the least there were.
        String least = crossingsMeasured ? "" : "≥ ";
        html.text("crossed by ").element("span", least + site.calls(), "class", "num", "data-figure", "calls",
                "data-value", Integer.toString(site.calls()));
        html.text((site.calls() == 1 ? " call, " : " calls, ") + (least.isEmpty() ? "at most " : ""));
        html.element("span", least + site.perCallMax(), "class", "num", "data-figure", "per_call_max",
                "data-value", Integer.toString(site.perCallMax()));
        html.text(" per call, eager islands ");
        String eager = site.eagerMs().isPresent() ? Markup.ms(site.eagerMs().getAsDouble()) : "null";
        html.element("span", site.eagerMs().isPresent() ? eager + " ms" : "n/m", "class", "num", "data-figure", "eager_ms",
                "data-value", eager);
        html.text(" in all");
        html.close("p");
        strip(html, site);
        html.close("div").newline();
    }

    private void strip(Markup html, BreakSite site) {
        double gap = 0;
        Phase previous = null;
        for (LedgerRow row : rows) {
            if (previous != null && row.phase() != previous) {
                gap += 6;
            }
            previous = row.phase();
        }
        double width = rows.size() * CELL + gap + 2;
        html.open("svg", "class", "frequency", "data-site", site.site(), "width", Markup.px(width), "height", "30",
                "viewBox", "0 0 " + Markup.px(width) + " 30", "role", "img", "aria-label", "crossings of " + site.site() + " per call");
        html.element("title", "crossings of " + site.site() + " per call, one cell a call in call order");
        double x = 1;
        previous = null;
        for (LedgerRow row : rows) {
            if (previous != null && row.phase() != previous) {
                x += 6;
            }
            previous = row.phase();
            int crossings = Collections.frequency(row.breakSites(), site.site());
            html.open("g", "class", "freq", "data-call", row.call(), "data-phase", row.phase().id(), "data-value", Integer.toString(crossings));
            html.element("title", row.call() + " (" + row.phase().id() + "): " + (crossingsMeasured
                    ? "crossed " + crossings + (crossings == 1 ? " time" : " times") : "crossings not measured by this source"));
            html.empty("rect", "class", crossings == 0 ? "cell zero" : "cell hot", "x", Markup.px(x), "y", "1",
                    "width", Markup.px(CELL - 2), "height", Markup.px(CELL - 2));
            if (crossings > 0) {
                html.element("text", Integer.toString(crossings), "x", Markup.px(x + (CELL - 2) / 2), "y", "12", "text-anchor", "middle");
            }
            html.element("text", row.phase().id().substring(0, 1), "class", "phase-initial", "x", Markup.px(x + (CELL - 2) / 2),
                    "y", "27", "text-anchor", "middle");
            html.close("g");
            x += CELL;
        }
        html.close("svg");
    }
}
