package dev.compilereceipt.read.compiletrace;

import com.fasterxml.jackson.databind.JsonNode;
import dev.compilereceipt.trace.Decision;
import dev.compilereceipt.json.CanonicalJson;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The optional top-level {@code decision} of a {@code compile-trace/1} file: known keys only,
 * {@code intervention} required, every text a string that is not {@linkplain #blank blank} (no longer than the trace's
 * string limit, which the parser enforces), {@code worker_lifetime_calls} a JSON integer from 1 to
 * {@link Decision#MAX_WORKER_LIFETIME_CALLS}.
 */
final class DecisionReader {

    static final String AT = "/decision";
    private static final Set<String> KEYS = Set.of("intervention", "rollback_trigger", "warmup_policy", "owner",
            "worker_lifetime_calls");

    private final TraceFields rules;

    DecisionReader(TraceFields rules) {
        this.rules = rules;
    }

    Decision decision(JsonNode node) {
        rules.object(node, AT, KEYS);
        String intervention = text(rules.required(node, AT, "intervention"), "intervention");
        return new Decision(intervention, optionalText(node, "rollback_trigger"), optionalText(node, "warmup_policy"),
                optionalText(node, "owner"), lifetime(node));
    }

    private Optional<String> optionalText(JsonNode node, String key) {
        return node.has(key) ? Optional.of(text(node.get(key), key)) : Optional.empty();
    }

    private String text(JsonNode node, String key) {
        String text = rules.text(node, AT + "/" + key);
        if (blank(text)) {
            throw rules.refuse(AT + "/" + key, "decision." + key + " must not be empty or blank");
        }
        return text;
    }

    /**
     * Blank in Unicode's sense: nothing but white space, including the no-break and ideographic
     * spaces ({@code U+00A0}, {@code U+2007}, {@code U+202F}) that {@link String#isBlank()} lets
     * through, so a trigger of {@code U+00A0 U+3000} says no more than one of spaces.
     */
    static boolean blank(String text) {
        return text.codePoints().allMatch(c -> Character.isWhitespace(c) || Character.isSpaceChar(c));
    }

    private OptionalLong lifetime(JsonNode node) {
        if (!node.has("worker_lifetime_calls")) {
            return OptionalLong.empty();
        }
        JsonNode value = node.get("worker_lifetime_calls");
        String at = AT + "/worker_lifetime_calls";
        // 5e4, 50000.0 and integers beyond a long are numbers the parser reads as doubles.
        if (!value.isIntegralNumber()) {
            throw rules.refuse(at, "worker_lifetime_calls must be an integer from 1 to 10^15 written without a fraction or an"
                    + " exponent (a count of calls, such as 50000), found " + (value.isNumber()
                    ? "a number read as " + CanonicalJson.number(value.doubleValue())
                    : value.getNodeType().name().toLowerCase(java.util.Locale.ROOT)));
        }
        if (!value.canConvertToLong() || value.longValue() < 1 || value.longValue() > Decision.MAX_WORKER_LIFETIME_CALLS) {
            throw rules.refuse(at, "worker_lifetime_calls must be at least 1 and at most " + Decision.MAX_WORKER_LIFETIME_CALLS
                    + " (10^15, the largest count a JSON number holds exactly here), found " + value.asText());
        }
        return OptionalLong.of(value.longValue());
    }
}
