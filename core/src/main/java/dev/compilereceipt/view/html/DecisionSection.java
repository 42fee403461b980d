package dev.compilereceipt.view.html;

import dev.compilereceipt.view.text.ColdStartText;
import dev.compilereceipt.view.text.TradeText;
import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.Decision;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.receipt.Trade;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The report's "Decision" section: the trace's decision record, the trade in words and figures
 * ({@link TradeText}), and the two axes kept apart, as two small plots per run and compiled phase,
 * baseline and candidate side by side: fragmentation (regions per call against eager-island ms:
 * a call split by breaks) and churn (new variants per call against compile ms: a call that
 * compiled). A plot of one phase and axis shares its scale between the runs.
 */
final class DecisionSection {

    static final String CSS = """
            dl.decision div, dl.trade-figures div { display: grid; grid-template-columns: minmax(0, 320px) minmax(0, 1fr); gap: 12px; margin: 2px 0; }
            dl.decision dt, dl.trade-figures dt { color: var(--muted); }
            dl.decision dd, dl.trade-figures dd { margin: 0; overflow-wrap: anywhere; }
            dl.decision dd { font-weight: 600; }
            p.trade { font-size: 14px; font-weight: 600; margin: 10px 0 6px; max-width: 1100px; }
            p.trade.never { color: #9b1c1c; }
            table.axes { border-collapse: collapse; margin-top: 8px; display: block; max-width: 100%; overflow-x: auto; }
            table.axes th { font-weight: 600; text-align: center; padding: 2px 6px; }
            table.axes th.phase { text-align: right; color: var(--muted); }
            table.axes td { padding: 2px 6px; }
            table.axes tr.axis-names th { border-bottom: 1px solid var(--line); }
            svg.axes rect.frame { fill: var(--band); stroke: var(--line); }
            svg.axes text { font-size: 9px; fill: var(--muted); }
            svg.axes text.axis-label { fill: var(--ink); }
            svg.axes.fragmentation circle.point { fill: var(--island); fill-opacity: 0.55; stroke: #8a4a0e; stroke-width: 0.6; }
            svg.axes.churn circle.point { fill: var(--compile); fill-opacity: 0.55; stroke: #4e2f7a; stroke-width: 0.6; }
            """;

    private static final String FRAGMENTATION = "fragmentation";
    private static final String CHURN = "churn";

    private final Trace trace;
    private final Receipt receipt;

    DecisionSection(Trace trace, Receipt receipt) {
        this.trace = trace;
        this.receipt = receipt;
    }

    void write(Markup html) {
        html.open("section", "id", "decision").newline();
        html.element("h2", "Decision");
        html.element("p", "What was chosen and how it is undone, as the trace records it; what the candidate costs cold against "
                + "what it saves per steady call; and the two axes apart: fragmentation (regions per call against eager-island "
                + "ms) and churn (new variants per call against compile ms), one point a call.", "class", "note");
        record(html);
        trade(html);
        for (RunFigures run : receipt.runs()) {
            html.element("p", "cold start, run " + run.label() + ": " + ColdStartText.of(run.coldStart()), "class", "cold-start",
                    "data-run", run.label(), "data-warm-caches-ms", run.coldStart().warmCachesMs().isPresent()
                            ? Markup.ms(run.coldStart().warmCachesMs().getAsDouble()) : "null");
            // Why the warm start missed, one paragraph per reason (docs/cache-keys.md).
            run.coldStart().keyChanges().ifPresent(changes -> dev.compilereceipt.trace.KeyComparison.lines(changes).forEach(line ->
                    html.element("p", "why, run " + run.label() + ": " + line, "class", "cold-start-why", "data-run", run.label())));
        }
        axes(html);
        html.close("section").newline();
    }

