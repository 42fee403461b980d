package dev.compilereceipt.view.html;

import dev.compilereceipt.receipt.Comparison;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.receipt.WallTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One phase's card in the HTML view: the median and p90 wall time of every run as bars on one
 * linear scale, and the baseline/candidate comparison (ratio of medians, or why the phase was not
 * compared).
 */
final class PhaseBars {

    static final double WIDTH = 320;
    private static final double LABEL_W = 108;
    private static final double BAR_W = 104;
    private static final double ROW = 20;

    private final Receipt receipt;
    private final Phase phase;

    PhaseBars(Receipt receipt, Phase phase) {
        this.receipt = receipt;
        this.phase = phase;
    }

    private record Bar(String run, String stat, Optional<Double> ms) {
    }

    void write(Markup html) {
        List<Bar> bars = new ArrayList<>();
        double max = 0;
        for (RunFigures run : receipt.runs()) {
            if (!run.hasPhases()) {
                continue;
            }
            Optional<WallTime> wall = run.phase(phase).wallMs();
            bars.add(new Bar(run.label(), "median", wall.map(WallTime::median)));
            bars.add(new Bar(run.label(), "p90", wall.map(WallTime::p90)));
            max = Math.max(max, wall.map(WallTime::p90).orElse(0.0));
            max = Math.max(max, wall.map(WallTime::median).orElse(0.0));
        }
        html.open("div", "class", "phase-card", "data-phase", phase.id());
        html.open("h3").text(phase.id());
        receipt.runs().stream().filter(RunFigures::hasPhases).findFirst().ifPresent(run ->
                html.open("span", "class", "sub").text(" · " + callCounts()).close("span"));
        html.close("h3");
        double scaleMax = max;
        double height = ROW * bars.size() + 4;
        html.open("svg", "class", "phase-bars", "data-phase", phase.id(), "width", Markup.px(WIDTH), "height", Markup.px(height),
                "viewBox", "0 0 " + Markup.px(WIDTH) + " " + Markup.px(height), "role", "img",
                "aria-label", "median and p90 wall time of phase " + phase.id());
        html.element("title", "median and p90 wall time of phase " + phase.id() + ", linear scale 0 to " + Markup.ms(max) + " ms");
        double y = 2;
        for (Bar bar : bars) {
            String value = bar.ms().map(Markup::ms).orElse("null");
            html.open("g", "class", "bar " + bar.stat(), "data-run", bar.run(), "data-phase", phase.id(), "data-stat", bar.stat());
            html.element("text", bar.run() + " " + bar.stat(), "class", "label", "x", "0", "y", Markup.px(y + 13));
            double width = bar.ms().map(ms -> scaleMax == 0 ? 0 : BAR_W * ms / scaleMax).orElse(0.0);
            html.open("rect", "class", bar.run() + " " + bar.stat(), "x", Markup.px(LABEL_W), "y", Markup.px(y + 3),
                    "width", Markup.px(Math.max(1, width)), "height", "12", "data-value", value);
            html.element("title", bar.run() + " " + bar.stat() + " wall time: " + (bar.ms().isPresent() ? value + " ms" : "not measured"));
            html.close("rect");
            html.element("text", bar.ms().isPresent() ? value + " ms" : "n/m", "class", "num", "x", Markup.px(LABEL_W + Math.max(1, width) + 4),
                    "y", Markup.px(y + 13), "data-value", value);
            html.close("g");
            y += ROW;
        }
        html.close("svg");
        comparison(html);
        html.close("div").newline();
    }

    private String callCounts() {
        List<String> counts = new ArrayList<>();
        for (RunFigures run : receipt.runs()) {
            if (run.hasPhases()) {
                int calls = run.phase(phase).calls();
                counts.add(calls + (calls == 1 ? " call" : " calls"));
            }
        }
        return String.join(" / ", counts);
    }

    private void comparison(Markup html) {
        Optional<Comparison> comparison = receipt.comparison(phase);
        if (comparison.isEmpty()) {
            html.element("p", receipt.runs().size() < 2 ? "one run: nothing to compare" : "no calls: nothing to compare",
                    "class", "comparison none", "data-phase", phase.id());
            return;
        }
        Comparison c = comparison.get();
        if (c.failure().isPresent()) {
            html.open("p", "class", "comparison failed", "data-phase", phase.id()).text("not compared: ")
                    .element("code", c.failure().get().code(), "class", "failure")
                    .text(" (baseline " + c.baselineCalls() + " calls, candidate " + c.candidateCalls() + ")").close("p");
            return;
        }
        String ratio = c.ratio().isPresent() ? Markup.ms(c.ratio().getAsDouble()) : "null";
        html.open("p", "class", "comparison", "data-phase", phase.id()).text("candidate / baseline median: ");
        html.element("strong", c.ratio().isPresent() ? "×" + ratio : "n/m", "class", "num ratio", "data-value", ratio);
        html.close("p");
    }
}
