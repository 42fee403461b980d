package dev.compilereceipt.view.html;

import dev.compilereceipt.trace.Call;
import dev.compilereceipt.ledger.CallCache;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.Trace;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The call timeline of a receipt's HTML view: per run one inline SVG with one row a call, grouped
 * by phase, the runs side by side on the same {@link TimelineScale}. Phase groups take the same
 * height in every run so that rows of the same phase line up.
 */
final class CallTimeline {

    static final double WIDTH = 650;
    private static final double ID_X = 6;
    private static final double CACHE_X = 42;
    private static final double COMPILE_X = 104;
    private static final double COMPILE_W = 170;
    private static final double RUN_X = 290;
    private static final double RUN_W = 290;
    private static final double WALL_X = 646;
    private static final double HEAD = 40;
    private static final double GROUP_HEAD = 22;
    private static final double ROW = 19;
    private static final double BAR = 12;

    private final Trace trace;
    private final Receipt receipt;
    private final TimelineScale scale;
    private final boolean wallMeasured;

    CallTimeline(Trace trace, Receipt receipt) {
        this.trace = trace;
        this.receipt = receipt;
        this.wallMeasured = trace.measured(Measure.WALL_MS);
        this.scale = TimelineScale.fitting(trace.runs(), wallMeasured, COMPILE_W, RUN_W);
    }

    TimelineScale scale() {
        return scale;
    }

    /** The legend, then one SVG per run. */
    void write(Markup html) {
        legend(html);
        html.open("div", "class", "runs").newline();
        for (Run run : trace.runs()) {
            html.open("div", "class", "run", "data-run", run.label());
            html.element("h3", run.label() + " · " + run.calls().size() + (run.calls().size() == 1 ? " call" : " calls"));
            svg(html, run);
            html.close("div").newline();
        }
        html.close("div").newline();
    }

    private void legend(Markup html) {
        html.open("div", "class", "legend").newline();
        html.open("p");
        html.text("One row a call, in the order the calls ran, grouped by phase. Left lane: compile time on a linear axis "
                + "(0 to " + Markup.ms(scale.compileMaxMs()) + " ms), one segment per variant compiled in the call. "
                + "Right lane: what ran, in order: compiled regions, the eager island at each graph break, fallback markers, "
                + "then the rest of the wall time (guard checks, Python, launches). Compile times are about a second and region "
                + "times hundredths of a millisecond, so the right lane is logarithmic: each segment is as wide as log10(1 + ms / 0.01), "
                + "so ten times longer is one step wider; read widths against the ruler below, do not add them. "
                + "Both runs use the same scales. Hover a segment for its graph id, break site and milliseconds.");
        html.close("p").newline();
        html.open("div", "class", "keys");
        key(html, "region", "compiled region (cache hit)");
        key(html, "region new", "region of a variant compiled in this call");
        key(html, "island", "eager island at a graph break");
        key(html, "compile", "compile time");
        key(html, "fallback", "fallback: compiling gave up, the frame ran eagerly");
        key(html, "rest", "rest of the wall time");
        key(html, "uncompiled", "call that ran no compiled code");
        html.close("div").newline();
        ruler(html);
        html.close("div").newline();
    }

    private static void key(Markup html, String kind, String label) {
        html.open("span", "class", "key");
        html.open("svg", "width", "22", "height", "12", "viewBox", "0 0 22 12", "aria-hidden", "true");
        if (kind.equals("fallback")) {
            marker(html, 6, 0);
        } else {
            html.empty("rect", "class", kind, "x", "0", "y", "1", "width", "22", "height", "10", "rx", "2");
        }
        html.close("svg");
        html.text(" " + label).close("span");
    }

    private void ruler(Markup html) {
        double[] marks = {0.01, 0.1, 1, 10, 100, 1000};
        double height = 16.0 * marks.length + 6;
        html.open("svg", "class", "ruler", "width", "520", "height", Markup.px(height),
                "viewBox", "0 0 520 " + Markup.px(height), "role", "img", "aria-label", "run lane ruler");
        html.element("title", "run lane ruler: the width each duration takes in the right lane");
        for (int i = 0; i < marks.length; i++) {
            double y = 4 + 16.0 * i;
            double width = scale.runWidth(marks[i]);
            html.open("g", "class", "rule", "data-value", Markup.ms(marks[i]));
            html.element("text", Markup.ms(marks[i]) + " ms", "x", "58", "y", Markup.px(y + 10), "text-anchor", "end");
            html.empty("rect", "class", "rest", "x", "64", "y", Markup.px(y), "width", Markup.px(Math.min(width, 450)), "height", "11");
            if (width > 450) {
                html.element("text", "(" + Markup.px(width) + " px)", "x", "470", "y", Markup.px(y + 10));
            }
            html.close("g");
        }
        html.close("svg").newline();
    }

    private double height() {
        double height = HEAD;
        for (Phase phase : Phase.values()) {
            height += GROUP_HEAD + ROW * rowsIn(phase);
        }
        return height + 6;
    }

