package dev.compilereceipt.trace;

import dev.compilereceipt.Traces;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * What {@link Traces#freeze} did: the log read, the frozen log written, the records kept and
 * dropped (by kind) and the bytes before and after.
 *
 * <p>Example: {@code Traces.freeze(Path.of("run.log"), Path.of("run.frozen.log"), Optional.of(Path.of("/rt"))).summary()}
 * reads {@code kept 96 of 900 records, dropped 804 (chromium_event 683, ...); 2065537 → 34120 bytes (1.7%)}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record FrozenLog(Path log, Path frozen, long recordsKept, long recordsDropped, long bytesRead, long bytesWritten,
                        Map<String, Long> droppedByKind) {

    public FrozenLog {
        droppedByKind = Map.copyOf(droppedByKind);
    }

    /** One line: records kept and dropped, the kinds dropped most first, bytes before and after. */
    public String summary() {
        String kinds = droppedByKind.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
        return "kept " + recordsKept + " of " + (recordsKept + recordsDropped) + " records, dropped " + recordsDropped
                + (kinds.isEmpty() ? "" : " (" + kinds + ")") + "; " + bytesRead + " → " + bytesWritten + " bytes ("
                + String.format(java.util.Locale.ROOT, "%.1f%%", 100.0 * bytesWritten / Math.max(1, bytesRead)) + "), " + (bytesRead - bytesWritten) + " bytes dropped";
    }
}
