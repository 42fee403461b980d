package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.json.JsonReading;
import dev.compilereceipt.read.UnicodeText;
import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.read.PassedLimit;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.VisibleText;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A {@code compile_receipt_call} marker a capture writes around each call:
 * <code>{"run": "baseline", "id": "b04", "phase": "steady", "family": "base", "edge": "start"}</code>
 * before it and <code>{"run": "baseline", "id": "b04", "phase": "steady", "edge": "end", "wall_ms": 0.3708}</code>
 * after it. Keys other than these are ignored.
 */
record CallMarker(String run, String id, Optional<String> phase, Optional<String> family, String edge,
                  OptionalDouble wallMs) {

    static final String ARTIFACT = "compile_receipt_call";

    boolean isStart() {
        return edge.equals("start");
    }

    /** Parses a marker payload; a payload that breaks the marker's form is refused with the rule. */
    static CallMarker parse(byte[] payload, Limits limits, MarkerRule refuse) {
        String run = null;
        String id = null;
        String phase = null;
        String family = null;
        String edge = null;
        OptionalDouble wallMs = OptionalDouble.empty();
        // Bounded as every text a log keeps: a 10 MB label is refused at the string limit, not read into the heap.
        try (JsonParser parser = JsonReading.bounded(limits.maxDepth(), limits.maxStringLength()).createParser(payload)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw refuse.broken("a compile_receipt_call payload must be a JSON object");
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String key = parser.currentName();
                JsonToken value = parser.nextToken();
                if (key.equals("wall_ms")) {
                    if (!value.isNumeric() || !Double.isFinite(parser.getDoubleValue()) || parser.getDoubleValue() < 0) {
                        throw refuse.broken("wall_ms of a compile_receipt_call marker must be a finite number ≥ 0");
                    }
                    wallMs = OptionalDouble.of(parser.getDoubleValue());
                    continue;
                }
                String text = value == JsonToken.VALUE_STRING ? parser.getText() : null;
                if (text != null && UnicodeText.loneSurrogate(text) >= 0) {
                    throw refuse.broken("a compile_receipt_call marker's " + key + ": " + UnicodeText.loneSurrogateRule(text));
                }
                switch (key) {
                    case "run" -> run = text;
                    case "id" -> id = text;
                    case "phase" -> phase = text;
                    case "family" -> family = text;
                    case "edge" -> edge = text;
                    default -> parser.skipChildren();
                }
            }
        } catch (StreamConstraintsException e) {
            throw refuse.broken(PassedLimit.over("a compile_receipt_call marker holds a string longer than "
                    + limits.maxStringLength() + " characters", limits.maxStringLength(), "max_string_length",
                    "withMaxStringLength").getMessage());
        } catch (IOException e) {
            throw refuse.broken("a compile_receipt_call payload must be valid JSON: " + e.getMessage().lines().findFirst().orElse(""));
        }
        if (run == null || id == null || id.isEmpty() || edge == null) {
            throw refuse.broken("a compile_receipt_call marker needs the strings \"run\", \"id\" and \"edge\"");
        }
        if (!edge.equals("start") && !edge.equals("end")) {
            throw refuse.broken("edge of a compile_receipt_call marker must be \"start\" or \"end\", found \"" + VisibleText.cut(edge) + "\"");
        }
        if (!run.equals(Run.BASELINE) && !run.equals(Run.CANDIDATE)) {
            throw refuse.broken("run of a compile_receipt_call marker must be \"baseline\" or \"candidate\", found \"" + VisibleText.cut(run) + "\"");
        }
        if (edge.equals("start") && (phase == null || Phase.parse(phase).isEmpty())) {
            throw refuse.broken("a start marker needs phase eager, warmup, steady or changed, found "
                    + (phase == null ? "none" : "\"" + VisibleText.cut(phase) + "\""));
        }
        return new CallMarker(run, id, Optional.ofNullable(phase), Optional.ofNullable(family), edge, wallMs);
    }

    /** Builds the refusal for a broken marker at the place being read. */
    interface MarkerRule {
        Refusal broken(String rule);
    }
}