    private void record(Markup html) {
        Optional<Decision> decision = receipt.decision();
        if (decision.isEmpty()) {
            html.element("p", "This trace records no decision (a compile-trace/1 file may carry one: intervention, rollback_trigger, "
                    + "warmup_policy, owner, worker_lifetime_calls; TORCH_TRACE logs and TORCH_LOGS text have none).",
                    "class", "decision none");
            return;
        }
        Decision d = decision.get();
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("intervention", d.intervention());
        d.rollbackTrigger().ifPresent(v -> fields.put("rollback_trigger", v));
        d.warmupPolicy().ifPresent(v -> fields.put("warmup_policy", v));
        d.owner().ifPresent(v -> fields.put("owner", v));
        d.workerLifetimeCalls().ifPresent(v -> fields.put("worker_lifetime_calls", TradeText.count(v) + " calls"));
        // The record also names what it rests on; the evidence itself is in the sections above.
        List<String> families = receipt.ledger().rows().stream().map(LedgerRow::family).distinct().toList();
        if (!families.isEmpty()) {
            fields.put("call_families", String.join(", ", families));
        }
        fields.put("not_established", String.join("; ", receipt.limits().notEstablished()));
        html.open("dl", "class", "decision").newline();
        fields.forEach((key, value) -> html.open("div", "data-field", key).element("dt", key.replace('_', ' '))
                .element("dd", value).close("div").newline());
        html.close("dl").newline();
    }

    private void trade(Markup html) {
        Optional<Trade> found = receipt.trade();
        if (found.isEmpty()) {
            html.element("p", "No trade: " + absence() + ".", "class", "trade none");
            return;
        }
        Trade trade = found.get();
        String breakEven = trade.breakEvenCalls().isPresent() ? Long.toString(trade.breakEvenCalls().getAsLong()) : "null";
        html.element("p", TradeText.of(trade), "class", trade.breakEvenCalls().isPresent() ? "trade" : "trade never",
                "data-break-even-calls", breakEven);
        html.open("dl", "class", "trade-figures").newline();
        figure(html, "cold_ms", "cold ms (warmup wall total)", Markup.ms(trade.baselineColdMs()) + " → " + Markup.ms(trade.candidateColdMs()),
                Markup.ms(trade.baselineColdMs()) + " " + Markup.ms(trade.candidateColdMs()));
        figure(html, "extra_cold_ms", "extra cold ms (candidate − baseline)", Markup.ms(trade.extraColdMs()), Markup.ms(trade.extraColdMs()));
        figure(html, "steady_saving_ms", "steady saving ms (baseline − candidate median)", Markup.ms(trade.steadySavingMs()),
                Markup.ms(trade.steadySavingMs()));
        figure(html, "break_even_calls", "break-even calls", trade.breakEvenCalls().isPresent()
                ? TradeText.count(trade.breakEvenCalls().getAsLong()) : "none: " + trade.breakEvenReason().orElseThrow().id(), breakEven);
        trade.workerLifetime().ifPresent(lifetime -> {
            figure(html, "worker_cost_ms", "cost of a worker, ms (" + TradeText.count(lifetime.calls()) + " calls)",
                    Markup.ms(lifetime.baselineCostMs()) + " → " + Markup.ms(lifetime.candidateCostMs()),
                    Markup.ms(lifetime.baselineCostMs()) + " " + Markup.ms(lifetime.candidateCostMs()));
            figure(html, "cheaper_over_worker_lifetime", "cheaper over a worker's lifetime", lifetime.cheaper(), lifetime.cheaper());
        });
        String warm = trade.warmCaches().map(w -> TradeText.warm(w, trade.steadySavingMs())).orElse("n/m (no warm start of both runs)");
        figure(html, "warm_caches", "a worker that starts with warm caches", warm, trade.warmCaches()
                .map(w -> w.breakEvenCalls().isPresent() ? Long.toString(w.breakEvenCalls().getAsLong()) : "null").orElse("null"));
        html.close("dl").newline();
    }

    private static void figure(Markup html, String key, String title, String shown, String value) {
        html.open("div", "data-field", key).element("dt", title).element("dd", shown, "data-value", value).close("div").newline();
    }

