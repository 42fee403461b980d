package dev.compilereceipt.view.html;

import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.Run;
import java.util.List;

/**
 * The two scales of a call timeline, shared by every run so that baseline and candidate compare
 * by eye. Compile time (about a second a variant) gets its own lane on a linear axis from 0 to a
 * round maximum. Run time (regions and eager islands, hundredths of a millisecond to a few
 * milliseconds) is drawn as segments in the order they happened, each as wide as
 * {@code unitPx * log10(1 + ms / 0.01)}: a segment ten times longer is one unit wider, so a 0.01 ms
 * region and a 4 ms island are both visible. Widths are read against the legend's ruler, not summed.
 */
record TimelineScale(double compileMaxMs, double compileLanePx, double unitPx, double runLanePx) {

    /** The time at which a run segment is one unit wide: log10(1 + 1). */
    static final double UNIT_MS = 0.01;
    /** Room a fallback marker takes in the run lane. */
    static final double MARKER_PX = 9;
    /** Gap between two run segments. */
    static final double GAP_PX = 1;
    /** The thinnest a segment is drawn, so a 0 ms event is still seen. */
    static final double MIN_PX = 2;
    private static final double MAX_UNIT_PX = 64;

    /** Scales that fit the longest row of any run into the lanes. */
    static TimelineScale fitting(List<Run> runs, boolean wallMeasured, double compileLanePx, double runLanePx) {
        double compileMax = 0;
        double unitPx = MAX_UNIT_PX;
        for (Run run : runs) {
            for (Call call : run.calls()) {
                CallSegments segments = CallSegments.of(call, wallMeasured);
                compileMax = Math.max(compileMax, segments.compileMs());
                double units = 0;
                double fixed = Math.max(0, segments.run().size() - 1) * GAP_PX;
                for (CallSegments.Segment segment : segments.run()) {
                    if (segment.isMarker()) {
                        fixed += MARKER_PX;
                    } else {
                        units += units(segment.ms());
                        fixed += MIN_PX;
                    }
                }
                if (units > 0) {
                    unitPx = Math.min(unitPx, Math.max(1, (runLanePx - fixed) / units));
                }
            }
        }
        return new TimelineScale(roundUp(compileMax), compileLanePx, unitPx, runLanePx);
    }

    static double units(double ms) {
        return Math.log10(1 + Math.max(0, ms) / UNIT_MS);
    }

    /** Width of a run segment of {@code ms}: logarithmic, never thinner than {@link #MIN_PX}. */
    double runWidth(double ms) {
        return MIN_PX + unitPx * units(ms);
    }

    /** Width of compile time on the linear compile axis. */
    double compileWidth(double ms) {
        return compileMaxMs == 0 ? 0 : compileLanePx * Math.max(0, ms) / compileMaxMs;
    }

    /** Ticks of the compile axis: 0, the maximum and the round steps between. */
    List<Double> compileTicks() {
        if (compileMaxMs == 0) {
            return List.of(0.0);
        }
        double power = Math.pow(10, Math.floor(Math.log10(compileMaxMs) + 1e-9));
        double leading = Math.round(compileMaxMs / power * 10) / 10.0;
        int divisions = leading == 2 || leading == 4 ? 4 : leading == 3 ? 3 : 5;
        java.util.ArrayList<Double> ticks = new java.util.ArrayList<>();
        for (int i = 0; i <= divisions; i++) {
            ticks.add(compileMaxMs * i / divisions);
        }
        return List.copyOf(ticks);
    }

    /** The smallest of 1, 2, 2.5, 5 times a power of ten that is at least {@code ms}. */
    static double roundUp(double ms) {
        if (ms <= 0) {
            return 0;
        }
        double power = Math.pow(10, Math.floor(Math.log10(ms)));
        for (double step : new double[] {1, 2, 2.5, 3, 4, 5, 10}) {
            if (step * power >= ms - 1e-9) {
                return step * power;
            }
        }
        return 10 * power;
    }
}
