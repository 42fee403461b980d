package dev.compilereceipt.diff;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a diff across two formats says what the format rule set apart: the changes of meaning first,
 * under their own heading and each in its own sentence, so they are never read as a change of the
 * model or of PyTorch (one sentence per change, naming its first figure and how many more); then, last, how many added figures were not compared.
 */
final class FormatText {

    private FormatText() {
    }

    static void changes(StringBuilder out, FormatGap gap, String beforeName, String afterName) {
        if (gap.changes().isEmpty()) {
            return;
        }
        String olderSide = gap.olderBefore() ? beforeName : afterName;
        int count = gap.changes().size();
        out.append(count).append(count == 1 ? " figure changed its meaning" : " figures changed their meaning")
                .append(" between the formats (").append(beforeName).append(' ').append(gap.before().id())
                .append(" → ").append(afterName).append(' ').append(gap.after().id()).append("):");
        String remedy = olderSide.equals("approved") ? "; re-approve" : "; compare receipts of one format";
        // One sentence per change of meaning: a ledger of 24 rows would say the same thing 24 times.
        Map<MeaningChange, List<FormatGap.Change>> byMeaning = new LinkedHashMap<>();
        gap.changes().forEach(change -> byMeaning.computeIfAbsent(change.meaning(), m -> new ArrayList<>()).add(change));
        for (List<FormatGap.Change> same : byMeaning.values()) {
            out.append("\n  ").append(same.get(0).sentence(olderSide, same.size() - 1)).append(remedy);
        }
        out.append('\n');
    }

    static void notCompared(StringBuilder out, FormatGap gap, String beforeName, String afterName) {
        int count = gap.notCompared().size();
        if (count == 0) {
            return;
        }
        String olderSide = gap.olderBefore() ? beforeName : afterName;
        out.append("\n(").append(gap.newer().id()).append(" added ").append(count).append(count == 1 ? " figure" : " figures")
                .append(" the ").append(olderSide).append(' ').append(gap.older().id())
                .append(" receipt does not hold: not compared)");
    }
}
