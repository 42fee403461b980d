package dev.compilereceipt.diff;

import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A figure whose meaning a receipt format changed, and how: it became a bound where the source only
 * bounds it ({@code 1 → {"at_least": 1}}), became not measured where the source does not measure it
 * ({@code 0 → null}), is written in a new normal form, or is a hash of what this version reads. Each
 * kind knows the value it produces, so a difference is laid to the format only where the newer side
 * holds that kind of value: {@code wall_ms: 3.1 → 2.9} stays a time that moved.
 *
 * <p>Example: {@code MeaningChange.bound("runs.*.break_sites[*].calls").sentence("`" + site + "`", "1", "approved", "0.2")} is
 * {@code compile-receipt 0.2 knows this source only bounds `runs.baseline.break_sites[scenarios.py:31].calls`:
 * the approved 1 was never measured}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public record MeaningChange(String path, Kind kind) {

    /** What a format made of the figure. */
    public enum Kind {
        /** A number or list the source only bounds: {@code {"at_least": n}} (and {@code known}). */
        BOUND,
        /** A figure the source does not measure: {@code null}. */
        NOT_MEASURED,
        /** A text in one normal form on every source (a guard without 2.6's padding). */
        NORMAL_FORM,
        /** A hash of the trace as this version reads it. */
        REHASHED
    }

    public MeaningChange {
        FigurePattern.of(path);
    }

    public static MeaningChange bound(String path) {
        return new MeaningChange(path, Kind.BOUND);
    }

    public static MeaningChange notMeasured(String path) {
        return new MeaningChange(path, Kind.NOT_MEASURED);
    }

    public static MeaningChange normalForm(String path) {
        return new MeaningChange(path, Kind.NORMAL_FORM);
    }

    public static MeaningChange rehashed(String path) {
        return new MeaningChange(path, Kind.REHASHED);
    }

    /** Whether this change explains {@code difference}, {@code newer} being the value of the newer format's side. */
    boolean explains(ReceiptDifference difference, Optional<String> older, Optional<String> newer) {
        if (older.isEmpty() || newer.isEmpty() || !FigurePattern.of(path).covers(difference.path())) {
            return false;
        }
        String value = newer.get();
        return switch (kind) {
            case BOUND -> value.startsWith("{\"at_least\":") || value.startsWith("{\"at_most\":");
            case NOT_MEASURED -> value.equals("null");
            case NORMAL_FORM -> older.get().startsWith("\"") && value.startsWith("\"")
                    && older.get().substring(0, older.get().length() - 1).stripTrailing().equals(value.substring(0, value.length() - 1));
            case REHASHED -> true;
        };
    }

    /**
     * The sentence that says what happened to {@code figure} (its path in backticks, and how many more
     * figures like it), whose older value is
     * {@code olderValue} on the side named {@code olderSide}, in the release {@code release}.
     */
    public String sentence(String figure, String olderValue, String olderSide, String release) {
        String at = "compile-receipt " + release;
        return switch (kind) {
            case BOUND -> at + " knows this source only bounds " + figure + ": the " + olderSide + " " + olderValue
                    + (olderValue.startsWith("[") ? " listed only what it saw" : " was never measured");
            case NOT_MEASURED -> at + " knows this source does not measure " + figure + ": the " + olderSide + " "
                    + olderValue + " was never measured";
            case NORMAL_FORM -> at + " writes " + figure + " in one normal form on every source: the " + olderSide + " "
                    + olderValue + " is the earlier spelling of the same text";
            case REHASHED -> at + " hashes the trace as it reads it now (" + figure + "): the " + olderSide + " "
                    + olderValue + " is the hash of an earlier reading";
        };
    }
}
