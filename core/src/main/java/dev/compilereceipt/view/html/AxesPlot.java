package dev.compilereceipt.view.html;

import java.util.List;

/**
 * One small scatter plot as inline SVG: a point per call at (a count, milliseconds), on scales
 * that the caller shares between the runs of a phase, so the baseline's plot and the candidate's
 * beside it read alike. Counts are whole numbers on the x axis; points of the same call pattern
 * fall on one another and darken, which is the point: a steady phase that behaves is one dot.
 * Every point is a {@code <circle class="point">} with {@code data-call}, {@code data-x} and
 * {@code data-y} (the receipt's value).
 *
 * <p>Example: the fragmentation plot of print-bridge's baseline steady phase has 8 points at
 * (2 regions, about 0.04 ms of eager island).
 */
final class AxesPlot {

    static final double WIDTH = 196;
    static final double HEIGHT = 124;
    /** Room for the y axis's largest tick, up to "99999.999" in 9 px type; 34 px clipped "2781.771". */
    private static final double LEFT = 54;
    private static final double RIGHT = 8;
    private static final double TOP = 16;
    private static final double BOTTOM = 26;
    /** Room inside the frame, so that a point at the largest value is drawn whole. */
    private static final double INSET = 6;

    /** One call of the plot. */
    record Point(String call, int x, double y) {
    }

    /** The largest x and y the plots of one phase and axis share; at least 1 each, so that an empty axis still has a scale. */
    record Scale(int maxX, double maxY) {

        static Scale of(List<List<Point>> plots) {
            int x = 1;
            double y = 0;
            for (List<Point> points : plots) {
                for (Point point : points) {
                    x = Math.max(x, point.x());
                    y = Math.max(y, point.y());
                }
            }
            return new Scale(x, y > 0 ? y : 1);
        }
    }

    private AxesPlot() {
    }

    /**
     * Writes the plot: {@code kind} names it ({@code fragmentation}, {@code churn}), {@code xLabel}
     * and {@code yLabel} its axes; {@code points} empty with {@code measured} false draws the frame
     * with a "not measured" note instead.
     */
    static void write(Markup html, String kind, String run, String phase, String xLabel, String yLabel, List<Point> points,
                      Scale scale, boolean measured) {
        String label = kind + " of " + run + " " + phase + ": " + points.size() + (points.size() == 1 ? " call" : " calls")
                + ", " + xLabel + " against " + yLabel;
        html.open("svg", "class", "axes " + kind, "data-run", run, "data-phase", phase, "data-kind", kind,
                "width", Markup.px(WIDTH), "height", Markup.px(HEIGHT), "viewBox", "0 0 " + Markup.px(WIDTH) + " " + Markup.px(HEIGHT),
                "role", "img", "aria-label", label);
        html.element("title", label);
        double plotW = WIDTH - LEFT - RIGHT;
        double plotH = HEIGHT - TOP - BOTTOM;
        html.empty("rect", "class", "frame", "x", Markup.px(LEFT), "y", Markup.px(TOP), "width", Markup.px(plotW),
                "height", Markup.px(plotH));
        double innerW = plotW - 2 * INSET;
        double innerH = plotH - 2 * INSET;
        for (int tick = 0; tick <= scale.maxX(); tick += step(scale.maxX())) {
            double x = LEFT + INSET + innerW * tick / scale.maxX();
            html.element("text", Integer.toString(tick), "class", "tick", "x", Markup.px(x), "y", Markup.px(TOP + plotH + 11),
                    "text-anchor", "middle");
        }
        html.element("text", "0", "class", "tick", "x", Markup.px(LEFT - 3), "y", Markup.px(TOP + plotH - INSET + 3), "text-anchor", "end");
        html.element("text", Markup.ms(scale.maxY()), "class", "tick", "x", Markup.px(LEFT - 3), "y", Markup.px(TOP + INSET + 3),
                "text-anchor", "end");
        html.element("text", xLabel, "class", "axis-label", "x", Markup.px(LEFT + plotW / 2), "y", Markup.px(HEIGHT - 3),
                "text-anchor", "middle");
        html.element("text", yLabel, "class", "axis-label", "x", Markup.px(LEFT), "y", Markup.px(TOP - 5));
        if (!measured) {
            html.element("text", "not measured", "class", "not-measured", "x", Markup.px(LEFT + plotW / 2),
                    "y", Markup.px(TOP + plotH / 2), "text-anchor", "middle");
        } else {
            for (Point point : points) {
                double cx = LEFT + INSET + innerW * point.x() / scale.maxX();
                double cy = TOP + plotH - INSET - innerH * point.y() / scale.maxY();
                html.empty("circle", "class", "point", "data-call", point.call(), "data-x", Integer.toString(point.x()),
                        "data-y", Markup.ms(point.y()), "cx", Markup.px(cx), "cy", Markup.px(cy), "r", "3.5");
            }
        }
        html.close("svg");
    }

    /** Ticks at every count up to 6, then at about six places. */
    private static int step(int maxX) {
        return maxX <= 6 ? 1 : (maxX + 5) / 6;
    }
}
