package dev.compilereceipt.internal.json;

import org.apiguardian.api.API;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.core.io.NumberOutput;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * RFC 8785 (JSON Canonicalization Scheme) output of a JSON tree, and the SHA-256 of it.
 *
 * <p>Object keys are sorted by UTF-16 code units, strings escape only what JSON requires, and
 * every number is written as ECMAScript writes an IEEE double, so the bytes depend on nothing of
 * the JVM, locale or platform. Example: {@code CanonicalJson.write(tree)} of
 * <code>{"b": 1.50, "a": [1e21]}</code> is <code>{"a":[1e+21],"b":1.5}</code>.
 */
@API(status = API.Status.INTERNAL)
public final class CanonicalJson {

    private CanonicalJson() {
    }

    public static String write(JsonNode node) {
        StringBuilder out = new StringBuilder(1024);
        append(node, out);
        return out.toString();
    }

    public static byte[] bytes(JsonNode node) {
        return write(node).getBytes(StandardCharsets.UTF_8);
    }

    public static String sha256(JsonNode node) {
        return sha256(bytes(node));
    }

    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    private static void append(JsonNode node, StringBuilder out) {
        switch (node.getNodeType()) {
            case OBJECT -> appendObject(node, out);
            case ARRAY -> {
                out.append('[');
                for (int i = 0; i < node.size(); i++) {
                    if (i > 0) {
                        out.append(',');
                    }
                    append(node.get(i), out);
                }
                out.append(']');
            }
            case STRING -> appendString(node.textValue(), out);
            case NUMBER -> out.append(number(node.doubleValue()));
            case BOOLEAN -> out.append(node.booleanValue());
            case NULL -> out.append("null");
            default -> throw new IllegalArgumentException("not a JSON value: " + node.getNodeType());
        }
    }

    private static void appendObject(JsonNode node, StringBuilder out) {
        List<Map.Entry<String, JsonNode>> entries = new ArrayList<>(node.properties());
        // String.compareTo compares UTF-16 code units, which is the order RFC 8785 asks for.
        entries.sort(Map.Entry.comparingByKey());
        out.append('{');
        boolean first = true;
        for (Map.Entry<String, JsonNode> entry : entries) {
            if (!first) {
                out.append(',');
            }
            first = false;
            appendString(entry.getKey(), out);
            out.append(':');
            append(entry.getValue(), out);
        }
        out.append('}');
    }

    static void appendString(String text, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    /** ECMAScript's Number.prototype.toString for a finite double (RFC 8785 section 3.2.2.3). */
    public static String number(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("JSON has no NaN or infinite numbers: " + value);
        }
        if (value == 0) {
            return "0";
        }
        if (value < 0) {
            return "-" + number(-value);
        }
        // Schubfach gives the shortest decimal that reads back as the same double.
        BigDecimal shortest = new BigDecimal(NumberOutput.toString(value, true)).stripTrailingZeros();
        // Java's formatters keep two digits for some subnormals (4.9E-324); ECMAScript wants the fewest.
        while (shortest.precision() > 1) {
            BigDecimal shorter = shortest.round(new java.math.MathContext(shortest.precision() - 1, java.math.RoundingMode.HALF_EVEN));
            if (shorter.doubleValue() != value) {
                break;
            }
            shortest = shorter.stripTrailingZeros();
        }
        String digits = shortest.unscaledValue().toString();
        int k = digits.length();
        int n = k - shortest.scale();
        StringBuilder out = new StringBuilder(k + 8);
        if (k <= n && n <= 21) {
            out.append(digits).append("0".repeat(n - k));
        } else if (0 < n && n <= 21) {
            out.append(digits, 0, n).append('.').append(digits, n, k);
        } else if (-6 < n && n <= 0) {
            out.append("0.").append("0".repeat(-n)).append(digits);
        } else {
            int exponent = n - 1;
            out.append(digits.charAt(0));
            if (k > 1) {
                out.append('.').append(digits, 1, k);
            }
            out.append('e').append(exponent < 0 ? '-' : '+').append(Math.abs(exponent));
        }
        return out.toString();
    }
}
