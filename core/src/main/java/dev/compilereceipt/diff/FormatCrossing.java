package dev.compilereceipt.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The comparison of two receipt trees of different formats by the format rule: a figure the newer
 * format added is compared only where the older receipt holds it too; a difference that a change
 * of meaning explains is a {@link FormatGap.Change}; every other difference stays what it is. A
 * name added to a list of names ({@code limits.not_measured[compile_stages]}) is taken out of the
 * newer list where the older one does not hold it, before the walk.
 */
final class FormatCrossing {

    private static final List<String> FORMAT = List.of("format");

    private FormatCrossing() {
    }

    /** The format of a receipt tree, if it names one this version knows. */
    static Optional<ReceiptFormat> formatOf(JsonNode tree) {
        JsonNode format = tree.path("format");
        return format.isTextual() ? ReceiptFormat.of(format.asText()) : Optional.empty();
    }

    /** The differences that remain, with the gap filled in. */
    record Result(List<ReceiptDifference> differences, FormatGap gap) {
    }

    static Result compare(JsonNode before, JsonNode after, ReceiptFormat beforeFormat, ReceiptFormat afterFormat) {
        boolean olderBefore = beforeFormat.isOlderThan(afterFormat);
        ReceiptFormat newer = olderBefore ? afterFormat : beforeFormat;
        ReceiptFormat older = olderBefore ? beforeFormat : afterFormat;
        List<FigurePattern> added = new ArrayList<>();
        List<String> notCompared = new ArrayList<>();
        JsonNode olderTree = olderBefore ? before : after;
        JsonNode newerTree = (olderBefore ? after : before).deepCopy();
        for (String path : newer.addedSince(older)) {
            FigurePattern pattern = FigurePattern.of(path);
            List<String> segments = pattern.segments();
            String last = segments.get(segments.size() - 1);
            if (last.startsWith("[") && !last.contains("*")) {
                dropName(segments.subList(0, segments.size() - 1), last.substring(1, last.length() - 1), olderTree, newerTree, notCompared);
            } else {
                added.add(pattern);
            }
        }
        List<ReceiptDifference> remaining = new ArrayList<>();
        List<FormatGap.Change> changes = new ArrayList<>();
        List<ReceiptDifference> all = olderBefore ? DiffWalk.differences(List.of(), before, newerTree)
                : DiffWalk.differences(List.of(), newerTree, after);
        for (ReceiptDifference difference : all) {
            Optional<String> olderValue = olderBefore ? difference.before() : difference.after();
            Optional<String> newerValue = olderBefore ? difference.after() : difference.before();
            if (difference.path().equals(FORMAT)) {
                continue;
            }
            if (olderValue.isEmpty() && added.stream().anyMatch(p -> p.covers(difference.path()))) {
                notCompared.add(difference.pathText());
                continue;
            }
            Optional<MeaningChange> meaning = newer.changedSince(older).stream()
                    .filter(change -> change.explains(difference, olderValue, newerValue)).findFirst();
            if (meaning.isPresent()) {
                changes.add(new FormatGap.Change(difference, meaning.get(), olderBefore, newer.release()));
            } else {
                remaining.add(difference);
            }
        }
        return new Result(remaining, new FormatGap(beforeFormat, afterFormat, notCompared, changes));
    }

    /** Takes {@code name} out of the newer tree's list of names at {@code parent} where the older list lacks it. */
    private static void dropName(List<String> parent, String name, JsonNode olderTree, JsonNode newerTree, List<String> notCompared) {
        JsonNode olderList = at(olderTree, parent);
        JsonNode newerList = at(newerTree, parent);
        if (!newerList.isArray() || olderList.isArray() && contains(olderList, name)) {
            return;
        }
        ArrayNode list = (ArrayNode) newerList;
        for (int i = list.size() - 1; i >= 0; i--) {
            if (list.get(i).isTextual() && list.get(i).asText().equals(name)) {
                list.remove(i);
                notCompared.add(FigurePattern.text(parent) + "[" + name + "]");
            }
        }
    }

    private static JsonNode at(JsonNode tree, List<String> path) {
        JsonNode node = tree;
        for (String key : path) {
            node = node instanceof ObjectNode ? node.path(key) : com.fasterxml.jackson.databind.node.MissingNode.getInstance();
        }
        return node;
    }

    private static boolean contains(JsonNode list, String name) {
        Set<String> names = new HashSet<>();
        list.forEach(element -> names.add(element.asText()));
        return names.contains(name);
    }
}
