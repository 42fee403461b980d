package dev.compilereceipt.diff;

import dev.compilereceipt.json.JsonReading;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.ReceiptJson;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Every figure that differs between two whole receipts (or their JSON), most important first:
 * variants, fallbacks, breaks, guard texts, artifact caches, other figures, times, the ledger, the inputs ({@link FigureGroup}),
 * and by path within a group. Objects are compared key by key; an array of objects element by
 * element, each named by its {@code site}, {@code call}, {@code graph}, {@code id} or {@code name}
 * where every element has a distinct one ({@code break_sites[scenarios.py:31].calls}), else by
 * index ({@code guard_misses[0].guard}); an array of plain values is one figure
 * ({@code new_graph_variants}). {@code receipt_sha256} is never compared: it is the hash of
 * everything else, so it differs exactly when something else does or when an ignored figure does.
 * Nor is {@code fixture.sources}: which files, and by which path, a receipt was read from says where
 * it came from, not what was measured (the same trace on standard input, or in a renamed folder, is the
 * same receipt).
 *
 * <p>Example:
 * <pre>{@code
 * ReceiptDiff diff = ReceiptDiff.between(receipt, Receipt.of(trace)).ignoring("runs.*.phases.*.wall_ms");
 * diff.isEmpty();  // false when a compile count moved
 * diff.text();     // "2 figures differ (before → after):\n  variants\n    runs.candidate..."
 * }</pre>
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ReceiptDiff {

    /**
     * The preset of {@link #compileSideOnly()}: every time ({@code *_ms}: wall, compile and
     * eager-island times, the medians of the comparison; {@code stages}: compile time by stage) and
     * the comparison's ratios. What is
     * left is what compiled, recompiled, fell back and broke, with its guards and reasons: the
     * figures that do not depend on the machine.
     */
    public static final List<String> COMPILE_SIDE = List.of("**.*_ms", "**.stages", "**.ratio");

    private static final String NEVER_COMPARED = "receipt_sha256";
    /** The provenance of a receipt, said in every view and never a difference. */
    private static final List<String> SOURCES = List.of("fixture", "sources");

    private final List<ReceiptDifference> all;
    private final List<FigurePattern> ignored;
    /** The differences not ignored: the diff is immutable, so they are found once. */
    private final List<ReceiptDifference> shown;
    /** Between receipts of two formats: what the format rule set apart (changes of meaning not ignored). */
    private final Optional<FormatGap> gap;

    private ReceiptDiff(List<ReceiptDifference> all, List<FigurePattern> ignored) {
        this(all, ignored, Optional.empty());
    }

    private ReceiptDiff(List<ReceiptDifference> all, List<FigurePattern> ignored, Optional<FormatGap> gap) {
        this.all = all;
        this.ignored = List.copyOf(ignored);
        this.shown = all.stream().filter(d -> notIgnored(d)).toList();
        this.gap = gap.map(g -> new FormatGap(g.before(), g.after(), g.notCompared(),
                g.changes().stream().filter(change -> notIgnored(change.difference())).toList()));
    }

    private boolean notIgnored(ReceiptDifference difference) {
        return ignored.stream().noneMatch(p -> p.covers(difference.path()));
    }

    /** Between two receipts as values: only a part whose values differ is written as JSON and walked. */
    public static ReceiptDiff between(Receipt before, Receipt after) {
        List<String> compared = new ArrayList<>(ReceiptJson.MEMBERS);
        compared.remove(NEVER_COMPARED);
        List<ReceiptDifference> differences = new ArrayList<>(ReceiptWalk.differences(before, after, compared));
        differences.removeIf(ReceiptDiff::provenance);
        return new ReceiptDiff(byGroupThenPath(differences), List.of());
    }

    /**
     * Between two receipts as JSON trees, such as an approved file and a fresh receipt. Where the two
     * name different formats this version knows ({@link ReceiptFormat}), the format rule applies: a
     * figure the newer format added and the older receipt does not hold is not compared, and a
     * difference a change of meaning explains is listed apart ({@link #formatGap()}).
     */
    public static ReceiptDiff between(JsonNode before, JsonNode after) {
        Optional<ReceiptFormat> beforeFormat = FormatCrossing.formatOf(before);
        Optional<ReceiptFormat> afterFormat = FormatCrossing.formatOf(after);
        if (beforeFormat.isPresent() && afterFormat.isPresent() && !beforeFormat.equals(afterFormat)) {
            FormatCrossing.Result crossing = FormatCrossing.compare(before, after, beforeFormat.get(), afterFormat.get());
            List<ReceiptDifference> differences = new ArrayList<>(crossing.differences());
            differences.removeIf(ReceiptDiff::provenance);
            return new ReceiptDiff(byGroupThenPath(differences), List.of(), Optional.of(crossing.gap()));
        }
        List<ReceiptDifference> differences = DiffWalk.differences(List.of(), before, after);
        differences.removeIf(ReceiptDiff::provenance);
        return new ReceiptDiff(byGroupThenPath(differences), List.of());
    }

    private static boolean provenance(ReceiptDifference difference) {
        List<String> path = difference.path();
        return path.equals(List.of(NEVER_COMPARED)) || path.size() >= SOURCES.size() && path.subList(0, SOURCES.size()).equals(SOURCES);
    }

    /**
     * Most important group first, by path within a group. Each difference's group is found once:
     * the priority table is some twenty patterns, too many to match again at every comparison of a sort.
     */
    private static List<ReceiptDifference> byGroupThenPath(List<ReceiptDifference> differences) {
        List<ReceiptDifference> byPath = new ArrayList<>(differences);
        byPath.sort(Comparator.comparing(ReceiptDifference::path, DiffWalk::comparePaths));
        Map<FigureGroup, List<ReceiptDifference>> groups = new EnumMap<>(FigureGroup.class);
        for (ReceiptDifference difference : byPath) {
            groups.computeIfAbsent(difference.group(), group -> new ArrayList<>()).add(difference);
        }
        List<ReceiptDifference> sorted = new ArrayList<>(differences.size());
        groups.values().forEach(sorted::addAll);
        return List.copyOf(sorted);
    }

    /** This diff without the figures these {@link FigurePattern}s cover (added to those already ignored). */
    public ReceiptDiff ignoring(String... patterns) {
        return ignoring(Arrays.asList(patterns));
    }

    public ReceiptDiff ignoring(List<String> patterns) {
        List<FigurePattern> more = new ArrayList<>(ignored);
        for (String pattern : patterns) {
            more.add(FigurePattern.of(pattern));
        }
        return new ReceiptDiff(all, more, gap);
    }

    /** This diff without any time: {@link #COMPILE_SIDE}. */
    public ReceiptDiff compileSideOnly() {
        return ignoring(COMPILE_SIDE);
    }

    /** The differences not ignored, most important first. */
    public List<ReceiptDifference> differences() {
        return shown;
    }

    /** Empty unless no figure differs and no figure changed its meaning between the two formats. */
    public boolean isEmpty() {
        return differences().isEmpty() && gap.map(g -> g.changes().isEmpty()).orElse(true);
    }

    /** Between receipts of two formats, what the format rule set apart; empty between receipts of one format. */
    public Optional<FormatGap> formatGap() {
        return gap;
    }

    /** The patterns ignored, as given. */
    public List<String> ignored() {
        return ignored.stream().map(FigurePattern::text).toList();
    }

    /**
     * The differences under a heading per group, values cut at 120 characters:
     * <pre>
     * 2 figures differ (before → after):
     *   variants
     *     runs.candidate.phases.changed.compiles: 1 → 2
     *   times
     *     runs.candidate.phases.changed.compile_ms: 1076.581 → 2201.5
     * </pre>
     * or {@code no figure differs} with what was ignored.
     */
    public String text() {
        return text("before", "after");
    }

    /** As {@link #text()}, naming the two sides: {@code (approved → received)}. */
    public String text(String beforeName, String afterName) {
        List<ReceiptDifference> shown = differences();
        StringBuilder out = new StringBuilder();
        gap.ifPresent(g -> FormatText.changes(out, g, beforeName, afterName));
        if (shown.isEmpty()) {
            out.append(gap.map(g -> g.changes().isEmpty()).orElse(true) ? "no figure differs" : "no other figure differs");
        } else {
            out.append(shown.size()).append(shown.size() == 1 ? " figure differs" : " figures differ").append(" (").append(beforeName).append(" → ").append(afterName).append("):");
            FigureGroup group = null;
            for (ReceiptDifference difference : shown) {
                if (difference.group() != group) {
                    group = difference.group();
                    out.append("\n  ").append(group.title());
                }
                out.append("\n    ").append(difference);
            }
        }
        if (!ignored.isEmpty()) {
            out.append(shown.isEmpty() ? " " : "\n").append("(ignoring ").append(String.join(", ", ignored())).append(')');
        }
        gap.ifPresent(g -> FormatText.notCompared(out, g, beforeName, afterName));
        return out.toString();
    }

    /**
     * <code>{"equal": false, "ignored": [...], "differences": [{"group": "variants", "path": "...",
     * "before": 1, "after": 2}]}</code>, a value left out where the figure is absent on that side.
     */
    public ObjectNode json() {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        ObjectNode root = nodes.objectNode();
        List<ReceiptDifference> shown = differences();
        root.put("equal", shown.isEmpty());
        ArrayNode patterns = root.putArray("ignored");
        ignored().forEach(patterns::add);
        ArrayNode list = root.putArray("differences");
        for (ReceiptDifference difference : shown) {
            ObjectNode node = list.addObject();
            node.put("group", difference.group().title());
            node.put("path", difference.pathText());
            difference.before().ifPresent(value -> node.set("before", Json.parse(value)));
            difference.after().ifPresent(value -> node.set("after", Json.parse(value)));
        }
        gap.ifPresent(g -> {
            root.put("equal", isEmpty());
            ObjectNode formats = root.putObject("formats");
            formats.put("before", g.before().id());
            formats.put("after", g.after().id());
            ArrayNode changes = root.putArray("format_changes");
            for (FormatGap.Change change : g.changes()) {
                ObjectNode node = changes.addObject();
                node.put("path", change.difference().pathText());
                change.difference().before().ifPresent(value -> node.set("before", Json.parse(value)));
                change.difference().after().ifPresent(value -> node.set("after", Json.parse(value)));
                node.put("sentence", change.sentence(change.olderBefore() ? "before" : "after"));
            }
            ArrayNode notCompared = root.putArray("not_compared");
            g.notCompared().forEach(notCompared::add);
        });
        return root;
    }

    /** Reads back a value this class wrote; a canonical JSON value is always valid JSON. */
    private static final class Json {
        private static final ObjectMapper MAPPER = JsonReading.trees();

        static JsonNode parse(String value) {
            try {
                return MAPPER.readTree(value);
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("canonical JSON that does not read back: " + value, e);
            }
        }
    }

    @Override
    public String toString() {
        return text();
    }
}
