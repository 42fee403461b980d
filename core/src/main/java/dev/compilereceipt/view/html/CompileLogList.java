package dev.compilereceipt.view.html;

import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Coverage;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.receipt.ReceiptLimits;
import java.util.List;

/** The compile log of a TORCH_TRACE run in the HTML view: what the log says, independent of calls. */
final class CompileLogList {

    private CompileLogList() {
    }

    static void write(Markup html, String run, CompileLog log, ReceiptLimits limits, double longest) {
        html.open("div", "class", "run", "data-run", run);
        html.element("h3", run);
        html.open("dl", "class", "compile-log", "data-run", run);
        boolean compiles = limits.measured(Measure.COMPILES);
        field(html, "compiles", compiles ? log.compiles() : null);
        field(html, "recompiles", log.recompiles());
        if (limits.coverage(Measure.FALLBACKS) == Coverage.LOWER_BOUND) {
            // PyTorch 2.6's text logs no line for a frame it skips silently: these are the fallbacks it did log.
            html.open("div", "data-field", "fallbacks", "data-bound", "at_least").element("dt", "fallbacks")
                    .element("dd", "≥ " + log.fallbacks().size() + (log.fallbacks().isEmpty() ? "" : ": " + String.join(" ", log.fallbacks())),
                            "data-value", Integer.toString(log.fallbacks().size()))
                    .close("div");
        } else {
            field(html, "fallbacks", log.fallbacks());
        }
        field(html, "graphs", compiles ? log.graphs() : null);
        field(html, "fallback_graphs", log.fallbackGraphs());
        String compileMs = log.compileMs().isPresent() ? Markup.ms(log.compileMs().getAsDouble()) : "null";
        html.open("div", "data-field", "compile_ms").element("dt", "compile ms")
                .element("dd", log.compileMs().isPresent() ? compileMs : "n/m", "class", "num", "data-value", compileMs).close("div");
        if (limits.measured(Measure.COMPILE_STAGES)) {
            StageBars.write(html, log, longest, limits.measured(Measure.FX_GRAPH_CACHE) || limits.measured(Measure.AOTAUTOGRAD_CACHE));
        }
        for (CompileLog.Site site : log.breakSites()) {
            String kind = site.kind().label() + site.causeKind().map(cause -> ", cause " + cause.label()).orElse("");
            html.open("div", "data-field", "break_site", "data-site", site.site(), "data-kind", site.kind().label())
                    .element("dt", "break " + site.site())
                    .element("dd", "[" + kind + "] " + site.reason() + " (" + site.compiles() + (site.compiles() == 1 ? " compile)" : " compiles)")
                            + site.detail().userFrame().filter(frame -> !frame.equals(site.site())).map(frame -> ", user frame " + frame).orElse(""))
                    .close("div");
        }
        for (CompileLog.RecompileReason reason : log.recompileReasons()) {
            html.open("div", "data-field", "recompile_reason", "data-graph", reason.graph()).element("dt", "recompile " + reason.graph())
                    .element("dd", reason.guard().strip()).close("div");
        }
        boolean caches = limits.measured(Measure.ARTIFACT_CACHE);
        // Each cache by its own measure: a 2.6 log without AOTAutograd records has no 0 to show (issue #43).
        cache(html, "fx_graph", caches && limits.measured(Measure.FX_GRAPH_CACHE) ? log.artifactCache().fxGraph() : null);
        cache(html, "aotautograd", caches && limits.measured(Measure.AOTAUTOGRAD_CACHE) ? log.artifactCache().aotAutograd() : null);
        html.close("dl");
        html.close("div").newline();
    }

    /** A list of compile ids; {@code null} when the source did not measure it. */
    private static void field(Markup html, String name, List<String> ids) {
        if (ids == null) {
            html.open("div", "data-field", name).element("dt", name.replace('_', ' '))
                    .element("dd", "n/m", "data-value", "null").close("div");
            return;
        }
        html.open("div", "data-field", name).element("dt", name.replace('_', ' '))
                .element("dd", ids.size() + (ids.isEmpty() ? "" : ": " + String.join(" ", ids)), "data-value", Integer.toString(ids.size()))
                .close("div");
    }

    private static void cache(Markup html, String name, CompileLog.CacheCounts counts) {
        if (counts == null) {
            html.open("div", "data-field", name + "_cache").element("dt", name + " cache").element("dd", "n/m").close("div");
            return;
        }
        html.open("div", "data-field", name + "_cache").element("dt", name + " cache")
                .element("dd", "hit " + counts.hit() + ", miss " + counts.miss() + ", bypass " + counts.bypass()).close("div");
    }
}
