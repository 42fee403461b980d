package dev.compilereceipt.trace;

import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * What {@link dev.compilereceipt.Traces#freeze} did: the log read, the frozen log written, the records kept and
 * dropped (by kind, for the first {@value #NAMED_KINDS} kinds met; the records of later kinds are
 * only counted) and the bytes before and after.
 *
 * <p>Example: {@code Traces.freeze(Path.of("run.log"), Path.of("run.frozen.log"), Optional.of(Path.of("/rt"))).summary()}
 * reads {@code kept 96 of 900 records, dropped 804 (chromium_event 683, ...); 2065537 → 34120 bytes (1.7%)}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record FrozenLog(Path log, Path frozen, long recordsKept, long recordsDropped, long bytesRead, long bytesWritten,
                        Map<String, Long> droppedByKind, long droppedOfOtherKinds) {

    /** At most this many kinds of dropped records are named: a log of a million distinct kinds is counted, not listed. */
    public static final int NAMED_KINDS = 64;
    /** A kind is named by at most this many characters of it. */
    public static final int KIND_NAME_CHARS = 100;

    public FrozenLog {
        droppedByKind = Map.copyOf(droppedByKind);
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
