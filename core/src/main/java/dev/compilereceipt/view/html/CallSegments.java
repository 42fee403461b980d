package dev.compilereceipt.view.html;

import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.GraphId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a timeline draws for one call: its compile segments (one per compile or fallback, in
 * order) and its run segments in the order they happened: regions, eager islands, fallback
 * markers, then the rest of the wall time that no event accounts for (guard checks, Python, the
 * launch). A call without events ran uncompiled: its whole wall time is one segment.
 */
record CallSegments(List<Segment> compile, List<Segment> run) {

    enum Kind {
        /** A region that reused a cached variant. */
        REGION,
        /** A region whose variant was compiled in this call. */
        NEW_REGION,
        ISLAND,
        /** Compiling gave up and the frame ran eagerly: drawn as a marker, its compile time in the compile lane. */
        FALLBACK,
        /** Compile time of a region that compiled a new variant. */
        COMPILE,
        /** Compile time spent before giving up. */
        FALLBACK_COMPILE,
        REST,
        UNCOMPILED
    }

    /** One drawn piece: its kind, milliseconds, and the graph id or break site it belongs to. */
    record Segment(Kind kind, double ms, Optional<GraphId> graph, Optional<Event.Break> breakEvent) {
        boolean isMarker() {
            return kind == Kind.FALLBACK;
        }
    }

    CallSegments {
        compile = List.copyOf(compile);
        run = List.copyOf(run);
    }

    static CallSegments of(Call call, boolean wallMeasured) {
        List<Segment> compile = new ArrayList<>();
        List<Segment> run = new ArrayList<>();
        double accounted = 0;
        for (Event event : call.events()) {
            if (event instanceof Event.Region region) {
                if (region.isCompile()) {
                    compile.add(new Segment(Kind.COMPILE, region.compileMs(), Optional.of(region.graph()), Optional.empty()));
                }
                run.add(new Segment(region.isCompile() ? Kind.NEW_REGION : Kind.REGION, region.ms(),
                        Optional.of(region.graph()), Optional.empty()));
                accounted += region.ms() + region.compileMs();
            } else if (event instanceof Event.Break island) {
                run.add(new Segment(Kind.ISLAND, island.eagerMs(), Optional.empty(), Optional.of(island)));
                accounted += island.eagerMs();
            } else if (event instanceof Event.Fallback fallback) {
                compile.add(new Segment(Kind.FALLBACK_COMPILE, fallback.compileMs(), Optional.of(fallback.graph()), Optional.empty()));
                run.add(new Segment(Kind.FALLBACK, 0, Optional.of(fallback.graph()), Optional.empty()));
                accounted += fallback.compileMs();
            }
        }
        if (wallMeasured) {
            if (call.events().isEmpty()) {
                run.add(new Segment(Kind.UNCOMPILED, call.wallMs(), Optional.empty(), Optional.empty()));
            } else if (call.wallMs() - accounted > 0) {
                run.add(new Segment(Kind.REST, call.wallMs() - accounted, Optional.empty(), Optional.empty()));
            }
        }
        return new CallSegments(compile, run);
    }

    double compileMs() {
        return compile.stream().mapToDouble(Segment::ms).sum();
    }
}
