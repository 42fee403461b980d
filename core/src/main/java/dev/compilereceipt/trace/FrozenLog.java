package dev.compilereceipt.trace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * What {@link dev.compilereceipt.Traces#freeze} did: the log read, the frozen log written, the records kept and
 * dropped (by kind, for the first {@value #NAMED_KINDS} kinds met; the records of later kinds are
 * only counted), the bytes before and after, and what it kept of the cache keys ({@link Keys}).
 *
 * <p>Example: {@code Traces.freeze(Path.of("run.log"), Path.of("run.frozen.log"), Optional.of(Path.of("/rt"))).summary()}
 * reads {@code kept 96 of 900 records, dropped 804 (chromium_event 683, ...); 2065537 → 34120 bytes (1.7%)}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record FrozenLog(Path log, Path frozen, long recordsKept, long recordsDropped, long bytesRead, long bytesWritten,
                        Map<String, Long> droppedByKind, long droppedOfOtherKinds, Keys keys) {

    /** At most this many kinds of dropped records are named: a log of a million distinct kinds is counted, not listed. */
    public static final int NAMED_KINDS = 64;
    /** A kind is named by at most this many characters of it. */
    public static final int KIND_NAME_CHARS = 100;

    public FrozenLog {
        droppedByKind = Map.copyOf(droppedByKind);
        java.util.Objects.requireNonNull(keys, "keys");
    }

    /** A frozen log of no cache keys, as 0.2 described every one. */
    public FrozenLog(Path log, Path frozen, long recordsKept, long recordsDropped, long bytesRead, long bytesWritten,
                     Map<String, Long> droppedByKind, long droppedOfOtherKinds) {
        this(log, frozen, recordsKept, recordsDropped, bytesRead, bytesWritten, droppedByKind, droppedOfOtherKinds, Keys.NONE);
    }

    /**
     * What a freeze kept of the cache keys ({@link CacheKey}) it met: the keys, their components, the characters of each
     * component's hash kept ({@code hashChars}; the rest dropped), the values the reader keeps cut to
     * {@value CacheKey#VALUE_CHARS} characters ({@code valuesCut}; the text past the cut dropped), and the hits whose
     * components were dropped ({@code hits}; their keys kept). Every other key keeps its whole key, outcome and every
     * component's name, and each value as the reader keeps it.
     *
     * <p>Example: the cold log of a 2.14 pair keeps {@code new Keys(2, 658, 8, 4, 0)}.
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.3")
    public record Keys(long keys, long components, int hashChars, long valuesCut, long hits) {
        /** No cache key met. */
        public static final Keys NONE = new Keys(0, 0, 0, 0, 0);

        /**
         * One line of what was kept and dropped, or "" where no key was met: {@code cache keys: kept 2 keys with 658
         * components (name, value as read: ...; hash cut to 8 characters); dropped each hash past 8 characters and the
         * text of 4 values past 200 characters}, and {@code , the components of 1 hit (its key kept)} where a hit listed some.
         */
        public String summary() {
            if (keys == 0) {
                return "";
            }
            List<String> dropped = new ArrayList<>();
            if (components > 0) {
                dropped.add("each hash past " + hashChars + " characters");
            }
            if (valuesCut > 0) {
                dropped.add("the text of " + valuesCut + (valuesCut == 1 ? " value" : " values") + " past " + CacheKey.VALUE_CHARS
                        + " characters");
            }
            if (hits > 0) {
                dropped.add("the components of " + hits + (hits == 1 ? " hit (its key kept)" : " hits (their keys kept)"));
            }
            String kept = "cache keys: kept " + keys + (keys == 1 ? " key" : " keys") + " with " + components + " components"
                    + (components == 0 ? "" : " (name, value as read: one line of at most " + CacheKey.VALUE_CHARS
                    + " characters, addresses masked; hash cut to " + hashChars + " characters)");
            return kept + (dropped.isEmpty() ? "" : "; dropped " + joined(dropped));
        }

        private static String joined(List<String> parts) {
            return parts.size() == 1 ? parts.get(0)
                    : String.join(", ", parts.subList(0, parts.size() - 1)) + " and " + parts.get(parts.size() - 1);
        }
    }

    /** A kind as it is named here: cut to {@value #KIND_NAME_CHARS} characters, with "…" where it was cut. */
    public static String kindName(String kind) {
        return kind.length() <= KIND_NAME_CHARS ? kind : kind.substring(0, KIND_NAME_CHARS) + "…";
    }

    /**
     * One line: records kept and dropped, the kinds dropped most first (at most
     * {@value VisibleText#SHOWN_ITEMS}, their control characters escaped), bytes before and after.
     */
    public String summary() {
        var shown = droppedByKind.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(VisibleText.SHOWN_ITEMS).toList();
        long unshown = droppedOfOtherKinds + droppedByKind.entrySet().stream()
                .filter(kind -> !shown.contains(kind)).mapToLong(Map.Entry::getValue).sum();
        String kinds = shown.stream().map(e -> VisibleText.of(e.getKey()) + " " + e.getValue()).collect(Collectors.joining(", "))
                + (unshown == 0 ? "" : " and " + unshown + " more records of other kinds");
        return "kept " + recordsKept + " of " + (recordsKept + recordsDropped) + " records, dropped " + recordsDropped
                + (shown.isEmpty() ? "" : " (" + kinds + ")") + "; " + bytesRead + " → " + bytesWritten + " bytes ("
                + String.format(java.util.Locale.ROOT, "%.1f%%", 100.0 * bytesWritten / Math.max(1, bytesRead)) + "), " + (bytesRead - bytesWritten) + " bytes dropped";
    }
}
