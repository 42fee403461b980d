package dev.compilereceipt.trace;

import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One call of the measured callable: its id (unique within its run), phase, input family,
 * whole wall time and the events it went through.
 *
 * <p>Example: {@code new Call("b04", Phase.STEADY, "base", 0.3708, Optional.empty(), events)}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record Call(String id, Phase phase, String family, double wallMs, Optional<Check> check, List<Event> events) {

    public static final String DEFAULT_FAMILY = "default";

    public Call {
        events = List.copyOf(events);
    }
}
