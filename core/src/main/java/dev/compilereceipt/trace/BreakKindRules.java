package dev.compilereceipt.trace;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The rules behind {@link BreakKind}: a break with a graph-break id the shipped table knows
 * ({@code break-kinds.tsv}, derived from PyTorch's registry by {@code capture/derive-break-kinds.py})
 * takes the table's kind; the generic ids ({@code by-operand}: a builtin operator, a skipped
 * function) take the kind of what was called, read from the explanation. A break without an id
 * (2.7 and older) takes the kind of its message's template in {@code break-messages.tsv}, derived
 * from 2.6's own source by {@code capture/derive-break-messages.py} ({@link BreakMessageTable}),
 * the generic templates taking the kind of the function their operands name; a message no
 * template matches is matched on its free text, the first matching pattern winning.
 */
final class BreakKindRules {

    private static final String TABLE = "/dev/compilereceipt/break-kinds.tsv";
    static final String BY_OPERAND = "by-operand";
    private static final String UNSUPPORTED = "Unsupported: ";

    /** What a 2.6 message's operands name: the function called, and for a skipped function its file. */
    private static final Pattern USER_INSERTED_OPERAND = Pattern.compile(
            "^(graph_break|disable)\\b|torch/_dynamo/decorators\\.py|torch/compiler/");
    private static final Pattern SIDE_EFFECT_CALL = Pattern.compile(
            "^(print|input|open|breakpoint|warn)\\b|\\blogging\\b|[Ll]ogger|warnings");

    /** What a generic id's explanation names: {@code builtin operator `print`}, {@code the function `info`}. */
    private static final Pattern SIDE_EFFECT_OPERAND = Pattern.compile(
            "`(print|input|open|breakpoint|warn)`|logging|[Ll]ogger|warnings\\.py");

    private static final List<Rule> FREE_TEXT = List.of(
            new Rule(BreakKind.USER_INSERTED, "skip function graph_break in file|torch\\._dynamo\\.graph_break|User-inserted graph break"
                    + "|torch\\.compiler\\.disable|torch\\._dynamo\\.disable"),
            new Rule(BreakKind.DEVICE_SYNC, "Tensor\\.item|Tensor\\.tolist|\\.item\\(\\)|tolist\\(\\)|[Dd]ata[ -]dependent"
                    + "|[Dd]ynamic shape operator|generic_jump"),
            new Rule(BreakKind.DATA_COPY, "Tensor\\.numpy|numpy|ndarray"),
            new Rule(BreakKind.PYTHON_SIDE_EFFECT, "builtin: print|builtin operator `print`|[Ll]ogging|[Ll]ogger|STORE_GLOBAL"),
            new Rule(BreakKind.UNSUPPORTED_CALL, "skip function|call_function|call_method|builtin: |marked as skipped"
                    + "|not supported|does not support|does not know how to trace|[Uu]nsupported (call|method|function)"));

    /**
     * The shipped table of graph-break ids, read from the jar when a break with an id is first classified:
     * a log of 2.7 or older has no ids, and reading the table was some 7 % of a small audit's start-up (#48).
     */
    private static final class Kinds {
        static final Map<String, String> BY_ID = load();

        private Kinds() {
        }
    }

    private BreakKindRules() {
    }

    /**
     * The causes already worked out: a reader decides the kind of every break it reads, once, and a
     * log repeats the same few breaks thousands of times, while the patterns cost microseconds a
     * break. Bounded: emptied when full, since a run has few distinct breaks.
     */
    private static final Map<Key, BreakKind> CAUSES = new ConcurrentHashMap<>();

    private static final int KEPT_CAUSES = 4096;
    /** The longest reason and explanation, together, whose cause is kept: real ones are a few hundred characters. */
    private static final int KEPT_TEXT = 4096;

