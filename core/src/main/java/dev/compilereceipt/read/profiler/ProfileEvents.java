package dev.compilereceipt.read.profiler;

import dev.compilereceipt.json.JsonReading;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.trace.VisibleText;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Limits;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Streams the {@code traceEvents} of a torch.profiler trace and keeps the spans the receipt reads,
 * nothing else: a trace of a long run is hundreds of MB of operator spans, of which a call keeps a
 * few. Nesting and strings are bounded by the limits as Jackson reads them, the spans kept by
 * {@link #maxKept(Limits)}; every refusal names the file, the event and the limit or rule.
 */
final class ProfileEvents {

    static final String EVENTS = "traceEvents";
    /** The end of a plausible span, in microseconds: 2^51, where a double still keeps a quarter of a microsecond. */
    static final double MAX_TS = 2251799813685248.0;
    static final int SPAN_HOURS = 24;
    private static final double SPAN_US = SPAN_HOURS * 3600e6;
    private double firstTs = Double.NaN;

    private final Path file;
    private final Limits limits;
    private final Optional<String> callSpan;
    private final List<ProfileSpan> kept = new ArrayList<>();
    private final Map<String, String> threads = new HashMap<>();
    private JsonParser parser;
    private long index = -1;
    /** Where the event being read begins: a refusal of an event points at it, not at where its reading stopped. */
    private JsonLocation eventAt;

    private ProfileEvents(Path file, Limits limits, Optional<String> callSpan) {
        this.file = file;
        this.limits = limits;
        this.callSpan = callSpan;
    }

    /** The spans of {@code in} the receipt reads, in the order of the file. */
    static List<ProfileSpan> read(Path file, InputStream in, Limits limits, Optional<String> callSpan) {
        return new ProfileEvents(file, limits, callSpan).read(in);
    }

    /** The most spans one read keeps: as many JSON values as a trace within the limits may hold. */
    static long maxKept(Limits limits) {
        return limits.maxValues();
    }

    private List<ProfileSpan> read(InputStream in) {
        JsonFactory factory = JsonReading.bounded(limits.maxDepth(), limits.maxStringLength());
        try (JsonParser p = factory.createParser(in)) {
            parser = p;
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw refuse("", "a torch.profiler trace is a JSON object with \"traceEvents\"");
            }
            boolean events = false;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                JsonToken value = p.nextToken();
                if (key.equals(EVENTS)) {
                    if (value != JsonToken.START_ARRAY) {
                        throw refuse("/" + EVENTS, "\"traceEvents\" is an array of events");
                    }
                    readEvents();
                    events = true;
                } else {
                    p.skipChildren();
                }
            }
            if (!events) {
                throw refuse("", "a torch.profiler trace has \"traceEvents\"");
            }
            if (p.nextToken() != null) {
                throw refuse("", "the trace's JSON object is followed by more content");
            }
            return kept;
        } catch (StreamConstraintsException e) {
            throw refuse(place(), constraint(e.getOriginalMessage()));
        } catch (JsonProcessingException e) {
            throw refuse(place(), "not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new Refusal(file, place(), 0, 0, "cannot be read: " + e.getMessage(), e);
        }
    }

    private String constraint(String message) {
        if (message.contains("depth")) {
            return "the JSON nests deeper than " + limits.maxDepth() + " levels, over the limit (max_depth; raise it"
                    + " with Limits.withMaxDepth, the CLI's --max-depth or @TraceFixture(maxDepth = ...))";
        }
        return "a string longer than " + limits.maxStringLength() + " characters, over the limit (max_string_length;"
                + " raise it with Limits.withMaxStringLength, the CLI's --max-string-length or"
                + " @TraceFixture(maxStringLength = ...))";
    }

    private void readEvents() throws IOException {
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            index++;
            if (token != JsonToken.START_OBJECT) {
                throw refuse(place(), "an event is a JSON object");
            }
            readEvent();
        }
        index = -1;
    }

    private void readEvent() throws IOException {
        eventAt = parser.currentTokenLocation();
        String name = null;
        String ph = null;
        String pid = "";
        String tid = "";
        double ts = Double.NaN;
        double dur = Double.NaN;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            JsonToken value = parser.nextToken();
            switch (key) {
                case "name" -> name = value == JsonToken.VALUE_STRING ? parser.getText() : null;
                case "ph" -> ph = value == JsonToken.VALUE_STRING ? parser.getText() : null;
                case "pid" -> pid = scalar(value);
                case "tid" -> tid = scalar(value);
                case "ts" -> ts = number(value);
                case "dur" -> dur = number(value);
                default -> parser.skipChildren();
            }
        }
        if (!"X".equals(ph) || name == null) {
            return;
        }
        Optional<ProfileSpan.Kind> kind = ProfileSpan.kindOf(name, callSpan);
        if (kind.isEmpty()) {
            return;
        }
        if (Double.isNaN(ts) || Double.isNaN(dur) || dur < 0 || !Double.isFinite(ts + dur)) {
            throw refuseEvent("the span \"" + name + "\" has no finite \"ts\" and non-negative \"dur\" (microseconds)");
        }
        plausible(name, ts, dur);
        Optional<GraphId> graph = Optional.empty();
        if (kind.get() == ProfileSpan.Kind.REGION) {
            String id = name.substring(ProfileSpan.REGION_PREFIX.length());
            graph = GraphId.parse(id);
            if (graph.isEmpty()) {
                throw refuseEvent("the compiled region \"" + name + "\" names no graph id F/V");
            }
        }
        if (kept.size() >= maxKept(limits)) {
            throw refuseEvent("the trace holds more than " + maxKept(limits) + " spans the receipt reads (calls, compiled"
                    + " regions, guard checks, graph calls, compiles), over the limit its calls and events allow (max_calls "
                    + limits.maxCalls() + ", max_events_per_call " + limits.maxEventsPerCall() + "; raise them with"
                    + " Limits.withMaxCalls and withMaxEventsPerCall, the CLI's --max-calls and --max-events)");
        }
        String thread = threads.computeIfAbsent(pid + ":" + tid, t -> t);
        kept.add(new ProfileSpan(kind.get(), graph, thread, ts, ts + dur,
                kind.get() == ProfileSpan.Kind.CALL ? name : ""));
    }

    /**
     * A span's time as a real trace's clock holds it: {@code ts} and its end 0 or more and below
     * {@value #MAX_TS} µs (2^51: 71 years of a clock, kept to a quarter of a microsecond; a {@code ts}
     * near 1e18 keeps only 128 µs), and within {@value #SPAN_HOURS} hours of the first span the
     * receipt reads (a profile of one process covers minutes; a day is the margin).
     */
    private void plausible(String name, double ts, double dur) {
        if (ts < 0 || ts + dur >= MAX_TS) {
            throw refuseEvent("the span \"" + VisibleText.cut(name) + "\" has \"ts\" " + ts + " and \"dur\" " + dur
                    + ", outside what a trace's clock holds: ts and ts + dur are 0 or more and below 2^51 microseconds,"
                    + " where a microsecond keeps its precision");
        }
        if (Double.isNaN(firstTs)) {
            firstTs = ts;
        }
        if (Math.abs(ts - firstTs) > SPAN_US || dur > SPAN_US) {
            throw refuseEvent("the span \"" + VisibleText.cut(name) + "\" has \"ts\" " + ts + " and \"dur\" " + dur
                    + ", more than " + SPAN_HOURS + " hours from the first span the receipt reads (\"ts\" " + firstTs
                    + "): the spans of one profile lie within " + SPAN_HOURS + " hours of each other");
        }
    }

    private String scalar(JsonToken value) throws IOException {
        if (value.isScalarValue() && value.isNumeric() || value == JsonToken.VALUE_STRING) {
            return parser.getText();
        }
        parser.skipChildren();
        return "";
    }

    private double number(JsonToken value) throws IOException {
        if (value.isNumeric()) {
            return parser.getDoubleValue();
        }
        parser.skipChildren();
        return Double.NaN;
    }

    private String place() {
        return index < 0 ? "" : "/" + EVENTS + "/" + index;
    }

    private Refusal refuseEvent(String rule) {
        return new Refusal(file, place(), Math.max(0, eventAt.getLineNr()), Math.max(0, eventAt.getColumnNr()), rule);
    }

    private Refusal refuse(String pointer, String rule) {
        JsonLocation at = parser == null ? null : parser.currentTokenLocation();
        return new Refusal(file, pointer, at == null ? 0 : Math.max(0, at.getLineNr()), at == null ? 0 : Math.max(0, at.getColumnNr()), rule);
    }
}
