package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.read.UnicodeText;
import dev.compilereceipt.trace.CodeFrame;
import dev.compilereceipt.trace.CompileStages;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.read.Interner;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The fields of a {@code compilation_metrics} record this project reads: whether a variant was
 * made, the cache size before the compile, the failure, the restart reasons (graph breaks), the
 * compile time in milliseconds split by stage ({@link CompileStageFields}) and the compiled code
 * object's name, file and first line.
 *
 * <p>Example: {@code metrics.madeVariant()} is true for {@code "has_guarded_code": true}, or, in
 * older logs without that field, for {@code "fail_type": null}.
 */
record CompileMetrics(
        Optional<Boolean> hasGuardedCode,
        OptionalLong cacheSize,
        Optional<String> failType,
        Optional<String> failReason,
        List<String> restartReasons,
        OptionalDouble compileMs,
        CompileStages stages,
        Optional<String> coName,
        Optional<String> coFilename,
        OptionalInt coFirstLineNo) {

    CompileMetrics {
        restartReasons = List.copyOf(restartReasons);
    }

    /** The code object compiled, where the metrics name it and its file. */
    Optional<CodeFrame> frame() {
        return coName.isPresent() && coFilename.isPresent()
                ? Optional.of(new CodeFrame(coName.get(), coFilename.get(), coFirstLineNo)) : Optional.empty();
    }

    boolean madeVariant() {
        return hasGuardedCode.orElse(failType.isEmpty());
    }

    /** The metrics and, where the record carries it, its own {@code compile_id}. */
    record Reading(CompileMetrics metrics, String compileId) {
    }

    /** The fields {@link #read} takes; a frozen log keeps these of each {@code compilation_metrics} and drops the rest. */
    static final java.util.Set<String> FIELDS = union(java.util.Set.of("has_guarded_code", "cache_size", "fail_type",
            "fail_reason", "restart_reasons", "co_name", "co_filename", "co_firstlineno", "compile_id"), CompileStageFields.ALL);

    /** The fields of {@link #FIELDS} read as one scalar: a container there is not stepped over (the record is then bad). */
    static final java.util.Set<String> SCALARS = java.util.Set.of("has_guarded_code", "cache_size",
            CompileStageFields.ENTIRE_FRAME_S, CompileStageFields.ENTIRE_FRAME_US);

    private static java.util.Set<String> union(java.util.Set<String> a, java.util.Set<String> b) {
        java.util.Set<String> out = new java.util.HashSet<>(a);
        out.addAll(b);
        return java.util.Set.copyOf(out);
    }

    /** Reads the object the parser stands at the start of, skipping every other field. */
    static Reading read(JsonParser parser, Interner pool) throws IOException {
        Boolean guarded = null;
        OptionalLong cacheSize = OptionalLong.empty();
        String failType = null;
        String failReason = null;
        List<String> restarts = List.of();
        CompileStageFields times = new CompileStageFields();
        String coName = null;
        String coFilename = null;
        OptionalInt coFirstLineNo = OptionalInt.empty();
        String compileId = null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            JsonToken value = parser.nextToken();
            switch (key) {
                case "has_guarded_code" -> guarded = value.isBoolean() ? parser.getBooleanValue() : null;
                case "cache_size" -> cacheSize = value == JsonToken.VALUE_NUMBER_INT
                        ? OptionalLong.of(parser.getLongValue()) : OptionalLong.empty();
                case "fail_type" -> failType = text(parser, value, pool);
                case "fail_reason" -> failReason = text(parser, value, null);
                case "restart_reasons" -> restarts = strings(parser, value, pool);
                case "co_name" -> coName = text(parser, value, pool);
                case "co_filename" -> coFilename = text(parser, value, pool);
                case "co_firstlineno" -> coFirstLineNo = firstLine(parser, value);
                case "compile_id" -> compileId = text(parser, value, null);
                default -> {
                    if (SCALARS.contains(key)) {
                        // As before stages were read: a container here is not stepped over, the record is bad.
                        times.put(key, decimal(parser, value));
                    } else if (CompileStageFields.ALL.contains(key) && (value.isNumeric() || value == JsonToken.VALUE_NULL)) {
                        times.put(key, value.isNumeric() ? decimal(parser, value) : null);
                    } else {
                        parser.skipChildren();
                    }
                }
            }
        }
        OptionalDouble ms = times.compileMs();
        if (ms.isPresent() && !(ms.getAsDouble() >= 0 && ms.getAsDouble() <= Limits.MAX_MS)) {
            // Not a time (negative, or past 1e12 ms, where sums overflow): the record is a bad one.
            throw new JsonParseException(parser, "a compile time must be between 0 and 1e12 ms, found " + ms.getAsDouble());
        }
        return new Reading(new CompileMetrics(Optional.ofNullable(guarded), cacheSize, Optional.ofNullable(failType),
                Optional.ofNullable(failReason), restarts, ms, times.stages(), Optional.ofNullable(coName),
                Optional.ofNullable(coFilename), coFirstLineNo),
                compileId);
    }

    /** A line number, as {@code co_firstlineno} is one; anything else (a container is stepped over) names no line. */
    private static OptionalInt firstLine(JsonParser parser, JsonToken value) throws IOException {
        if (value != JsonToken.VALUE_NUMBER_INT) {
            parser.skipChildren();
            return OptionalInt.empty();
        }
        return parser.getNumberType() == JsonParser.NumberType.INT && parser.getIntValue() >= 0
                ? OptionalInt.of(parser.getIntValue()) : OptionalInt.empty();
    }

    /** A number as an exact decimal; one BigDecimal cannot hold (an exponent past 2^31) makes the record bad. */
    private static BigDecimal decimal(JsonParser parser, JsonToken value) throws IOException {
        if (!value.isNumeric()) {
            return null;
        }
        BigDecimal decimal;
        try {
            decimal = parser.getDecimalValue();
        } catch (NumberFormatException tooLarge) {
            throw new JsonParseException(parser, "not a number a compile time can be: " + tooLarge.getMessage());
        }
        // Moving the point of 1e2147483647 overflows its scale, and of 1e800000 expands a million digits: a
        // value of 10^30 or more is no time (the bound is 1e12 ms), one under 10^-400 is 0 as a double anyway.
        int exponent = decimal.precision() - decimal.scale() - 1;
        if (decimal.signum() != 0 && exponent >= 30) {
            throw new JsonParseException(parser, "a compile time must be between 0 and 1e12 ms, found " + decimal);
        }
        return decimal.signum() != 0 && exponent < -400 ? BigDecimal.ZERO : decimal;
    }

    private static String text(JsonParser parser, JsonToken value, Interner pool) throws IOException {
        if (value != JsonToken.VALUE_STRING) {
            parser.skipChildren();
            return null;
        }
        String text = UnicodeText.text(parser);
        return pool == null ? text : pool.intern(text);
    }

    private static List<String> strings(JsonParser parser, JsonToken value, Interner pool) throws IOException {
        if (value != JsonToken.START_ARRAY) {
            parser.skipChildren();
            return List.of();
        }
        List<String> out = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            if (parser.currentToken() == JsonToken.VALUE_STRING) {
                out.add(pool.intern(UnicodeText.text(parser)));
            } else {
                parser.skipChildren();
            }
        }
        return out;
    }
}
