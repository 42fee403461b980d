package dev.compilereceipt.json;

import org.apiguardian.api.API;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.core.io.NumberOutput;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Iterator;
import java.util.HexFormat;

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

    /** Below this a double is an integer exactly when it is one decimal integer, written as {@link Long#toString}. */
    static final double EXACT_INTEGERS = 0x1p53;

    /**
     * Below this a value that is a whole number of ten-thousandths (every millisecond figure) has at most 15
     * significant digits, so that decimal is the only one of 15 digits or fewer that reads back as the value:
     * it is the shortest, and ECMAScript writes it plainly.
     */
    private static final double FOUR_DECIMALS_BELOW = 1e11;

    /** A receipt's JSON grows to some 100 KB: one builder per thread spares its growth and copies on every write. */
    private static final int KEPT_CAPACITY = 1 << 22;

    private static final ThreadLocal<StringBuilder> BUILDER = ThreadLocal.withInitial(() -> new StringBuilder(1 << 16));

    private static final ThreadLocal<MessageDigest> SHA_256 = ThreadLocal.withInitial(CanonicalJson::newSha256);

    private CanonicalJson() {
    }

    public static String write(JsonNode node) {
        StringBuilder out = BUILDER.get();
        out.setLength(0);
        try {
            append(node, out);
            return out.toString();
        } finally {
            if (out.capacity() > KEPT_CAPACITY) {
                BUILDER.remove();
            }
        }
    }

    public static byte[] bytes(JsonNode node) {
        return write(node).getBytes(StandardCharsets.UTF_8);
    }

    public static String sha256(JsonNode node) {
        return sha256(bytes(node));
    }

    public static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(SHA_256.get().digest(bytes));
    }

    /** Writes a tree value by value; numbers as doubles, as {@link #write(JsonNode)} writes them. */
    public static void write(JsonNode node, JsonOutput out) {
        switch (node.getNodeType()) {
            case OBJECT -> {
                out.startObject();
                for (java.util.Map.Entry<String, JsonNode> member : node.properties()) {
                    out.key(member.getKey());
                    write(member.getValue(), out);
                }
                out.endObject();
            }
            case ARRAY -> {
                out.startArray();
                for (int i = 0; i < node.size(); i++) {
                    write(node.get(i), out);
                }
                out.endArray();
            }
            case STRING -> out.value(node.textValue());
            case NUMBER -> out.value(node.doubleValue());
            case BOOLEAN -> out.value(node.booleanValue());
            case NULL -> out.nullValue();
            default -> throw new IllegalArgumentException("not a JSON value: " + node.getNodeType());
        }
    }

    private static MessageDigest newSha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
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
        String[] keys = new String[node.size()];
        Iterator<String> names = node.fieldNames();
        for (int i = 0; i < keys.length; i++) {
            keys[i] = names.next();
        }
        // String.compareTo compares UTF-16 code units, which is the order RFC 8785 asks for.
        Arrays.sort(keys);
        out.append('{');
        for (int i = 0; i < keys.length; i++) {
            if (i > 0) {
                out.append(',');
            }
            appendString(keys[i], out);
            out.append(':');
            append(node.get(keys[i]), out);
        }
        out.append('}');
    }

    static void appendString(String text, StringBuilder out) {
        out.append('"');
        int plain = 0;
        while (plain < text.length() && isPlain(text.charAt(plain))) {
            plain++;
        }
        if (plain == text.length()) {
            out.append(text).append('"');
            return;
        }
        out.append(text, 0, plain);
        for (int i = plain; i < text.length(); i++) {
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

    private static boolean isPlain(char c) {
        return c >= 0x20 && c != '"' && c != '\\';
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
        if (value < EXACT_INTEGERS && value == Math.rint(value)) {
            // Below 2^53 every integer is a double, so its shortest decimal is its own digits.
            return Long.toString((long) value);
        }
        if (value >= 1e-4 && value < FOUR_DECIMALS_BELOW) {
            double tenThousandths = Math.rint(value * 1e4);
            if (tenThousandths / 1e4 == value) {
                return fourDecimals((long) tenThousandths);
            }
        }
        if (value >= Double.MIN_NORMAL) {
            return ecmaScript(NumberOutput.toString(value, true));
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
        return ecmaScript(digits, digits.length() - shortest.scale());
    }

    /** {@code v / 10^4} as a plain decimal without trailing zeros, for {@code 1 <= v < 10^15}. */
    private static String fourDecimals(long tenThousandths) {
        String digits = Long.toString(tenThousandths);
        int point = digits.length() - 4;
        int end = digits.length();
        while (digits.charAt(end - 1) == '0') {
            end--;
        }
        if (point > 0) {
            return end <= point ? digits.substring(0, point) : digits.substring(0, point) + "." + digits.substring(point, end);
        }
        return "0." + "0".repeat(-point) + digits.substring(0, end);
    }

    /**
     * A normal double's Schubfach form ({@code 2155.343}, {@code 1.0E-7}) in ECMAScript's: for a
     * normal double that form is already the shortest decimal that reads back (it has two digits
     * only where one is {@code d.0}), so only its digits and exponent are taken from it.
     */
    private static String ecmaScript(String schubfach) {
        int e = schubfach.indexOf('E');
        if (e < 0 && schubfach.charAt(schubfach.length() - 1) != '0') {
            // Between 10^-3 and 10^7 Schubfach writes the plain decimal, which is what ECMAScript writes there.
            return schubfach;
        }
        int end = e < 0 ? schubfach.length() : e;
        int exponent = e < 0 ? 0 : Integer.parseInt(schubfach, e + 1, schubfach.length(), 10);
        int point = schubfach.indexOf('.');
        StringBuilder digits = new StringBuilder(end);
        digits.append(schubfach, 0, point).append(schubfach, point + 1, end);
        // value = digits * 10^(exponent - fraction digits)
        int scale = (end - point - 1) - exponent;
        int first = 0;
        while (first < digits.length() - 1 && digits.charAt(first) == '0') {
            first++;
        }
        int last = digits.length();
        while (last > first + 1 && digits.charAt(last - 1) == '0') {
            last--;
            scale--;
        }
        String significant = digits.substring(first, last);
        return ecmaScript(significant, significant.length() - scale);
    }

    /** ECMAScript's layout of the shortest digits {@code d1...dk} of a value {@code 0.d1...dk * 10^n}. */
    private static String ecmaScript(String digits, int n) {
        int k = digits.length();
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