    private int rowsIn(Phase phase) {
        return trace.runs().stream().mapToInt(run -> run.callsIn(phase).size()).max().orElse(0);
    }

    private void svg(Markup html, Run run) {
        double height = height();
        html.open("svg", "class", "timeline", "data-run", run.label(), "width", Markup.px(WIDTH), "height", Markup.px(height),
                "viewBox", "0 0 " + Markup.px(WIDTH) + " " + Markup.px(height), "role", "img",
                "aria-label", "call timeline of run " + run.label()).newline();
        html.element("title", "call timeline of run " + run.label());
        header(html, height);
        double y = HEAD;
        for (Phase phase : Phase.values()) {
            List<Call> calls = run.callsIn(phase);
            html.open("g", "class", "phase", "data-run", run.label(), "data-phase", phase.id(),
                    "data-calls", Integer.toString(calls.size()), "transform", "translate(0," + Markup.px(y) + ")").newline();
            html.empty("rect", "class", "phase-band", "x", "0", "y", "2", "width", Markup.px(WIDTH), "height", Markup.px(GROUP_HEAD - 4));
            html.element("text", phase.id() + " · " + (calls.isEmpty() ? "no calls" : calls.size() + (calls.size() == 1 ? " call" : " calls")),
                    "class", "phase-name", "x", Markup.px(ID_X), "y", "15");
            double rowY = GROUP_HEAD;
            for (Call call : calls) {
                row(html, run, call, rowY);
                rowY += ROW;
            }
            html.close("g").newline();
            y += GROUP_HEAD + ROW * rowsIn(phase);
        }
        html.close("svg").newline();
    }

    private void header(Markup html, double height) {
        html.open("g", "class", "axis");
        html.element("text", "call", "class", "head", "x", Markup.px(ID_X), "y", "14");
        html.element("text", "compile ms (linear)", "class", "head", "x", Markup.px(COMPILE_X), "y", "14");
        html.element("text", "what ran (log widths)", "class", "head", "x", Markup.px(RUN_X), "y", "14");
        html.element("text", "wall ms", "class", "head", "x", Markup.px(WALL_X), "y", "14", "text-anchor", "end");
        for (double tick : scale.compileTicks()) {
            double x = COMPILE_X + scale.compileWidth(tick);
            html.empty("line", "class", "grid", "x1", Markup.px(x), "x2", Markup.px(x), "y1", "30", "y2", Markup.px(height - 4));
            html.element("text", Markup.ms(tick), "class", "tick", "x", Markup.px(x), "y", "28", "text-anchor", "middle",
                    "data-value", Markup.ms(tick));
        }
        html.close("g").newline();
    }

    private void row(Markup html, Run run, Call call, double y) {
        Optional<LedgerRow> ledgerRow = receipt.ledger().row(run.label(), call.id());
        String cache = ledgerRow.flatMap(LedgerRow::cache).map(CallCache::id).orElse("n/m");
        // Only a source that measured cache outcomes can say that nothing compiled ran: a marked
        // TORCH_TRACE log records compiles, not hits, so a call without events there is unknown, not eager.
        boolean finding = call.phase().isCompiled() && call.events().isEmpty() && trace.measured(Measure.CACHE_HITS);
        OptionalDouble wall = ledgerRow.map(LedgerRow::wallMs).orElse(OptionalDouble.empty());
        html.open("g", "class", "call" + (finding ? " finding" : ""), "data-run", run.label(), "data-call", call.id(),
                "data-phase", call.phase().id(), "data-family", call.family(), "data-cache", cache,
                "transform", "translate(0," + Markup.px(y) + ")");
        html.element("title", call.id() + " · " + call.phase().id() + " · family " + call.family() + " · " + cache
                + " · wall " + (wall.isPresent() ? Markup.ms(wall.getAsDouble()) + " ms" : "not measured")
                + (finding ? " · no compiled code ran in a compiled phase" : ""));
        html.empty("rect", "class", "row-band", "x", "0", "y", "0", "width", Markup.px(WIDTH), "height", Markup.px(ROW));
        double mid = (ROW - BAR) / 2;
        html.element("text", call.id(), "class", "id", "x", Markup.px(ID_X), "y", Markup.px(mid + 10));
        html.element("text", cache, "class", "cache " + cache + (finding ? " finding" : ""), "x", Markup.px(CACHE_X), "y", Markup.px(mid + 10));
        CallSegments segments = CallSegments.of(call, wallMeasured);
        compileLane(html, segments, ledgerRow, mid);
        runLane(html, segments, mid);
        html.element("text", wall.isPresent() ? Markup.ms(wall.getAsDouble()) : "n/m", "class", "num wall",
                "x", Markup.px(WALL_X), "y", Markup.px(mid + 10), "text-anchor", "end",
                "data-value", wall.isPresent() ? Markup.ms(wall.getAsDouble()) : "null");
        html.close("g").newline();
    }

