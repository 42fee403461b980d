package dev.compilereceipt.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The phase of each call of a source that cannot tell them itself (a torch.profiler trace), given by
 * the user as ranges of call indexes from 0: {@code eager=0-2,warmup=3,steady=4-83,changed=84-89}.
 * A phase may be named more than once ({@code steady=0-3,changed=4,steady=5}); ranges may not
 * overlap, and a read refuses a profile with a call in no range or a range past its last call, so
 * that no call's phase is ever guessed.
 *
 * <p>Example: {@code CallPhases.parse("warmup=0,steady=1-5").phaseOf(3)} is {@code Optional.of(Phase.STEADY)}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class CallPhases {

    /** Call indexes are at most this, as {@link Limits#maxCalls()} is an int. */
    private static final int MAX_DIGITS = 9;

    private record Range(Phase phase, int first, int last) {
    }

    private final List<Range> ranges;
    private final String text;

    private CallPhases(List<Range> ranges, String text) {
        this.ranges = List.copyOf(ranges);
        this.text = text;
    }

    /**
     * The phases written as {@code phase=first-last} or {@code phase=index}, comma-separated; an
     * {@link IllegalArgumentException} that quotes the wrong part when the text is not so.
     */
    public static CallPhases parse(String text) {
        List<Range> ranges = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            int equals = part.indexOf('=');
            if (equals < 0) {
                throw wrong(part, "is not phase=first-last");
            }
            String name = part.substring(0, equals).trim();
            Phase phase = Phase.parse(name).orElseThrow(() -> wrong(part, "names no phase (eager, warmup, steady, changed)"));
            String span = part.substring(equals + 1).trim();
            int dash = span.indexOf('-');
            int first = index(part, dash < 0 ? span : span.substring(0, dash));
            int last = dash < 0 ? first : index(part, span.substring(dash + 1));
            if (last < first) {
                throw wrong(part, "ends before it begins");
            }
            for (Range other : ranges) {
                if (first <= other.last() && other.first() <= last) {
                    throw wrong(part, "overlaps " + other.phase().id() + "=" + other.first() + "-" + other.last());
                }
            }
            ranges.add(new Range(phase, first, last));
        }
        return new CallPhases(ranges, text);
    }

    /**
     * The phases of calls whose phase is known, call by call ({@code phases.get(i)} the phase of
     * call {@code i}), as ranges: the phases a capture helper's markers give its calls.
     */
    public static CallPhases of(List<Phase> phases) {
        List<Range> ranges = new ArrayList<>();
        List<String> parts = new ArrayList<>();
        int start = 0;
        for (int i = 1; i <= phases.size(); i++) {
            if (i == phases.size() || phases.get(i) != phases.get(start)) {
                ranges.add(new Range(phases.get(start), start, i - 1));
                parts.add(phases.get(start).id() + "=" + start + (i - 1 > start ? "-" + (i - 1) : ""));
                start = i;
            }
        }
        return new CallPhases(ranges, String.join(",", parts));
    }

    private static int index(String part, String digits) {
        String d = digits.trim();
        if (d.isEmpty() || d.length() > MAX_DIGITS || !d.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw wrong(part, "has a call index that is not a number from 0: \"" + d + "\"");
        }
        return Integer.parseInt(d);
    }

    private static IllegalArgumentException wrong(String part, String rule) {
        return new IllegalArgumentException("phases \"" + part.trim() + "\" " + rule
                + "; write them like eager=0-2,warmup=3,steady=4-83,changed=84-89");
    }

    /** The phase of call {@code index} (from 0), empty where no range holds it. */
    public Optional<Phase> phaseOf(int index) {
        return ranges.stream().filter(r -> r.first() <= index && index <= r.last()).map(Range::phase).findFirst();
    }

    /**
     * Why these phases do not fit {@code calls} calls (a call in no range, a range past the last
     * call), empty when they fit.
     */
    public Optional<String> misfit(int calls) {
        for (int i = 0; i < calls; i++) {
            if (phaseOf(i).isEmpty()) {
                return Optional.of("call " + i + " of " + calls + " is in no phase of \"" + text + "\"");
            }
        }
        int last = ranges.stream().mapToInt(Range::last).max().orElse(-1);
        if (last >= calls) {
            return Optional.of("the phases \"" + text + "\" name call " + last + ", but there are " + calls
                    + " calls (0 to " + (calls - 1) + ")");
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return text;
    }
}