    private String absence() {
        if (!receipt.hasRun(Run.BASELINE) || !receipt.hasRun(Run.CANDIDATE)) {
            return "one run only, nothing to trade against";
        }
        if (!receipt.run(Run.BASELINE).hasPhases() || !trace.measured(Measure.WALL_MS)) {
            return "wall times per call were not measured by this source";
        }
        if (receipt.comparison(Phase.STEADY).map(c -> !c.compared()).orElse(true)) {
            return "the steady phase was not compared (no steady calls, or unequal counts)";
        }
        return "the warmup phases hold different numbers of calls";
    }

    private void axes(Markup html) {
        List<RunFigures> runs = receipt.runs().stream().filter(RunFigures::hasPhases).toList();
        if (runs.isEmpty()) {
            html.element("p", "Calls were not measured by this source: no per-call axes.", "class", "not-measured");
            return;
        }
        html.open("table", "class", "axes").newline();
        html.open("thead").open("tr", "class", "axis-kinds").element("th", "");
        html.element("th", "fragmentation: regions per call × eager-island ms", "colspan", Integer.toString(runs.size()));
        html.element("th", "churn: new variants per call × compile ms", "colspan", Integer.toString(runs.size()));
        html.close("tr").newline().open("tr", "class", "axis-names").element("th", "");
        for (int kind = 0; kind < 2; kind++) {
            runs.forEach(run -> html.element("th", run.label()));
        }
        html.close("tr").close("thead").newline().open("tbody").newline();
        boolean eagerMeasured = trace.measured(Measure.EAGER_ISLAND_MS);
        for (Phase phase : Phase.values()) {
            if (!phase.isCompiled() || runs.stream().allMatch(run -> run.phase(phase).calls() == 0)) {
                continue;
            }
            List<List<AxesPlot.Point>> fragmentation = new ArrayList<>();
            List<List<AxesPlot.Point>> churn = new ArrayList<>();
            for (RunFigures run : runs) {
                fragmentation.add(points(run.label(), phase, true));
                churn.add(points(run.label(), phase, false));
            }
            AxesPlot.Scale fragmentationScale = AxesPlot.Scale.of(fragmentation);
            AxesPlot.Scale churnScale = AxesPlot.Scale.of(churn);
            html.open("tr", "data-phase", phase.id()).element("th", phase.id(), "class", "phase");
            for (int i = 0; i < runs.size(); i++) {
                html.open("td");
                AxesPlot.write(html, FRAGMENTATION, runs.get(i).label(), phase.id(), "regions per call", "eager-island ms",
                        fragmentation.get(i), fragmentationScale, eagerMeasured);
                html.close("td");
            }
            for (int i = 0; i < runs.size(); i++) {
                html.open("td");
                AxesPlot.write(html, CHURN, runs.get(i).label(), phase.id(), "new variants per call", "compile ms",
                        churn.get(i), churnScale, true);
                html.close("td");
            }
            html.close("tr").newline();
        }
        html.close("tbody").close("table").newline();
    }

    /** The calls of a phase as the receipt's ledger has them; counts of regions and compiles from the trace's events. */
    private List<AxesPlot.Point> points(String run, Phase phase, boolean fragmentation) {
        Map<String, Call> calls = new LinkedHashMap<>();
        trace.run(run).ifPresent(r -> r.callsIn(phase).forEach(call -> calls.put(call.id(), call)));
        List<AxesPlot.Point> points = new ArrayList<>();
        for (LedgerRow row : receipt.ledger().rows(run, phase)) {
            List<Event> events = Optional.ofNullable(calls.get(row.call())).map(Call::events).orElse(List.of());
            if (fragmentation) {
                int regions = (int) events.stream().filter(e -> e instanceof Event.Region).count();
                points.add(new AxesPlot.Point(row.call(), regions, row.eagerIslandMs().orElse(0)));
            } else {
                int compiles = (int) events.stream().filter(e -> e instanceof Event.Region region && region.isCompile()).count();
                points.add(new AxesPlot.Point(row.call(), compiles, row.compileMs()));
            }
        }
        return points;
    }
}
