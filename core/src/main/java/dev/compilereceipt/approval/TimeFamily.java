package dev.compilereceipt.approval;

import dev.compilereceipt.diff.FigurePattern;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The families of times a receipt holds, each with its own {@link Margin}: compile time and its
 * stages, cold and warm start, wall times of the phases and of the comparison's medians, eager
 * islands, and the comparison's ratios (which have no unit, so their absolute part is 0.1, not 50).
 * A figure is a time exactly where {@code compileSideOnly()} leaves it out.
 *
 * <p>Example: {@code TimeFamily.of(List.of("runs", "baseline", "phases", "warmup", "compile_ms"))} is
 * {@code Optional[COMPILE]}; {@code ...phases.warmup.compiles} is empty (a count).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public enum TimeFamily {
    COMPILE(Margin.DEFAULT),
    START(Margin.DEFAULT),
    WALL(Margin.DEFAULT),
    EAGER(Margin.DEFAULT),
    RATIO(new Margin(0.25, 0.1));

    private static final List<FigurePattern> TIMES = List.of(FigurePattern.of("**.*_ms"), FigurePattern.of("**.stages"),
            FigurePattern.of("**.ratio"));

    private final Margin margin;

    TimeFamily(Margin margin) {
        this.margin = margin;
    }

    /** The family of a figure path, empty where the figure is not a time. */
    public static Optional<TimeFamily> of(List<String> path) {
        if (TIMES.stream().noneMatch(p -> p.covers(path))) {
            return Optional.empty();
        }
        if (path.get(path.size() - 1).equals("ratio")) {
            return Optional.of(RATIO);
        }
        for (String segment : path) {
            if (segment.equals("compile_ms") || segment.equals("stages") || segment.equals("unattributed_ms")) {
                return Optional.of(COMPILE);
            }
            if (segment.startsWith("cold_") || segment.endsWith("_cold_ms") || segment.startsWith("warm_caches")) {
                return Optional.of(START);
            }
            if (segment.startsWith("eager_island") || segment.equals("eager_ms")) {
                return Optional.of(EAGER);
            }
        }
        return Optional.of(WALL);
    }

    /** The default margin of the family: {@code 25%+50} (ms), ratios {@code 25%+0.1}. */
    public Margin defaultMargin() {
        return margin;
    }

    /** {@code compile}, {@code start}, {@code wall}, {@code eager}, {@code ratio}: as properties and options name it. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The family named {@code id}; an {@link IllegalArgumentException} listing the families otherwise. */
    public static TimeFamily named(String id) {
        for (TimeFamily family : values()) {
            if (family.id().equals(id.strip().toLowerCase(Locale.ROOT))) {
                return family;
            }
        }
        throw new IllegalArgumentException("no time family \"" + id + "\": the families are compile, start, wall, eager and ratio");
    }
}