    private void compileLane(Markup html, CallSegments segments, Optional<LedgerRow> ledgerRow, double y) {
        if (segments.compile().isEmpty()) {
            return;
        }
        double x = COMPILE_X;
        for (CallSegments.Segment segment : segments.compile()) {
            double width = Math.max(TimelineScale.MIN_PX, scale.compileWidth(segment.ms()));
            String graph = segment.graph().map(GraphId::toString).orElse("");
            boolean fallback = segment.kind() == CallSegments.Kind.FALLBACK_COMPILE;
            html.open("rect", "class", fallback ? "fallback" : "compile", "data-graph", graph, "data-value", Markup.ms(segment.ms()),
                    "x", Markup.px(x), "y", Markup.px(y), "width", Markup.px(width), "height", Markup.px(BAR));
            html.element("title", (fallback ? "fallback " + graph + ": gave up after " : "compiled " + graph + ": ")
                    + Markup.ms(segment.ms()) + " ms");
            html.close("rect");
            x += width + TimelineScale.GAP_PX;
        }
        double compileMs = ledgerRow.map(LedgerRow::compileMs).orElse(segments.compileMs());
        boolean inside = x - COMPILE_X > 60;
        html.element("text", Markup.ms(compileMs), "class", "num compile-ms" + (inside ? " inside" : ""),
                "x", Markup.px(inside ? x - 4 : x + 3), "y", Markup.px(y + 10), "text-anchor", inside ? "end" : "start",
                "data-value", Markup.ms(compileMs));
    }

    private void runLane(Markup html, CallSegments segments, double y) {
        double x = RUN_X;
        boolean regionMeasured = trace.measured(Measure.REGION_MS);
        boolean islandMeasured = trace.measured(Measure.EAGER_ISLAND_MS);
        for (CallSegments.Segment segment : segments.run()) {
            String graph = segment.graph().map(GraphId::toString).orElse("");
            switch (segment.kind()) {
                case FALLBACK -> {
                    html.open("g", "class", "fallback-marker", "data-graph", graph);
                    html.element("title", "fallback " + graph + ": compiling gave up, the frame ran eagerly");
                    marker(html, x, y);
                    html.close("g");
                    x += TimelineScale.MARKER_PX;
                }
                case REGION, NEW_REGION -> {
                    String value = regionMeasured ? Markup.ms(segment.ms()) : "null";
                    double width = regionMeasured ? scale.runWidth(segment.ms()) : 6;
                    html.open("rect", "class", segment.kind() == CallSegments.Kind.NEW_REGION ? "region new" : "region",
                            "data-graph", graph, "data-value", value,
                            "x", Markup.px(x), "y", Markup.px(y), "width", Markup.px(width), "height", Markup.px(BAR));
                    html.element("title", "region " + graph + (segment.kind() == CallSegments.Kind.NEW_REGION ? " (compiled in this call)" : " (cache hit)")
                            + ": " + (regionMeasured ? value + " ms" : "time not measured"));
                    html.close("rect");
                    x += width;
                }
                case ISLAND -> {
                    Event.Break island = segment.breakEvent().orElseThrow();
                    String value = islandMeasured ? Markup.ms(segment.ms()) : "null";
                    double width = islandMeasured ? scale.runWidth(segment.ms()) : 6;
                    html.open("rect", "class", "island", "data-site", island.site(), "data-value", value,
                            "x", Markup.px(x), "y", Markup.px(y), "width", Markup.px(width), "height", Markup.px(BAR));
                    html.element("title", "eager island at " + island.site() + ": " + (islandMeasured ? value + " ms" : "time not measured")
                            + " · " + island.reason());
                    html.close("rect");
                    x += width;
                }
                default -> {
                    boolean uncompiled = segment.kind() == CallSegments.Kind.UNCOMPILED;
                    double width = scale.runWidth(segment.ms());
                    html.open("rect", "class", uncompiled ? "uncompiled" : "rest", "data-value", Markup.ms(segment.ms()),
                            "x", Markup.px(x), "y", Markup.px(y), "width", Markup.px(width), "height", Markup.px(BAR));
                    html.element("title", (uncompiled ? "ran uncompiled: " : "rest of the wall time (guards, Python, launches): ")
                            + Markup.ms(segment.ms()) + " ms");
                    html.close("rect");
                    x += width;
                }
            }
            x += TimelineScale.GAP_PX;
        }
    }

    /** A red cross in a circle: where compiling gave up. */
    private static void marker(Markup html, double x, double y) {
        double cx = x + 4;
        double cy = y + 6;
        html.empty("circle", "class", "fallback", "cx", Markup.px(cx), "cy", Markup.px(cy), "r", "4.5");
        html.empty("path", "class", "cross", "d", String.format(Locale.ROOT, "M%.2f %.2fL%.2f %.2fM%.2f %.2fL%.2f %.2f",
                cx - 2.2, cy - 2.2, cx + 2.2, cy + 2.2, cx - 2.2, cy + 2.2, cx + 2.2, cy - 2.2));
    }
}
