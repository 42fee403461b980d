package dev.compilereceipt.approval;

import dev.compilereceipt.diff.FigureGroup;
import dev.compilereceipt.diff.FigurePattern;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import org.apiguardian.api.API;

/**
 * One figure an approval judged: where it is, its approved and received values (canonical JSON,
 * empty where absent), which way it moved, and for a time the band it was held to and the factor
 * received / approved. {@link #fails()} says whether it fails the check; {@link #toApprove()} is the
 * value to write in the approved receipt to make it pass (the received one).
 *
 * <p>Example: a compile time 2000 → 6000 against the band 1450..2550 is
 * {@code runs.baseline.phases.warmup.compile_ms: 2000 → 6000 is ×3.00, above the band
 * 1450..2550 (2000 ± 25%+50); approve 6000}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public record Finding(List<String> path, Optional<String> approved, Optional<String> received, Direction direction,
                      Optional<Band> band, OptionalDouble factor, boolean fails) {

    /** Which way a figure moved. */
    public enum Direction {
        /** Worse: more breaks, recompiles, variants or fallbacks, fewer cache hits, a slower time. */
        REGRESSION,
        /** Better: fewer breaks, ..., more cache hits, a faster time. */
        IMPROVEMENT,
        /** Moved, with no better side (a call count, a guard's words, a figure that appeared). */
        CHANGE;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The band a time was held to: {@code low..high}, and what it was made from ({@code 2781.771 ± 25%+50}). */
    public record Band(double low, double high, String from) {
        public String text() {
            return Margin.number(low) + ".." + Margin.number(high) + " (" + from + ")";
        }
    }

    public Finding {
        path = List.copyOf(path);
    }

    /** The figure's path as the diff writes it: {@code runs.baseline.break_sites[scenarios.py:31].calls}. */
    public String figure() {
        return FigurePattern.text(path);
    }

    /** The group the diff lists it under: variants first, then fallbacks, breaks, ..., times. */
    public FigureGroup group() {
        return FigureGroup.of(path);
    }

    /** The value to approve: the received one, {@code (absent)} where the figure went away. */
    public String toApprove() {
        return received.orElse("(absent)");
    }

    /** One line: the figure, both values, and for a time its factor, band and the value to approve. */
    public String text(boolean ratchet) {
        String moved = figure() + ": " + shown(approved) + " → " + shown(received);
        if (band.isPresent()) {
            return moved + (factor.isPresent() ? " is ×" + String.format(Locale.ROOT, "%.2f", factor.getAsDouble()) : " is up from 0")
                    + (direction == Direction.REGRESSION ? ", above the band " : ", below the band ")
                    + band.get().text() + "; approve " + toApprove();
        }
        return switch (direction) {
            case IMPROVEMENT -> moved + (fails ? " improved: approve it so it stays improved" : " improved");
            case REGRESSION -> moved + " (regression)";
            case CHANGE -> moved;
        };
    }

    private static String shown(Optional<String> value) {
        return value.map(text -> text.length() > 120 ? text.substring(0, 117) + "..." : text).orElse("(absent)");
    }
}
