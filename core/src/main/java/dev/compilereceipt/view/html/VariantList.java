package dev.compilereceipt.view.html;

import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.GuardMiss;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.receipt.RecompileCause;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.view.text.RecompileCauseText;
import java.util.List;

/**
 * The new variants of one run in the HTML view: every compile and fallback of every call, in
 * order, with the guards of older variants whose failure made it (the receipt's guard misses), led
 * by the recompile causes they group into, their failures folded.
 */
final class VariantList {

    private final Run run;
    private final RunFigures figures;

    VariantList(Run run, RunFigures figures) {
        this.run = run;
        this.figures = figures;
    }

    void write(Markup html) {
        html.open("div", "class", "run", "data-run", run.label());
        html.element("h3", run.label());
        causes(html);
        html.open("ol", "class", "variants", "data-run", run.label()).newline();
        int written = 0;
        for (Call call : run.calls()) {
            for (Event event : call.events()) {
                if (event instanceof Event.Region region && region.isCompile()) {
                    item(html, call, region.graph(), "compiled", region.compileMs(), "");
                    written++;
                } else if (event instanceof Event.Fallback fallback) {
                    item(html, call, fallback.graph(), "fallback", fallback.compileMs(), fallback.reason());
                    written++;
                }
            }
        }
        html.close("ol");
        if (written == 0) {
            html.element("p", run.calls().isEmpty() ? "Calls were not measured by this source." : "No variant was compiled.", "class", "none");
        }
        html.close("div").newline();
    }

    /** One line per recompile cause, its guard failures folded under it; the variants below give every one. */
    private void causes(Markup html) {
        if (figures.recompileCauses().isEmpty()) {
            return;
        }
        html.open("ul", "class", "causes", "data-run", run.label()).newline();
        for (RecompileCause cause : figures.recompileCauses()) {
            html.open("li", "class", "cause", "data-kind", cause.kind().id(), "data-subject", cause.subject());
            html.element("p", RecompileCauseText.line(cause), "class", "what");
            html.open("details");
            html.element("summary", cause.evidence().size() + (cause.evidence().size() == 1 ? " guard failure" : " guard failures"));
            html.open("ul", "class", "guards");
            cause.evidence().forEach(failure -> html.element("li", failure.call().map(call -> call + " → ").orElse("")
                    + failure.graph() + "  " + failure.guard().strip(), "class", "guard"));
            html.close("ul");
            html.close("details");
            html.close("li").newline();
        }
        html.close("ul").newline();
    }

    private void item(Markup html, Call call, GraphId graph, String outcome, double compileMs, String reason) {
        List<GuardMiss> misses = figures.guardMisses().stream()
                .filter(miss -> miss.call().equals(call.id()) && miss.graph().equals(graph)).toList();
        html.open("li", "class", "variant " + outcome, "data-call", call.id(), "data-graph", graph.toString(),
                "data-phase", call.phase().id(), "data-guards", Integer.toString(misses.size()));
        html.open("p", "class", "what");
        html.element("strong", call.id()).text(" · " + call.phase().id() + " · family " + call.family() + " → ");
        html.element("code", graph.toString(), "class", "graph");
        html.text(outcome.equals("compiled") ? " compiled in " : " gave up after ");
        html.element("span", Markup.ms(compileMs) + " ms", "class", "num", "data-value", Markup.ms(compileMs));
        html.close("p");
        if (!reason.isEmpty()) {
            html.element("p", reason, "class", "reason");
        }
        if (misses.isEmpty()) {
            html.element("p", graph.isRecompile() ? "no guard failures recorded" : "first variant of frame " + graph.frame()
                    + ": no older guards", "class", "guards none");
        } else {
            html.open("ul", "class", "guards");
            misses.forEach(miss -> html.element("li", miss.guard().strip(), "class", "guard"));
            html.close("ul");
        }
        html.close("li").newline();
    }
}
