package dev.compilereceipt.trace;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.apiguardian.api.API;

/**
 * One call of the measured callable: its id (unique within its run), phase, input family,
 * whole wall time, the events it went through and, where the source measures it (a torch.profiler
 * trace's {@code TorchDynamo Cache Lookup} spans), the time its guard checks took.
 *
 * <p>Example: {@code new Call("b04", Phase.STEADY, "base", 0.3708, Optional.empty(), events)}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record Call(String id, Phase phase, String family, double wallMs, Optional<Check> check, List<Event> events,
                   OptionalDouble guardCheckMs) {

    public static final String DEFAULT_FAMILY = "default";

    public Call {
        events = List.copyOf(events);
    }

    /** A call of a source that does not measure guard checks. */
    public Call(String id, Phase phase, String family, double wallMs, Optional<Check> check, List<Event> events) {
        this(id, phase, family, wallMs, check, events, OptionalDouble.empty());
    }
}