    /** Its equals and hashCode by hand: a record's own bootstrap (ObjectMethods) was a start-up cost (#48). */
    private record Key(String reason, Optional<String> gbId, Optional<String> explanation) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Key k && reason.equals(k.reason) && gbId.equals(k.gbId) && explanation.equals(k.explanation);
        }

        @Override
        public int hashCode() {
            return (31 * reason.hashCode() + gbId.hashCode()) * 31 + explanation.hashCode();
        }
    }

    static BreakKind cause(String reason, BreakDetail detail) {
        if (reason.length() + detail.explanation().map(String::length).orElse(0) > KEPT_TEXT) {
            return causeByTheRules(reason, detail);     // a static cache must not keep a hostile trace's long texts alive
        }
        Key key = new Key(reason, detail.gbId(), detail.explanation());
        BreakKind known = CAUSES.get(key);
        if (known != null) {
            return known;
        }
        BreakKind cause = causeByTheRules(reason, detail);
        if (CAUSES.size() >= KEPT_CAUSES) {
            CAUSES.clear();
        }
        CAUSES.put(key, cause);
        return cause;
    }

    private static BreakKind causeByTheRules(String reason, BreakDetail detail) {
        String explanation = detail.explanation().orElse("");
        String tabled = detail.gbId().isPresent() ? Kinds.BY_ID.get(detail.gbId().get()) : null;
        if (BY_OPERAND.equals(tabled)) {
            return SIDE_EFFECT_OPERAND.matcher(explanation).find() ? BreakKind.PYTHON_SIDE_EFFECT : BreakKind.UNSUPPORTED_CALL;
        }
        if (tabled != null) {
            return BreakKind.ofLabel(tabled).orElseThrow();
        }
        if (detail.gbId().isEmpty()) {
            Optional<BreakMessageTable.Match> message = BreakMessageTable.match(
                    reason.startsWith(UNSUPPORTED) ? reason.substring(UNSUPPORTED.length()) : reason);
            if (message.isPresent()) {
                return kindOf(message.get());
            }
        }
        String text = reason + "\n" + explanation;
        for (Rule rule : FREE_TEXT) {
            if (rule.pattern.matcher(text).find()) {
                return rule.kind;
            }
        }
        return BreakKind.UNKNOWN;
    }

    private static BreakKind kindOf(BreakMessageTable.Match message) {
        if (!BY_OPERAND.equals(message.kind())) {
            return BreakKind.ofLabel(message.kind()).orElseThrow();
        }
        String operands = String.join(" ", message.operands());
        return USER_INSERTED_OPERAND.matcher(operands).find() ? BreakKind.USER_INSERTED
                : SIDE_EFFECT_CALL.matcher(operands).find() ? BreakKind.PYTHON_SIDE_EFFECT : BreakKind.UNSUPPORTED_CALL;
    }

    /** The number of graph-break ids the shipped table knows. */
    static int tableSize() {
        return Kinds.BY_ID.size();
    }

    private static Map<String, String> load() {
        try (InputStream in = BreakKindRules.class.getResourceAsStream(TABLE)) {
            if (in == null) {
                throw new IllegalStateException("the resource " + TABLE + " is missing from the compile-receipt jar");
            }
            Map<String, String> kinds = new HashMap<>();
            BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                String[] columns = line.split("\t", -1);
                if (columns.length != 3 || !(BY_OPERAND.equals(columns[1]) || BreakKind.ofLabel(columns[1]).isPresent())) {
                    throw new IllegalStateException(TABLE + ": a row is gb_id, kind, gb_type with a known kind, found: " + line);
                }
                kinds.put(columns[0], columns[1]);
            }
            return Map.copyOf(kinds);
        } catch (IOException e) {
            throw new UncheckedIOException(TABLE + " could not be read", e);
        }
    }

    private record Rule(BreakKind kind, Pattern pattern) {
        Rule(BreakKind kind, String pattern) {
            this(kind, Pattern.compile(pattern));
        }
    }
}
