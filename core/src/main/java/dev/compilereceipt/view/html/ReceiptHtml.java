package dev.compilereceipt.view.html;

import dev.compilereceipt.view.text.StageBar;
import dev.compilereceipt.view.text.FailureText;
import dev.compilereceipt.receipt.FailureCode;
import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.Fixture;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.ReceiptLimits;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.json.CanonicalJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * A receipt as one self-contained HTML page a person reads in a browser: the fixture and its
 * environment, a call timeline per run drawn as inline SVG (compile time, compiled regions, eager
 * islands, fallbacks), the median and p90 of every phase, break sites with how often each call
 * crossed them, the guard failures behind every new variant, failure codes and the receipt's
 * declared limits. The page loads nothing: no scripts, fonts or images, only inline CSS and SVG,
 * and a content security policy that forbids the rest. Everything taken from the trace is escaped.
 * The markup is well-formed XML, every drawn call is a {@code <g class="call">} with
 * {@code data-run}, {@code data-call} and {@code data-phase}, and every number shown carries its
 * receipt value in {@code data-value}. The same trace gives the same bytes every time.
 *
 * <p>Example: {@code Files.writeString(out, ReceiptHtml.render(trace, Receipt.of(trace)));}
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ReceiptHtml {

    private final Trace trace;
    private final Receipt receipt;
    private final Markup html = new Markup();

    private ReceiptHtml(Trace trace, Receipt receipt) {
        this.trace = trace;
        this.receipt = receipt;
    }

    /** The page of {@code receipt}, which must have been computed from {@code trace}. */
    public static String render(Trace trace, Receipt receipt) {
        if (!trace.sha256().equals(receipt.traceSha256())) {
            throw new IllegalArgumentException("the receipt was computed from another trace: trace_sha256 "
                    + receipt.traceSha256() + ", the trace given has " + trace.sha256());
        }
        return new ReceiptHtml(trace, receipt).page();
    }

    private String page() {
        html.trusted("<!DOCTYPE html>\n");
        html.open("html", "xmlns", "http://www.w3.org/1999/xhtml", "lang", "en").newline();
        html.open("head").newline();
        html.empty("meta", "charset", "utf-8").newline();
        html.empty("meta", "http-equiv", "Content-Security-Policy",
                "content", "default-src 'none'; style-src 'unsafe-inline'").newline();
        html.empty("meta", "name", "generator", "content", "compile-receipt").newline();
        html.element("title", "receipt · " + receipt.fixture().name()).newline();
        html.open("style").trusted(ReportStyle.CSS).close("style").newline();
        html.close("head").newline();
        html.open("body", "data-fixture", receipt.fixture().name(), "data-trace-sha256", receipt.traceSha256(),
                "data-receipt-sha256", receipt.receiptSha256()).newline();
        header();
        timeline();
        phases();
        breakSites();
        variants();
        receipt.runs().stream().filter(run -> run.compileLog().isPresent()).findAny().ifPresent(any -> compileLogs());
        new DecisionSection(trace, receipt).write(html);
        limits();
        html.close("body").newline();
        html.close("html").newline();
        return html.toString();
    }

    private void header() {
        Fixture fixture = receipt.fixture();
        html.open("header").newline();
        html.open("h1").text("Receipt · ").open("span", "class", "fixture-name").text(fixture.name()).close("span").close("h1").newline();
        html.open("dl", "class", "fixture").newline();
        Map<String, String> fields = new LinkedHashMap<>(fixture.sortedFields());
        fixture.tolerance().ifPresent(t -> {
            List<String> parts = new ArrayList<>();
            t.atol().ifPresent(a -> parts.add("atol " + CanonicalJson.number(a)));
            t.rtol().ifPresent(r -> parts.add("rtol " + CanonicalJson.number(r)));
            fields.put("tolerance", String.join(", ", parts));
        });
        fields.put("source", trace.source().getFileName() == null ? trace.source().toString() : trace.source().getFileName().toString());
        fields.put("runs", receipt.runs().stream().map(RunFigures::label).collect(Collectors.joining(", ")));
        fields.put("trace_sha256", receipt.traceSha256());
        fields.put("receipt_sha256", receipt.receiptSha256());
        fields.forEach((key, value) -> html.open("div", "data-field", key).element("dt", key).element("dd", value).close("div").newline());
        html.close("dl").newline();
        html.open("p", "class", receipt.failures().isEmpty() ? "verdict ok" : "verdict failed", "data-failures",
                Integer.toString(receipt.failures().size()));
        html.text(receipt.failures().isEmpty() ? "No failure codes." : "Failure codes: ");
        for (int i = 0; i < receipt.failures().size(); i++) {
            html.element("code", receipt.failures().get(i).code(), "class", "failure").text(i + 1 < receipt.failures().size() ? " " : "");
        }
        html.close("p").newline();
        html.close("header").newline();
    }

    private void timeline() {
        html.open("section", "id", "timeline").newline();
        html.element("h2", "Call timeline");
        if (trace.runs().stream().allMatch(run -> run.calls().isEmpty())) {
            html.element("p", "This source has no per-call markers, so calls were not measured: there is no timeline. "
                    + "The compile log below holds what it recorded.", "class", "not-measured");
        } else {
            new CallTimeline(trace, receipt).write(html);
        }
        html.close("section").newline();
    }

    private void phases() {
        html.open("section", "id", "phases").newline();
        html.element("h2", "Wall time per phase");
        if (receipt.runs().stream().noneMatch(RunFigures::hasPhases)) {
            html.element("p", "Calls were not measured by this source: no phase figures.", "class", "not-measured");
            html.close("section").newline();
            return;
        }
        html.element("p", "Median and p90 (nearest rank) of the calls' wall time. The bars of one phase share a linear "
                + "scale across runs; each phase has its own scale.", "class", "note");
        html.open("div", "class", "phase-cards").newline();
        for (Phase phase : Phase.values()) {
            new PhaseBars(receipt, phase).write(html);
        }
        html.close("div").newline();
        html.open("div", "class", "stack").newline();
        for (RunFigures run : receipt.runs()) {
            if (run.hasPhases()) {
                phaseTable(run);
            }
        }
        html.close("div").newline();
        html.close("section").newline();
    }

    private void phaseTable(RunFigures run) {
        html.open("div", "class", "run", "data-run", run.label());
        html.element("h3", run.label());
        html.open("table", "class", "figures", "data-run", run.label());
        html.open("thead").open("tr");
        for (String head : List.of("phase", "calls", "median ms", "p90 ms", "mean ms", "total ms", "compiles", "hits",
                "fallbacks", "breaks", "eager island ms", "compile ms", "new variants")) {
            html.element("th", head);
        }
        html.close("tr").close("thead").open("tbody").newline();
        for (PhaseFigures figures : run.phases().values()) {
            html.open("tr", "data-phase", figures.phase().id());
            html.element("th", figures.phase().id());
            cell(figures.calls(), "calls");
            cell(figures.wallMs().map(w -> OptionalDouble.of(w.median())).orElse(OptionalDouble.empty()), "median");
            cell(figures.wallMs().map(w -> OptionalDouble.of(w.p90())).orElse(OptionalDouble.empty()), "p90");
            cell(figures.wallMs().map(w -> OptionalDouble.of(w.mean())).orElse(OptionalDouble.empty()), "mean");
            cell(figures.wallMs().map(w -> OptionalDouble.of(w.total())).orElse(OptionalDouble.empty()), "total");
            cell(figures.compiles(), "compiles");
            cell(figures.cacheHits(), "cache_hits");
            cell(figures.fallbacks(), "fallbacks");
            cell(figures.breaks(), "breaks");
            cell(figures.eagerIslandMs(), "eager_island_ms");
            cell(OptionalDouble.of(figures.compileMs()), "compile_ms");
            html.element("td", figures.newGraphVariants().isEmpty() ? "–"
                            : figures.newGraphVariants().stream().map(GraphId::toString).collect(Collectors.joining(" ")),
                    "class", "variants", "data-figure", "new_graph_variants");
            html.close("tr").newline();
        }
        html.close("tbody").close("table");
        html.close("div").newline();
    }

    private void cell(int count, String figure) {
        html.element("td", Integer.toString(count), "class", "num", "data-figure", figure, "data-value", Integer.toString(count));
    }

    private void cell(OptionalInt count, String figure) {
        if (count.isPresent()) {
            cell(count.getAsInt(), figure);
        } else {
            html.element("td", "n/m", "class", "num not-measured", "data-figure", figure, "data-value", "null",
                    "title", "not measured by this source");
        }
    }

    private void cell(OptionalDouble ms, String figure) {
        if (ms.isPresent()) {
            html.element("td", Markup.ms(ms.getAsDouble()), "class", "num", "data-figure", figure, "data-value", Markup.ms(ms.getAsDouble()));
        } else {
            html.element("td", "n/m", "class", "num not-measured", "data-figure", figure, "data-value", "null",
                    "title", "not measured by this source");
        }
    }

    private void breakSites() {
        html.open("section", "id", "breaks").newline();
        html.element("h2", "Graph breaks");
        html.element("p", "Each break site with the reason Dynamo gave, how many calls crossed it, the most crossings in one call "
                + "and the eager-island time spent there; the strip shows how many times each call crossed it, one cell a call.", "class", "note");
        if (!trace.measured(Measure.BREAK_SITES)) {
            html.element("p", "Break sites were not measured by this source (n/m): see the limits below for the evidence it lacked.", "class", "none");
            html.close("section").newline();
            return;
        }
        html.open("div", "class", "runs").newline();
        for (RunFigures run : receipt.runs()) {
            new BreakSiteTable(run, receipt.breakKinds(run.label()), receipt.ledger().rows(run.label()), trace.measured(Measure.BREAKS))
                    .write(html);
        }
        html.close("div").newline();
        html.close("section").newline();
    }

    private void variants() {
        html.open("section", "id", "variants").newline();
        html.element("h2", "New variants and the guards that missed");
        html.element("p", "Every compile of a call, in order, with the guards of the older variants that failed and made it "
                + "(PyTorch's recompile reasons). A first variant of a frame has no older guards.", "class", "note");
        html.open("div", "class", "runs").newline();
        for (Run run : trace.runs()) {
            new VariantList(run, receipt.run(run.label())).write(html);
        }
        html.close("div").newline();
        html.close("section").newline();
    }

    private void compileLogs() {
        html.open("section", "id", "compile-log").newline();
        // Only a TORCH_LOGS text leaves the compiles unmeasured.
        html.element("h2", receipt.limits().measured(Measure.COMPILES) ? "Compile log (TORCH_TRACE)" : "Compile log (TORCH_LOGS text)");
        html.open("div", "class", "runs").newline();
        // One scale for every compile's stage bar: the longest compile of the receipt fills it.
        double longest = StageBar.longest(receipt.runs().stream().flatMap(run -> run.compileLog().stream()).toList());
        for (RunFigures run : receipt.runs()) {
            run.compileLog().ifPresent(log -> CompileLogList.write(html, run.label(), log, receipt.limits(), longest));
        }
        html.close("div").newline();
        html.close("section").newline();
    }

    private void limits() {
        ReceiptLimits limits = receipt.limits();
        html.open("section", "id", "limits").newline();
        html.element("h2", "Failures and limits");
        html.open("dl", "class", "limits").newline();
        html.open("div", "data-field", "failures").element("dt", "failure codes").open("dd");
        if (receipt.failures().isEmpty()) {
            html.text("none");
        } else {
            html.open("ul");
            for (FailureCode failure : receipt.failures()) {
                html.open("li").element("code", failure.code(), "class", "failure", "data-failure", failure.code())
                        .text(" " + FailureText.of(failure)).close("li");
            }
            html.close("ul");
        }
        html.close("dd").close("div").newline();
        html.open("div", "data-field", "max_calls").element("dt", "calls per run at most")
                .element("dd", Integer.toString(limits.maxCalls()), "data-value", Integer.toString(limits.maxCalls())).close("div").newline();
        html.open("div", "data-field", "max_events_per_call").element("dt", "events per call at most")
                .element("dd", Integer.toString(limits.maxEventsPerCall()), "data-value", Integer.toString(limits.maxEventsPerCall()))
                .close("div").newline();
        list("not_established", "not established by one captured run", limits.notEstablished(), "none");
        list("not_measured", "not measured by this source", limits.notMeasured(), "none: every figure was measured");
        receipt.badLines().ifPresent(lines -> list("bad_lines", "log lines skipped as bad",
                lines.stream().map(String::valueOf).toList(), "none"));
        html.close("dl").newline();
        html.close("section").newline();
    }

    private void list(String field, String title, List<String> items, String whenEmpty) {
        html.open("div", "data-field", field).element("dt", title).open("dd");
        if (items.isEmpty()) {
            html.text(whenEmpty);
        } else {
            html.open("ul", "class", "inline");
            items.forEach(item -> html.element("li", item, "data-item", item));
            html.close("ul");
        }
        html.close("dd").close("div").newline();
    }
}
